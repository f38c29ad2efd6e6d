"""Classic Monopoly (US board, current decks)."""

from pathlib import Path

from pennybags.editions.classic.game import ClassicGame
from pennybags.editions.classic.options import ClassicOptions
from pennybags.editions.classic.rules import RULEBOOK
from pennybags.editions.classic.words import ClassicWords
from pennybags.editions.registry import Edition, register

EDITION = Edition(
    id="classic",
    game_class=ClassicGame,
    data_path=Path(__file__).with_name("classic.json"),
    rulebook=RULEBOOK,
    words=ClassicWords,
    summary="The official rules on the US board with the 2008+ Chance and Community Chest.",
)
register(EDITION)

__all__ = ["EDITION", "ClassicGame", "ClassicOptions"]
