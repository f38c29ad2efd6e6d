"""The results store of an experiment: one DuckDB file, ``DIR/results.duckdb``.

Why DuckDB: one file that a run appends to in transactions (a run that is killed loses at
most the games it had not written yet, never the file), that answers SQL at once for the
report, for the resume ("which games are missing?") and for anyone who wants to look
(``duckdb results.duckdb``, or ``duckdb.connect`` from Python, pandas, R...), with no
server and no other dependency. Parquet would need a file per batch (many small files, or
rewrites) and a second library to query them.

Tables (``docs/lab.md`` has the details):

* ``games``: one row per game: variant, lineup, game (index in its cell), edition, seed,
  rounds, player_turns, ended (how it ended), winner (seat, NULL for none), winner_bot,
  seconds (time to play it: the only column that differs between two runs).
* ``players``: one row per player of each game: variant, lineup, game, seat, bot, won,
  final_assets (0 when bankrupt), bankrupt_round (NULL if not), properties (how many deeds
  held at the end), deeds (their space indices), groups (the groups held whole at the end
  of a round before anyone went bankrupt, or at the end of a game where no one did).
* ``landings`` (when the experiment asks for them): per game, rolls, in_jail and counts (how
  many rolls left the token on each space, by space index).
* ``meta``: the experiment (JSON) and the schema version.

There is no primary-key index on purpose: an index lives in memory and grows with the
games, and the runner plays only the games the store lacks (the tests check that no game
is ever stored twice).

A store is checked whenever it is opened (:meth:`Store.check`): every row of every table is
read, so a damaged file (a block whose checksum does not match, a truncated file, something
that is not DuckDB at all) is reported as :class:`StoreDamaged`, naming the file, before
anyone counts its games or writes to it; the damaged file is never written to.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pennybags.lab.model import Cell, Experiment, ExperimentError, Rows
from pennybags.lab.status import write_status

SCHEMA_VERSION = "1"
RESULTS_FILE = "results.duckdb"

_GAMES = [("variant", "VARCHAR"), ("lineup", "VARCHAR"), ("game", "INTEGER"),
          ("edition", "VARCHAR"), ("seed", "BIGINT"), ("rounds", "INTEGER"),
          ("player_turns", "INTEGER"), ("ended", "VARCHAR"), ("winner", "INTEGER"),
          ("winner_bot", "VARCHAR"), ("seconds", "DOUBLE")]
_PLAYERS = [("variant", "VARCHAR"), ("lineup", "VARCHAR"), ("game", "INTEGER"),
            ("seat", "INTEGER"), ("bot", "VARCHAR"), ("won", "BOOLEAN"),
            ("final_assets", "BIGINT"), ("bankrupt_round", "INTEGER"),
            ("properties", "INTEGER"), ("deeds", "INTEGER[]"), ("groups", "VARCHAR[]")]
_LANDINGS = [("variant", "VARCHAR"), ("lineup", "VARCHAR"), ("game", "INTEGER"),
             ("rolls", "INTEGER"), ("in_jail", "INTEGER"), ("counts", "INTEGER[]")]
TABLES = {"games": _GAMES, "players": _PLAYERS, "landings": _LANDINGS}


def missing_lab_packages() -> list[str]:
    """The lab's optional packages that are not installed."""
    import importlib.util

    return [name for name in ("duckdb", "matplotlib", "scipy", "numpy")
            if importlib.util.find_spec(name) is None]


def require_lab_packages() -> None:
    missing = missing_lab_packages()
    if missing:
        raise ExperimentError(f"the lab needs {', '.join(missing)}: install them with "
                              "pip install 'pennybags[lab]' (or ./test, which installs them)")


def results_file(path: Path | str) -> Path:
    """The store named by ``path``: a results folder or the ``.duckdb`` file itself."""
    p = Path(path)
    return p / RESULTS_FILE if p.is_dir() or p.suffix != ".duckdb" else p


class StoreBusy(ExperimentError):
    """Another process has the store open."""


class StoreDamaged(ExperimentError):
    """A store that cannot be read whole: damaged, cut short, or not a lab store at all."""


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def _damaged(path: Path, why: str) -> StoreDamaged:
    return StoreDamaged(f"{path} is damaged or is not a results store of the lab ({why}); "
                        "it is left as it is: move it away (or give another --out folder) "
                        "to start again")


