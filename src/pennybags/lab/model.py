"""The lab's shared words: an experiment, its cells, the tasks sent to workers and the rows
they send back, and :func:`play_task`, which plays a task.

This module is the bottom of the lab: the store, the backends, the runner and the report
import it, and it imports none of them (the lab's modules form no import cycle).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pennybags.lab.simulate import Setup, play_one

DEFAULT_MAX_ROUNDS = 1000
DEFAULT_CHUNK = 10
MAX_INT32 = 2**31 - 1
"""The largest number of games, round cap or chunk: the store keeps game numbers and round
counts as 32-bit integers."""
MAX_INT64 = 2**63 - 1
"""The largest seed: the store keeps seeds as 64-bit integers."""


class ExperimentError(ValueError):
    """An experiment, a command or a store that the lab cannot work with, with a readable
    reason in one line (the command line prints it and exits with status 2)."""


@dataclass(frozen=True)
class Variant:
    """An edition with a set of options."""

    name: str
    edition: str
    options: Mapping[str, Any] = field(default_factory=dict)
    max_rounds: int = DEFAULT_MAX_ROUNDS


@dataclass(frozen=True)
class Lineup:
    """The bots at the table, one per seat.

    ``rotate``: game ``i`` seats the bots turned by ``i`` places (seat ``s`` gets
    ``bots[(s + i) % n]``), so every bot sits in every seat equally often.
    ``stronger``: the bot spec expected to play better, for "is it more strategic?".
    """

    name: str
    bots: tuple[str, ...]
    rotate: bool = False
    stronger: str | None = None

    def seated(self, index: int) -> tuple[str, ...]:
        """The bots by seat in game ``index``."""
        if not self.rotate:
            return self.bots
        n = len(self.bots)
        return tuple(self.bots[(s + index) % n] for s in range(n))


@dataclass(frozen=True)
class Cell:
    """A variant and a line-up: every cell plays the experiment's games."""

    variant: Variant
    lineup: Lineup

    @property
    def key(self) -> tuple[str, str]:
        return self.variant.name, self.lineup.name


@dataclass(frozen=True)
class Experiment:
    """Variants x line-ups x games x a seed (read by :mod:`pennybags.lab.experiment`)."""

    title: str
    games: int
    seed: int
    variants: tuple[Variant, ...]
    lineups: tuple[Lineup, ...]
    landing: bool = False
    chunk: int = DEFAULT_CHUNK
    question: str = ""
    source: str = ""
    """The file the experiment was read from (informative only)."""

    @property
    def cells(self) -> list[Cell]:
        return [Cell(v, lu) for v in self.variants for lu in self.lineups]

    @property
    def total_games(self) -> int:
        return self.games * len(self.variants) * len(self.lineups)

    def identity(self) -> dict[str, Any]:
        """What decides the rows of game ``i`` of each cell: two runs with the same
        identity may share a store (the number of games may differ)."""
        return {
            "seed": self.seed,
            "landing": self.landing,
            "variants": [{"name": v.name, "edition": v.edition, "options": dict(v.options),
                          "max_rounds": v.max_rounds} for v in self.variants],
            "lineups": [{"name": lu.name, "bots": list(lu.bots), "rotate": lu.rotate}
                        for lu in self.lineups],
        }

    def describe(self) -> dict[str, Any]:
        """Everything, for the store's metadata and the report."""
        out = self.identity()
        for spec, lu in zip(out["lineups"], self.lineups, strict=True):
            spec["stronger"] = lu.stronger
        out.update(title=self.title, question=self.question, games=self.games,
                   chunk=self.chunk, source=self.source)
        return out

    def with_games(self, games: int) -> Experiment:
        if games < 1:
            raise ExperimentError("the number of games must be at least 1")
        if games > MAX_INT32:
            raise ExperimentError(f"games must be at most {MAX_INT32} (per variant and "
                                  "line-up)")
        return replace(self, games=games)


@dataclass(frozen=True)
class Task:
    """Games ``start`` to ``stop - 1`` of one cell."""

    variant: Variant
    lineup: Lineup
    seed: int
    landing: bool
    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


@dataclass
class Rows:
    """The rows of finished games, ready for the store."""

    games: list[tuple[Any, ...]] = field(default_factory=list)
    players: list[tuple[Any, ...]] = field(default_factory=list)
    landings: list[tuple[Any, ...]] = field(default_factory=list)

    def extend(self, other: Rows) -> None:
        self.games.extend(other.games)
        self.players.extend(other.players)
        self.landings.extend(other.landings)

    def __len__(self) -> int:
        return len(self.games)


def play_task(task: Task) -> Rows:
    """Play a task's games (in a worker process, or on a Ray worker)."""
    rows = Rows()
    v, lu = task.variant, task.lineup
    for index in range(task.start, task.stop):
        bots = lu.seated(index)
        setup = Setup(v.edition, bots, task.seed, v.max_rounds, dict(v.options), task.landing)
        r = play_one(setup, index)
        winner_bot = bots[r.winner] if r.winner is not None else None
        rows.games.append((v.name, lu.name, index, v.edition, r.seed, r.rounds, r.player_turns,
                           r.end_reason, r.winner, winner_bot, r.seconds))
        for seat, bot in enumerate(bots):
            deeds = r.deeds[seat] if r.deeds else []
            whole = list(r.groups[seat]) if r.groups else []
            gone = r.bankrupt_round[seat] if r.bankrupt_round else None
            rows.players.append((v.name, lu.name, index, seat, bot, r.winner == seat,
                                 r.assets[seat], gone, len(deeds), deeds, whole))
        if r.landing is not None:
            rows.landings.append((v.name, lu.name, index, r.landing_rolls, r.landing_jail,
                                  r.landing))
    return rows
