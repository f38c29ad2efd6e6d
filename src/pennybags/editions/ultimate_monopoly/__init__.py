"""Ultimate Monopoly: three concentric tracks joined by transit stations, the speed die,
vouchers, stocks and more."""

from pennybags.editions.registry import Edition, register
from pennybags.editions.ultimate_monopoly.cards import CardGame
from pennybags.editions.ultimate_monopoly.game import DATA_PATH, UltimateMonopolyGame
from pennybags.editions.ultimate_monopoly.rules import RULEBOOK
from pennybags.editions.ultimate_monopoly.scenarios import FIELDS
from pennybags.editions.ultimate_monopoly.words import UltimateMonopolyWords

EDITION = Edition(
    id="ultimate-monopoly",
    game_class=CardGame,
    data_path=DATA_PATH,
    rulebook=RULEBOOK,
    words=UltimateMonopolyWords,
    scenario=FIELDS,
    summary="Three tracks joined by transit stations, the speed die, travel vouchers, cab "
            "companies, skyscrapers and the Stock Exchange.",
)
register(EDITION)

__all__ = ["EDITION", "UltimateMonopolyGame"]
