"""Monopoly 2.3: a designer's variant of classic Monopoly, on the classic board (UK names)."""

from pathlib import Path

from pennybags.editions.monopoly_2_3.game import Monopoly23Game
from pennybags.editions.monopoly_2_3.options import Monopoly23Options
from pennybags.editions.monopoly_2_3.rules import RULEBOOK
from pennybags.editions.monopoly_2_3.words import Monopoly23Words
from pennybags.editions.registry import Edition, register

EDITION = Edition(
    id="monopoly-2.3",
    game_class=Monopoly23Game,
    data_path=Path(__file__).with_name("monopoly_2_3.json"),
    rulebook=RULEBOOK,
    words=Monopoly23Words,
    summary="Monopoly 2.3 house rules: a market of four deeds, you choose whom the roll "
            "moves, cards played on anyone, buildings per monopoly, 1.5x forced purchases, "
            "five monopolies win.",
)
register(EDITION)

__all__ = ["EDITION", "Monopoly23Game", "Monopoly23Options"]
