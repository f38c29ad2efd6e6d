"""Classic Monopoly's house rules: named, typed table options (all off by default)."""

from __future__ import annotations

from dataclasses import dataclass

from pennybags.engine.options import option


@dataclass(frozen=True)
class ClassicOptions:
    """House rules for classic Monopoly (all off by default: the official rules)."""

    free_parking_pot: bool = option(
        False,
        "taxes, fines and fees paid to the bank go into a pot in the middle of the board; "
        "landing on Free Parking collects it",
    )
    no_auctions: bool = option(
        False, "a deed the lander declines to buy stays with the bank (no auction)"
    )
    double_go: bool = option(False, "landing exactly on GO pays twice the salary")
    max_rounds: int = option(
        0,
        "end the game after this many rounds (0 = no cap); the richest player by total "
        "assets wins",
    )
    auto_end_turn: bool = option(
        False,
        "a table option for simulations: the turn passes on as soon as its last roll is "
        "resolved, with no end-turn decision (players still manage at every roll decision)",
    )


class WithoutClassicHouseRules:
    """For an edition built on classic's game that has none of classic's house rules:
    ClassicGame reads them, and here they are always off."""

    @property
    def free_parking_pot(self) -> bool:
        return False

    @property
    def no_auctions(self) -> bool:
        return False

    @property
    def double_go(self) -> bool:
        return False
