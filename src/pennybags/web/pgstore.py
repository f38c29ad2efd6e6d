"""The rooms kept in PostgreSQL (``pennybags serve --db postgresql://...``), with psycopg 3.

The same three tables as the SQLite store (and its ``meta`` table with the schema's
version), one transaction per method. Several server processes may use one database: the
key (room, index) of ``actions`` lets only one of two writers store an index, and every
change to a room is announced with ``NOTIFY`` on the channel :data:`CHANNEL` (its payload
the room's code) when its transaction commits, so that the other processes tell their
connections.

Queries go through a pool of connections (psycopg_pool, :data:`POOL_SIZE` at most, so
that the server's worker threads need not wait for each other's queries); a connection is
checked when it is taken from the pool, so one the server lost (PostgreSQL restarted) is
replaced rather than used. Listening has a connection of its own.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

try:
    import psycopg
    from psycopg import errors
    from psycopg_pool import ConnectionPool, PoolTimeout
except ImportError as e:  # pragma: no cover - depends on what is installed
    from pennybags.web.store import StoreError

    raise StoreError(f"PostgreSQL needs psycopg ({e.name} is missing): pip install "
                     "'pennybags[web]'") from None

from pennybags.web.store import (
    MIGRATIONS,
    ROOM_STATES,
    SCHEMA_VERSION,
    ActionRow,
    IndexTaken,
    RoomRow,
    SeatRow,
    Store,
    StoreError,
    Touches,
    sweep_parameters,
    sweep_query,
    token_digest,
)

CHANNEL = "pennybags_rooms"
"""The ``NOTIFY`` channel on which a changed room's code is announced."""
SCHEMA_LOCK = 0x70656E6E79
"""The advisory lock held while the tables are made (two servers starting at once)."""
CONNECT_TIMEOUT = 10
POOL_SIZE = 8
"""The most connections one server process holds for its queries (besides listening)."""

_TABLES = [
    """CREATE TABLE IF NOT EXISTS meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        edition TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        state TEXT NOT NULL,
        host_token TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        touched DOUBLE PRECISION)""",
    """CREATE TABLE IF NOT EXISTS seats (
        room TEXT NOT NULL REFERENCES rooms(code),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        bot TEXT,
        token TEXT UNIQUE,
        PRIMARY KEY (room, seat))""",
    """CREATE TABLE IF NOT EXISTS actions (
        room TEXT NOT NULL REFERENCES rooms(code),
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (room, idx))""",
]

T = TypeVar("T")


