"""Write the landing table the standard bot of Ultimate Monopoly values its deeds with
(src/pennybags/bots/ultimate_odds.py).

Bots may not import the lab (tests/test_architecture.py), so the bot reads the exact odds
from a small module of numbers that this tool writes from the lab's Markov chain of the 120
spaces (:mod:`pennybags.lab.odds_ultimate`, the chain behind ``pennybags odds --edition
ultimate-monopoly``, with its default policies). tests/test_ultimate_odds_table.py solves the
chain again and checks the stored numbers are its numbers to the stored precision, so a
change of the rules or of the chain that moves the odds fails that test until the table is
written again:

    .venv/bin/python tools/make_ultimate_odds.py        # writes the module
    .venv/bin/python tools/make_ultimate_odds.py --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "src" / "pennybags" / "bots" / "ultimate_odds.py"
DIGITS = 6
"""Significant digits stored."""


def tables() -> tuple[list[float], list[float], list[float], list[float]]:
    """Per global space: the rent-paying landings per opponent turn on the deed there (a
    card's doubled rent counting twice), the same times the throw's number (utilities),
    the landings that pay a utility's rent on a fresh throw (times the expected throw), and
    the landings by a throw per turn (every space)."""
    from pennybags.lab.odds_ultimate import cached_chain

    chain = cached_chain()
    size = chain.board.size
    rent = [0.0] * size
    thrown = [0.0] * size
    fresh = [0.0] * size
    by_deed: dict[int, list[tuple[int, float]]] = {}
    kinds: dict[int, str] = {}
    for row in chain.income():
        by_deed.setdefault(row.index, []).append((row.rent, row.expected_rent))
        kinds[row.index] = row.kind
    for deed, levels in by_deed.items():
        if kinds[deed] == "utility":
            # income = multiplier x (landings x throw) + fresh-throw rent: two levels give both
            (m1, i1), (m2, i2) = levels[0], levels[1]
            per_unit = (i2 - i1) / (m2 - m1)
            thrown[deed] = per_unit
            fresh[deed] = i1 - m1 * per_unit
        else:
            r, income = next((r, i) for r, i in levels if r > 0)
            rent[deed] = income / r
    odds = chain.odds("roll")
    visits = [p * odds.rolls_per_turn for p in odds.squares]
    return rent, thrown, fresh, visits


ROUND_OFF = 1e-12
"""Values smaller than this are the solver's round-off (a utility's fresh-throw rent is a
difference of two incomes, about 1e-17 where it is nothing): stored as 0.0, so that the
module does not change with the linear algebra library's order of sums."""


def fmt(values: list[float]) -> str:
    lines = []
    for i in range(0, len(values), 6):
        lines.append("    " + " ".join(
            f"{float(f'{v:.{DIGITS}g}') if abs(v) >= ROUND_OFF else 0.0!r}," for v in
            values[i:i + 6]))
    return "(\n" + "\n".join(lines) + "\n)"


def render() -> str:
    rent, thrown, fresh, visits = tables()
    return f'''"""Exact landing odds of Ultimate Monopoly's 120 spaces, for the standard bot.

Written by tools/make_ultimate_odds.py from the lab's Markov chain (the default policies of
``pennybags odds --edition ultimate-monopoly``); tests/test_ultimate_odds_table.py checks
they are the chain's numbers to {DIGITS} significant digits. Do not edit by hand. Indexed by
global space; "per turn" is per turn one player plays.
"""

from typing import Final

RENT_LANDINGS: Final[tuple[float, ...]] = {fmt(rent)}
"""Landings per turn that pay the deed's rent (each throw, bonus move and card of a turn;
a card's doubled rent counts twice). 0 on a space without a deed, and on a utility (see
``THROWN``)."""

THROWN: Final[tuple[float, ...]] = {fmt(thrown)}
"""A utility's landings per turn times the throw's number: its rent per turn is this times
the multiplier of the owner's count (0 on other spaces)."""

FRESH_THROW: Final[tuple[float, ...]] = {fmt(fresh)}
"""A utility's rent per turn from cards that have the lander throw again and pay a fixed
multiple (0 on other spaces)."""

VISITS: Final[tuple[float, ...]] = {fmt(visits)}
"""Landings by a throw per turn, every space (the Stock Exchange's pays the dividends)."""
'''


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if the stored module differs from the chain's")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        same = TARGET.exists() and TARGET.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{TARGET} is out of date")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
