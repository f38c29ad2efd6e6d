"""Banking units in the browser: the Electronic Banking and Ultimate Banking units of
``pennybags bank`` on a phone, for people playing on a physical board, kept on the server.

``pennybags serve`` mounts :func:`bank_router`. Pages: ``/bank`` (choose a unit and start a
new one with its edition's starting settings, or open one by its code) and ``/bank/CODE``
(the unit). JSON (every error ``{"error": reason}``, with the unit's ``view`` when there
is a unit to show):

* ``GET /api/bank/kinds``: the two units, their starting settings and options;
* ``POST /api/bank`` ``{"kind", "options"}``: a new unit: ``{"code", "link", "view"}``;
* ``GET /api/bank/CODE`` (``?since=VERSION``): the unit's ``view``, or ``{"version",
  "same": true}`` when it has not changed since that version (what the page polls);
* ``POST /api/bank/CODE`` ``{"op", ..., "seen"?}``: one operation at the unit; ``{"view"}``
  once it is committed, or a refusal with the reason (nothing changed). ``seen`` (the
  version the page showed) refuses an operation made on a unit that changed meanwhile.

The operations are those of the terminal companion (:mod:`pennybags.banking.companion`)
and go through the same unit models, found through the edition registry:

* Electronic Banking: ``insert`` ``{"card"}``, ``remove``, ``key`` ``{"key"}`` (a digit,
  ``.``, ``M``, ``K``, ``+``, ``-``, ``T``, ``GO``, ``C``), ``reset`` (C held 5 s; the page
  asks first), ``volume`` ``{"seconds"}`` (the decimal point held), and two that do a whole
  payment at once as the unit's keys: ``pay`` ``{"from", "to", "amount"}`` (a card number
  or ``"bank"``; ``"2.2M"``, ``"600K"``) and ``go`` ``{"card"}``. What the unit answers with
  an error display (``NO FUNDS``, ``ERROR``, ``NO CARD``, ``CARD IN``, ``SAME CARD``) is
  refused with the reason, and the unit stays as it was.
* Ultimate Banking: ``press`` ``{"button"}`` (``check``, ``M``, ``X``), ``tap``
  ``{"card"}`` (``car``, ``helicopter``, ``boat``, ``jet``), ``deed`` ``{"deed"}`` (a
  number 1-22 or a name), ``event`` ``{"card"}`` (an Event card's id or title), ``undo``
  (check and M held 5 s), ``reset`` (X held 5 s: the unit asks), ``volume`` (check and X
  together): each is the typed line of :func:`pennybags.banking.ultimate.apply_line`. The
  auction timer runs on the server's clock: the time since the unit was last saved passes
  on it whenever it is looked at or operated, and a sale when it runs out is stored.

Each unit is one row of ``bank_units`` in the serve database (SQLite, or PostgreSQL
through the same small interface, :class:`BankStore`): its kind, its state as JSON, a
version counted up by every change, and when it was saved. An operation reads the row,
applies the operation and writes the row in one transaction that holds the row (SQLite's
``BEGIN IMMEDIATE``, PostgreSQL's ``SELECT ... FOR UPDATE``), so the operations of several
phones, and of several server processes on one database, are applied one at a time, each
on the state the one before left; it is shown only once committed. The row's key is the
SHA-256 of the unit's code: the code (about 59 random bits) is what lets a phone use the unit.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, TypeVar

from anyio import to_thread
from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse

from pennybags.banking import ultimate
from pennybags.banking.store import (
    MAX_CARDS,
    card_accounts,
    edition_settings,
    read_json,
    replay,
    transaction_rows,
    unit_model,
)
from pennybags.editions import get_edition
from pennybags.editions.electronic_banking.amounts import (
    MAX_DIGITS,
    format_km,
    keys_for,
    parse_km,
)
from pennybags.editions.electronic_banking.unit import (
    BUTTONS,
    CARD_IN,
    DIGIT_KEYS,
    ERROR,
    ERRORS,
    MAX_KEYED,
    NO_CARD,
    NO_FUNDS,
    RESET_SECONDS,
    SAME_CARD,
    ElectronicBankingUnit,
)
from pennybags.editions.ultimate_banking.game import SET_BONUS
from pennybags.editions.ultimate_banking.unit import (
    GO,
    START_CASH,
    TOKENS,
    UltimateBankingUnit,
    UnitError,
)
from pennybags.engine.ledger import BANK, Ledger
from pennybags.web.store import SQLiteStore, Store, StoreError

ELECTRONIC = "electronic-banking"
ULTIMATE = "ultimate-banking"
KINDS = (ELECTRONIC, ULTIMATE)

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""The characters of a unit's code: no 0/O, 1/I/L to mistake for each other."""
CODE_LENGTH = 12
"""Characters of a unit's code: 31**12, about 2**59, codes to guess from."""
MAX_BODY = 4_096
"""The largest request body, in bytes (an operation is a few dozen)."""
MAX_TEXT = 80
"""The longest name (a title deed's, an Event card's) an operation may hold."""
MAX_VOLUME_HOLD = 10
"""The longest the decimal point is held for the volume, in seconds."""
SCHEMA = 1
"""The version of a ``bank_units`` row's state; a row of another version is refused."""

