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
import sys
import threading
import time
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.lab.model import (
    DEFAULT_CHUNK,
    DEFAULT_MAX_ROUNDS,
    MAX_INT32,
    MAX_INT64,
    Cell,
    Experiment,
    ExperimentError,
    Lineup,
    Rows,
    Task,
    Variant,
    play_task,
)
from pennybags.lab.status import is_this_process, read_status
from pennybags.lab.store import Store

__all__ = ["DEFAULT_CHUNK", "DEFAULT_MAX_ROUNDS", "Backend", "Cell", "Experiment",
           "ExperimentError", "Lineup", "LocalBackend", "Rows", "RunSummary", "Task",
           "Variant", "default_out_dir", "load_experiment", "parse_experiment", "plan",
           "play_task", "run_cli", "run_experiment"]

FLUSH_SECONDS = 1.0
"""The longest time finished games wait in memory before they are written."""
FLUSH_GAMES = 400
"""The most finished games kept in memory before they are written."""


# ------------------------------------------------------------------------ reading

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_TOP_KEYS = {"title", "question", "games", "seed", "max_rounds", "landing", "chunk",
             "variant", "lineup"}
_VARIANT_KEYS = {"name", "edition", "options", "max_rounds"}
_LINEUP_KEYS = {"name", "bots", "rotate", "stronger"}


def load_experiment(path: Path | str) -> Experiment:
    """Read and check an experiment file; :class:`ExperimentError` says what is wrong."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise ExperimentError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        raise ExperimentError(f"{path}: not UTF-8 text (byte 0x{raw[e.start]:02x} on line "
                              f"{line}); save the file as UTF-8") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ExperimentError(f"{path}: {e}") from None
    return parse_experiment(data, source=str(path), default_title=path.stem)


def parse_experiment(data: Mapping[str, Any], source: str = "",
                     default_title: str = "experiment") -> Experiment:
    where = source or "experiment"

    def fail(message: str) -> ExperimentError:
        # One line, whatever the values quoted in it hold.
        return ExperimentError(_CONTROL.sub(lambda m: repr(m.group())[1:-1],
                                            f"{where}: {message}"))

    _no_unknown(data, _TOP_KEYS, "", fail)
    games = _int(data.get("games", 100), "games", fail, least=1)
    seed = _int(data.get("seed", 1), "seed", fail, least=0, most=MAX_INT64)
    cap = _int(data.get("max_rounds", DEFAULT_MAX_ROUNDS), "max_rounds", fail, least=0)
    chunk = _int(data.get("chunk", DEFAULT_CHUNK), "chunk", fail, least=1)
    landing = data.get("landing", False)
    if not isinstance(landing, bool):
        raise fail("landing takes true or false")
    title = _str(data.get("title", default_title), "title", fail)
    question = _str(data.get("question", ""), "question", fail)

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
            for spec in lu.bots:
                try:
                    make_bot(spec, 0, edition.id)
                except ValueError as e:
                    raise fail(f"line-up '{lu.name}', variant '{v.name}': {e}") from None
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
        edition = get_edition(_str(raw["edition"], f"variant {i + 1}: edition", fail))
    except ValueError as e:
        raise fail(str(e)) from None
    options = raw.get("options", {})
    if not isinstance(options, Mapping):
        raise fail(f"variant {i + 1}: options should be a table of name = value")
    options = dict(options)
    name = _name(raw.get("name", edition.id), f"variant {i + 1}", fail)
    variant_cap = _int(raw.get("max_rounds", cap), f"variant '{name}' max_rounds", fail, least=0)
    cap_keys = [k for k in options if k.replace("_", "-") == "max-rounds"]
    if cap_keys:
        raise fail(f"variant '{name}': give the round cap as max_rounds = N, not as an option")
    try:
        edition.options(options)
        # Some values only a new game checks (one of a few words, say).
        edition.new_game([f"P{n + 1}" for n in range(edition.players[0])], seed=0,
                         options=options)
    except (TypeError, ValueError) as e:
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
    name = _name(raw.get("name", ",".join(specs)), f"line-up {i + 1}", fail)
    rotate = raw.get("rotate", False)
    if not isinstance(rotate, bool):
        raise fail(f"line-up '{name}': rotate takes true or false")
    stronger = raw.get("stronger")
    if stronger is not None:
        stronger = _str(stronger, f"line-up '{name}': stronger", fail).removeprefix("bot:")
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


def _int(value: Any, name: str, fail: Callable[[str], ExperimentError], least: int,
         most: int = MAX_INT32) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        shown = repr(value) if isinstance(value, (str, float)) else type(value).__name__
        raise fail(f"{name} takes a whole number, not {shown[:40]}")
    if value < least:
        raise fail(f"{name} must be at least {least}")
    if value > most:
        raise fail(f"{name} must be at most {most}")
    return value


def _str(value: Any, name: str, fail: Callable[[str], ExperimentError]) -> str:
    if not isinstance(value, str):
        raise fail(f"{name} takes a string (in quotes), not {type(value).__name__}")
    return value


def _name(value: Any, what: str, fail: Callable[[str], ExperimentError]) -> str:
    name = _str(value, f"{what}: name", fail)
    if not name.strip() or _CONTROL.search(name):
        raise fail(f"{what}: a name must be printable and not empty")
    return name


def _unique(names: Sequence[str], what: str, fail: Callable[[str], ExperimentError]) -> None:
    seen: set[str] = set()
    for n in names:
        if n in seen:
            raise fail(f"two {what}s are called '{n}': give each a distinct name")
        seen.add(n)


# ------------------------------------------------------------------------ playing

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
    previous: str | None = None
    """What the status said of an earlier run that did not finish (None: nothing to say)."""


ProgressCallback = Callable[[int, int], None]
"""Called with (games played by this run, games this run has to play)."""
NoticeCallback = Callable[[str], None]
"""Called with a line for the user before the games start (e.g. the last run was killed)."""


def cores() -> int:
    """The cores this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else (os.cpu_count() or 1))


