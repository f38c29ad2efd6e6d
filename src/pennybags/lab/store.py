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
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pennybags.lab.experiment import Cell, Experiment, ExperimentError, Rows

SCHEMA_VERSION = "1"
RESULTS_FILE = "results.duckdb"
STATUS_FILE = "status.json"

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


class Store:
    """A connection to one results file."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        require_lab_packages()
        import duckdb

        self.path = path
        try:
            self.con = duckdb.connect(str(path), read_only=read_only)
        except duckdb.IOException as e:
            raise ExperimentError(f"cannot open {path}: {e} (is another run using it?)") \
                from None
        # The writer stays small and leaves the cores to the games.
        self.con.execute("SET threads = 1")
        self.con.execute("SET memory_limit = '512MB'")
        self.con.execute("SET preserve_insertion_order = false")

    # ----------------------------------------------------------------- opening

    @classmethod
    def create(cls, out: Path, exp: Experiment) -> Store:
        """Open (or start) the store of ``exp`` in the folder ``out``; refuse a store that
        holds results of a different experiment."""
        out.mkdir(parents=True, exist_ok=True)
        store = cls(out / RESULTS_FILE)
        try:
            store._prepare(exp)
        except BaseException:
            store.close()
            raise
        return store

    @classmethod
    def open(cls, path: Path | str) -> Store:
        """Open stored results to read them (a folder or its ``results.duckdb``)."""
        file = results_file(path)
        if not file.exists():
            raise ExperimentError(f"no results at {path} (run 'pennybags lab run' first)")
        return cls(file, read_only=True)

    def _prepare(self, exp: Experiment) -> None:
        con = self.con
        con.execute("CREATE TABLE IF NOT EXISTS meta (key VARCHAR, value VARCHAR)")
        for name, columns in TABLES.items():
            cols = ", ".join(f"{c} {t}" for c, t in columns)
            con.execute(f"CREATE TABLE IF NOT EXISTS {name} ({cols})")
        meta = self.meta()
        if "identity" in meta:
            old = json.loads(meta["identity"])
            new = exp.identity()
            if old != new:
                raise ExperimentError(
                    f"{self.path} holds results of a different experiment "
                    f"({_difference(old, new)}); give another --out folder or delete it")
            if meta.get("schema") != SCHEMA_VERSION:
                raise ExperimentError(f"{self.path} was written by another version of the "
                                      "lab; give another --out folder")
            games = max(exp.games, json.loads(meta.get("experiment", "{}")).get("games", 0))
        else:
            games = exp.games
        described = exp.describe()
        described["games"] = games
        con.execute("BEGIN")
        con.execute("DELETE FROM meta")
        con.executemany("INSERT INTO meta VALUES (?, ?)", [
            ("schema", SCHEMA_VERSION),
            ("identity", json.dumps(exp.identity(), sort_keys=True)),
            ("experiment", json.dumps(described, sort_keys=True)),
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
        """The runs of missing games of a cell, as [start, stop) ranges (a few rows, not
        one per game: memory stays flat)."""
        rows = self.con.execute("""
            WITH have AS (
                SELECT game FROM games WHERE variant = ? AND lineup = ? AND game < ?
            ), missing AS (
                SELECT r.range AS game FROM range(0, ?) r
                ANTI JOIN have h ON h.game = r.range
            ), runs AS (
                SELECT game, game - row_number() OVER (ORDER BY game) AS run FROM missing
            )
            SELECT min(game), max(game) + 1 FROM runs GROUP BY run ORDER BY 1
        """, [*cell.key, games, games]).fetchall()
        return [(int(a), int(b)) for a, b in rows]

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

    def write_status(self, exp: Experiment, running: bool) -> None:
        """``status.json`` beside the store: how far a run is, for another shell to read
        (DuckDB lets one process at a time open the file)."""
        status = {"title": exp.title, "games": exp.total_games, "stored": self.stored(exp),
                  "running": running, "updated": time.time()}
        target = self.path.parent / STATUS_FILE
        tmp = target.with_suffix(".tmp")
        tmp.write_text(json.dumps(status) + "\n", encoding="utf-8")
        os.replace(tmp, target)


def _difference(old: dict[str, Any], new: dict[str, Any]) -> str:
    for key in ("seed", "landing", "variants", "lineups"):
        if old.get(key) != new.get(key):
            return f"its {key} differ" if key.endswith("s") else f"its {key} differs"
    return "it differs"
