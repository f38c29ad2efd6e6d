"""Where the server keeps its rooms: the rooms, their seats and each room's accepted actions.

A room's game is never stored as state: it is rebuilt from the room's edition, options and
seed, its seats' names and the ordered list of accepted actions (history is the truth).
Each action is stored under the key (room, index), unique, so an action is written once or
not at all: a second writer of the same index (a retry, another server process on the
same database) is refused by the database and learns that the game moved on.

:class:`Store` is the interface the room service uses; :class:`SQLiteStore` implements it
with the standard library's ``sqlite3`` (one file, the default of ``pennybags serve``).
:class:`~pennybags.web.pgstore.PostgresStore` implements it on PostgreSQL with the same
three tables (there several server processes can share one database).

Seat tokens are stored as their SHA-256 digests: the database alone does not let anyone
take a seat.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 2
"""The version of the tables below; a database of another version is refused (but for
version 1, which is brought up to date: :data:`MIGRATIONS`)."""
MIGRATIONS = {
    "1": ["ALTER TABLE rooms ADD COLUMN touched DOUBLE PRECISION",
          "UPDATE rooms SET touched = {now}"],
}
"""What brings the tables of an older version up to :data:`SCHEMA_VERSION` (``{now}``:
the time of the upgrade). Version 1 had no ``touched``: its rooms count as touched when the
server that upgraded them started."""
TOUCH_EVERY = 60.0
"""Seconds within which a room's ``touched`` is not written again by one store (a room's
age is counted in days)."""
CHECKPOINT_EVERY = 0.25
"""Seconds between two copies of a SQLite store's write-ahead log into its file (made by
a thread of the store's own; a few hundred actions at most in between)."""


class Touches:
    """When one store last wrote each room's ``touched`` (both stores keep one), so that an
    action does not write it again within :data:`TOUCH_EVERY` seconds."""

    def __init__(self) -> None:
        self._at: dict[str, float] = {}

    def due(self, code: str, always: bool) -> float | None:
        """The time to write as ``code``'s ``touched`` now, or None when this store wrote
        it less than :data:`TOUCH_EVERY` seconds ago and ``always`` is False."""
        now = time.time()
        if not always and now - self._at.get(code, 0.0) < TOUCH_EVERY:
            return None
        return now

    def written(self, code: str, at: float) -> None:
        if len(self._at) > 10_000:
            self._at.clear()
        self._at[code] = at

    def forget(self, code: str) -> None:
        self._at.pop(code, None)

LOBBY = "lobby"
PLAYING = "playing"
PAUSED = "paused"
OVER = "over"
ROOM_STATES = (LOBBY, PLAYING, PAUSED, OVER)


class StoreError(Exception):
    """The database cannot be opened or used; the message says why."""


class IndexTaken(StoreError):
    """An action was stored under an index another writer stored first."""


def token_digest(token: str) -> str:
    """What is stored of a token (its SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class SeatRow:
    """One seat of a room: a person's seat (taken by whoever holds its token) or a bot's."""

    seat: int
    name: str
    """The player's name ("" for a person's seat nobody has taken yet)."""
    bot: str | None = None
    """The bot's spec (``standard``, ``standard?reserve=300``) when a bot plays it."""
    taken: bool = False
    """Whether a person holds this seat's token."""

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


@dataclass
class RoomRow:
    """A room as stored."""

    code: str
    edition: str
    options: dict[str, Any]
    seed: int
    state: str
    seats: list[SeatRow] = field(default_factory=list)
    created: float = 0.0


@dataclass(frozen=True)
class ActionRow:
    """An accepted action: its index in the room's game, the seat that answered, the
    action's JSON (``engine.notation``)."""

    index: int
    seat: int
    action: dict[str, Any]


DAY = 86_400.0


