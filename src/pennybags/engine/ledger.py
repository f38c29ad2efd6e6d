"""The ledger: the only way money moves.

Every transfer is a transaction with a payer, a payee, an amount and a reason. Accounts are
plain ints: players are their seat numbers (0, 1, ...), the bank is :data:`BANK`, and pots
(such as the Free Parking pot house rule) have negative numbers below the bank.

The bank issues money, so its balance goes negative as it pays out; the sum of all balances
is therefore always zero, which is what :meth:`Ledger.conserved` checks.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from librt.vecs import vec
from mypy_extensions import i64

from pennybags.engine.arrays import copied_ints, filled_ints

BANK: Final = -1
"""The bank's account number."""

FREE_PARKING_POT: Final = -2
"""The account of the Free Parking pot (a house rule in classic)."""


class Transaction(NamedTuple):
    """One money movement: ``amount`` from ``payer`` to ``payee`` for ``reason``."""

    payer: int
    payee: int
    amount: int
    reason: str


class Ledger:
    """Balances of every account and, when recording, the list of transactions."""

    __slots__ = ("balances", "bank", "pots", "recording", "transactions")

    def __init__(self, players: int, recording: bool = True) -> None:
        self.balances: vec[i64] = filled_ints(0, players)
        """Each player's balance, by seat (an array of :mod:`pennybags.engine.arrays`)."""
        self.bank = 0
        self.pots: dict[int, int] = {}
        self.recording = recording
        self.transactions: list[Transaction] = []

    def clone(self) -> Ledger:
        """An independent copy (balances and the transactions so far)."""
        copy = Ledger(0, self.recording)
        copy.balances = copied_ints(self.balances)
        copy.bank = self.bank
        copy.pots = dict(self.pots)
        copy.transactions = list(self.transactions)
        return copy

    def balance(self, account: int) -> int:
        """The balance of a player, the bank or a pot."""
        if account >= 0:
            return self.balances[account]
        if account == BANK:
            return self.bank
        return self.pots.get(account, 0)

    def _add(self, account: int, amount: int) -> None:
        if account >= 0:
            self.balances[account] = self.balances[account] + amount
        elif account == BANK:
            self.bank += amount
        else:
            self.pots[account] = self.pots.get(account, 0) + amount

    def transfer(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """Move ``amount`` from ``payer`` to ``payee``.

        The ledger does not judge whether the payer can afford it: the rules do that before
        calling. A player's balance may only go negative where an edition's rules allow debt.
        """
        if amount <= 0:  # (one comparison for the usual amount, above 0)
            if amount < 0:
                raise ValueError(f"negative transfer of {amount} for {reason}")
            return
        # (Written out rather than ``balances[payer] -= amount``: the compiled build then
        # adds plain numbers instead of making a generic call.)
        balances = self.balances
        if payer >= 0:
            balances[payer] = balances[payer] - amount
        elif payer == BANK:
            self.bank -= amount
        else:
            self._add(payer, -amount)
        if payee >= 0:
            balances[payee] = balances[payee] + amount
        elif payee == BANK:
            self.bank += amount
        else:
            self._add(payee, amount)
        if self.recording:
            self.transactions.append(Transaction(payer, payee, amount, reason))

    def undo_last(self) -> Transaction | None:
        """Reverse the most recent recorded transaction (the banking units' undo)."""
        if not self.transactions:
            return None
        t = self.transactions.pop()
        self._add(t.payee, -t.amount)
        self._add(t.payer, t.amount)
        return t

    def total(self) -> int:
        """Sum of every account; zero whenever money has been conserved."""
        return sum(self.balances) + self.bank + sum(self.pots.values())

    def conserved(self) -> bool:
        """True when no money was created or destroyed."""
        return self.total() == 0