def most_workers() -> int:
    """The most --workers: four per core (more only slows the games and fills the memory:
    a worker process holds about 70 MiB)."""
    return max(8, 4 * cores())


def check_workers(workers: int | None) -> None:
    if workers is None:
        return
    if workers < 1:
        raise ExperimentError("--workers must be at least 1")
    if workers > most_workers():
        raise ExperimentError(f"--workers {workers} is too many for the {cores()} core(s) "
                              f"here: give at most {most_workers()}")


def local_workers(workers: int | None) -> int:
    check_workers(workers)
    return cores() if workers is None else workers


def _previous_run(out: Path) -> str | None:
    """Refuse a store that another live run is writing; say what happened to a run that did
    not finish."""
    status = read_status(out)
    if status is None or is_this_process(status):
        return None
    if status.state == "running":
        where = f" on {status.host}" if status.host else ""
        check = (" (on another machine, so not checked from here: if it is not running, "
                 f"delete {out / 'status.json'})" if status.unchecked else "")
        raise ExperimentError(f"another run (pid {status.pid}{where}) is writing {out}"
                              f"{check}; wait for it to finish or stop it first")
    if status.state == "interrupted":
        return status.words(subject="the previous run")
    return None


class _Interrupts:
    """Ctrl-C and SIGTERM as KeyboardInterrupt, held back while the store is in use."""

    held = 0
    """How deep in :func:`held_signals` the main thread is."""
    pending = False
    """A signal came while held: KeyboardInterrupt is raised when the hold ends."""


def _interrupt(signum: int, frame: Any) -> None:
    """The handler of SIGINT (and of SIGTERM in ``lab run``). Python runs it in the main
    thread between bytecodes, and also from inside a DuckDB query, which it would cut
    (the interrupt then comes out as a RuntimeError or a failed rollback): while held it
    only takes note."""
    if _Interrupts.held:
        _Interrupts.pending = True
        return
    raise KeyboardInterrupt


