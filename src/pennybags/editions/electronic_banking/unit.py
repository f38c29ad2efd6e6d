"""The Electronic Banking unit: a state machine over the ledger.

A banking unit is a view and a control over an engine :class:`~pennybags.engine.ledger.Ledger`,
never a second bookkeeping: each bank card stands for one ledger account (a player's seat,
or a pot), a card's balance is that account's balance, and every money movement the unit
makes is one ledger transfer (:class:`BankingUnit`, with the keypad entry in :class:`Keypad`).

The unit of the rulebook has one card slot, a keypad (digits and a decimal point), the M and
K keys that register the amount keyed in millions or thousands, and these buttons:

========  ===================  ================================================================
key       button               what it does (a card must be in)
========  ===================  ================================================================
``+``     credit (+ player)    the bank pays the card the registered amount
``-``     debit (- player)     the card pays the bank the registered amount
``T``     transfer (player to  pressed by the payer: holds the registered amount (the display
          player)              shows the payer's balance after it); the payer takes the card
                               out, the payee puts theirs in and presses it again: the money
                               moves then, in one transfer
``GO``    the GO arrow         the bank pays the card the GO salary (2M)
``C``     C                    with a card in: cancels the entry (and a transfer that waits);
                               with no card in: cancels a waiting transfer; held 5 s with no
                               card in: resets the unit (every card back to 15M, long beep)
``.``     decimal point        held with no card in: steps the volume (one level a second)
========  ===================  ================================================================

Holding a key is its own event (:meth:`ElectronicBankingUnit.hold`) with the time it was
held, so a long press is explicit in tests and in the companion mode.

Mistakes never move money: a payment larger than the card's balance is refused with
``NO FUNDS`` (the real unit's behaviour is not documented; refusing is the safe reading); a
keying mistake shows ``ERROR`` and clears the entry; a second card while one is in shows
``CARD IN``; a button that needs a card shows ``NO CARD``; the payer's own card cannot
receive its transfer (``SAME CARD``). While a transfer waits for its payee, only the
transfer button (with another card) and C are taken.

Steps (for scripts, the companion mode and the game narration) are short strings:
``in:N`` (insert card N), ``out`` (take the card out), a key (``0``-``9``, ``.``, ``M``,
``K``, ``+``, ``-``, ``T``, ``GO``, ``C``) and ``hold:KEY:SECONDS`` (``hold:C:5``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from pennybags.editions.electronic_banking.amounts import (
    MAX_DIGITS,
    PER_M,
    format_km,
    keyed_amount,
)
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

SOUNDS = ("", "beep", "long beep", "error")
MAX_KEYED = (10**MAX_DIGITS - 1) * PER_M
"""The largest amount the keypad registers (99,999,999M), in K."""


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

    def load(self, obj: Any) -> None:
        """Take a saved entry; ValueError (nothing changed) when the keypad cannot hold it."""
        if not isinstance(obj, Mapping) or set(obj) != {"digits", "amount"}:
            raise ValueError(f"the keypad entry is {_shown(obj)}, not digits and an amount")
        digits, amount = obj["digits"], obj["amount"]
        if not isinstance(digits, str) or any(c not in DIGIT_KEYS for c in digits) \
                or digits.count(".") > 1 or sum(c.isdigit() for c in digits) > MAX_DIGITS:
            raise ValueError(f"the keypad entry {_shown(digits)} is not one the keypad shows")
        if amount is not None and (type(amount) is not int or not 0 < amount <= MAX_KEYED):
            raise ValueError(f"the registered amount {_shown(amount)} is not one the keypad "
                             "registers")
        if amount is not None and digits:
            raise ValueError("the keypad holds both digits and a registered amount")
        self.digits = digits
        self.amount = amount


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


DIGIT_KEYS = frozenset("0123456789.")
BUTTONS = ("M", "K", "+", "-", "T", "GO", "C")
"""Every key besides the digits and the decimal point."""
RESET_SECONDS = 5.0
"""How long C must be held (with no card in) to reset the unit."""
VOLUME_LEVELS = 4
"""Volume levels 0 (silent) to 3."""


class ElectronicBankingUnit(BankingUnit):
    """The banking unit of Monopoly Electronic Banking.

    ``accounts`` maps card numbers (1 to 6) to ledger accounts; ``start`` is every card's
    balance after a reset and ``go`` the GO arrow's amount, both in K.
    """

    def __init__(self, ledger: Ledger, accounts: Mapping[int, int], start: int = 15000,
                 go: int = 2000) -> None:
        super().__init__(ledger, accounts, start)
        self.go = go
        self.card: int | None = None
        """The card in the slot."""
        self.keypad = Keypad()
        self.waiting: tuple[int, int] | None = None
        """A transfer pressed by its payer: (payer card, amount)."""
        self.volume = 2

    # ------------------------------------------------------------ the card slot

    def insert(self, card: int) -> str:
        if not self.known(card):
            return self.fail(ERROR)
        if self.card is not None:
            return self.fail(CARD_IN)
        self.card = card
        self.keypad.clear()
        return self.show(self.shown_balance(card))

    def remove(self) -> str:
        if self.card is None:
            return self.fail(NO_CARD)
        self.card = None
        self.keypad.clear()
        if self.waiting is not None:
            return self.show(self.waiting_text(), "")
        return self.show(READY, "")

    def waiting_text(self) -> str:
        assert self.waiting is not None
        return f"PAY {format_km(self.waiting[1])}"

    # ------------------------------------------------------------ keys

    def press(self, key: str) -> str:
        """A short press of a key."""
        if key not in BUTTONS and not (key in DIGIT_KEYS and len(key) == 1):
            raise ValueError(f"the unit has no key '{key}'")
        if key in DIGIT_KEYS:
            return self._digit(key)
        if key in ("M", "K"):
            return self._register(key)
        if key == "C":
            return self._cancel()
        if self.card is None:
            return self.fail(NO_CARD)
        if key == "T":
            return self._transfer(self.card)
        if self.waiting is not None:
            return self.fail(ERROR)
        if key == "GO":
            self.keypad.clear()
            self.move(BANK, self.card, self.go, "GO")
            return self.show(self.shown_balance(self.card))
        if key in ("+", "-"):
            amount = self.keypad.amount
            self.keypad.clear()
            if amount is None:
                return self.fail(ERROR)
            if key == "+":
                self.move(BANK, self.card, amount, "credit")
            else:
                if amount > self.balance(self.card):
                    return self.fail(NO_FUNDS)
                self.move(self.card, BANK, amount, "debit")
        return self.show(self.shown_balance(self.card))

    def hold(self, key: str, seconds: float) -> str:
        """A key held down for ``seconds``: C held 5 s with no card in resets the unit; the
        decimal point held with no card in steps the volume; otherwise a normal press."""
        if not (isinstance(seconds, int | float) and math.isfinite(seconds) and seconds >= 0):
            raise ValueError(f"a key is held for a number of seconds, 0 or more, not {seconds}")
        if key == "C" and self.card is None and seconds >= RESET_SECONDS:
            self.reset()
            return self.show("RESET", "long beep")
        if key == "." and self.card is None:
            steps = max(1, int(seconds))
            self.volume = (self.volume + steps) % VOLUME_LEVELS
            return self.show(f"VOL {self.volume}", "beep" if self.volume else "")
        return self.press(key)

    def reset(self) -> None:
        """Every card back to the starting balance; anything keyed or waiting is dropped."""
        self.keypad.clear()
        self.waiting = None
        self.reset_balances()

    def _digit(self, char: str) -> str:
        if self.card is None:
            return self.fail(NO_CARD)
        if self.waiting is not None:
            return self.fail(ERROR)
        if not self.keypad.key(char):
            self.keypad.clear()
            return self.fail(ERROR)
        return self.show(self.keypad.shown())

    def _register(self, unit: str) -> str:
        if self.card is None:
            return self.fail(NO_CARD)
        if self.waiting is not None or not self.keypad.register(unit):
            self.keypad.clear()
            return self.fail(ERROR)
        return self.show(self.keypad.shown())

    def _cancel(self) -> str:
        self.keypad.clear()
        self.waiting = None
        if self.card is None:
            return self.show(READY)
        return self.show(self.shown_balance(self.card))

    def _transfer(self, card: int) -> str:
        if self.waiting is not None:
            payer, amount = self.waiting
            if card == payer:
                return self.fail(SAME_CARD)
            if amount > self.balance(payer):
                self.waiting = None
                return self.fail(NO_FUNDS)
            self.waiting = None
            self.move(payer, card, amount, "transfer")
            return self.show(self.shown_balance(card))
        keyed = self.keypad.amount
        self.keypad.clear()
        if keyed is None:
            return self.fail(ERROR)
        if keyed > self.balance(card):
            return self.fail(NO_FUNDS)
        self.waiting = (card, keyed)
        return self.show(format_km(self.balance(card) - keyed))

    # ------------------------------------------------------------ scripts

    def step(self, step: str) -> str:
        """Do one step written as a string (see the module's docstring)."""
        text = step.strip()
        if text.startswith("in:"):
            try:
                card = int(text[3:])
            except ValueError:
                raise ValueError(f"'{step}': a card is a number") from None
            return self.insert(card)
        if text == "out":
            return self.remove()
        if text.startswith("hold:"):
            _, key, seconds = [*text.split(":"), "1"][:3]
            try:
                held = float(seconds)
            except ValueError:
                raise ValueError(f"'{step}': the time held is a number of seconds") from None
            return self.hold(key, held)
        if (text in DIGIT_KEYS and len(text) == 1) or text in BUTTONS:
            return self.press(text)
        raise ValueError(f"'{step}' is not a step of the unit")

    def run(self, steps: Iterable[str]) -> list[str]:
        """Do several steps; the display after each."""
        return [self.step(s) for s in steps]

    # ------------------------------------------------------------ state

    def to_json(self) -> dict[str, Any]:
        """The unit's own state (the balances live in the ledger)."""
        return {
            "card": self.card,
            "keypad": self.keypad.to_json(),
            "waiting": list(self.waiting) if self.waiting is not None else None,
            "volume": self.volume,
            "display": self.display,
            "sound": self.sound,
        }

    def load(self, obj: Any) -> None:
        """Take the unit's saved state (as :meth:`to_json` writes it; the balances are the
        ledger's). ValueError saying what is wrong when it is not a state this unit can be
        in; the unit is unchanged then."""
        fields = {"card", "keypad", "waiting", "volume", "display", "sound"}
        if not isinstance(obj, Mapping) or set(obj) != fields:
            shown = sorted(obj) if isinstance(obj, Mapping) else _shown(obj)
            raise ValueError(f"the unit's state is {shown}, not the fields "
                             f"{', '.join(sorted(fields))}")
        card = obj["card"]
        if card is not None and (type(card) is not int or not self.known(card)):
            raise ValueError(f"the card in the slot is {_shown(card)}, not a card of the unit")
        keypad = Keypad()
        keypad.load(obj["keypad"])
        waiting = obj["waiting"]
        if waiting is not None:
            if not (isinstance(waiting, list) and len(waiting) == 2
                    and all(type(x) is int for x in waiting)
                    and self.known(waiting[0]) and 0 < waiting[1] <= MAX_KEYED):
                raise ValueError(f"the waiting transfer is {_shown(waiting)}, not a card and "
                                 "an amount")
            if waiting[1] > self.balance(waiting[0]):
                raise ValueError(f"the waiting transfer of {format_km(waiting[1])} is more "
                                 f"than card {waiting[0]} holds")
        volume = obj["volume"]
        if type(volume) is not int or not 0 <= volume < VOLUME_LEVELS:
            raise ValueError(f"the volume is {_shown(volume)}, not 0 to {VOLUME_LEVELS - 1}")
        display, sound = obj["display"], obj["sound"]
        if not isinstance(display, str) or len(display) > 40:
            raise ValueError(f"the display is {_shown(display)}, not a short text")
        if sound not in SOUNDS:
            raise ValueError(f"the sound is {_shown(sound)}, not one of the unit's")
        self.card = card
        self.keypad = keypad
        self.waiting = (waiting[0], waiting[1]) if waiting is not None else None
        self.volume = volume
        self.display = display
        self.sound = sound


def _shown(value: Any) -> str:
    """A value as a message shows it (short)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
