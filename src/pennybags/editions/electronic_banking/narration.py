"""Payments told as the banking unit operations that make them.

In a digital game of Electronic Banking every money movement is also told as what a player
would have done at the unit, with what the display showed ("Ann inserts their card, keys
2.2M, presses transfer (display: 12.8M) and takes it out; Bob inserts their card and
presses transfer; display: 17.2M."), so a family learns the unit while playing.

The words are not made up: :func:`tell_payment` runs the steps on a unit over a copy of
the game's ledger and reports the displays the unit showed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pennybags.editions.electronic_banking.amounts import format_km, keys_for
from pennybags.editions.electronic_banking.unit import ElectronicBankingUnit
from pennybags.engine.arrays import copied_ints
from pennybags.engine.ledger import BANK, FREE_PARKING_POT, Ledger

GO_REASON = "GO salary"
"""The payment reason the GO arrow stands for."""


@dataclass(frozen=True)
class UnitStory:
    """One payment at the unit: the steps, the display after each, and the words."""

    steps: tuple[str, ...]
    displays: tuple[str, ...]
    words: str
    display: str
    """What the display showed when the money had moved."""


def mirror(ledger: Ledger) -> Ledger:
    """A copy of the balances of ``ledger`` (not its history), for a unit to work on."""
    copy = Ledger(len(ledger.balances), recording=False)
    copy.balances = copied_ints(ledger.balances)
    copy.bank = ledger.bank
    copy.pots = dict(ledger.pots)
    return copy


def card_accounts(players: int, pot: bool) -> dict[int, int]:
    """Card N is seat N-1's; with the Free Parking pot, the next card holds the pot."""
    accounts = {seat + 1: seat for seat in range(players)}
    if pot:
        accounts[players + 1] = FREE_PARKING_POT
    return accounts


def tell_payment(ledger: Ledger, names: Sequence[str], payer: int, payee: int, amount: int,
                 reason: str, *, start: int, go: int, pot: bool = False) -> UnitStory:
    """The unit operation for ``amount`` from ``payer`` to ``payee`` (ledger accounts: seats,
    :data:`BANK`, :data:`FREE_PARKING_POT`), told before it is made on the real ledger."""
    accounts = card_accounts(len(names), pot)
    card_of = {account: card for card, account in accounts.items()}
    unit = ElectronicBankingUnit(mirror(ledger), accounts, start=start, go=go)
    steps: list[str] = []
    displays: list[str] = []

    def do(*more: str) -> str:
        for s in more:
            steps.append(s)
            displays.append(unit.step(s))
        return displays[-1]

    def who(account: int) -> str:
        return names[account] if account >= 0 else "the banker"

    def card_words(account: int) -> str:
        return "their card" if account >= 0 else "the Free Parking card"

    keyed = format_km(amount)
    if payer == BANK:
        actor = payee
        do(f"in:{card_of[payee]}")
        if reason == GO_REASON and go > 0 and amount % go == 0:
            presses = amount // go
            shown = do(*["GO"] * presses)
            what = "the GO arrow" if presses == 1 else f"the GO arrow {_times(presses)}"
            words = f"{who(actor)} inserts {card_words(actor)} and presses {what}; " \
                    f"display: {shown}."
        else:
            shown = do(*keys_for(amount), "+")
            words = f"{who(actor)} inserts {card_words(actor)}, keys {keyed}, presses +; " \
                    f"display: {shown}."
        do("out")
    elif payee == BANK:
        actor = payer
        do(f"in:{card_of[payer]}")
        shown = do(*keys_for(amount), "-")
        do("out")
        words = f"{who(actor)} inserts {card_words(actor)}, keys {keyed}, presses -; " \
                f"display: {shown}."
    else:
        # The player who makes the payment works the unit; with the pot, the player taking
        # it or paying into it handles the Free Parking card too.
        actor = payer if payer >= 0 else payee
        first = do(f"in:{card_of[payer]}", *keys_for(amount), "T")
        do("out")
        shown = do(f"in:{card_of[payee]}", "T")
        do("out")
        if payer >= 0:
            opening = f"{who(payer)} inserts {card_words(payer)}"
        else:
            opening = f"{who(actor)} inserts {card_words(payer)}"
        if payee >= 0:
            closing = f"{who(payee)} inserts {card_words(payee)}"
        else:
            closing = f"{who(actor)} inserts {card_words(payee)}"
        words = (f"{opening}, keys {keyed}, presses transfer (display: {first}) and takes "
                 f"it out; {closing} and presses transfer; display: {shown}.")
    return UnitStory(tuple(steps), tuple(displays), words, shown)


def _times(n: int) -> str:
    return {2: "twice", 3: "three times"}.get(n, f"{n} times")