class Store:
    """A connection to one results file."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        require_lab_packages()
        import duckdb

        self.path = path
        try:
            self.con = duckdb.connect(str(path), read_only=read_only)
        except duckdb.Error as e:
            if re.search(r"could not set lock|conflicting lock", str(e), re.IGNORECASE):
                raise StoreBusy(f"cannot open {path}: another process is using it (a run "
                                "still going?)") from None
            raise _damaged(path, _first_line(e)) from None
        try:
            # The writer stays small and leaves the cores to the games.
            self.con.execute("SET threads = 1")
            self.con.execute("SET memory_limit = '512MB'")
            self.con.execute("SET preserve_insertion_order = false")
        except BaseException:
            self.con.close()
            raise

    # ----------------------------------------------------------------- opening

    @classmethod
    def create(cls, out: Path, exp: Experiment) -> Store:
        """Open (or start) the store of ``exp`` in the folder ``out``; refuse a store that
        holds results of a different experiment, or that cannot be read whole (it is then
        not written to)."""
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ExperimentError(f"cannot make the results folder {out}: "
                                  f"{e.strerror or e}") from None
        file = out / RESULTS_FILE
        if file.exists() or file.with_name(file.name + ".wal").exists():
            # Read it all before anything is written (read-only: a damaged file stays as
            # it is).
            reader = cls(file, read_only=True)
            try:
                reader.check()
            finally:
                reader.close()
        store = cls(file)
        try:
            store._prepare(exp)
        except BaseException:
            store.close()
            raise
        return store

    @classmethod
    def open(cls, path: Path | str) -> Store:
        """Open stored results to read them (a folder or its ``results.duckdb``), checked
        whole."""
        file = results_file(path)
        if not file.exists():
            raise ExperimentError(f"no results at {path} (run 'pennybags lab run' first)")
        store = cls(file, read_only=True)
        try:
            store.check(need_meta=True)
        except BaseException:
            store.close()
            raise
        return store

    def check(self, need_meta: bool = False) -> None:
        """Read every row of every table (DuckDB checks each block's checksum as it reads
        it) and the metadata: :class:`StoreDamaged` if anything cannot be read or is not
        what the lab writes. Without ``need_meta`` (a store about to be written) the tables
        may be missing still, as long as no games are stored without their experiment."""
        import duckdb

        expected = {"meta": [("key", "VARCHAR"), ("value", "VARCHAR")], **TABLES}
        try:
            tables = {name: [(c, t) for c, t in self.con.execute(
                "SELECT column_name, data_type FROM information_schema.columns "
                "WHERE table_name = ? ORDER BY ordinal_position", [name]).fetchall()]
                for (name,) in self.con.execute(
                    "SELECT table_name FROM information_schema.tables").fetchall()}
            for name in sorted(tables):
                if expected.get(name) != tables[name]:
                    raise _damaged(self.path, f"it has a table {name} that the lab does not "
                                              "write")
            if need_meta and len(tables) < len(expected):
                missing = ", ".join(sorted(set(expected) - set(tables)))
                raise _damaged(self.path, f"it has no table {missing}")
            self.con.execute("RESET threads")  # reading it all: use the cores
            counts = {name: self.con.execute(
                f"SELECT count(*), sum(hash(t)) FROM {name} t").fetchall()[0][0]
                for name in tables}
            self.con.execute("SET threads = 1")
            meta = self.meta()
        except duckdb.Error as e:
            raise _damaged(self.path, _first_line(e)) from None
        if not need_meta and not meta and not counts.get("games"):
            return  # nothing stored yet
        try:
            for key in ("identity", "experiment"):
                if not isinstance(json.loads(meta[key]), dict):
                    raise ValueError(key)
        except (KeyError, ValueError):
            raise _damaged(self.path, "its description of the experiment is missing or "
                                      "unreadable") from None
        if meta.get("schema") != SCHEMA_VERSION:
            raise ExperimentError(f"{self.path} was written by another version of the lab "
                                  f"(schema {meta.get('schema')}, this lab reads "
                                  f"{SCHEMA_VERSION}); give another --out folder")

    def _prepare(self, exp: Experiment) -> None:
        con = self.con
        con.execute("BEGIN")  # all the tables or none
        con.execute("CREATE TABLE IF NOT EXISTS meta (key VARCHAR, value VARCHAR)")
        for name, columns in TABLES.items():
            cols = ", ".join(f"{c} {t}" for c, t in columns)
            con.execute(f"CREATE TABLE IF NOT EXISTS {name} ({cols})")
        con.execute("COMMIT")
        meta = self.meta()
        if "identity" in meta:
            old = json.loads(meta["identity"])
            new = exp.identity()
            if old != new:
                raise ExperimentError(
                    f"{self.path} holds results of a different experiment "
                    f"({_difference(old, new)}); give another --out folder or delete it")
            games = max(exp.games, json.loads(meta.get("experiment", "{}")).get("games", 0))
        else:
            games = exp.games
        described = exp.describe()
        described["games"] = games
        # Which builds (pure, compiled) played the stored games: a run resumed in another
        # build adds its own (the report's timings depend on it).
        from pennybags.fastbuild import build_name

        builds = set(json.loads(meta.get("builds", "[]"))) | {build_name()}
        con.execute("BEGIN")
        con.execute("DELETE FROM meta")
        con.executemany("INSERT INTO meta VALUES (?, ?)", [
            ("schema", SCHEMA_VERSION),
            ("identity", json.dumps(exp.identity(), sort_keys=True)),
            ("experiment", json.dumps(described, sort_keys=True)),
            ("builds", json.dumps(sorted(builds))),
        ])
        con.execute("COMMIT")

    def close(self) -> None:
        self.con.close()

    # ----------------------------------------------------------------- reading

    def meta(self) -> dict[str, str]:
        tables = {r[0] for r in self.con.execute(
            "SELECT table_name FROM information_schema.tables").fetchall()}
        if "meta" not in tables:
            return {}
        return {k: v for k, v in self.con.execute("SELECT key, value FROM meta").fetchall()}

    def experiment(self) -> dict[str, Any]:
        """The experiment as described in the store (``Experiment.describe``)."""
        meta = self.meta()
        if "experiment" not in meta:
            raise ExperimentError(f"{self.path} is not a results store of the lab")
        described: dict[str, Any] = json.loads(meta["experiment"])
        return described

    def stored(self, exp: Experiment) -> int:
        """How many of the games ``exp`` asks for are stored."""
        total = 0
        for cell in exp.cells:
            row = self.con.execute(
                "SELECT count(*) FROM games WHERE variant = ? AND lineup = ? AND game < ?",
                [*cell.key, exp.games]).fetchone()
            total += int(row[0]) if row else 0
        return total

    def gaps(self, cell: Cell, games: int) -> list[tuple[int, int]]:
        """The runs of missing games of a cell, as [start, stop) ranges. The query finds
        the runs of *stored* games (a few rows, not one per game, and nothing for the games
        never played, however many are asked for: memory and time stay flat); the gaps
        are what lies between them."""
        runs = self.con.execute("""
            SELECT min(game), max(game) + 1 FROM (
                SELECT game, game - row_number() OVER (ORDER BY game) AS run FROM games
                WHERE variant = ? AND lineup = ? AND game < ?
            ) GROUP BY run ORDER BY 1
        """, [*cell.key, games]).fetchall()
        gaps = []
        at = 0
        for start, stop in runs:
            if start > at:
                gaps.append((at, int(start)))
            at = int(stop)
        if at < games:
            gaps.append((at, games))
        return gaps

    def gaps_for(self, exp: Experiment) -> Callable[[Cell], list[tuple[int, int]]]:
        return lambda cell: self.gaps(cell, exp.games)

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self.con.execute(sql, list(params)).fetchall()

    # ----------------------------------------------------------------- writing

    def write(self, rows: Rows) -> None:
        """Store finished games, all or nothing."""
        con = self.con
        con.execute("BEGIN")
        try:
            for table, data in (("games", rows.games), ("players", rows.players),
                                ("landings", rows.landings)):
                if data:
                    self._insert(table, data)
            con.execute("COMMIT")
        except BaseException:
            import duckdb

            # DuckDB may have ended the transaction itself (a commit cut short).
            with contextlib.suppress(duckdb.Error):
                con.execute("ROLLBACK")
            raise

    def write_unstored(self, rows: Rows) -> None:
        """Store the games of ``rows`` that are not stored yet, all or nothing: for a run
        interrupted while it was writing, which cannot know whether its last write
        went through."""
        keys = {row[:3] for row in rows.games}
        if not keys:
            return
        stored: set[tuple[Any, ...]] = set()
        for variant, lineup in {key[:2] for key in keys}:
            games = [key[2] for key in keys if key[:2] == (variant, lineup)]
            stored.update((variant, lineup, int(g)) for (g,) in self.con.execute(
                "SELECT game FROM games WHERE variant = ? AND lineup = ? "
                "AND game IN (SELECT unnest(?::INTEGER[]))", [variant, lineup, games]
            ).fetchall())
        if not stored:
            self.write(rows)
            return
        self.write(Rows([r for r in rows.games if r[:3] not in stored],
                        [r for r in rows.players if r[:3] not in stored],
                        [r for r in rows.landings if r[:3] not in stored]))

    def _insert(self, table: str, data: list[tuple[Any, ...]]) -> None:
        columns = TABLES[table]
        # One statement per batch, a list per column: far faster than a row at a time.
        select = ", ".join(f"unnest(?::{t}[])" for _, t in columns)
        values = [list(col) for col in zip(*data, strict=True)]
        self.con.execute(f"INSERT INTO {table} SELECT {select}", values)

    def write_status(self, exp: Experiment, state: str, started: float) -> None:
        """``status.json`` beside the store (:mod:`pennybags.lab.status`): how far a run
        is and which process runs it, for another shell, the report and the next run
        (DuckDB lets one process at a time open the file)."""
        folder = self.path.parent
        try:
            write_status(folder, title=exp.title, games=exp.total_games,
                         stored=self.stored(exp), state=state, started=started)
        except OSError as e:
            raise ExperimentError(f"cannot write the status of the run in {folder}: "
                                  f"{e.strerror or e}") from None


def _difference(old: dict[str, Any], new: dict[str, Any]) -> str:
    for key in ("seed", "landing", "variants", "lineups"):
        if old.get(key) != new.get(key):
            return f"its {key} differ" if key.endswith("s") else f"its {key} differs"
    return "it differs"