STATIC = resources.files("pennybags.web") / "static"


class Refused(Exception):
    """An operation or request the unit or the server refuses; nothing changed. ``view``
    is the unit as it stands (when there is one to show)."""

    status = 400

    def __init__(self, reason: str, view: dict[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.view = view


class NoSuchUnit(Refused):
    status = 404


class Stale(Refused):
    """The unit changed after the version the page showed."""

    status = 409


class BadRequest(Refused):
    """A request refused before anything is done with it (too large, not a JSON
    object)."""


class Damaged(StoreError):
    """A stored unit's state cannot be read (written by something else, or damaged)."""


# ====================================================================== codes


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed (any case, with dashes or spaces) as it is stored; NoSuchUnit when
    it cannot be a unit's code."""
    code = "".join(text.split()).replace("-", "").upper()[:CODE_LENGTH + 8]
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise NoSuchUnit(f"'{text[:20]}' is not a unit's code: a code is {CODE_LENGTH} "
                         "letters and digits, like " + shown_code("K7QMXW2P9HTD"))
    return code


def shown_code(code: str) -> str:
    """``K7QMXW2P9HTD`` as ``K7QM-XW2P-9HTD``, easier to read out."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def unit_key(code: str) -> str:
    """What is stored of a code: its SHA-256 (hex)."""
    return hashlib.sha256(code.encode("ascii")).hexdigest()


# ====================================================================== the store


@dataclass
class UnitRow:
    """A unit as stored."""

    kind: str
    state: dict[str, Any]
    version: int
    saved: float
    """When the row was last written (seconds since the epoch, the server's clock)."""


T = TypeVar("T")
Work = Callable[[UnitRow], tuple[dict[str, Any] | None, T]]
"""What :meth:`BankStore.change` does with a unit's row: the state to write (None: leave
the row as it is) and what to return."""


class BankStore(ABC):
    """The banking units of one database. Every method is one transaction."""

    @abstractmethod
    def create(self, key: str, kind: str, state: dict[str, Any], now: float) -> bool:
        """Store a new unit under ``key``; False (nothing stored) if the key is taken."""

    @abstractmethod
    def read(self, key: str) -> UnitRow | None:
        """The unit stored under ``key`` (None if there is none)."""

    @abstractmethod
    def change(self, key: str, work: Work[T], now: float) -> T | None:
        """Read the unit holding its row against every other writer, call ``work`` on it
        and write the state it gives (version + 1, saved ``now``), in one transaction;
        what ``work`` returns, or None when there is no such unit. An exception from
        ``work`` writes nothing."""

    @abstractmethod
    def sweep(self, idle_before: float, limit: int = 100) -> int:
        """Delete at most ``limit`` units last changed before ``idle_before`` (seconds
        since the epoch), in one transaction: how many were deleted."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the database."""


_TABLE = """CREATE TABLE IF NOT EXISTS bank_units (
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    schema INTEGER NOT NULL,
    state TEXT NOT NULL,
    version INTEGER NOT NULL,
    saved DOUBLE PRECISION NOT NULL,
    created DOUBLE PRECISION NOT NULL)"""


class SQLBankStore(BankStore):
    """The queries, the same for SQLite and PostgreSQL but for their placeholders and row
    locks; a backend gives :meth:`transaction`."""

    PLACEHOLDER = "?"
    HOLD_ROW = ""
    """What a ``SELECT`` adds to hold the row until the transaction ends."""

    @abstractmethod
    def transaction(self) -> AbstractContextManager[Any]:
        """A transaction that writes (a connection with ``execute``); the database's
        errors as :class:`StoreError`."""

    def _q(self, sql: str) -> str:
        return sql.replace("?", self.PLACEHOLDER)

    def create(self, key: str, kind: str, state: dict[str, Any], now: float) -> bool:
        with self.transaction() as db:
            if db.execute(self._q("SELECT 1 FROM bank_units WHERE key = ?"),
                          (key,)).fetchone() is not None:
                return False
            db.execute(self._q("INSERT INTO bank_units VALUES (?, ?, ?, ?, 1, ?, ?)"),
                       (key, kind, SCHEMA, _dump(state), now, now))
        return True

    def _row(self, db: Any, key: str, hold: str = "") -> UnitRow | None:
        row = db.execute(self._q("SELECT kind, schema, state, version, saved FROM bank_units "
                                 "WHERE key = ?" + hold), (key,)).fetchone()
        if row is None:
            return None
        kind, schema, text, version, saved = row
        if schema != SCHEMA:
            raise Damaged(f"the unit was stored by another version of pennybags (schema "
                          f"{schema!r}, not {SCHEMA})")
        try:
            state = read_json(text)
        except (ValueError, TypeError) as e:
            raise Damaged(f"the unit's stored state is not JSON: {e}") from None
        if kind not in KINDS or not isinstance(state, dict):
            raise Damaged(f"the stored unit is of kind {str(kind)[:30]!r} with a state that "
                          "is not a unit's")
        return UnitRow(kind=kind, state=state, version=int(version), saved=float(saved))

    def read(self, key: str) -> UnitRow | None:
        with self.transaction() as db:
            return self._row(db, key)

    def change(self, key: str, work: Work[T], now: float) -> T | None:
        with self.transaction() as db:
            row = self._row(db, key, self.HOLD_ROW)
            if row is None:
                return None
            state, result = work(row)
            if state is not None:
                db.execute(self._q("UPDATE bank_units SET state = ?, version = ?, saved = ? "
                                   "WHERE key = ?"),
                           (_dump(state), row.version + 1, now, key))
        return result


    def sweep(self, idle_before: float, limit: int = 100) -> int:
        with self.transaction() as db:
            keys = [r[0] for r in db.execute(
                self._q("SELECT key FROM bank_units WHERE saved < ? ORDER BY saved "
                        "LIMIT ?"), (idle_before, limit)).fetchall()]
            for key in keys:
                db.execute(self._q("DELETE FROM bank_units WHERE key = ?"), (key,))
        return len(keys)


def _dump(state: dict[str, Any]) -> str:
    return json.dumps(state, separators=(",", ":"), allow_nan=False)


class SQLiteBankStore(SQLBankStore):
    """The units in the serve database's SQLite file (a connection of their own; WAL, and
    ``synchronous=FULL``: an operation is on disk before it is shown)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None,
                                       timeout=10.0)
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
        except sqlite3.Error as e:
            raise StoreError(f"cannot use the database {path} for banking units: {e}") \
                from None
        with self.transaction() as db:
            db.execute(_TABLE)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as e:
                raise StoreError(f"cannot use the database {self.path}: {e}") from None
            try:
                yield db
                db.execute("COMMIT")
            except sqlite3.Error as e:
                db.execute("ROLLBACK")
                raise StoreError(f"cannot use the database {self.path}: {e}") from None
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def close(self) -> None:
        with self._lock:
            self._db.close()


class PostgresBankStore(SQLBankStore):
    """The units in the serve database on PostgreSQL (a connection of their own, opened
    again if the server lost it)."""

    PLACEHOLDER = "%s"
    HOLD_ROW = " FOR UPDATE"

    def __init__(self, url: str, where: str) -> None:
        import psycopg  # only with a PostgreSQL database (the web extra)

        self.url = url
        self.where = where
        self._psycopg = psycopg
        self._lock = threading.Lock()
        self._db: Any = None
        with self.transaction() as db:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (0x62616E6B,))
            db.execute(_TABLE)

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        psycopg = self._psycopg
        with self._lock:
            try:
                if self._db is None or self._db.closed or self._db.broken:
                    self._db = psycopg.connect(self.url, connect_timeout=10,
                                               application_name="pennybags serve (bank)")
                db = self._db
                with db.transaction():
                    yield db
            except psycopg.Error as e:
                if self._db is not None and (self._db.broken or
                                             isinstance(e, psycopg.OperationalError)):
                    self._db.close()
                reason = (str(e).strip().splitlines() or [type(e).__name__])[0]
                raise StoreError(f"the {self.where} refused the banking unit's query: "
                                 f"{reason}") from None

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()


def bank_store_for(store: Store) -> BankStore:
    """The banking units' store on the database of the rooms' ``store``."""
    if isinstance(store, SQLiteStore):
        return SQLiteBankStore(store.path)
    url = getattr(store, "url", None)
    if isinstance(url, str) and url.startswith(("postgresql://", "postgres://")):
        return PostgresBankStore(url, str(getattr(store, "where", "PostgreSQL database")))
    raise StoreError(f"banking units are kept in SQLite or PostgreSQL, not in a "
                     f"{type(store).__name__}")


# ====================================================================== the units


def _field(op: Mapping[str, Any], name: str) -> Any:
    if name not in op:
        raise Refused(f"'{op.get('op')}' needs the field '{name}'")
    return op[name]


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refused(f"{what} is a whole number from {low} to {high}, not "
                      f"{_short(value)}")
    return value


def _short(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


class WebUnit(ABC):
    """A kind of unit as the browser uses it: a new state, a stored state opened (checked:
    ValueError says what is wrong), operations, the state to store, the view to show."""

    kind: str
    OPS: ClassVar[dict[str, frozenset[str]]]
    """Each operation and the fields it takes (besides ``op`` and ``seen``)."""

    @abstractmethod
    def new(self, options: Mapping[str, Any]) -> dict[str, Any]: ...

    @abstractmethod
    def open(self, state: dict[str, Any], elapsed: float) -> tuple[Any, bool]:
        """The unit in ``state`` after ``elapsed`` more seconds have passed on it (its
        auction timer), and whether that changed what it does (a change to store)."""

    @abstractmethod
    def apply(self, unit: Any, op: Mapping[str, Any]) -> None:
        """One operation (its ``op`` is one of :attr:`OPS`); Refused with the reason, and
        the unit is then to be dropped."""

    @abstractmethod
    def state(self, unit: Any) -> dict[str, Any]: ...

    @abstractmethod
    def view(self, unit: Any) -> dict[str, Any]: ...

    def describe(self) -> dict[str, Any]:
        edition = get_edition(self.kind)
        return {"kind": self.kind, "name": edition.name, "summary": edition.summary}


# ---------------------------------------------------------------- Electronic Banking


@dataclass
class ElectronicState:
    """An Electronic Banking unit with what is stored beside it: the current game's
    transactions (rows of :func:`~pennybags.banking.store.transaction_rows`) and how many
    resets there have been (the era)."""

    unit: ElectronicBankingUnit
    rows: list[list[Any]]
    era: int
    cards: int


ELECTRONIC_FIELDS = ("cards", "era", "go", "start", "transactions", "unit")


class ElectronicWeb(WebUnit):
    """The Electronic Banking unit (``pennybags bank electronic-banking``)."""

    kind = ELECTRONIC
    OPS: ClassVar[dict[str, frozenset[str]]] = {
        "insert": frozenset({"card"}), "remove": frozenset(), "key": frozenset({"key"}),
        "reset": frozenset(), "volume": frozenset({"seconds"}),
        "pay": frozenset({"from", "to", "amount"}), "go": frozenset({"card"})}

    def describe(self) -> dict[str, Any]:
        start, go, cards = edition_settings(self.kind)
        return {**super().describe(), "options": [],
                "settings": f"{cards} bank cards, {format_km(start)} each, the GO arrow "
                            f"pays {format_km(go)}"}

    def new(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if options:
            raise Refused(f"the Electronic Banking unit has no options (given: "
                          f"{', '.join(sorted(map(str, options)))[:60]})")
        start, go, cards = edition_settings(self.kind)
        unit = unit_model(self.kind)(Ledger(cards), card_accounts(cards), start=start, go=go)
        unit.reset()
        return self.state(ElectronicState(unit, [list(r) for r in transaction_rows(
            unit.ledger.transactions, 1)], 1, cards))

    def open(self, state: dict[str, Any], elapsed: float) -> tuple[ElectronicState, bool]:
        if sorted(state) != sorted(ELECTRONIC_FIELDS):
            raise ValueError(f"the state has the fields {sorted(state)[:8]}, not "
                             f"{', '.join(ELECTRONIC_FIELDS)}")
        numbers = {}
        for name, high in (("cards", MAX_CARDS), ("era", 10**9), ("go", MAX_KEYED),
                           ("start", MAX_KEYED)):
            value = state[name]
            if type(value) is not int or not 1 <= value <= high:
                raise ValueError(f"{name} is {_short(value)}, not 1 to {high}")
            numbers[name] = value
        rows = state["transactions"]
        if not isinstance(rows, list) or not all(isinstance(r, list) and len(r) == 6
                                                 for r in rows):
            raise ValueError("the transactions are not rows of era, time, payer, payee, "
                             "amount, reason")
        ledger = replay([(n, *r) for n, r in enumerate(rows, 1)], cards=numbers["cards"],
                        era=numbers["era"], start=numbers["start"], go=numbers["go"])
        if any(r[0] != numbers["era"] for r in rows):
            raise ValueError("a transaction of an earlier game is kept")
        unit = unit_model(self.kind)(ledger, card_accounts(numbers["cards"]),
                                     start=numbers["start"], go=numbers["go"])
        unit.load(state["unit"])
        return ElectronicState(unit, rows, numbers["era"], numbers["cards"]), False

    def state(self, s: ElectronicState) -> dict[str, Any]:
        unit = s.unit
        return {"cards": s.cards, "era": s.era, "go": unit.go, "start": unit.start,
                "transactions": s.rows, "unit": unit.to_json()}

    # ------------------------------------------------------------ operations

    def card(self, s: ElectronicState, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not s.unit.known(value):
            raise Refused(f"no card {_short(value)}: the cards are 1 to {s.cards}")
        return value

    def amount(self, value: Any) -> int:
        """An amount as a person gives it ("2.2M", "600K", "600" thousands, or a whole
        number of K), checked as the keypad would take it."""
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise Refused(f"an amount is written like 2.2M or 600K, not {_short(value)}")
        text = str(value).strip()
        if len(text) > 20:
            raise Refused("that amount is too long for the keypad")
        amount = parse_km(text)
        if amount is None:
            digits = sum(c.isdigit() for c in text)
            if digits > MAX_DIGITS:
                raise Refused(f"{text} is too large: the keypad takes at most {MAX_DIGITS} "
                              "digits")
            if text and any(c.isdigit() for c in text) and "." in text:
                raise Refused(f"{text} is not a whole number of thousands (K): the unit "
                              "counts in K and M")
            raise Refused(f"{_short(text)} is not an amount: write it like 2.2M, 600K or "
                          "600 (thousands)")
        if amount <= 0:
            raise Refused(f"an amount is more than nothing, not {text}")
        if amount > MAX_KEYED:
            raise Refused(f"{text} is too large for the keypad")
        return amount

    def apply(self, s: ElectronicState, op: Mapping[str, Any]) -> None:
        unit = s.unit
        kind = op["op"]
        reset = False
        if kind == "insert":
            self.step(s, f"in:{self.card(s, _field(op, 'card'))}")
        elif kind == "remove":
            self.step(s, "out")
        elif kind == "key":
            key = _field(op, "key")
            if not isinstance(key, str) or not ((key in DIGIT_KEYS and len(key) == 1)
                                                or key in BUTTONS):
                raise Refused(f"the unit has no key {_short(key)}; its keys are 0-9, ., "
                              f"{', '.join(BUTTONS)}")
            self.step(s, key)
        elif kind == "reset":
            reset = unit.card is None
            self.step(s, f"hold:C:{RESET_SECONDS:g}")
        elif kind == "volume":
            seconds = _whole(op.get("seconds", 1), "the time the decimal point is held", 1,
                             MAX_VOLUME_HOLD)
            self.step(s, f"hold:.:{seconds}")
        elif kind == "go":
            card = self.card(s, _field(op, "card"))
            self.idle(s)
            for step in (f"in:{card}", "GO", "out"):
                self.step(s, step)
        elif kind == "pay":
            self.pay(s, op)
        if reset:
            s.era += 1
            s.rows = [list(r) for r in transaction_rows(unit.ledger.transactions, s.era)]
        else:
            new = unit.ledger.transactions[len(s.rows):]
            s.rows = [*s.rows, *(list(r) for r in transaction_rows(new, s.era))]

    def idle(self, s: ElectronicState) -> None:
        """A whole payment starts with no card in and nothing waiting."""
        unit = s.unit
        if unit.card is not None:
            raise Refused(f"card {unit.card} is in the slot: take it out (or finish at the "
                          "keypad) first")
        if unit.waiting is not None:
            raise Refused(f"a transfer of {format_km(unit.waiting[1])} from card "
                          f"{unit.waiting[0]} waits for its payee's card: finish it or "
                          "press C first")

    def pay(self, s: ElectronicState, op: Mapping[str, Any]) -> None:
        payer = self.party(s, _field(op, "from"), "from")
        payee = self.party(s, _field(op, "to"), "to")
        amount = self.amount(_field(op, "amount"))
        if payer == payee:
            raise Refused("a payment goes from one card to another (or the bank), not to "
                          "itself")
        self.idle(s)
        keys = keys_for(amount)
        if payer == BANK:
            steps = [f"in:{payee}", *keys, "+", "out"]
        elif payee == BANK:
            steps = [f"in:{payer}", *keys, "-", "out"]
        else:
            steps = [f"in:{payer}", *keys, "T", "out", f"in:{payee}", "T", "out"]
        for step in steps:
            self.step(s, step)

    def party(self, s: ElectronicState, value: Any, what: str) -> int:
        if value == "bank":
            return BANK
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip()[:3])
        try:
            return self.card(s, value)
        except Refused as e:
            raise Refused(f"'{what}': {e} (or the bank)") from None

    def step(self, s: ElectronicState, step: str) -> None:
        """One step at the unit; an error display is refused with its reason."""
        unit = s.unit
        card, waiting, entry = unit.card, unit.waiting, unit.keypad.amount
        digits = unit.keypad.digits
        display = unit.step(step)
        if display in ERRORS:
            why = _why(display, step, card, waiting, entry, digits, unit)
            raise Refused(f"{display}: {why}")

    def view(self, s: ElectronicState) -> dict[str, Any]:
        unit = s.unit

        def who(card: int) -> str:
            return "bank" if card == BANK else f"card {card}"

        return {
            "kind": self.kind, "display": unit.display, "sound": unit.sound,
            "card": unit.card, "entry": unit.keypad.shown(), "volume": unit.volume,
            "waiting": None if unit.waiting is None else {
                "card": unit.waiting[0], "amount": unit.waiting[1],
                "shown": format_km(unit.waiting[1])},
            "start": format_km(unit.start), "go": format_km(unit.go),
            "cards": [{"card": c, "balance": b, "shown": format_km(b)}
                      for c, b in unit.balances().items()],
            "history": [{"at": r[1], "from": who(r[2]), "to": who(r[3]), "amount": r[4],
                         "shown": format_km(r[4]), "reason": r[5]} for r in s.rows],
        }


def _why(display: str, step: str, card: int | None, waiting: tuple[int, int] | None,
         entry: int | None, digits: str, unit: ElectronicBankingUnit) -> str:
    """Why the unit showed an error display after ``step`` (the unit as it was before)."""
    if display == NO_CARD:
        return "insert a card first"
    if display == CARD_IN:
        return f"card {card} is in the slot; take it out first"
    if display == SAME_CARD:
        return "the payee's card completes the transfer, not the payer's"
    if display == NO_FUNDS:
        if waiting is not None:
            payer, amount = waiting
        else:
            payer, amount = (card if card is not None else 0), entry or 0
        return (f"card {payer} holds {format_km(unit.balance(payer))}, less than "
                f"{format_km(amount)}")
    assert display == ERROR
    if step.startswith("in:"):
        return "not a card of the unit"
    if waiting is not None:
        return (f"a transfer of {format_km(waiting[1])} from card {waiting[0]} waits: "
                "transfer with the payee's card, or C to cancel it")
    if step in ("M", "K"):
        return ("key the digits of the amount first" if not digits else
                f"{digits}{step} is not a whole number of thousands")
    if step in DIGIT_KEYS:
        return f"the keypad takes at most {MAX_DIGITS} digits and one decimal point"
    return "key an amount and register it with M or K first"


# ---------------------------------------------------------------- Ultimate Banking


class UltimateWeb(WebUnit):
    """The Ultimate Banking unit (``pennybags bank ultimate-banking``)."""

    kind = ULTIMATE
    OPS: ClassVar[dict[str, frozenset[str]]] = {
        "press": frozenset({"button"}), "tap": frozenset({"card"}),
        "deed": frozenset({"deed"}), "event": frozenset({"card"}), "undo": frozenset(),
        "reset": frozenset(), "volume": frozenset()}
    BUTTON_LINES: ClassVar[dict[str, str]] = {"check": "v", "M": "m", "X": "x"}
    """The companion's line for each button."""

    def describe(self) -> dict[str, Any]:
        helps = {name: help_ for name, _, _, help_ in get_edition(self.kind).describe_options()}
        return {**super().describe(),
                "settings": f"2 to {len(TOKENS)} bank cards ({', '.join(TOKENS)}), "
                            f"${START_CASH:,} each, GO pays ${GO:,}",
                "options": [{"name": "set-bonus", "choices": list(SET_BONUS),
                             "default": "rulebook", "help": helps.get("set-bonus", "")}]}

    def new(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(str(k) for k in options if k != "set-bonus")
        if unknown:
            raise Refused(f"the Ultimate Banking unit has no option(s) "
                          f"{', '.join(unknown)[:60]}; it has: set-bonus")
        reading = options.get("set-bonus", "rulebook")
        if reading not in SET_BONUS:
            raise Refused(f"set-bonus takes {' or '.join(SET_BONUS)}, not {_short(reading)}")
        return self.state(ultimate.unit_model()(set_bonus=reading))

    def open(self, state: dict[str, Any],
             elapsed: float) -> tuple[UltimateBankingUnit, bool]:
        """The time passes on a live auction only: the unit never goes to sleep here (it
        is opened anew for every operation; a phone's screen sleeps by itself)."""
        unit = ultimate.unit_from_state(state)
        before = (unit.mode, unit.display)
        if unit.mode == "auction":
            unit.tick(elapsed)
        return unit, (unit.mode, unit.display) != before

    def state(self, unit: UltimateBankingUnit) -> dict[str, Any]:
        return ultimate.state_of(unit)

    def line(self, unit: UltimateBankingUnit, op: Mapping[str, Any]) -> str:
        """The companion's typed line for an operation."""
        kind = op["op"]
        if kind == "press":
            button = _field(op, "button")
            if button not in self.BUTTON_LINES:
                raise Refused(f"the unit has three buttons: check, M and X, not "
                              f"{_short(button)}")
            return self.BUTTON_LINES[button]
        if kind == "tap":
            card = _field(op, "card")
            if card not in TOKENS:
                raise Refused(f"no bank card {_short(card)}; the cards are "
                              f"{', '.join(TOKENS)}")
            return str(card)
        if kind == "deed":
            deed = _field(op, "deed")
            if isinstance(deed, int) and not isinstance(deed, bool):
                return str(_whole(deed, "a title deed's number", 1, len(unit.numbers)))
            if not isinstance(deed, str) or not deed.strip() or len(deed) > MAX_TEXT \
                    or deed.strip().lower() in TOKENS or deed.strip().isdigit():
                raise Refused(f"a title deed is its number (1-{len(unit.numbers)}) or its "
                              f"name, not {_short(deed)}")
            return deed.strip()
        if kind == "event":
            card = _field(op, "card")
            names = {c.id for c in unit.cards.values()} | {
                str(c.get("title", "")).lower() for c in unit.cards.values()}
            if not isinstance(card, str) or card.strip().lower() not in names:
                raise Refused(f"no Event card {_short(card)}")
            return f"event {card.strip()}"
        return {"undo": "undo", "reset": "reset", "volume": "volume"}[kind]

    def apply(self, unit: UltimateBankingUnit, op: Mapping[str, Any]) -> None:
        try:
            ultimate.apply_line(unit, self.line(unit, op))
        except UnitError as e:
            raise Refused(str(e)) from None

    def view(self, unit: UltimateBankingUnit) -> dict[str, Any]:
        spaces = unit.board.spaces
        lines = ultimate.history_lines(unit)
        auction = None
        if unit.mode in ("auction", "auction-ready", "auction-won"):
            number = int(unit.wait.get("number", 0) or 0)
            left = float(unit.wait.get("left", 0) or 0)
            auction = {"deed": number, "name": unit.name_of(number) if number else "",
                       "bid": int(unit.wait.get("bid", 0) or 0),
                       "shown": unit.money(int(unit.wait.get("bid", 0) or 0)),
                       "left": round(max(0.0, left), 2), "running": unit.mode == "auction"}
        ranked = sorted(unit.scores.items(), key=lambda kv: -kv[1])
        return {
            "kind": self.kind, "display": unit.display, "mode": unit.mode,
            "set_bonus": unit.set_bonus, "volume": unit.volume,
            "cheap_rents": unit.cheap_rents, "can_undo": unit.undo_state is not None,
            "tokens": list(TOKENS),
            "players": [{"card": TOKENS[t], "balance": unit.balance(t),
                         "shown": unit.money(unit.balance(t)),
                         "deeds": sorted(n for n, o in unit.owner.items() if o == t)}
                        for t in unit.players],
            "deeds": [{"number": n, "name": unit.name_of(n), "price": unit.price(n),
                       "group": spaces[i].group,
                       "owner": TOKENS[unit.owner[n]] if n in unit.owner else None,
                       "level": unit.level.get(n),
                       "rent": unit.money(unit.rent(n)) if n in unit.owner else None}
                      for n, i in sorted(unit.numbers.items())],
            "events": sorted(({"id": c.id, "title": str(c.get("title", c.id))}
                              for c in unit.cards.values()), key=lambda e: e["title"]),
            "auction": auction,
            "scores": [{"card": TOKENS[t], "score": v, "shown": unit.money(v)}
                       for t, v in ranked],
            "history": lines[:-1],
        }


UNITS: dict[str, WebUnit] = {ELECTRONIC: ElectronicWeb(), ULTIMATE: UltimateWeb()}


# ====================================================================== the service


class BankService:
    """Units kept in a :class:`BankStore` (made on first use from ``store``, the rooms'
    database), operated one at a time."""

    def __init__(self, store: Store | BankStore, clock: Callable[[], float] = time.time) -> None:
        self._source = store
        self._bank: BankStore | None = store if isinstance(store, BankStore) else None
        self._made = threading.Lock()
        self.clock = clock

    @property
    def bank(self) -> BankStore:
        with self._made:
            if self._bank is None:
                assert isinstance(self._source, Store)
                self._bank = bank_store_for(self._source)
            return self._bank

    def close(self) -> None:
        if self._bank is not None:
            self._bank.close()

    def kinds(self) -> list[dict[str, Any]]:
        return [u.describe() for u in UNITS.values()]

    def sweep(self, idle_before: float, batch: int = 100) -> int:
        """Delete the units nobody has operated since ``idle_before``: how many."""
        deleted = 0
        while True:
            count = self.bank.sweep(idle_before, batch)
            deleted += count
            if count < batch:
                return deleted

    def create(self, data: Mapping[str, Any]) -> dict[str, Any]:
        _only(data, {"kind", "options"})
        kind = data.get("kind")
        if kind not in UNITS:
            raise Refused(f"the units are {' and '.join(KINDS)}, not {_short(kind)}")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise Refused("options are an object like {\"set-bonus\": \"unit\"}")
        web = UNITS[kind]
        state = web.new(options)
        now = self.clock()
        for _ in range(5):
            code = new_code()
            if self.bank.create(unit_key(code), kind, state, now):
                view = self.present(web, web.open(state, 0.0)[0], 1, code)
                return {"code": code, "shown": shown_code(code), "link": f"/bank/{code}",
                        "view": view}
        raise StoreError("could not find a free unit code; try again")

    def present(self, web: WebUnit, unit: Any, version: int, code: str) -> dict[str, Any]:
        return {**web.view(unit), "version": version, "code": code,
                "shown_code": shown_code(code)}

    def _open(self, web: WebUnit, row: UnitRow, now: float) -> tuple[Any, bool]:
        try:
            return web.open(row.state, max(0.0, now - row.saved))
        except ValueError as e:
            raise Damaged(f"the unit's stored state cannot be used: {e}") from None

    def look(self, text: str, since: int | None = None) -> dict[str, Any]:
        """The unit's view (``{"version", "same": True}`` when ``since`` is its version
        and nothing runs on its clock). A live auction that ran out is stored as the
        unit decided."""
        code = normal_code(text)
        key = unit_key(code)
        row = self.bank.read(key)
        if row is None:
            raise NoSuchUnit(f"no unit with the code {shown_code(code)}")
        if row.state.get("mode") != "auction":  # nothing runs on the unit's clock
            if since == row.version:
                return {"version": row.version, "same": True}
            web = UNITS[row.kind]
            return self.present(web, self._open(web, row, self.clock())[0], row.version,
                                code)
        now = self.clock()

        def work(row: UnitRow) -> tuple[dict[str, Any] | None, dict[str, Any]]:
            web = UNITS[row.kind]
            unit, ticked = self._open(web, row, now)
            if ticked:
                return web.state(unit), self.present(web, unit, row.version + 1, code)
            return None, self.present(web, unit, row.version, code)

        view = self.bank.change(key, work, now)
        if view is None:
            raise NoSuchUnit(f"no unit with the code {shown_code(code)}")
        return view

    def act(self, text: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """One operation; the unit's view once it is stored, or Refused (with the view)."""
        code = normal_code(text)
        op = data.get("op")
        seen = data.get("seen")
        if seen is not None:
            _whole(seen, "'seen' (the version the page showed)", 1, 2**62)
        now = self.clock()

        def work(row: UnitRow) -> tuple[dict[str, Any] | None, tuple[dict[str, Any],
                                                                      Refused | None]]:
            web = UNITS[row.kind]
            unit, ticked = self._open(web, row, now)
            before = self.present(web, unit, row.version + ticked, code)
            keep = web.state(unit) if ticked else None
            if not isinstance(op, str) or op not in web.OPS:
                return keep, (before, Refused(
                    f"unknown operation {_short(op)}; this unit's are "
                    f"{', '.join(sorted(web.OPS))}"))
            unknown = sorted(str(k) for k in data if k not in {"op", "seen", *web.OPS[op]})
            if unknown:
                return keep, (before, Refused(
                    f"'{op}' has no field(s) {', '.join(unknown)[:80]}"))
            if seen is not None and seen != row.version:
                return keep, (before, Stale(
                    "the unit changed since this page showed it (another phone?): look "
                    "again and do it once more if it still needs doing"))
            try:
                web.apply(unit, data)
            except Refused as e:
                return keep, (before, e)
            return web.state(unit), (self.present(web, unit, row.version + 1, code), None)

        outcome = self.bank.change(unit_key(code), work, now)
        if outcome is None:
            raise NoSuchUnit(f"no unit with the code {shown_code(code)}")
        view, refusal = outcome
        if refusal is not None:
            refusal.view = view
            raise refusal
        return view


def _only(data: Mapping[str, Any], known: set[str]) -> None:
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise Refused(f"unknown field(s): {', '.join(unknown)[:80]}")


# ====================================================================== the routes


async def read_json_body(request: Request, limit: int) -> dict[str, Any]:
    """A request's body as a JSON object of at most ``limit`` bytes, read as a unit's
    state is (:func:`~pennybags.banking.store.read_json`: no NaN or Infinity, no nesting
    too deep to follow); BadRequest otherwise."""
    size = request.headers.get("content-length")
    too_large = BadRequest(f"the request is too large (the limit is {limit} bytes)")
    if size is not None and (not size.isdigit() or int(size) > limit):
        raise too_large
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise too_large
    try:
        value = read_json(raw.decode("utf-8") if raw else "{}")
    except UnicodeDecodeError:
        raise BadRequest("the request is not UTF-8 text") from None
    except ValueError as e:
        raise BadRequest(f"the request is not valid JSON: {e}") from None
    if not isinstance(value, dict):
        raise BadRequest("the request body is a JSON object")
    return value


def bank_router(store: Store | BankStore,
                clock: Callable[[], float] = time.time) -> APIRouter:
    """The pages and the JSON API of the banking units, kept in ``store``'s database."""
    service = BankService(store, clock)
    router = APIRouter()

    def answer(e: Exception) -> JSONResponse:
        if isinstance(e, Refused):
            body: dict[str, Any] = {"error": str(e)}
            if e.view is not None:
                body["view"] = e.view
            return JSONResponse(body, status_code=e.status)
        return JSONResponse({"error": str(e)}, status_code=500 if isinstance(e, Damaged)
                            else 503)

    async def run(work: Callable[[], dict[str, Any]]) -> JSONResponse:
        try:
            return JSONResponse(await to_thread.run_sync(work))
        except (Refused, StoreError) as e:
            return answer(e)

    @router.get("/bank")
    async def choose() -> FileResponse:
        return FileResponse(str(STATIC / "bank.html"))

    @router.get("/bank/{code}")
    async def unit_page(code: str) -> FileResponse:
        return FileResponse(str(STATIC / "bank.html"))

    @router.get("/api/bank/kinds")
    async def kinds() -> JSONResponse:
        return JSONResponse(service.kinds())

    @router.post("/api/bank")
    async def create(request: Request) -> JSONResponse:
        try:
            data = await read_json_body(request, MAX_BODY)
        except BadRequest as e:
            return answer(e)
        return await run(lambda: service.create(data))

    @router.get("/api/bank/{code}")
    async def look(code: str, since: str | None = None) -> JSONResponse:
        after = int(since) if since is not None and since.isdigit() and len(since) < 19 \
            else None
        return await run(lambda: service.look(code, after))

    @router.post("/api/bank/{code}")
    async def act(code: str, request: Request) -> JSONResponse:
        try:
            data = await read_json_body(request, MAX_BODY)
        except BadRequest as e:
            return answer(e)
        return await run(lambda: service.act(code, data))

    router.service = service  # type: ignore[attr-defined]
    return router


__all__ = ["KINDS", "BankService", "BankStore", "NoSuchUnit", "PostgresBankStore", "Refused",
           "SQLiteBankStore", "Stale", "bank_router", "bank_store_for", "normal_code",
           "shown_code", "unit_key"]
