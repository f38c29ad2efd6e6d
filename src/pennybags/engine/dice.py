"""Dice: seeded chance, with an optional script of rolls that come first.

Chance is explicit: every random number a game uses comes from the game's one seeded
generator, so the same seed and the same answers replay the same game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any


def total(roll: tuple[int, ...]) -> int:
    """The sum of a roll (a loop: cheaper than the builtin ``sum`` in the compiled build)."""
    t = 0
    for v in roll:
        t += v
    return t


_PAIRS: dict[int, tuple[tuple[int, ...], ...]] = {}


def pairs_of(sides: int) -> tuple[tuple[int, ...], ...]:
    """Each outcome of two dice with ``sides`` sides (0 to sides*sides - 1) as the roll it
    reads as, made once per number of sides: rolls are values, so every game shares them."""
    pairs = _PAIRS.get(sides)
    if pairs is None:
        pairs = _PAIRS[sides] = tuple(
            (v // sides + 1, v % sides + 1) for v in range(sides * sides))
    return pairs


class Dice:
    """``count`` dice with ``sides`` sides each (two six-sided dice in classic)."""

    __slots__ = ("_left", "_pairs", "_per_draw", "_pool", "_rng", "_span", "count",
                 "double", "last", "scripted", "sides", "total")

    def __init__(self, rng: random.Random, count: int = 2, sides: int = 6) -> None:
        self._rng = rng
        """The game's generator (the dice hold the generator itself, never one of its
        bound methods, so a copy of the game can give its dice its own generator)."""
        self.count = count
        self.sides = sides
        # Two dice: several rolls come from one draw of the generator. A draw picks one of
        # span = (sides * sides) ** per_draw outcomes, read as per_draw base-(sides*sides)
        # digits, one per roll. span stays below 2**21, so with the generator's 53 bits
        # every outcome is equally likely to within one part in 2**32.
        outcomes = sides * sides
        per_draw = 1
        while outcomes ** (per_draw + 1) < 2 ** 21:
            per_draw += 1
        self._per_draw = per_draw
        self._span = float(outcomes ** per_draw)  # a float: multiplied by a float below
        self._pairs = pairs_of(sides)
        self._pool = 0
        """The digits of the last draw not yet rolled."""
        self._left = 0
        """How many rolls ``_pool`` still holds."""
        self.scripted: list[tuple[int, ...]] = []
        """Rolls to come before the seeded dice, first one first (a list: few and short)."""
        self.last: tuple[int, ...] = ()
        """The most recent roll, whatever it was for (empty before the first)."""
        self.total = 0
        """The sum of ``last``."""
        self.double = False
        """Whether ``last`` is two equal dice."""

    def clone(self, rng: random.Random) -> Dice:
        """These dice in the same state, drawing from ``rng`` (the copy's own generator, in
        the same state as this one's)."""
        copy = Dice(rng, self.count, self.sides)
        copy._pool = self._pool
        copy._left = self._left
        copy.scripted = list(self.scripted)
        copy.last = self.last
        copy.total = self.total
        copy.double = self.double
        return copy

    def forget_pool(self) -> None:
        """Drop the rolls already drawn from the generator but not yet rolled (so the next
        roll draws afresh)."""
        self._pool = 0
        self._left = 0

    def script(self, rolls: Iterable[Iterable[int]]) -> None:
        """Queue rolls that will be used, in order, before seeded dice resume.

        Every roll is checked before any is queued: a bad script changes nothing and raises
        ValueError naming the bad roll.
        """
        checked = [self._check(number, roll) for number, roll in enumerate(rolls, start=1)]
        self.scripted.extend(checked)

    def _check(self, number: int, roll: Any) -> tuple[int, ...]:
        want = f"roll {number} must be {self.count} whole numbers from 1 to {self.sides}"
        if isinstance(roll, (str, bytes)) or not isinstance(roll, Iterable):
            raise ValueError(f"{want}, like {[1] * self.count}; got {roll!r}")
        values = list(roll)
        if (len(values) != self.count
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in values)
                or not all(1 <= v <= self.sides for v in values)):
            raise ValueError(f"{want}; got {values!r}")
        return tuple(values)

    def roll(self) -> tuple[int, ...]:
        """Roll every die once."""
        if self.scripted:
            values = self.scripted.pop(0)
            self.total = total(values)
            self.double = len(values) == 2 and values[0] == values[1]
        else:
            rng = self._rng
            s = self.sides
            if self.count == 2:
                if self._left == 0:
                    draw: float = rng.random()
                    self._pool = int(draw * self._span)
                    self._left = self._per_draw
                outcomes = s * s
                v = self._pool % outcomes
                self._pool //= outcomes
                self._left -= 1
                first = v // s
                second = v % s
                values = self._pairs[v]
                self.total = first + second + 2
                self.double = first == second
            else:
                values = tuple(int(rng.random() * s) + 1 for _ in range(self.count))
                self.total = total(values)
                self.double = False
        self.last = values
        return values