def _where(url: str) -> str:
    """The URL without its password, to name the database in a message."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "the given PostgreSQL URL"
    host = info.get("host") or "localhost"
    port = info.get("port") or "5432"
    return f"PostgreSQL database {info.get('dbname') or '(default)'} at {host}:{port}"


class PostgresStore(Store):
    """The store in a PostgreSQL database, given by its URL
    (``postgresql://user:password@host:port/dbname``)."""

    def __init__(self, url: str, pool_size: int = POOL_SIZE) -> None:
        self.url = url
        self.where = _where(url)
        self.instance = uuid.uuid4().hex[:12]
        """Signs this store's announcements (``NOTIFY`` payload: the room's code, a space,
        this), so that it does not hear its own changes as others'."""
        self._pool: ConnectionPool[Any] | None = None
        self._listener: psycopg.Connection[Any] | None = None
        self._listen_lock = threading.Lock()
        self._touched = Touches()
        try:
            # one connection first, for the reason it fails (a pool only times out)
            first = psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT,
                                    application_name="pennybags serve")
        except psycopg.Error as e:
            raise StoreError(f"cannot reach the {self.where}: {_reason(e)}") from None
        try:
            with first as db, db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                for statement in _TABLES:
                    db.execute(statement)
                row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                if row is None:
                    db.execute("INSERT INTO meta VALUES ('schema', %s)", (str(SCHEMA_VERSION),))
                elif row[0] in MIGRATIONS:
                    for statement in MIGRATIONS[row[0]]:
                        db.execute(statement.format(now=float(time.time())))
                    db.execute("UPDATE meta SET value = %s WHERE key = 'schema'",
                               (str(SCHEMA_VERSION),))
                elif row[0] != str(SCHEMA_VERSION):
                    raise StoreError(f"{self.where} holds rooms of schema {row[0]}; this "
                                     f"pennybags uses schema {SCHEMA_VERSION}")
                db.execute("CREATE INDEX IF NOT EXISTS rooms_touched ON rooms (touched)")
        except psycopg.Error as e:
            raise StoreError(f"cannot use the {self.where}: {_reason(e)}") from None
        self._pool = ConnectionPool(
            url, min_size=1, max_size=max(1, pool_size), timeout=CONNECT_TIMEOUT,
            kwargs={"connect_timeout": CONNECT_TIMEOUT,
                    "application_name": "pennybags serve"},
            check=ConnectionPool.check_connection, name="pennybags", open=True)

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[Any]]:
        """A transaction on a connection of the pool (given back at the end)."""
        if self._pool is None or self._pool.closed:
            raise StoreError(f"the {self.where} is closed")
        try:
            with self._pool.connection() as db, db.transaction():
                yield db
        except PoolTimeout:
            raise StoreError(f"cannot reach the {self.where} (no connection within "
                             f"{CONNECT_TIMEOUT} seconds)") from None
        except psycopg.OperationalError as e:
            raise StoreError(f"lost the {self.where}: {_reason(e)}") from None

    def _read(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        try:
            with self._transaction() as db:
                return work(db)
        except psycopg.Error as e:
            raise StoreError(f"the {self.where} refused a query: {_reason(e)}") from None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
        with self._listen_lock:
            if self._listener is not None:
                self._listener.close()

    def _notify(self, db: psycopg.Connection[Any], code: str) -> None:
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{code} {self.instance}"))

    def _touch(self, db: psycopg.Connection[Any], code: str, always: bool = True) -> None:
        """Write that the room was touched now (unless ``always`` is False and this store
        wrote it less than :data:`TOUCH_EVERY` seconds ago)."""
        now = self._touched.due(code, always)
        if now is not None:
            db.execute("UPDATE rooms SET touched = %s WHERE code = %s", (now, code))
            self._touched.written(code, now)

    def sweep(self, finished_before: float | None, idle_before: float | None,
              limit: int = 100) -> list[str]:
        if finished_before is None and idle_before is None:
            return []

        def work(db: psycopg.Connection[Any]) -> list[str]:
            codes = [r[0] for r in db.execute(
                sweep_query("%s", finished_before is not None, idle_before is not None),
                sweep_parameters(finished_before, idle_before, limit)).fetchall()]
            if codes:
                db.execute("DELETE FROM actions WHERE room = ANY(%s)", (codes,))
                db.execute("DELETE FROM seats WHERE room = ANY(%s)", (codes,))
                db.execute("DELETE FROM rooms WHERE code = ANY(%s)", (codes,))
                for code in codes:
                    self._touched.forget(code)
                    self._notify(db, code)
            return codes
        return self._read(work)

    def create_room(self, room: RoomRow, host_token: str) -> None:
        try:
            with self._transaction() as db:
                created = room.created or time.time()
                db.execute("INSERT INTO rooms (code, edition, options, seed, state, "
                           "host_token, created, touched) VALUES (%s, %s, %s, %s, %s, %s, "
                           "%s, %s)",
                           (room.code, room.edition, json.dumps(room.options), room.seed,
                            room.state, token_digest(host_token), created, created))
                for s in room.seats:
                    db.execute("INSERT INTO seats VALUES (%s, %s, %s, %s, NULL)",
                               (room.code, s.seat, s.name, s.bot))
                self._notify(db, room.code)
        except errors.UniqueViolation:
            raise StoreError(f"a room with code {room.code} exists already") from None
        except psycopg.Error as e:
            raise StoreError(f"the {self.where} refused a new room: {_reason(e)}") from None

    def room(self, code: str) -> RoomRow | None:
        def work(db: psycopg.Connection[Any]) -> RoomRow | None:
            row = db.execute("SELECT code, edition, options, seed, state, created FROM rooms "
                             "WHERE code = %s", (code,)).fetchone()
            if row is None:
                return None
            seats = db.execute("SELECT seat, name, bot, token IS NOT NULL FROM seats "
                               "WHERE room = %s ORDER BY seat", (code,)).fetchall()
            return RoomRow(code=row[0], edition=row[1], options=json.loads(row[2]),
                           seed=int(row[3]), state=row[4], created=float(row[5]),
                           seats=[SeatRow(seat=s[0], name=s[1], bot=s[2], taken=bool(s[3]))
                                  for s in seats])
        return self._read(work)

    def is_host(self, code: str, token: str) -> bool:
        row = self._read(lambda db: db.execute(
            "SELECT host_token FROM rooms WHERE code = %s", (code,)).fetchone())
        return row is not None and row[0] == token_digest(token)

    def take_seat(self, code: str, seat: int, name: str, token: str) -> bool:
        def work(db: psycopg.Connection[Any]) -> bool:
            cursor = db.execute(
                "UPDATE seats SET token = %s, name = %s WHERE room = %s AND seat = %s "
                "AND token IS NULL AND bot IS NULL", (token_digest(token), name, code, seat))
            if cursor.rowcount == 1:
                self._touch(db, code)
                self._notify(db, code)
            return cursor.rowcount == 1
        return self._read(work)

    def set_bot(self, code: str, seat: int, bot: str | None, name: str | None = None) -> None:
        def work(db: psycopg.Connection[Any]) -> None:
            if name is None:
                db.execute("UPDATE seats SET bot = %s WHERE room = %s AND seat = %s",
                           (bot, code, seat))
            else:
                db.execute("UPDATE seats SET bot = %s, name = %s WHERE room = %s AND "
                           "seat = %s", (bot, name, code, seat))
            self._touch(db, code)
            self._notify(db, code)
        self._read(work)

    def seat_of_token(self, code: str, token: str) -> int | None:
        row = self._read(lambda db: db.execute(
            "SELECT seat FROM seats WHERE room = %s AND token = %s",
            (code, token_digest(token))).fetchone())
        return None if row is None else int(row[0])

    def set_state(self, code: str, state: str) -> None:
        if state not in ROOM_STATES:
            raise ValueError(f"a room is {', '.join(ROOM_STATES)}, not {state!r}")

        def work(db: psycopg.Connection[Any]) -> None:
            db.execute("UPDATE rooms SET state = %s WHERE code = %s", (state, code))
            self._touch(db, code)
            self._notify(db, code)
        self._read(work)

    def append_action(self, code: str, index: int, seat: int,
                      action: Mapping[str, Any]) -> None:
        text = json.dumps(dict(action), separators=(",", ":"))
        try:
            with self._transaction() as db:
                count = db.execute("SELECT COALESCE(MAX(idx) + 1, 0) FROM actions "
                                   "WHERE room = %s", (code,)).fetchone()
                if count is None or count[0] != index:
                    raise IndexTaken(f"the room has {count and count[0]} actions, not {index}")
                db.execute("INSERT INTO actions VALUES (%s, %s, %s, %s)",
                           (code, index, seat, text))
                self._touch(db, code, always=False)
                self._notify(db, code)
        except errors.UniqueViolation:
            raise IndexTaken(f"action {index} of room {code} is stored already") from None
        except psycopg.Error as e:
            raise StoreError(f"the {self.where} refused an action: {_reason(e)}") from None

    def actions(self, code: str, start: int = 0) -> list[ActionRow]:
        rows = self._read(lambda db: db.execute(
            "SELECT idx, seat, action FROM actions WHERE room = %s AND idx >= %s "
            "ORDER BY idx", (code, start)).fetchall())
        return [ActionRow(index=r[0], seat=r[1], action=json.loads(r[2])) for r in rows]

    def action_count(self, code: str) -> int:
        row = self._read(lambda db: db.execute(
            "SELECT COALESCE(MAX(idx) + 1, 0) FROM actions WHERE room = %s",
            (code,)).fetchone())
        return 0 if row is None else int(row[0])

    def room_codes(self, state: str | None = None) -> list[str]:
        if state is None:
            rows = self._read(lambda db: db.execute(
                "SELECT code FROM rooms ORDER BY created, code").fetchall())
        else:
            rows = self._read(lambda db: db.execute(
                "SELECT code FROM rooms WHERE state = %s ORDER BY created, code",
                (state,)).fetchall())
        return [r[0] for r in rows]

    def wait_for_changes(self, timeout: float) -> set[str] | None:
        """The rooms other stores (other server processes) changed in the next
        ``timeout`` seconds, as told by ``NOTIFY`` (this store's own announcements are
        left out); None when the database cannot be listened to just now (the caller looks
        for itself)."""
        with self._listen_lock:
            try:
                if self._listener is None or self._listener.closed or self._listener.broken:
                    self._listener = psycopg.connect(
                        self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                        application_name="pennybags serve (listening)")
                    self._listener.execute(f"LISTEN {CHANNEL}")
                listener = self._listener
                codes: set[str] = set()
                deadline = time.monotonic() + timeout
                while not codes and (left := deadline - time.monotonic()) > 0:
                    for n in listener.notifies(timeout=left, stop_after=1):
                        codes.update(self._others(n.payload))
                if codes:  # more may have come with it: take those without waiting
                    for n in listener.notifies(timeout=0.01):
                        codes.update(self._others(n.payload))
                return codes
            except psycopg.Error:
                if self._listener is not None:
                    self._listener.close()
                time.sleep(timeout)
                return None

    def _others(self, payload: str) -> set[str]:
        """The room an announcement names, unless this store made it."""
        code, _, instance = payload.partition(" ")
        return set() if instance == self.instance else {code}


def _reason(e: psycopg.Error) -> str:
    """The first line of psycopg's message (the rest repeats the query)."""
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__


__all__ = ["CHANNEL", "PostgresStore"]