@dataclass(frozen=True)
class Retention:
    """How long the server keeps what it stores (days; 0: forever)."""

    keep_finished_days: float = 30.0
    """A finished game is deleted this long after its last action."""
    keep_idle_days: float = 90.0
    """A room not finished (in the lobby, in play, paused) is deleted when nobody has
    touched it (acted, joined, started, paused, handed a seat over) for this long; a
    banking unit when nobody has operated it for this long."""

    def __post_init__(self) -> None:
        for name in ("keep_finished_days", "keep_idle_days"):
            value = getattr(self, name)
            if not 0 <= value <= 36_500:
                raise ValueError(f"{name.replace('_', '-')} is from 0 (forever) to 36500 "
                                 f"days, not {value}")

    def cutoffs(self, now: float) -> tuple[float | None, float | None]:
        """What was last touched before these times goes (finished games, idle rooms and
        units; None: kept forever)."""
        return (now - self.keep_finished_days * DAY if self.keep_finished_days else None,
                now - self.keep_idle_days * DAY if self.keep_idle_days else None)


KEEP_FOREVER = Retention(keep_finished_days=0, keep_idle_days=0)


class Store(ABC):
    """The rooms, seats and accepted actions. Every method is one transaction."""

    quick: bool = False
    """Whether its calls return at once (a local file, no network): the server then makes
    them on its event loop instead of handing each to a worker thread."""

    def version(self) -> int | None:
        """A number that changes whenever another connection to the database (another
        server process) has changed it, and only then; None when the database cannot tell
        (whoever caches what is stored must look again every time)."""
        return None

    @abstractmethod
    def create_room(self, room: RoomRow, host_token: str) -> None:
        """Store a new room and its seats (``room.code`` must be new: StoreError if not)."""

    @abstractmethod
    def room(self, code: str) -> RoomRow | None:
        """The room with this code, with its seats (None if there is none)."""

    @abstractmethod
    def is_host(self, code: str, token: str) -> bool:
        """Whether ``token`` is the room's host token."""

    @abstractmethod
    def take_seat(self, code: str, seat: int, name: str, token: str) -> bool:
        """Give a free person's seat to whoever holds ``token``, under ``name``; False when
        the seat is not free (taken meanwhile, or a bot's)."""

    @abstractmethod
    def set_bot(self, code: str, seat: int, bot: str | None, name: str | None = None) -> None:
        """Make a seat a bot's (``bot`` its spec) or a person's again (None); a name given
        replaces the seat's."""

    @abstractmethod
    def seat_of_token(self, code: str, token: str) -> int | None:
        """The seat ``token`` holds in the room (None: no seat)."""

    @abstractmethod
    def set_state(self, code: str, state: str) -> None:
        """Change the room's state (one of :data:`ROOM_STATES`)."""

    @abstractmethod
    def append_action(self, code: str, index: int, seat: int,
                      action: Mapping[str, Any]) -> None:
        """Store an accepted action as number ``index`` (0-based) of the room's game. Raises
        :class:`IndexTaken`, storing nothing, if that index is stored already or the one
        before it is missing."""

    @abstractmethod
    def actions(self, code: str, start: int = 0) -> list[ActionRow]:
        """The room's stored actions from index ``start`` on, in order."""

    @abstractmethod
    def action_count(self, code: str) -> int:
        """How many actions the room has stored."""

    @abstractmethod
    def room_codes(self, state: str | None = None) -> list[str]:
        """Every room's code (only those in ``state``, one of :data:`ROOM_STATES`, when it
        is given), oldest first."""

    def wait_for_changes(self, timeout: float) -> set[str] | None:
        """Wait up to ``timeout`` seconds for other processes to change rooms: the codes
        of the rooms they changed (empty: none in that time), or None when this database
        cannot tell (the caller looks for itself: compare :meth:`signature`)."""
        time.sleep(timeout)
        return None

    def signature(self, code: str) -> tuple[Any, ...] | None:
        """What a room's connections are shown depends on: its state, its seats (names,
        bots, taken) and how many actions it has; None when there is no such room."""
        row = self.room(code)
        if row is None:
            return None
        return (row.state, tuple((s.name, s.bot, s.taken) for s in row.seats),
                self.action_count(code))

    @abstractmethod
    def sweep(self, finished_before: float | None, idle_before: float | None,
              limit: int = 100) -> list[str]:
        """Delete at most ``limit`` rooms (with their seats and actions) in one transaction:
        finished games last touched before ``finished_before``, and rooms not finished
        that nobody has touched (acted in, joined, started, paused, handed to a bot) since
        ``idle_before`` (seconds since the epoch; None: keep those forever). Returns the
        codes deleted (fewer than ``limit``: nothing more to delete)."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the database."""


