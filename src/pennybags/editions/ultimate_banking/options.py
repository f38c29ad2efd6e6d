"""Ultimate Banking's table options (the defaults follow the rulebook)."""

from __future__ import annotations

from dataclasses import dataclass

from pennybags.editions.classic.options import WithoutClassicHouseRules
from pennybags.engine.options import option


@dataclass(frozen=True)
class UltimateBankingOptions(WithoutClassicHouseRules):
    """Table options for Ultimate Banking (the defaults follow the rulebook)."""

    set_bonus: str = option(
        "rulebook",
        "completing a colour set: 'rulebook' (new property at level 2 and the rest +2 when "
        "the set is split, 3 and +3 when you own it all) or 'unit' (the real unit's "
        "reading: 2 and +1 split, 3 and +2 sole owner)",
    )
    ask_for_rent: bool = option(
        True,
        "owners are asked whether to collect each rent (answering 'always' collects every "
        "later rent of theirs automatically); false: every rent is collected without asking",
    )
    auction_timer: int = option(
        0,
        "seconds of the live auction timer: every eligible player may press at once, the "
        "last bidder wins when it runs out. 0 is the turn-based auction at $20 steps, the "
        "default of bots, scenarios and simulations; 'pennybags play' with a person at the "
        "table uses 5 (the unit's timer) unless this is given",
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
