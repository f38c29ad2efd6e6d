"""Ultimate Monopoly's table options (the defaults follow the rulebook and our rulings)."""

from __future__ import annotations

from dataclasses import dataclass

from pennybags.editions.classic.options import WithoutClassicHouseRules
from pennybags.engine.options import option


@dataclass(frozen=True)
class UltimateMonopolyOptions(WithoutClassicHouseRules):
    """Table options for Ultimate Monopoly (the defaults follow the rulebook)."""

    alternative_squeeze_play: bool = option(
        False,
        "Squeeze Play with the rulebook's alternative rule: roll two regular dice and the "
        "speed die ($50 on 6-11, $100 on 3-5 and 12-14, $200 on 2 or 15; Mr. Monopoly or "
        "the Bus also takes a Travel Voucher from each other player)",
    )
    expiring_vouchers: int = option(
        4,
        "how many of the 16 Bus Tickets make every other held voucher expire when played "
        "(ruling 5: 4)",
    )
    ride_backwards: bool = option(
        True,
        "a backwards move (Reverse Direction) rides the transit stations by the odd/even rule "
        "like a forward one; false: backwards moves stay on their track",
    )
    max_rounds: int = option(
        0,
        "end the game after this many rounds (0 = no cap); the richest player by total "
        "assets wins",
    )
    auto_end_turn: bool = option(
        False,
        "a table option for simulations: the turn passes on as soon as its last roll is "
        "resolved, with no end-turn decision",
    )
