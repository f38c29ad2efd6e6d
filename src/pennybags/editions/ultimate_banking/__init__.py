"""Monopoly Ultimate Banking (2020): rent levels 1-5, Event cards, Location spaces, and a
game that ends at the first bankruptcy with final scores."""

from pathlib import Path

from pennybags.editions.registry import Edition, register
from pennybags.editions.ultimate_banking.game import UltimateBankingGame
from pennybags.editions.ultimate_banking.options import UltimateBankingOptions
from pennybags.editions.ultimate_banking.rules import RULEBOOK
from pennybags.editions.ultimate_banking.unit import UltimateBankingUnit
from pennybags.editions.ultimate_banking.words import UltimateBankingWords

EDITION = Edition(
    id="ultimate-banking",
    game_class=UltimateBankingGame,
    data_path=Path(__file__).with_name("ultimate_banking.json"),
    rulebook=RULEBOOK,
    words=UltimateBankingWords,
    summary="The 36-space board with rent levels, Event cards and Location spaces; the game "
            "ends at the first bankruptcy and the highest final score wins.",
    unit=UltimateBankingUnit,
)
register(EDITION)

__all__ = ["EDITION", "UltimateBankingGame", "UltimateBankingOptions"]
