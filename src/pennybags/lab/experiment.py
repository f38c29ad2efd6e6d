"""Experiments: ``pennybags lab run EXPERIMENT.toml``.

An experiment is a TOML file: variants (an edition with a set of options) x bot line-ups x
a number of games x a seed (``docs/lab.md`` describes every key)::

    title = "Does the Free Parking pot make classic games longer?"
    games = 500          # per variant and line-up
    seed = 1

    [[variant]]
    name = "classic"
    edition = "classic"

    [[variant]]
    name = "pot"
    edition = "classic"
    options = { free-parking-pot = true }

    [[lineup]]
    name = "four standard"
    bots = ["standard", "standard", "standard", "standard"]

Each (variant, line-up) pair is a *cell*. Game ``i`` of every cell is played with the seed
``game_seed(seed, i)`` (:mod:`pennybags.lab.simulate`): the same dice and decks for the same
edition in every cell (common random numbers, which sharpen comparisons between variants),
and the same rows whatever the number of workers or the backend.

The runner sends chunks of games to a backend (local processes, or Ray), keeps only a few
chunks in flight, and writes the finished games into the store in batches, so memory stays
flat however many games there are. On a re-run it plays only the games the store lacks.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import re
import signal
import threading
import time
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.lab.simulate import Setup, play_one

DEFAULT_MAX_ROUNDS = 1000
DEFAULT_CHUNK = 10
FLUSH_SECONDS = 1.0
"""The longest time finished games wait in memory before they are written."""
FLUSH_GAMES = 400
"""The most finished games kept in memory before they are written."""


class ExperimentError(ValueError):
    """An experiment file that cannot be run, with a readable reason."""


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
    variant: Variant
    lineup: Lineup

    @property
    def key(self) -> tuple[str, str]:
        return self.variant.name, self.lineup.name


@dataclass(frozen=True)
class Experiment:
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
        return replace(self, games=games)


# ------------------------------------------------------------------------ reading

_TOP_KEYS = {"title", "question", "games", "seed", "max_rounds", "landing", "chunk",
             "variant", "lineup"}
_VARIANT_KEYS = {"name", "edition", "options", "max_rounds"}
_LINEUP_KEYS = {"name", "bots", "rotate", "stronger"}


def load_experiment(path: Path | str) -> Experiment:
    """Read and check an experiment file; :class:`ExperimentError` says what is wrong."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ExperimentError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ExperimentError(f"{path}: {e}") from None
    return parse_experiment(data, source=str(path), default_title=path.stem)


def parse_experiment(data: Mapping[str, Any], source: str = "",
                     default_title: str = "experiment") -> Experiment:
    where = source or "experiment"

    def fail(message: str) -> ExperimentError:
        return ExperimentError(f"{where}: {message}")

    _no_unknown(data, _TOP_KEYS, "", fail)
    games = _int(data.get("games", 100), "games", fail, least=1)
    seed = _int(data.get("seed", 1), "seed", fail, least=0)
    cap = _int(data.get("max_rounds", DEFAULT_MAX_ROUNDS), "max_rounds", fail, least=0)
    chunk = _int(data.get("chunk", DEFAULT_CHUNK), "chunk", fail, least=1)
    landing = data.get("landing", False)
    if not isinstance(landing, bool):
        raise fail("landing takes true or false")
    title = str(data.get("title", default_title))
    question = str(data.get("question", ""))

    raw_variants = data.get("variant")
    if not isinstance(raw_variants, list) or not raw_variants:
        raise fail("give at least one [[variant]] (an edition and its options)")
    variants = [_variant(v, i, cap, fail) for i, v in enumerate(raw_variants)]
    _unique([v.name for v in variants], "variant", fail)

    raw_lineups = data.get("lineup")
    if not isinstance(raw_lineups, list) or not raw_lineups:
        raise fail("give at least one [[lineup]] (a list of bots, one per seat)")
    lineups = [_lineup(lu, i, fail) for i, lu in enumerate(raw_lineups)]
    _unique([lu.name for lu in lineups], "lineup", fail)

    for v in variants:
        edition = get_edition(v.edition)
        lo, hi = edition.players
        for lu in lineups:
            if not lo <= len(lu.bots) <= hi:
                raise fail(f"line-up '{lu.name}' has {len(lu.bots)} bots but {edition.name} "
                           f"(variant '{v.name}') is for {lo} to {hi} players")
    return Experiment(title=title, games=games, seed=seed, variants=tuple(variants),
                      lineups=tuple(lineups), landing=landing, chunk=chunk,
                      question=question, source=source)


