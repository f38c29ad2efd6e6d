"""What every banking unit shares: bank cards over a ledger, a keypad entry, a display.

A banking unit is a view and a control over an engine :class:`~pennybags.engine.ledger.Ledger`,
never a second bookkeeping: each bank card stands for one ledger account (a player's seat,
or a pot), a card's balance is that account's balance, and every money movement the unit
makes is one ledger transfer. The Electronic Banking unit (:mod:`pennybags.banking.electronic`)
builds on this; a unit with other buttons (Ultimate Banking's) can live beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pennybags.banking.amounts import MAX_DIGITS, format_km, keyed_amount
from pennybags.engine.ledger import BANK, Ledger

ERROR = "ERROR"
"""Display: a keying mistake (two decimal points, M or K without digits, a fraction of a
thousand, a button the unit cannot take now)."""
NO_CARD = "NO CARD"
"""Display: the key needs a card in the unit."""
NO_FUNDS = "NO FUNDS"
"""Display: the card's balance is smaller than the amount; nothing was moved."""
CARD_IN = "CARD IN"
"""Display: a card is already in the slot."""
SAME_CARD = "SAME CARD"
"""Display: a transfer needs a second card, not the payer's."""
READY = "READY"
"""Display with no card in and nothing waiting."""

ERRORS = frozenset({ERROR, NO_CARD, NO_FUNDS, CARD_IN, SAME_CARD})


class Keypad:
    """The digits and decimal point keyed so far, and the amount registered with M or K."""

    __slots__ = ("amount", "digits")

    def __init__(self) -> None:
        self.digits = ""
        self.amount: int | None = None
        """The registered amount in K (after M or K), or None."""

    def clear(self) -> None:
        self.digits = ""
        self.amount = None

    def key(self, char: str) -> bool:
        """A digit or the decimal point; False when the entry cannot take it."""
        if self.amount is not None:
            # A new entry after a registered amount starts afresh.
            self.amount = None
            self.digits = ""
        if char == "." and "." in self.digits:
            return False
        if char != "." and sum(c.isdigit() for c in self.digits) >= MAX_DIGITS:
            return False
        self.digits += char
        return True

    def register(self, unit: str) -> bool:
        """The M or K key: register the digits in millions or thousands."""
        value = keyed_amount(self.digits, unit)
        if value is None or value <= 0:
            return False
        self.amount = value
        self.digits = ""
        return True

    def shown(self) -> str:
        """What the display shows for the entry ("2.2", or "2.2M" once registered)."""
        if self.amount is not None:
            return format_km(self.amount)
        return self.digits

    def to_json(self) -> dict[str, Any]:
        return {"digits": self.digits, "amount": self.amount}

    def load(self, obj: Mapping[str, Any]) -> None:
        self.digits = str(obj.get("digits", ""))
        amount = obj.get("amount")
        self.amount = int(amount) if amount is not None else None


class BankingUnit:
    """Bank cards (numbered from 1) over ledger accounts, with a display and a sound."""

    def __init__(self, ledger: Ledger, accounts: Mapping[int, int], start: int) -> None:
        if not accounts:
            raise ValueError("a banking unit needs at least one bank card")
        self.ledger = ledger
        self.accounts: dict[int, int] = dict(accounts)
        """Card number -> ledger account."""
        self.start = start
        """Every card's balance after a reset."""
        self.display = READY
        self.sound = ""
        """The last sound: "" (none), "beep", "long beep" or "error"."""

    def balance(self, card: int) -> int:
        return self.ledger.balance(self.accounts[card])

    def balances(self) -> dict[int, int]:
        return {c: self.balance(c) for c in sorted(self.accounts)}

    def shown_balance(self, card: int) -> str:
        return format_km(self.balance(card))

    def known(self, card: int) -> bool:
        return card in self.accounts

    def fail(self, message: str) -> str:
        self.display = message
        self.sound = "error"
        return message

    def show(self, text: str, sound: str = "beep") -> str:
        self.display = text
        self.sound = sound
        return text

    def move(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """One ledger transfer between the accounts of two cards (or the bank)."""
        src = BANK if payer == BANK else self.accounts[payer]
        dst = BANK if payee == BANK else self.accounts[payee]
        self.ledger.transfer(src, dst, amount, reason)

    def reset_balances(self) -> None:
        """Every card back to the starting balance; the ledger forgets its history."""
        ledger = self.ledger
        for account in self.accounts.values():
            balance = ledger.balance(account)
            if balance > 0:
                ledger.transfer(account, BANK, balance, "reset")
            elif balance < 0:
                ledger.transfer(BANK, account, -balance, "reset")
        ledger.transactions.clear()
        for card in sorted(self.accounts):
            ledger.transfer(BANK, self.accounts[card], self.start, "starting money")
