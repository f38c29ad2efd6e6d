"""A banking unit's memory: SQLite, written after every operation.

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
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pennybags.editions import get_edition
from pennybags.editions.electronic_banking.unit import ElectronicBankingUnit
from pennybags.engine.ledger import BANK, Ledger

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS unit (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS transactions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    era INTEGER NOT NULL,
    at TEXT NOT NULL,
    payer INTEGER NOT NULL,
    payee INTEGER NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0),
    reason TEXT NOT NULL
);
"""


class StoreError(Exception):
    """The state file cannot be used (not a unit's state, another kind of unit...)."""


@dataclass(frozen=True)
class Entry:
    """One transaction of the history: payer and payee are card numbers or -1 (bank)."""

    number: int
    at: str
    payer: int
    payee: int
    amount: int
    reason: str


def unit_model(kind: str) -> type[ElectronicBankingUnit]:
    """The unit model of the edition ``kind``, found through the edition registry."""
    model = get_edition(kind).unit
    if not (isinstance(model, type) and issubclass(model, ElectronicBankingUnit)):
        raise StoreError(f"the edition '{kind}' has no Electronic Banking unit")
    return model


class UnitStore:
    """The state file of an Electronic Banking unit: open it, get the unit, save after
    every operation with :meth:`save`."""

    def __init__(self, path: Path, *, kind: str, start: int, go: int, cards: int = 6) -> None:
        self.path = path
        self.kind = kind
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(path), isolation_level=None)
            self.db.execute("PRAGMA synchronous = FULL")
            self.db.executescript(_SCHEMA)
            meta = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        except (sqlite3.DatabaseError, OSError) as e:
            raise StoreError(f"cannot use {path} as a unit's state: {e}") from None
        self.fresh = not meta
        if self.fresh:
            meta = {"schema": str(SCHEMA_VERSION), "kind": kind, "start": str(start),
                    "go": str(go), "cards": str(cards), "era": "1"}
            with self.transaction():
                self.db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        if meta.get("kind") != kind:
            raise StoreError(f"{path} holds the state of a '{meta.get('kind')}' unit, not "
                             f"'{kind}'")
        if meta.get("schema") != str(SCHEMA_VERSION):
            raise StoreError(f"{path} was written by another version (schema "
                             f"{meta.get('schema')})")
        self.start = int(meta["start"])
        self.go = int(meta["go"])
        self.cards = int(meta["cards"])
        self.era = int(meta["era"])
        self.unit = self._load_unit()
        self._saved = len(self.unit.ledger.transactions)
        if self.fresh:
            self.unit.reset()
            self.save()

    # ------------------------------------------------------------ reading

    def _load_unit(self) -> ElectronicBankingUnit:
        ledger = Ledger(self.cards)
        accounts = {card: card - 1 for card in range(1, self.cards + 1)}
        for entry in self.history():
            ledger.transfer(self._account(entry.payer), self._account(entry.payee),
                            entry.amount, entry.reason)
        unit = unit_model(self.kind)(ledger, accounts, start=self.start, go=self.go)
        row = self.db.execute("SELECT state FROM unit WHERE id = 1").fetchone()
        if row is not None:
            try:
                unit.load(json.loads(row[0]))
            except (ValueError, TypeError, KeyError, IndexError) as e:
                raise StoreError(f"the unit's state in {self.path} is damaged: {e}") from None
        return unit

    @staticmethod
    def _account(card: int) -> int:
        return BANK if card == BANK else card - 1

    @staticmethod
    def _card(account: int) -> int:
        return BANK if account == BANK else account + 1

    def history(self) -> list[Entry]:
        """Every transaction since the last reset, oldest first."""
        rows = self.db.execute(
            "SELECT id, at, payer, payee, amount, reason FROM transactions WHERE era = ? "
            "ORDER BY id", (self.era,)).fetchall()
        return [Entry(*row) for row in rows]

    # ------------------------------------------------------------ writing

    def transaction(self) -> _Transaction:
        return _Transaction(self.db)

    def save(self, *, reset: bool = False) -> None:
        """Write what the unit did since the last save, in one commit. ``reset``: the unit
        was reset, so a new era starts with its starting balances."""
        ledger = self.unit.ledger
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self.transaction():
            if reset:
                self.era += 1
                self.db.execute("UPDATE meta SET value = ? WHERE key = 'era'", (str(self.era),))
                self._saved = 0
            new = ledger.transactions[self._saved:]
            self.db.executemany(
                "INSERT INTO transactions (era, at, payer, payee, amount, reason) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(self.era, now, self._card(t.payer), self._card(t.payee), t.amount, t.reason)
                 for t in new])
            self.db.execute("INSERT OR REPLACE INTO unit (id, state) VALUES (1, ?)",
                            (json.dumps(self.unit.to_json()),))
        self._saved = len(ledger.transactions)

    def close(self) -> None:
        self.db.close()


class _Transaction:
    """``with store.transaction():`` BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: Any, value: Any, tb: Any) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