def _variant(raw: Any, i: int, cap: int,
             fail: Callable[[str], ExperimentError]) -> Variant:
    if not isinstance(raw, Mapping):
        raise fail(f"variant {i + 1} should be a table")
    _no_unknown(raw, _VARIANT_KEYS, f"variant {i + 1}", fail)
    if "edition" not in raw:
        raise fail(f"variant {i + 1} needs an edition")
    try:
        edition = get_edition(str(raw["edition"]))
    except ValueError as e:
        raise fail(str(e)) from None
    options = raw.get("options", {})
    if not isinstance(options, Mapping):
        raise fail(f"variant {i + 1}: options should be a table of name = value")
    options = dict(options)
    name = str(raw.get("name", edition.id))
    variant_cap = _int(raw.get("max_rounds", cap), f"variant '{name}' max_rounds", fail, least=0)
    cap_keys = [k for k in options if k.replace("_", "-") == "max-rounds"]
    if cap_keys:
        raise fail(f"variant '{name}': give the round cap as max_rounds = N, not as an option")
    try:
        edition.options(options)
    except ValueError as e:
        raise fail(f"variant '{name}': {e}") from None
    return Variant(name=name, edition=edition.id, options=options, max_rounds=variant_cap)


def _lineup(raw: Any, i: int, fail: Callable[[str], ExperimentError]) -> Lineup:
    if not isinstance(raw, Mapping):
        raise fail(f"line-up {i + 1} should be a table")
    _no_unknown(raw, _LINEUP_KEYS, f"line-up {i + 1}", fail)
    bots = raw.get("bots")
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots):
        raise fail(f"line-up {i + 1} needs bots = [\"standard\", ...], one per seat")
    specs = tuple(b.strip().removeprefix("bot:") for b in bots)
    for spec in specs:
        try:
            make_bot(spec, 0)
        except ValueError as e:
            raise fail(f"line-up {i + 1}: {e}") from None
    name = str(raw.get("name", ",".join(specs)))
    rotate = raw.get("rotate", False)
    if not isinstance(rotate, bool):
        raise fail(f"line-up '{name}': rotate takes true or false")
    stronger = raw.get("stronger")
    if stronger is not None:
        stronger = str(stronger).removeprefix("bot:")
        if stronger not in specs:
            raise fail(f"line-up '{name}': stronger = '{stronger}' is not one of its bots")
        if len(set(specs)) < 2:
            raise fail(f"line-up '{name}': stronger needs at least two different bots")
    return Lineup(name=name, bots=specs, rotate=rotate, stronger=stronger)


def _no_unknown(raw: Mapping[str, Any], known: set[str], what: str,
                fail: Callable[[str], ExperimentError]) -> None:
    unknown = sorted(set(raw) - known)
    if unknown:
        prefix = f"{what}: " if what else ""
        raise fail(f"{prefix}unknown key(s) {', '.join(unknown)}; the keys are "
                   f"{', '.join(sorted(known))}")


