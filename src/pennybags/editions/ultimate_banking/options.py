"""Ultimate Banking's table options (the defaults follow the rulebook)."""

from __future__ import annotations

from dataclasses import dataclass

from pennybags.engine.options import option


@dataclass(frozen=True)
class UltimateBankingOptions:
    """Table options for Ultimate Banking (the defaults follow the rulebook)."""

    set_bonus: str = option(
        "rulebook",
        "completing a colour set: 'rulebook' (new property at level 2 and the rest +2 when "
        "the set is split, 3 and +3 when you own it all) or 'unit' (the real unit's "
        "reading: 2 and +1 split, 3 and +2 sole owner)",
    )
    ask_for_rent: bool = option(
        True,
        "owners are asked whether to collect each rent (answer 'always' to stop being "
        "asked); false: every rent is collected without asking",
    )
    auction_timer: int = option(
        0,
        "seconds of a live auction timer (the unit's is 5): every eligible player may press "
        "at once and the front sends time-up when it runs out; 0 (default) is the equivalent "
        "turn-based auction at $20 steps used by bots and scenarios",
    )
    max_rounds: int = option(
        0,
        "end the game after this many rounds (0 = no cap); the highest final score wins",
    )
    auto_end_turn: bool = option(
        False,
        "a table option for simulations: the turn passes on as soon as its last roll is "
        "resolved, with no end-turn decision",
    )

    # Classic house rules that this edition does not have (ClassicGame reads them).
    @property
    def free_parking_pot(self) -> bool:
        return False

    @property
    def no_auctions(self) -> bool:
        return False

    @property
    def double_go(self) -> bool:
        return False
