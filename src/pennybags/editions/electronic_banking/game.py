"""Monopoly Electronic Banking: classic rules on the UK board, money on bank cards.

The rules are classic's (:class:`~pennybags.editions.classic.game.ClassicGame`, with our
rulings); what differs is the data and the banking unit:

* amounts are whole thousands (K) in the engine: Old Kent Road costs ``600`` (600K), each
  card starts at ``15000`` (15M), GO pays ``2000`` (2M), the jail fine is ``500`` (500K).
  :meth:`ElectronicBankingGame.money` writes them as the unit shows them ("600K", "1.75M",
  "15M"). The rulebook's "1500M" start and "50M" jail fine are translation errors (see
  docs/editions/electronic-banking.md);
* 2 to 6 players, one bank card per token;
* every payment is also told as the unit operation that made it: after each ``paid``
  event (or after the event that explains the payment, such as ``bought``) the game emits
  a ``unit`` event with the steps, the display and the words (:func:`~pennybags.editions.
  electronic_banking.narration.tell_payment`). Nothing is computed when nobody listens, so
  simulations run at classic speed.

Decision kinds and action ids are classic's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pennybags.editions.classic.game import ClassicGame
from pennybags.editions.electronic_banking.amounts import format_km, parse_km
from pennybags.editions.electronic_banking.narration import tell_payment
from pennybags.editions.electronic_banking.options import ElectronicBankingOptions
from pennybags.engine.data import EditionData
from pennybags.engine.game import Event
from pennybags.engine.ledger import FREE_PARKING_POT
from pennybags.engine.rules import Rulebook

EXPLAINED_BY_NEXT = frozenset({
    "purchase", "auction", "house auction", "building", "building sold", "mortgage",
    "mortgage lifted", "trade",
})
"""Payment reasons followed by the event that tells them (``bought``, ``built``...): their
``unit`` event comes after that event, so a front can tell the sentence first."""


class ElectronicBankingGame(ClassicGame):
    """Classic rules, K/M money and the banking unit's narration."""

    edition_id = "electronic-banking"
    options_class = ElectronicBankingOptions

    def __init__(self, data: EditionData, names: Sequence[str], seed: int | None = None,
                 options: ElectronicBankingOptions | None = None, *, rulebook: Rulebook,
                 record: bool = True, listeners: Sequence[Callable[[Event], None]] = (),
                 decide_order: bool = True, start: bool = True,
                 clone_of: ElectronicBankingGame | None = None) -> None:
        self._unit_waiting: list[dict[str, Any]] = []
        """Unit narrations held back until the event that explains their payment (a copy
        of the game starts with none: it has no listeners)."""
        super().__init__(data, names, seed, options, rulebook=rulebook, record=record,
                         listeners=listeners, decide_order=decide_order, start=start,
                         clone_of=clone_of)
        self.plain_pay = True
        """(:meth:`pay` adds only the unit's narration, for listeners: without them it is
        the ledger's transfer, as ``Game.plain_pay`` asks.)"""
        cards = int(self.data.rules.get("bank_cards", 6))
        needed = len(self.players) + (1 if self.options.free_parking_pot else 0)
        if needed > cards:
            raise ValueError(
                f"the unit has {cards} bank cards: {len(self.players)} players and the "
                "Free Parking pot's card do not fit; play with at most "
                f"{cards - 1} players or without the free-parking-pot option")

    # ------------------------------------------------------------ money as the unit shows it

    def money(self, amount: int) -> str:
        """An amount as the unit shows it: "600K", "1.75M", "15M"."""
        return format_km(amount)

    @staticmethod
    def parse_money(text: str) -> int | None:
        """An amount typed by a person ("2.2M", "600K", or a number of K)."""
        return parse_km(text)

    # ------------------------------------------------------------ the unit's narration

    def pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        if amount <= 0:
            return
        if not self.listeners or not self.options.unit_narration:
            super().pay(payer, payee, amount, reason)
            return
        story = tell_payment(
            self.ledger, [p.name for p in self.players], payer, payee, amount, reason,
            start=self.data.rules["starting_cash"], go=self.go_salary,
            pot=self.options.free_parking_pot)
        data = {"player": payee if payer < 0 and payee >= 0 else payer,
                "payer": payer, "payee": payee, "amount": amount, "reason": reason,
                "steps": list(story.steps), "display": story.display, "words": story.words}
        super().pay(payer, payee, amount, reason)
        if reason in EXPLAINED_BY_NEXT:
            self._unit_waiting.append(data)
        else:
            super().emit("unit", **data)

    def emit(self, kind: str, **data: Any) -> None:
        super().emit(kind, **data)
        if self._unit_waiting and kind != "paid":
            waiting = self._unit_waiting
            self._unit_waiting = []
            for told in waiting:
                super().emit("unit", **told)

    # ------------------------------------------------------------ snapshot

    def snapshot_extra(self) -> dict[str, Any]:
        """Classic's extras, plus what each bank card shows in the unit."""
        out = super().snapshot_extra()
        cards = {p.name: format_km(self.cash(p.seat)) for p in self.players}
        if self.options.free_parking_pot:
            cards["Free Parking"] = format_km(self.ledger.balance(FREE_PARKING_POT))
        out["cards"] = cards
        return out


__all__ = ["ElectronicBankingGame", "ElectronicBankingOptions"]
