"""Dice: seeded chance, with an optional script of rolls that come first.

Chance is explicit: every random number a game uses comes from the game's one seeded
generator, so the same seed and the same answers replay the same game.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable


class Dice:
    """``count`` dice with ``sides`` sides each (two six-sided dice in classic)."""

    __slots__ = ("_random", "count", "scripted", "sides")

    def __init__(self, rng: random.Random, count: int = 2, sides: int = 6) -> None:
        self._random = rng.random
        self.count = count
        self.sides = sides
        self.scripted: deque[tuple[int, ...]] = deque()

    def script(self, rolls: Iterable[Iterable[int]]) -> None:
        """Queue rolls that will be used, in order, before seeded dice resume."""
        for roll in rolls:
            values = tuple(int(v) for v in roll)
            if len(values) != self.count or not all(1 <= v <= self.sides for v in values):
                raise ValueError(
                    f"a roll must be {self.count} values from 1 to {self.sides}, got {list(values)}"
                )
            self.scripted.append(values)

    def roll(self) -> tuple[int, ...]:
        """Roll every die once."""
        if self.scripted:
            return self.scripted.popleft()
        r = self._random
        s = self.sides
        if self.count == 2:
            return (int(r() * s) + 1, int(r() * s) + 1)
        return tuple(int(r() * s) + 1 for _ in range(self.count))
