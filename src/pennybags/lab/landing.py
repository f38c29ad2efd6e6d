"""Counting where rolls leave the token in real games (``simulate --landing``).

:class:`LandingCounter` listens to a game's events and records, for every dice roll of the
game, the space where the rolling player's token is once the roll is resolved (cards and Go
To Jail included), or "in jail". The counts are directly comparable with the exact odds of
:mod:`pennybags.lab.odds` (``per="roll"``).

A roll counts when the ``rolled`` event says so: the extra rolls after doubles and the rolls
for doubles in jail count; the fresh roll for a "nearest utility" card's rent
(``for_rent=True``), the roll a card makes its drawer throw to move (Ultimate Monopoly's "Be
Kind, Rewind": ``for_card=True``; the card belongs to the roll that drew it, which counts
where the card's move ends) and the rolls for the order of play do not. A roll is resolved
when the next roll, the next turn or the end of the game comes.
"""

from __future__ import annotations

from typing import Any

from pennybags.engine.game import Event, Game


class LandingCounter:
    """An event listener: ``counts[i]`` rolls left a token on space ``i`` (just visiting,
    for the jail space), ``in_jail`` rolls left it in jail, ``rolls`` rolls in all.

    ``LandingCounter(game)`` follows one game: add it to ``game.listeners``. A counter made
    with a board size, ``LandingCounter(40)``, may gather many games: :meth:`attach` each
    one. :meth:`merge` adds another counter's counts (from another worker, say).
    """

    def __init__(self, game: Game | int) -> None:
        self.size = game if isinstance(game, int) else game.board.size
        self.counts: list[int] = [0] * self.size
        self.in_jail = 0
        self.rolls = 0
        self._jail_square = -1
        self._positions: list[int] = []
        self._jailed: list[bool] = []
        self._pending = -1
        """The player whose last roll is not resolved yet (-1: none)."""
        if not isinstance(game, int):
            self.follow(game)

    def follow(self, game: Game) -> None:
        """Follow ``game`` from its current position (the caller adds the counter to the
        game's listeners)."""
        if game.board.size != self.size:
            raise ValueError(f"this counter is for a board of {self.size} spaces; the game's "
                             f"board has {game.board.size}")
        self.finish()
        jails = game.board.of_kind("jail")
        self._jail_square = jails[0] if jails else -1
        self._positions = [p.position for p in game.players]
        self._jailed = [p.in_jail for p in game.players]

    def attach(self, game: Game) -> None:
        """Follow ``game`` and listen to its events."""
        self.follow(game)
        game.listeners.append(self)

    def __call__(self, event: Event) -> None:
        kind = event.kind
        data: dict[str, Any] = event.data
        if kind == "moved":
            self._positions[data["player"]] = data["to"]
        elif kind == "rolled":
            if data.get("for_rent") or data.get("for_card"):
                return
            self.finish()
            self._pending = data["player"]
        elif kind == "jailed":
            p = data["player"]
            self._jailed[p] = True
            if self._jail_square >= 0:
                self._positions[p] = self._jail_square
        elif kind == "left-jail":
            self._jailed[data["player"]] = False
        elif kind == "turn" or kind == "game-over":
            self.finish()

    def finish(self) -> None:
        """Record the roll in progress, if any (called by the events; call it after a game
        that stopped without a ``game-over`` event)."""
        p = self._pending
        if p < 0:
            return
        self._pending = -1
        self.rolls += 1
        if self._jailed[p]:
            self.in_jail += 1
        else:
            self.counts[self._positions[p]] += 1

    def merge(self, other: LandingCounter) -> None:
        """Add another counter's counts to this one."""
        if other.size != self.size:
            raise ValueError("cannot merge counters of boards of different sizes")
        for i, c in enumerate(other.counts):
            self.counts[i] += c
        self.in_jail += other.in_jail
        self.rolls += other.rolls

    def frequencies(self) -> tuple[list[float], float]:
        """The share of rolls that left the token on each space, and in jail."""
        n = self.rolls or 1
        return [c / n for c in self.counts], self.in_jail / n
