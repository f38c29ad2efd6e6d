"""Dice: seeded chance, with an optional script of rolls that come first.

Chance is explicit: every random number a game uses comes from the game's one seeded
generator, so the same seed and the same answers replay the same game.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from typing import Any


def total(roll: tuple[int, ...]) -> int:
    """The sum of a roll (a loop: cheaper than the builtin ``sum`` in the compiled build)."""
    t = 0
    for v in roll:
        t += v
    return t


class Dice:
    """``count`` dice with ``sides`` sides each (two six-sided dice in classic)."""

    __slots__ = ("_random", "count", "last", "scripted", "sides")

    def __init__(self, rng: random.Random, count: int = 2, sides: int = 6) -> None:
        self._random = rng.random
        self.count = count
        self.sides = sides
        self.scripted: deque[tuple[int, ...]] = deque()
        self.last: tuple[int, ...] = ()
        """The most recent roll, whatever it was for (empty before the first)."""

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
            values = self.scripted.popleft()
        else:
            r = self._random
            s = self.sides
            if self.count == 2:
                values = (int(r() * s) + 1, int(r() * s) + 1)
            else:
                values = tuple(int(r() * s) + 1 for _ in range(self.count))
        self.last = values
        return values
