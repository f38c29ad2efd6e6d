"""Ultimate Monopoly: three concentric tracks joined by transit stations, the speed die,
vouchers, stocks and more (in progress: ``EDITION`` is complete enough for tests of what is
built, and is not registered, so no front offers it yet)."""

from pennybags.editions.registry import Edition
from pennybags.editions.ultimate_monopoly.cards import CardGame
from pennybags.editions.ultimate_monopoly.game import DATA_PATH, UltimateMonopolyGame
from pennybags.editions.ultimate_monopoly.rules import RULEBOOK
from pennybags.editions.ultimate_monopoly.words import UltimateMonopolyWords

EDITION = Edition(
    id="ultimate-monopoly",
    game_class=CardGame,
    data_path=DATA_PATH,
    rulebook=RULEBOOK,
    words=UltimateMonopolyWords,
    summary="Three tracks joined by transit stations, the speed die, travel vouchers, cab "
            "companies, skyscrapers and the Stock Exchange (in progress).",
)

__all__ = ["EDITION", "UltimateMonopolyGame"]
