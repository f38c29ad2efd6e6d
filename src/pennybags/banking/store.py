"""A banking unit's memory: SQLite, written after every operation; one session at a time.

Why SQLite (from the standard library) rather than a journaled JSON file: each operation
writes a money movement *and* the unit's own state (the card in the slot, the entry, a
transfer waiting for its payee), and SQLite commits both atomically with its own journal;
with ``synchronous=FULL`` a commit is on disk before the call returns, so a power cut loses
at most the key being pressed, never half of a transfer. The history view is a query, and
nothing has to rewrite a growing file after every key.

Tables: ``meta`` (key/value: schema version, unit kind, starting balance, GO amount, number
of cards, the current era), ``unit`` (one row: the unit's state as JSON) and
``transactions`` (every money movement: era, time, payer, payee, amount, reason; payer and
payee are card numbers, or -1 for the bank). A reset starts a new era; balances are the
sum of the current era's transactions, so they are rebuilt, not trusted from a cache.

What keeps the file trustworthy:

* **One session at a time.** A session holds an exclusive lock (:class:`StateLock`, on
  ``FILE.lock`` beside the state) from opening to closing; a second session is refused
  with a message naming the file. The lock goes with the process, however it ends.
* **A missing file is a new unit; anything else must be a unit's state.** A new file is
  made whole (tables, meta, the starting money, the unit's state) under a temporary name
  and linked into place, so a crash never leaves half a unit. An existing file that is
  empty, another program's database, or damaged (a table missing, a value of the wrong
  type or out of range, a transaction the unit cannot have made, a card below zero) is
  refused with the file and what is wrong, and left as it is.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import json
import math
import os
import sqlite3
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pennybags.editions import get_edition
from pennybags.editions.electronic_banking.unit import MAX_KEYED, ElectronicBankingUnit
from pennybags.engine.ledger import BANK, Ledger

SCHEMA_VERSION = 1

_TABLES: dict[str, tuple[str, ...]] = {
    "meta": ("key", "value"),
    "unit": ("id", "state"),
    "transactions": ("id", "era", "at", "payer", "payee", "amount", "reason"),
}

_SCHEMA = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE unit (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL)",
    """CREATE TABLE transactions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    era INTEGER NOT NULL,
    at TEXT NOT NULL,
    payer INTEGER NOT NULL,
    payee INTEGER NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0),
    reason TEXT NOT NULL
)""",
)

META_KEYS = ("cards", "era", "go", "kind", "schema", "start")
MAX_CARDS = 9
"""Cards are inserted with ``i`` and one digit."""


class StoreError(Exception):
    """The state file cannot be used (in use by another session, not a unit's state,
    damaged, another kind of unit...)."""


def one_line(error: BaseException | str) -> str:
    """An error's message on one line (SQLite's may span several)."""
    return " ".join(str(error).split())


class _Damaged(ValueError):
    """What is wrong with a state file (the store adds the file's name)."""


@dataclass(frozen=True)
class Entry:
    """One transaction of the history: payer and payee are card numbers or -1 (bank)."""

    number: int
    at: str
    payer: int
    payee: int
    amount: int
    reason: str


# ====================================================================== shared by the stores


class StateLock:
    """One session per state file: an exclusive lock on ``FILE.lock`` beside the state,
    taken when a session opens the file and held until it closes it (or its process ends,
    however it ends). A second session is refused with :class:`StoreError`."""

    def __init__(self, path: Path) -> None:
        self.state = path
        self.path = path.with_name(path.name + ".lock")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as e:
            raise StoreError(f"cannot lock {path} for this session: "
                             f"{e.strerror or e}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            os.close(fd)
            if isinstance(e, BlockingIOError):
                raise StoreError(f"{path} is in use by another session of the unit; close "
                                 "that one first (one session at a time)") from None
            raise StoreError(f"cannot lock {path} for this session: "
                             f"{e.strerror or e}") from None
        self.fd = fd

    def release(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


@functools.cache
def file_mode() -> int:
    """The permissions of a new file as ``open`` would make it (0o666 less the umask):
    temporary files are made private, the state file they become is not."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a unit keeps")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


def read_json(text: str) -> Any:
    """JSON as a unit's state may hold it: no NaN or Infinity, no number too large to
    read, no nesting deeper than Python can follow (ValueError for each)."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError("it is nested too deeply") from None


def sync_folder(folder: Path) -> None:
    """Make a rename or a new name in ``folder`` reach the disk (a power cut could undo
    it otherwise)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def unit_model(kind: str) -> type[ElectronicBankingUnit]:
    """The unit model of the edition ``kind``, found through the edition registry."""
    model = get_edition(kind).unit
    if not (isinstance(model, type) and issubclass(model, ElectronicBankingUnit)):
        raise StoreError(f"the edition '{kind}' has no Electronic Banking unit")
    return model


def replay(rows: Iterable[Sequence[Any]], *, cards: int, era: int, start: int,
           go: int) -> Ledger:
    """The ledger of an Electronic Banking unit's current era, from its transactions as
    rows ``(number, era, at, payer, payee, amount, reason)`` (payer and payee are card
    numbers, or -1 for the bank), each checked to be one the unit could have made and none
    taking a card below zero. ValueError saying which row is wrong and how (the terminal's
    state file and the web's unit rows are read with it)."""
    ledger = Ledger(cards)
    starting = 0
    for number, row_era, at, payer, payee, amount, reason in rows:
        what = f"transaction {number}"
        for name, value in (("era", row_era), ("payer", payer), ("payee", payee),
                            ("amount", amount)):
            if type(value) is not int:
                raise _Damaged(f"the {name} of {what} is {value!r}, not a whole number")
        if not isinstance(at, str) or not isinstance(reason, str):
            raise _Damaged(f"{what} has a time or a reason that is not text")
        if not 1 <= row_era <= era:
            raise _Damaged(f"{what} is of era {row_era}, not 1 to the current era {era}")
        for name, card in (("payer", payer), ("payee", payee)):
            if card != BANK and not 1 <= card <= cards:
                raise _Damaged(f"the {name} of {what} is {card}: not a card of this "
                               f"unit (1-{cards}) nor the bank (-1)")
        if payer == payee:
            raise _Damaged(f"{what} pays its payer itself")
        if not 0 < amount <= MAX_KEYED:
            raise _Damaged(f"the amount of {what} is {amount}, not 1 to {MAX_KEYED}")
        if row_era != era:
            continue
        expected = {"starting money": (BANK, "card", start),
                    "GO": (BANK, "card", go), "credit": (BANK, "card", None),
                    "debit": ("card", BANK, None), "transfer": ("card", "card", None)}
        if reason not in expected:
            raise _Damaged(f"{what} has the reason {reason!r}, not one of the unit's "
                           f"({', '.join(expected)})")
        src, dst, fixed = expected[reason]
        if (src == BANK) != (payer == BANK) or (dst == BANK) != (payee == BANK) \
                or (fixed is not None and amount != fixed):
            raise _Damaged(f"{what} ({reason}) is not one the unit makes")
        if reason == "starting money":
            starting += 1
            if starting > cards or payee != starting:
                raise _Damaged("the current era does not start with the starting money "
                               "of every card, in order")
        elif starting < cards:
            raise _Damaged("the current era does not start with the starting money of "
                           "every card, in order")
        ledger.transfer(account_of(payer), account_of(payee), amount, reason)
        if payer != BANK and ledger.balance(account_of(payer)) < 0:
            raise _Damaged(f"{what} takes card {payer} below zero")
    if starting < cards:
        raise _Damaged("the current era does not start with the starting money of every "
                       "card, in order")
    return ledger


def card_accounts(cards: int) -> dict[int, int]:
    """Card N stands for ledger account N-1."""
    return {card: card - 1 for card in range(1, cards + 1)}


def account_of(card: int) -> int:
    """The ledger account of a card number (or the bank)."""
    return BANK if card == BANK else card - 1


def card_of(account: int) -> int:
    """The card number of a ledger account (or the bank, -1)."""
    return BANK if account == BANK else account + 1


def transaction_rows(transactions: Iterable[Any], era: int,
                     at: str | None = None) -> list[tuple[int, str, int, int, int, str]]:
    """Ledger transactions as stored rows ``(era, at, payer card, payee card, amount,
    reason)``; ``at`` is now (UTC, to the second) unless given."""
    now = at if at is not None else datetime.now(UTC).isoformat(timespec="seconds")
    return [(era, now, card_of(t.payer), card_of(t.payee), t.amount, t.reason)
            for t in transactions]


def edition_settings(kind: str) -> tuple[int, int, int]:
    """A new unit's starting balance, GO amount and number of cards, from the edition's
    data (``electronic-banking``: 15M, 2M, 6 cards)."""
    rules = get_edition(kind).data.rules
    return (int(rules["starting_cash"]), int(rules["go_salary"]),
            int(rules.get("bank_cards", 6)))


# ====================================================================== Electronic Banking


class UnitStore:
    """The state file of an Electronic Banking unit: open it (taking it for this session),
    get the unit, save after every operation with :meth:`save`, :meth:`close` at the end.

    ``start``, ``go`` and ``cards`` are used for a new file; an existing one keeps its own.
    """

    def __init__(self, path: Path, *, kind: str, start: int, go: int, cards: int = 6) -> None:
        self.path = path
        self.kind = kind
        self.db: sqlite3.Connection | None = None
        self.lock = StateLock(path)
        try:
            self.fresh = not os.path.lexists(path)
            if self.fresh:
                self._create(start, go, cards)
            elif not path.is_file():
                raise StoreError(f"cannot use {path} as a unit's state: it is not a file")
            self._open()
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------ making a new file

    def _create(self, start: int, go: int, cards: int) -> None:
        """A new unit, made whole under a temporary name and then linked into place (never
        over an existing file)."""
        path = self.path
        if not (0 < start <= MAX_KEYED and 0 < go <= MAX_KEYED and 0 < cards <= MAX_CARDS):
            raise StoreError(f"cannot make a unit with start {start}, GO {go} and "
                             f"{cards} cards")
        unit = unit_model(self.kind)(Ledger(cards), self._accounts(cards), start=start,
                                     go=go)
        unit.reset()
        meta = {"schema": str(SCHEMA_VERSION), "kind": self.kind, "start": str(start),
                "go": str(go), "cards": str(cards), "era": "1"}
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
        try:
            os.fchmod(fd, file_mode())
        finally:
            os.close(fd)
        tmp = Path(name)
        try:
            db = sqlite3.connect(str(tmp), isolation_level=None)
            try:
                db.execute("PRAGMA synchronous = FULL")
                db.execute("BEGIN IMMEDIATE")
                for statement in _SCHEMA:
                    db.execute(statement)
                db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
                self._write(db, 1, unit, unit.ledger.transactions)
                db.execute("COMMIT")
            finally:
                db.close()
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise StoreError(f"{path} appeared while a new unit was being made in it; "
                                 "open it again") from None
            except OSError:
                os.replace(tmp, path)   # a file system without hard links (we hold the lock)
            sync_folder(path.parent)
        except (sqlite3.Error, OSError) as e:
            raise StoreError(f"cannot make a new unit's state in {path}: "
                             f"{one_line(e)}") from None
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()

    # ------------------------------------------------------------ reading

    def _open(self) -> None:
        path = self.path
        try:
            uri = path.resolve().as_uri() + "?mode=rw"
            self.db = sqlite3.connect(uri, uri=True, isolation_level=None)
            self.db.execute("PRAGMA synchronous = FULL")
            self._read()
        except StoreError:
            raise
        except (sqlite3.Error, ValueError, TypeError, KeyError, IndexError, AttributeError,
                RecursionError, OverflowError) as e:
            raise StoreError(f"cannot use {path} as a unit's state: {one_line(e)}") from None

    def _read(self) -> None:
        assert self.db is not None
        db = self.db
        problems = [str(r[0]) for r in db.execute("PRAGMA integrity_check(3)").fetchall()]
        if problems != ["ok"]:
            raise _Damaged(f"SQLite finds it damaged ({'; '.join(problems)})")
        tables = [r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()]
        if not any(t in _TABLES for t in tables):
            raise _Damaged("it is not a banking unit's state (it holds "
                           + (f"the tables {', '.join(sorted(map(str, tables)))})" if tables
                              else "no tables: an empty file?)"))
        for table, columns in _TABLES.items():
            if table not in tables:
                raise _Damaged(f"the table '{table}' is missing")
            found = tuple(r[1] for r in db.execute(f"PRAGMA table_info({table})"))
            if sorted(found) != sorted(columns):
                raise _Damaged(f"the table '{table}' has the columns {', '.join(found)}, "
                               f"not {', '.join(columns)}")
        meta = self._meta()
        self.start, self.go, self.cards, self.era = (meta["start"], meta["go"],
                                                     meta["cards"], meta["era"])
        ledger = self._replay()
        unit = unit_model(self.kind)(ledger, self._accounts(self.cards), start=self.start,
                                     go=self.go)
        rows = db.execute("SELECT id, state FROM unit").fetchall()
        if len(rows) != 1 or rows[0][0] != 1 or not isinstance(rows[0][1], str):
            raise _Damaged("the table 'unit' does not hold the unit's state (one row)")
        try:
            unit.load(read_json(rows[0][1]))
        except ValueError as e:
            raise _Damaged(f"the unit's state is damaged: {e}") from None
        self.unit = unit
        self._saved = len(unit.ledger.transactions)

    def _meta(self) -> dict[str, int]:
        assert self.db is not None
        rows = self.db.execute("SELECT key, value FROM meta").fetchall()
        meta = {str(k): v for k, v in rows}
        kind = meta.get("kind")
        if kind is not None and kind != self.kind:
            raise StoreError(f"cannot use {self.path}: it holds the state of a '{kind}' unit, "
                             f"not '{self.kind}'")
        missing = [k for k in META_KEYS if k not in meta]
        if missing:
            raise _Damaged(f"meta lacks '{missing[0]}'")
        if len(meta) != len(META_KEYS):
            extra = sorted(set(meta) - set(META_KEYS))
            raise _Damaged(f"meta has the unknown key '{extra[0]}'")
        if meta["schema"] != str(SCHEMA_VERSION):
            raise StoreError(f"cannot use {self.path}: it was written by another version "
                             f"(schema {meta['schema']!r})")
        limits = {"start": MAX_KEYED, "go": MAX_KEYED, "cards": MAX_CARDS, "era": 10**9}
        out: dict[str, int] = {}
        for key, high in limits.items():
            value = meta[key]
            if not (isinstance(value, str) and value.isascii() and value.isdigit()
                    and len(value) <= 12 and 1 <= int(value) <= high):
                raise _Damaged(f"meta '{key}' is {value!r}, not a whole number from 1 to "
                               f"{high}")
            out[key] = int(value)
        return out

    def _replay(self) -> Ledger:
        """The current era's transactions, checked and replayed (:func:`replay`)."""
        assert self.db is not None
        rows = self.db.execute("SELECT id, era, at, payer, payee, amount, reason "
                               "FROM transactions ORDER BY id").fetchall()
        return replay(rows, cards=self.cards, era=self.era, start=self.start, go=self.go)

    @staticmethod
    def _accounts(cards: int) -> dict[int, int]:
        return card_accounts(cards)

    def history(self) -> list[Entry]:
        """Every transaction since the last reset, oldest first."""
        assert self.db is not None
        rows = self.db.execute(
            "SELECT id, at, payer, payee, amount, reason FROM transactions WHERE era = ? "
            "ORDER BY id", (self.era,)).fetchall()
        return [Entry(*row) for row in rows]

    # ------------------------------------------------------------ writing

    def transaction(self) -> _Transaction:
        assert self.db is not None
        return _Transaction(self.db)

    def _write(self, db: sqlite3.Connection, era: int, unit: ElectronicBankingUnit,
               new: list[Any]) -> None:
        db.executemany(
            "INSERT INTO transactions (era, at, payer, payee, amount, reason) "
            "VALUES (?, ?, ?, ?, ?, ?)", transaction_rows(new, era))
        db.execute("INSERT OR REPLACE INTO unit (id, state) VALUES (1, ?)",
                   (json.dumps(unit.to_json(), allow_nan=False),))

    def save(self, *, reset: bool = False) -> None:
        """Write what the unit did since the last save, in one commit. ``reset``: the unit
        was reset, so a new era starts with its starting balances."""
        assert self.db is not None
        ledger = self.unit.ledger
        try:
            with self.transaction():
                era = self.era + 1 if reset else self.era
                if reset:
                    self.db.execute("UPDATE meta SET value = ? WHERE key = 'era'", (str(era),))
                new = ledger.transactions if reset else ledger.transactions[self._saved:]
                self._write(self.db, era, self.unit, new)
        except (sqlite3.Error, OSError) as e:
            raise StoreError(f"cannot save the unit's state in {self.path}: "
                             f"{one_line(e)}") from None
        self.era = era
        self._saved = len(ledger.transactions)

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None
        self.lock.release()


class _Transaction:
    """``with store.transaction():`` BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: Any, value: Any, tb: Any) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