def sweep_query(placeholder: str, finished: bool, idle: bool) -> str:
    """The query of the codes :meth:`Store.sweep` deletes (its parameters: the state of a
    finished game, the finished cut-off, the idle cut-off and the limit, those that apply
    in that order)."""
    p = placeholder
    parts = []
    if finished:
        parts.append(f"(state = {p} AND touched < {p})")
    if idle:
        parts.append(f"(state <> {p} AND touched < {p})")
    return (f"SELECT code FROM rooms WHERE {' OR '.join(parts)} ORDER BY touched "
            f"LIMIT {p}")


def sweep_parameters(finished_before: float | None, idle_before: float | None,
                     limit: int) -> list[Any]:
    values: list[Any] = []
    if finished_before is not None:
        values += [OVER, finished_before]
    if idle_before is not None:
        values += [OVER, idle_before]
    return [*values, limit]


_TABLES = """
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    edition TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    state TEXT NOT NULL,
    host_token TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(code),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token TEXT UNIQUE,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(code),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (room, idx)
);
"""


class SQLiteStore(Store):
    """The store in one SQLite file (``":memory:"`` for a database that lives as long as
    the store). Written in WAL mode: a server killed at any moment leaves every committed
    action in the file (``synchronous=NORMAL`` guards against a killed process, not
    against the machine losing power mid-write)."""

    quick = True

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._watched: int | None = None
        self._touched = Touches()
        self._closing = threading.Event()
        self._checkpointer: threading.Thread | None = None
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False,
                                       isolation_level=None, timeout=10.0)
            self._db.execute("PRAGMA foreign_keys = ON")
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode = WAL")
                self._db.execute("PRAGMA synchronous = NORMAL")
                # (the write-ahead log is copied into the file by a thread of its own,
                # which waits for the disk there rather than in a commit on the event loop)
                self._db.execute("PRAGMA wal_autocheckpoint = 0")
                self._checkpointer = threading.Thread(
                    target=self._checkpoints, name="pennybags-sqlite-checkpoint",
                    daemon=True)
            with self._transaction() as db:
                for statement in _TABLES.split(";"):
                    if statement.strip():
                        db.execute(statement)
                row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                if row is None:
                    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                elif row[0] in MIGRATIONS:
                    for statement in MIGRATIONS[row[0]]:
                        db.execute(statement.format(now=float(time.time())))
                    db.execute("UPDATE meta SET value = ? WHERE key = 'schema'",
                               (str(SCHEMA_VERSION),))
                elif row[0] != str(SCHEMA_VERSION):
                    raise StoreError(f"{self.path} holds rooms of schema {row[0]}; this "
                                     f"pennybags uses schema {SCHEMA_VERSION}")
                db.execute("CREATE INDEX IF NOT EXISTS rooms_touched ON rooms (touched)")
        except sqlite3.Error as e:
            raise StoreError(f"cannot use the database {self.path}: {e}") from None
        if self._checkpointer is not None:
            self._checkpointer.start()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _checkpoints(self) -> None:
        """Copy the write-ahead log into the database file every :data:`CHECKPOINT_EVERY`
        seconds (a passive checkpoint: it waits for no reader or writer), on a connection
        of its own, until the store is closed. Should it fail to connect, the store's own
        connection checkpoints as SQLite does by default."""
        try:
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                                 timeout=10.0)
        except sqlite3.Error:
            with self._lock, contextlib.suppress(sqlite3.Error):
                self._db.execute("PRAGMA wal_autocheckpoint = 1000")
            return
        with contextlib.closing(db):
            while not self._closing.wait(CHECKPOINT_EVERY):
                with contextlib.suppress(sqlite3.Error):
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def close(self) -> None:
        self._closing.set()
        if self._checkpointer is not None and self._checkpointer.is_alive():
            self._checkpointer.join()
        with self._lock:
            self._db.close()

    def _touch(self, db: sqlite3.Connection, code: str, always: bool = True) -> None:
        """Write that the room was touched now (unless ``always`` is False and this store
        wrote it less than :data:`TOUCH_EVERY` seconds ago)."""
        now = self._touched.due(code, always)
        if now is not None:
            db.execute("UPDATE rooms SET touched = ? WHERE code = ?", (now, code))
            self._touched.written(code, now)

    def sweep(self, finished_before: float | None, idle_before: float | None,
              limit: int = 100) -> list[str]:
        if finished_before is None and idle_before is None:
            return []
        with self._transaction() as db:
            codes = [r[0] for r in db.execute(
                sweep_query("?", finished_before is not None, idle_before is not None),
                sweep_parameters(finished_before, idle_before, limit)).fetchall()]
            for code in codes:
                for table, key in (("actions", "room"), ("seats", "room"), ("rooms", "code")):
                    db.execute(f"DELETE FROM {table} WHERE {key} = ?", (code,))
                self._touched.forget(code)
        return codes

    def version(self) -> int:
        """SQLite's ``data_version``: it changes when another connection commits (never
        for this store's own writes)."""
        with self._lock:
            return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    def wait_for_changes(self, timeout: float) -> set[str] | None:
        """SQLite announces nothing: after ``timeout`` seconds, an empty set when no other
        connection has written since the last call (:meth:`version`), else None (the
        caller looks at its rooms' signatures)."""
        time.sleep(timeout)
        version = self.version()
        if version == self._watched:
            return set()
        self._watched = version
        return None

    def create_room(self, room: RoomRow, host_token: str) -> None:
        try:
            with self._transaction() as db:
                created = room.created or time.time()
                db.execute("INSERT INTO rooms (code, edition, options, seed, state, "
                           "host_token, created, touched) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           (room.code, room.edition, json.dumps(room.options), room.seed,
                            room.state, token_digest(host_token), created, created))
                for s in room.seats:
                    db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, NULL)",
                               (room.code, s.seat, s.name, s.bot))
        except sqlite3.IntegrityError:
            raise StoreError(f"a room with code {room.code} exists already") from None

    def room(self, code: str) -> RoomRow | None:
        with self._lock:
            row = self._db.execute(
                "SELECT code, edition, options, seed, state, created FROM rooms "
                "WHERE code = ?", (code,)).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT seat, name, bot, token IS NOT NULL FROM seats WHERE room = ? "
                "ORDER BY seat", (code,)).fetchall()
        return RoomRow(code=row[0], edition=row[1], options=json.loads(row[2]), seed=row[3],
                       state=row[4], created=row[5],
                       seats=[SeatRow(seat=s[0], name=s[1], bot=s[2], taken=bool(s[3]))
                              for s in seats])

    def is_host(self, code: str, token: str) -> bool:
        with self._lock:
            row = self._db.execute("SELECT host_token FROM rooms WHERE code = ?",
                                   (code,)).fetchone()
        return row is not None and row[0] == token_digest(token)

    def take_seat(self, code: str, seat: int, name: str, token: str) -> bool:
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE seats SET token = ?, name = ? WHERE room = ? AND seat = ? "
                "AND token IS NULL AND bot IS NULL", (token_digest(token), name, code, seat))
            if cursor.rowcount == 1:
                self._touch(db, code)
            return cursor.rowcount == 1

    def set_bot(self, code: str, seat: int, bot: str | None, name: str | None = None) -> None:
        with self._transaction() as db:
            if name is None:
                db.execute("UPDATE seats SET bot = ? WHERE room = ? AND seat = ?",
                           (bot, code, seat))
            else:
                db.execute("UPDATE seats SET bot = ?, name = ? WHERE room = ? AND seat = ?",
                           (bot, name, code, seat))
            self._touch(db, code)

    def seat_of_token(self, code: str, token: str) -> int | None:
        with self._lock:
            row = self._db.execute("SELECT seat FROM seats WHERE room = ? AND token = ?",
                                   (code, token_digest(token))).fetchone()
        return None if row is None else int(row[0])

    def set_state(self, code: str, state: str) -> None:
        if state not in ROOM_STATES:
            raise ValueError(f"a room is {', '.join(ROOM_STATES)}, not {state!r}")
        with self._transaction() as db:
            db.execute("UPDATE rooms SET state = ? WHERE code = ?", (state, code))
            self._touch(db, code)

    def append_action(self, code: str, index: int, seat: int,
                      action: Mapping[str, Any]) -> None:
        text = json.dumps(dict(action), separators=(",", ":"))
        try:
            with self._lock:
                db = self._db
                if self._touched.due(code, False) is None:
                    # (one statement, a transaction of its own that takes the write lock
                    # before it reads: stored only as the next index)
                    stored = db.execute(_APPEND, (code, index, seat, text, index,
                                                  code)).rowcount
                else:
                    db.execute("BEGIN IMMEDIATE")
                    try:
                        stored = db.execute(_APPEND, (code, index, seat, text, index,
                                                      code)).rowcount
                        if stored:
                            self._touch(db, code)
                    except BaseException:
                        db.execute("ROLLBACK")
                        raise
                    db.execute("COMMIT")
        except sqlite3.IntegrityError:
            raise IndexTaken(f"action {index} of room {code} is stored already") from None
        if not stored:
            raise IndexTaken(f"the room has {self.action_count(code)} actions, not {index}")

    def actions(self, code: str, start: int = 0) -> list[ActionRow]:
        with self._lock:
            rows = self._db.execute(
                "SELECT idx, seat, action FROM actions WHERE room = ? AND idx >= ? "
                "ORDER BY idx", (code, start)).fetchall()
        return [ActionRow(index=r[0], seat=r[1], action=json.loads(r[2])) for r in rows]

    def action_count(self, code: str) -> int:
        with self._lock:
            row = self._db.execute("SELECT COALESCE(MAX(idx) + 1, 0) FROM actions "
                                   "WHERE room = ?", (code,)).fetchone()
        return int(row[0])

    def room_codes(self, state: str | None = None) -> list[str]:
        with self._lock:
            if state is None:
                rows = self._db.execute("SELECT code FROM rooms ORDER BY created, code")
            else:
                rows = self._db.execute("SELECT code FROM rooms WHERE state = ? "
                                        "ORDER BY created, code", (state,))
            return [r[0] for r in rows.fetchall()]


_APPEND = ("INSERT INTO actions SELECT ?, ?, ?, ? WHERE ? = "
           "(SELECT COALESCE(MAX(idx) + 1, 0) FROM actions WHERE room = ?)")
"""An action stored only when its index is the room's next (SQLite)."""


def seat_rows(entries: Sequence[Mapping[str, Any]]) -> list[SeatRow]:
    """Seats from their JSON (``{"name": ..., "bot": ...}``), numbered in order."""
    return [SeatRow(seat=i, name=str(e.get("name") or ""), bot=e.get("bot"))
            for i, e in enumerate(entries)]


__all__ = [
    "DAY",
    "KEEP_FOREVER",
    "LOBBY",
    "MIGRATIONS",
    "OVER",
    "PAUSED",
    "PLAYING",
    "ROOM_STATES",
    "TOUCH_EVERY",
    "ActionRow",
    "IndexTaken",
    "Retention",
    "RoomRow",
    "SQLiteStore",
    "SeatRow",
    "Store",
    "StoreError",
    "seat_rows",
    "token_digest",
]
