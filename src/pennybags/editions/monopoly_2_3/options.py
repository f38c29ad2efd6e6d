"""Monopoly 2.3's table options, among them the rulebook's "Potential Changes"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pennybags.engine.options import option


@dataclass(frozen=True)
class Monopoly23Options:
    """Table options; the rulebook's "Potential Changes to the Changes" are off by default."""

    free_parking_pot: ClassVar[bool] = False
    no_auctions: ClassVar[bool] = True
    double_go: ClassVar[bool] = False
    auto_end_turn: ClassVar[bool] = False

    us_board: bool = option(False, "play with the US names (Boardwalk, ...) and dollars")
    per_property_buildings: bool = option(
        False,
        "Potential Change: houses and hotels stand on single properties (built evenly, as in "
        "classic) and cost 20/40/60/80 instead of 50/100/150/200",
    )
    card_limit: int = option(
        0,
        "Potential Change: most Chance and Community Chest cards a player may hold; a player "
        "holding that many does not draw (0 = no limit)",
    )
    one_building_per_turn: bool = option(
        False, "Potential Change: at most one building per monopoly per turn")
    no_double_move: bool = option(
        False,
        "Potential Change: no player is moved twice in one turn (by the roll or by cards); "
        "before the roll a card may not leave nobody for the roll to move",
    )
    max_rounds: int = option(
        0,
        "end the game after this many rounds (0 = no cap); the richest player by total "
        "assets wins",
    )