def _int(value: Any, name: str, fail: Callable[[str], ExperimentError], least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(f"{name} takes a whole number, not {value!r}")
    if value < least:
        raise fail(f"{name} must be at least {least}")
    return value


def _unique(names: Sequence[str], what: str, fail: Callable[[str], ExperimentError]) -> None:
    seen: set[str] = set()
    for n in names:
        if n in seen:
            raise fail(f"two {what}s are called '{n}': give each a distinct name")
        if not n or re.search(r"[\x00-\x1f]", n):
            raise fail(f"a {what} name must be printable and not empty")
        seen.add(n)


# ------------------------------------------------------------------------ playing

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


@lru_cache(maxsize=16)
def _groups(edition_id: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The sets a player can hold whole: the groups of two deeds or more."""
    board = get_edition(edition_id).data.board
    return tuple((g, deeds) for g, deeds in board.groups.items() if len(deeds) >= 2)


def play_task(task: Task) -> Rows:
    """Play a task's games (in a worker process, or on a Ray worker)."""
    rows = Rows()
    v, lu = task.variant, task.lineup
    groups = _groups(v.edition)
    for index in range(task.start, task.stop):
        bots = lu.seated(index)
        setup = Setup(v.edition, bots, task.seed, v.max_rounds, dict(v.options), task.landing)
        r = play_one(setup, index)
        winner_bot = bots[r.winner] if r.winner is not None else None
        rows.games.append((v.name, lu.name, index, v.edition, r.seed, r.rounds, r.player_turns,
                           r.end_reason, r.winner, winner_bot, r.seconds))
        for seat, bot in enumerate(bots):
            deeds = r.deeds[seat] if r.deeds else []
            owned = set(deeds)
            whole = [g for g, members in groups if all(d in owned for d in members)]
            gone = r.bankrupt_round[seat] if r.bankrupt_round else None
            rows.players.append((v.name, lu.name, index, seat, bot, r.winner == seat,
                                 r.assets[seat], gone, len(deeds), deeds, whole))
        if r.landing is not None:
            rows.landings.append((v.name, lu.name, index, r.landing_rolls, r.landing_jail,
                                  r.landing))
    return rows


def plan(exp: Experiment, gaps: Callable[[Cell], list[tuple[int, int]]]) -> Iterator[Task]:
    """The tasks for the games the store lacks, taking the cells in turn (so a partial run
    has some of every cell, and the time left is estimated over all of them)."""
    streams = [_cell_tasks(exp, cell, gaps(cell)) for cell in exp.cells]
    while streams:
        alive = []
        for s in streams:
            task = next(s, None)
            if task is not None:
                yield task
                alive.append(s)
        streams = alive


def _cell_tasks(exp: Experiment, cell: Cell, ranges: list[tuple[int, int]]) -> Iterator[Task]:
    for start, stop in ranges:
        for s in range(start, stop, exp.chunk):
            yield Task(cell.variant, cell.lineup, exp.seed, exp.landing, s,
                       min(stop, s + exp.chunk))


class Backend(Protocol):
    """Where tasks are played."""

    slots: int
    """How many tasks to keep in flight."""

    def submit(self, task: Task) -> None: ...

    def next(self, timeout: float) -> Rows | None:
        """A finished task's rows, or None if none finished within ``timeout`` seconds."""
        ...

    def close(self, cancel: bool) -> None: ...


def _ignore_sigint() -> None:
    # The driver handles Ctrl-C (it writes what is finished, then stops the workers).
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalBackend:
    """Worker processes on this machine (``multiprocessing``, spawn start)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.slots = workers * 3
        self._done: queue.Queue[Rows | BaseException] = queue.Queue()
        ctx = multiprocessing.get_context("spawn")
        self._pool = ctx.Pool(workers, initializer=_ignore_sigint)

    def submit(self, task: Task) -> None:
        self._pool.apply_async(play_task, (task,), callback=self._done.put,
                               error_callback=self._done.put)

    def next(self, timeout: float) -> Rows | None:
        try:
            item = self._done.get(timeout=timeout)
        except queue.Empty:
            return None
        if isinstance(item, BaseException):
            raise item
        return item

    def close(self, cancel: bool) -> None:
        if cancel:
            self._pool.terminate()
        else:
            self._pool.close()
        self._pool.join()


@dataclass
class RunSummary:
    games: int
    """Games the experiment asks for."""
    stored_before: int
    """Games already in the store when the run started (not played again)."""
    played: int
    """Games played by this run."""
    seconds: float
    results: Path
    interrupted: bool = False


ProgressCallback = Callable[[int, int], None]
"""Called with (games played by this run, games this run has to play)."""


def local_workers(workers: int | None) -> int:
    if workers is None:
        return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                   else (os.cpu_count() or 1))
    if workers < 1:
        raise ExperimentError("--workers must be at least 1")
    return workers


def run_experiment(exp: Experiment, out: Path, *, workers: int | None = None,
                   backend: str = "local", ray_address: str | None = None,
                   progress: ProgressCallback | None = None,
                   flush_seconds: float = FLUSH_SECONDS) -> RunSummary:
    """Play the games of ``exp`` that the store in ``out`` lacks, writing them as they
    finish. KeyboardInterrupt (Ctrl-C, or SIGTERM from :func:`run_cli`) writes what has
    finished and re-raises."""
    from pennybags.lab.store import Store

    if workers is not None and workers < 1:
        raise ExperimentError("--workers must be at least 1")
    started = time.perf_counter()
    store = Store.create(out, exp)
    try:
        before = store.stored(exp)
        to_play = exp.total_games - before
        summary = RunSummary(exp.total_games, before, 0, 0.0, store.path)
        if to_play == 0:
            store.write_status(exp, running=False)
            return summary
        if progress:
            progress(0, to_play)
        be = _backend(backend, workers, ray_address)
        tasks = plan(exp, store.gaps_for(exp))
        buffer = Rows()
        last_flush = time.monotonic()
        in_flight = 0
        cancelled = False
        try:
            for task in tasks:
                be.submit(task)
                in_flight += 1
                if in_flight >= be.slots:
                    break
            exhausted = in_flight < be.slots
            while in_flight:
                rows = be.next(0.2)
                if rows is not None:
                    in_flight -= 1
                    buffer.extend(rows)
                    summary.played += len(rows)
                    if progress:
                        progress(summary.played, to_play)
                    if not exhausted:
                        task_next = next(tasks, None)
                        if task_next is None:
                            exhausted = True
                        else:
                            be.submit(task_next)
                            in_flight += 1
                now = time.monotonic()
                if buffer and (len(buffer) >= FLUSH_GAMES or now - last_flush >= flush_seconds
                               or not in_flight):
                    store.write(buffer)
                    buffer = Rows()
                    store.write_status(exp, running=bool(in_flight))
                    last_flush = now
        except BaseException:
            cancelled = True
            if buffer:
                # Interrupted while writing, the buffer may be stored already: write only
                # the games that are not.
                store.write_unstored(buffer)
            store.write_status(exp, running=False)
            raise
        finally:
            be.close(cancel=cancelled)
        summary.seconds = time.perf_counter() - started
        return summary
    finally:
        store.close()


def _backend(name: str, workers: int | None, ray_address: str | None) -> Backend:
    if name == "local":
        if ray_address:
            raise ExperimentError("--ray-address goes with --backend ray")
        return LocalBackend(local_workers(workers))
    if name == "ray":
        from pennybags.lab.ray_backend import RayBackend

        return RayBackend(address=ray_address, workers=workers)
    raise ExperimentError(f"unknown backend '{name}'; the backends are local and ray")


# ------------------------------------------------------------------------ command line

def default_out_dir(experiment: str) -> Path:
    """Where ``lab run`` stores an experiment's results when no --out is given."""
    return Path("results") / Path(experiment).stem


def run_cli(path: str, out: str | None, workers: int | None, backend: str,
            games: int | None, ray_address: str | None,
            commit_every: float = FLUSH_SECONDS) -> int:
    import sys

    if not commit_every > 0:
        raise ExperimentError("--commit-every takes a number of seconds above 0")
    exp = load_experiment(path)
    if games is not None:
        exp = exp.with_games(games)
    out_dir = Path(out) if out else default_out_dir(path)
    previous = signal.getsignal(signal.SIGTERM)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _sigterm_as_interrupt)
    try:
        if sys.stderr.isatty():
            summary = _run_with_bar(exp, out_dir, workers, backend, ray_address, commit_every)
        else:
            summary = run_experiment(exp, out_dir, workers=workers, backend=backend,
                                     ray_address=ray_address, flush_seconds=commit_every)
    except KeyboardInterrupt:
        print(f"interrupted: the finished games are stored in {out_dir}; run the same "
              "command again to play the rest", file=sys.stderr)
        return 130
    finally:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, previous)
    rate = summary.played / summary.seconds if summary.seconds > 0 else 0.0
    print(f"{exp.title}: {summary.games} games ({len(exp.variants)} variant(s) x "
          f"{len(exp.lineups)} line-up(s) x {exp.games}); played {summary.played} in "
          f"{summary.seconds:.1f} s ({rate:.1f} games/s), {summary.stored_before} were "
          f"already stored")
    print(f"results: {summary.results}")
    print(f"report:  pennybags lab report {out_dir}")
    return 0


def _sigterm_as_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _run_with_bar(exp: Experiment, out_dir: Path, workers: int | None, backend: str,
                  ray_address: str | None, commit_every: float) -> RunSummary:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("games"), TimeElapsedColumn(), TextColumn("ETA"),
                  TimeRemainingColumn(), transient=True,
                  console=Console(stderr=True)) as bar:
        bar_task = bar.add_task(exp.title[:40], total=None)

        def advance(done: int, total: int) -> None:
            bar.update(bar_task, completed=done, total=total)

        return run_experiment(exp, out_dir, workers=workers, backend=backend,
                              ray_address=ray_address, progress=advance,
                              flush_seconds=commit_every)