@contextmanager
def held_signals() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back while the store is used: a write is never cut in the
    middle, and the interrupt arrives as KeyboardInterrupt just after."""
    _Interrupts.held += 1
    try:
        yield
    finally:
        _Interrupts.held -= 1
        if not _Interrupts.held and _Interrupts.pending:
            _Interrupts.pending = False
            raise KeyboardInterrupt


@contextmanager
def _handling_sigint() -> Iterator[None]:
    """:func:`_interrupt` handles Ctrl-C during a run (when Python's own handler has it:
    a program that set its own keeps it)."""
    main = threading.current_thread() is threading.main_thread()
    if not main or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    signal.signal(signal.SIGINT, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def run_experiment(exp: Experiment, out: Path, *, workers: int | None = None,
                   backend: str = "local", ray_address: str | None = None,
                   progress: ProgressCallback | None = None,
                   notice: NoticeCallback | None = None,
                   flush_seconds: float = FLUSH_SECONDS) -> RunSummary:
    """Play the games of ``exp`` that the store in ``out`` lacks, writing them as they
    finish. KeyboardInterrupt (Ctrl-C, or SIGTERM from :func:`run_cli`) writes what has
    finished and re-raises. ``status.json`` names this process while it runs and says at
    the end whether the run is complete or was interrupted."""
    check_workers(workers)
    previous = _previous_run(out)
    with _handling_sigint():
        return _run(exp, out, workers, backend, ray_address, progress, notice,
                    flush_seconds, previous)


def _run(exp: Experiment, out: Path, workers: int | None, backend: str,
         ray_address: str | None, progress: ProgressCallback | None,
         notice: NoticeCallback | None, flush_seconds: float,
         previous: str | None) -> RunSummary:
    started = time.perf_counter()
    began = time.time()
    store: Store | None = None
    try:
        with held_signals():
            store = Store.create(out, exp)
            before = store.stored(exp)
        to_play = exp.total_games - before
        summary = RunSummary(exp.total_games, before, 0, 0.0, store.path, previous=previous)
        if previous and notice and to_play:
            notice(f"{previous}; playing the rest")
        if to_play == 0:
            with held_signals():
                store.write_status(exp, "complete", began)
            return summary
        if progress:
            progress(0, to_play)
        writer = store

        def gaps(cell: Cell) -> list[tuple[int, int]]:
            with held_signals():
                return writer.gaps(cell, exp.games)

        buffer = Rows()
        be: Backend | None = None
        cancelled = False
        try:
            with held_signals():
                store.write_status(exp, "running", began)
            be = _backend(backend, workers, ray_address)
            tasks = plan(exp, gaps)
            last_flush = time.monotonic()
            in_flight = 0
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
                    with held_signals():
                        store.write(buffer)
                        buffer = Rows()
                        store.write_status(exp, "running" if in_flight else "complete",
                                           began)
                    last_flush = now
        except BaseException:
            cancelled = True
            summary.interrupted = True
            with held_signals():
                try:
                    if buffer:
                        # Stopped between a write and forgetting its games: write only the
                        # games that are not stored.
                        store.write_unstored(buffer)
                finally:
                    store.write_status(exp, "interrupted", began)
            raise
        finally:
            if be is not None:
                be.close(cancel=cancelled)
        summary.seconds = time.perf_counter() - started
        return summary
    finally:
        if store is not None:
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
    if not commit_every > 0:
        raise ExperimentError("--commit-every takes a number of seconds above 0")
    exp = load_experiment(path)
    if games is not None:
        exp = exp.with_games(games)
    out_dir = Path(out) if out else default_out_dir(path)
    previous = signal.getsignal(signal.SIGTERM)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _interrupt)

    def notice(line: str) -> None:
        print(line, flush=True)

    try:
        if sys.stderr.isatty():
            summary = _run_with_bar(exp, out_dir, workers, backend, ray_address, commit_every)
        else:
            summary = run_experiment(exp, out_dir, workers=workers, backend=backend,
                                     ray_address=ray_address, flush_seconds=commit_every,
                                     notice=notice)
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
                              flush_seconds=commit_every,
                              notice=lambda line: bar.console.print(line, markup=False,
                                                                    highlight=False))

