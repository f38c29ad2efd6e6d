"""Actions (the answers players give), decisions (the questions the engine asks) and the
schema both are declared in.

Every input, whether a person at a terminal, a bot or a scenario file, is an :class:`Action`
given to ``Game.act(player, action)``. The engine lists what it is waiting for as
:class:`Decision` objects; several may be open at once for different players.

Each action kind is declared once as an :class:`ActionKind`: its name, the typed fields it
takes (:class:`Field`: a deed, a space, a player, an amount, a card, a trade offer or a
company of a stock exchange) and a
one-line reference to the rule it plays. Each decision kind is a :class:`DecisionKind`: the
action kinds that answer it. An edition's vocabulary is the set of both
(:class:`Vocabulary`); the JSON and text notation (``engine.notation``), the menus and
``pennybags actions`` are all made from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from librt.vecs import vec

from pennybags.engine.arrays import flags
from pennybags.engine.ledger import BANK


class IllegalAction(Exception):
    """An action that the rules do not allow now. Nothing was changed."""


# ---------------------------------------------------------------------------- values

CardRef = tuple[str, int]
"""A card of the game: the key of its deck and its index among the deck's cards."""


class Trade:
    """An offer from ``proposer`` to ``recipient``.

    ``give*`` is what the proposer hands over, ``take*`` what they ask for:

    * ``give``/``take``: title deeds, by board index;
    * ``give_cash``/``take_cash``: cash;
    * ``give_cards``/``take_cards``: held cards, one entry each: ``deck:card-id`` (a card
      with that id; copies are alike), ``deck:#index`` or ``deck:card-id#index`` (exactly
      that card of the deck), or a bare deck key (the side's card from that deck, when all
      they hold from it are alike: in classic, its Get Out of Jail Free card). Which cards
      may be traded at all is the edition's to say;
    * ``give_shares``/``take_shares``: shares of a stock exchange, one entry per share: the
      company's id (from the data's ``stocks``) for an unmortgaged share,
      ``company-id:mortgaged`` for a mortgaged one.

    A trade is a value like :class:`Action`: equal when its fields are, hashable, never
    changed.
    """

    __slots__ = ("give", "give_cards", "give_cash", "give_shares", "proposer", "recipient",
                 "take", "take_cards", "take_cash", "take_shares")

    def __init__(self, proposer: int, recipient: int, give: tuple[int, ...] = (),
                 take: tuple[int, ...] = (), give_cash: int = 0, take_cash: int = 0,
                 give_cards: tuple[str, ...] = (), take_cards: tuple[str, ...] = (),
                 give_shares: tuple[str, ...] = (), take_shares: tuple[str, ...] = ()
                 ) -> None:
        self.proposer: Final = proposer
        self.recipient: Final = recipient
        self.give: Final = give
        self.take: Final = take
        self.give_cash: Final = give_cash
        self.take_cash: Final = take_cash
        self.give_cards: Final = give_cards
        self.take_cards: Final = take_cards
        self.give_shares: Final = give_shares
        self.take_shares: Final = take_shares

    def _key(self) -> tuple[int, int, tuple[int, ...], tuple[int, ...], int, int,
                            tuple[str, ...], tuple[str, ...], tuple[str, ...],
                            tuple[str, ...]]:
        return (self.proposer, self.recipient, self.give, self.take, self.give_cash,
                self.take_cash, self.give_cards, self.take_cards, self.give_shares,
                self.take_shares)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trade):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Trade(proposer={self.proposer!r}, recipient={self.recipient!r}, "
                f"give={self.give!r}, take={self.take!r}, give_cash={self.give_cash!r}, "
                f"take_cash={self.take_cash!r}, give_cards={self.give_cards!r}, "
                f"take_cards={self.take_cards!r}, give_shares={self.give_shares!r}, "
                f"take_shares={self.take_shares!r})")

    def countered(self, give: tuple[int, ...], take: tuple[int, ...], give_cash: int,
                  take_cash: int, give_cards: tuple[str, ...] = (),
                  take_cards: tuple[str, ...] = (), give_shares: tuple[str, ...] = (),
                  take_shares: tuple[str, ...] = ()) -> Trade:
        """A counter-offer: the recipient proposes back to the proposer."""
        return Trade(self.recipient, self.proposer, give, take, give_cash, take_cash,
                     give_cards, take_cards, give_shares, take_shares)


DEED_BIT: Final = 1
AMOUNT_BIT: Final = 2
TRADE_BIT: Final = 4
TARGET_BIT: Final = 8
CARD_BIT: Final = 16
SPACE_BIT: Final = 32
COMPANY_BIT: Final = 64
FIELD_BITS: Final[dict[str, int]] = {"deed": DEED_BIT, "amount": AMOUNT_BIT,
                                     "trade": TRADE_BIT, "target": TARGET_BIT,
                                     "card": CARD_BIT, "space": SPACE_BIT,
                                     "company": COMPANY_BIT}
"""Each field of an action as a bit (:attr:`Action.present`, an action kind's fields)."""

_KIND_NUMBERS: Final[dict[str, int]] = {}
"""Each action kind's and decision kind's number (see :func:`kind_number`). (``Final``,
as every table of the hot path that is filled but never rebound: the compiled build then
reads it from a static, not by a look-up in the module's dictionary, about 130
instructions.)"""
NO_KIND: Final = 1 << 30
"""The number of what cannot be an action kind's name (beyond every kind)."""


def kind_number(do: str) -> int:
    """A number for an action kind's name, the same for the whole process (given in the
    order names are first seen): the engine finds a kind's rule by it without hashing the
    name on every answer. :data:`NO_KIND` for what cannot be a name."""
    try:
        number = _KIND_NUMBERS.get(do)
    except TypeError:  # (pure Python: a kind that is not a word)
        return NO_KIND
    if number is None:
        number = _KIND_NUMBERS[do] = len(_KIND_NUMBERS)
    return number


def kinds_table(kinds: Iterable[str]) -> vec[bool]:
    """A table of some kinds by their numbers (:func:`kind_number`): item ``n`` is True
    for the kind numbered ``n`` among ``kinds``; it ends with the last of them (a kind
    numbered beyond it is not among them). An array of flags (``engine.arrays``): read
    on every answer, a packed array in the compiled build, where a list's item is a call
    and a test of its type."""
    table: list[bool] = []
    for kind in kinds:
        number = kind_number(kind)
        while len(table) <= number:
            table.append(False)
        table[number] = True
    return flags(table)


class Action:
    """One answer. ``do`` names its :class:`ActionKind`; the other fields carry the
    arguments the kind declares, each with one meaning:

    * ``deed``: a title deed (board index), -1 for none;
    * ``space``: any space of the board (board index), -1 for none;
    * ``target``: a player the action names (a seat), -1 for none;
    * ``amount``: an amount of money;
    * ``card``: a card (:data:`CardRef`), None for none;
    * ``trade``: a trade offer, None for none;
    * ``company``: a company of the edition's stock exchange (its index in the data's
      ``stocks`` list), -1 for none.

    Actions are values: equal when their fields are equal, hashable, never changed after
    they are made. (A plain class rather than a dataclass: actions are made on the fast
    path, and the compiled build makes plain classes cheaply.)
    """

    __slots__ = ("amount", "card", "company", "deed", "do", "number", "present", "space",
                 "target", "trade")

    def __init__(self, do: str, deed: int = -1, amount: int = 0,
                 trade: Trade | None = None, *, target: int = -1,
                 card: CardRef | None = None, space: int = -1, company: int = -1) -> None:
        self.do: Final = do
        self.deed: Final = deed
        self.amount: Final = amount
        self.trade: Final = trade
        self.target: Final = target
        self.card: Final = card
        self.space: Final = space
        self.company: Final = company
        present = 0
        if deed != -1:
            present = DEED_BIT
        if amount != 0:
            present |= AMOUNT_BIT
        if trade is not None:
            present |= TRADE_BIT
        if target != -1:
            present |= TARGET_BIT
        if card is not None:
            present |= CARD_BIT
        if space != -1:
            present |= SPACE_BIT
        if company != -1:
            present |= COMPANY_BIT
        self.present: Final = present
        """The fields that hold a value, as bits (see :data:`FIELD_BITS`): worked out once,
        so the engine checks an action's shape with one comparison."""
        try:  # kind_number(do), written out: actions are made on the hot path
            number = _KIND_NUMBERS.get(do)
        except TypeError:  # (pure Python: a kind that is not a word)
            number = NO_KIND
        if number is None:
            number = _KIND_NUMBERS[do] = len(_KIND_NUMBERS)
        self.number: Final = number
        """The kind's number (:func:`kind_number`)."""

    def _key(self) -> tuple[str, int, int, Trade | None, int, CardRef | None, int, int]:
        return (self.do, self.deed, self.amount, self.trade, self.target, self.card,
                self.space, self.company)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return (self.do == other.do and self.deed == other.deed
                and self.amount == other.amount and self.target == other.target
                and self.trade == other.trade and self.card == other.card
                and self.space == other.space and self.company == other.company)

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        parts = [repr(self.do)]
        if self.deed != -1:
            parts.append(f"deed={self.deed!r}")
        if self.space != -1:
            parts.append(f"space={self.space!r}")
        if self.target != -1:
            parts.append(f"target={self.target!r}")
        if self.amount != 0:
            parts.append(f"amount={self.amount!r}")
        if self.card is not None:
            parts.append(f"card={self.card!r}")
        if self.company != -1:
            parts.append(f"company={self.company!r}")
        if self.trade is not None:
            parts.append(f"trade={self.trade!r}")
        return f"Action({', '.join(parts)})"


_DEED_ACTIONS: Final[dict[str, list[Action]]] = {}


def deed_action(do: str, deed: int) -> Action:
    """``Action(do, deed)``, made once per kind and deed: actions are values, so the same
    one serves every game, bot and list of legal actions."""
    return deed_actions(do, deed + 1)[deed]


def deed_actions(do: str, size: int) -> list[Action]:
    """``Action(do, deed)`` for every deed below ``size``, by deed (see :func:`deed_action`);
    the list is shared: never change it."""
    made = _DEED_ACTIONS.get(do)
    if made is None:
        made = _DEED_ACTIONS[do] = []
    while len(made) < size:
        made.append(Action(do, len(made)))
    return made


class Decision:
    """A question the engine waits on: ``kind`` names its :class:`DecisionKind`,
    ``player`` must answer.

    ``deed``, ``amount``, ``creditor``, ``high_bidder`` and ``trade`` give its context: the
    deed on offer or at auction, the amount owed, the highest bid or the roll to use, who is
    owed, who bid highest, the offer to answer. Decisions are values, never changed once
    made (the game replaces its pending list instead). ``number`` is the kind's number
    (:func:`kind_number`), given by a caller that has it, looked up when it is not (-1).
    """

    __slots__ = ("amount", "creditor", "deed", "high_bidder", "kind", "number", "player",
                 "trade")

    def __init__(self, kind: str, player: int, deed: int = -1, amount: int = 0,
                 creditor: int = BANK, trade: Trade | None = None,
                 high_bidder: int = -1, number: int = -1) -> None:
        self.kind: Final = kind
        self.player: Final = player
        self.deed: Final = deed
        self.amount: Final = amount
        self.creditor: Final = creditor
        self.trade: Final = trade
        self.high_bidder: Final = high_bidder
        if number < 0:
            # kind_number(kind), written out as in Action: the call cost about 230
            # instructions a classic player-turn in pure Python and 30 compiled (0.5
            # decisions made each). The rules that ask a decision on the hot path give the
            # number instead (``number``, a constant of their module: see kind_number), as
            # the look-up of the word is about 130 instructions compiled.
            try:
                found = _KIND_NUMBERS.get(kind)
            except TypeError:  # (pure Python: a kind that is not a word)
                found = NO_KIND
            if found is None:
                found = _KIND_NUMBERS[kind] = len(_KIND_NUMBERS)
            number = found
        self.number: Final = number
        """The kind's number (:func:`kind_number`): the engine tests a decision's kind
        (does an action answer it, may players manage during it, does it clear itself) by
        this number in a table (see :func:`kinds_table`), without comparing words."""

    def _key(self) -> tuple[str, int, int, int, int, Trade | None, int]:
        return (self.kind, self.player, self.deed, self.amount, self.creditor, self.trade,
                self.high_bidder)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Decision(kind={self.kind!r}, player={self.player!r}, deed={self.deed!r}, "
                f"amount={self.amount!r}, creditor={self.creditor!r}, trade={self.trade!r}, "
                f"high_bidder={self.high_bidder!r})")


class Pose:
    """A decision a scenario puts before a player, with what the game needs to set it up
    (``Game.pose``): the kind, the player, and as the kind requires a deed, an amount (a
    bid, a debt, a roll), a creditor, the high bidder, a trade offer, deeds, a card, or
    another player (the lander who owes rent)."""

    __slots__ = ("amount", "card", "creditor", "deed", "deeds", "high_bidder", "kind",
                 "other", "player", "trade")

    def __init__(self, kind: str, player: int, *, deed: int = -1, amount: int = -1,
                 creditor: int = BANK, high_bidder: int = -1, trade: Trade | None = None,
                 deeds: tuple[int, ...] = (), card: CardRef | None = None,
                 other: int = -1) -> None:
        self.kind: Final = kind
        self.player: Final = player
        self.deed: Final = deed
        self.amount: Final = amount
        """-1 when not given."""
        self.creditor: Final = creditor
        self.high_bidder: Final = high_bidder
        self.trade: Final = trade
        self.deeds: Final = deeds
        self.card: Final = card
        self.other: Final = other


# ---------------------------------------------------------------------------- the schema

FIELD_TYPES: Final[dict[str, str]] = {
    "deed": "a title deed, by name (or board index)",
    "space": "a space of the board, by name (or board index)",
    "player": "a player, by name",
    "amount": "a whole amount of money, 0 or more",
    "card": "a card, as deck:card-id (such as chance:go-to-jail)",
    "trade": "a trade offer: to, give, take, give_cash, take_cash, give_cards, take_cards, "
             "give_shares, take_shares",
    "company": "a company of the stock exchange, by id or name (such as acme-motors)",
}
"""The types a field can have, with how each is written."""

SLOT_TYPES: Final[dict[str, str]] = {
    "deed": "deed", "space": "space", "target": "player", "amount": "amount",
    "card": "card", "trade": "trade", "company": "company",
}
"""Each field of :class:`Action` and the one type it holds (its name is also its JSON
key)."""


@dataclass(frozen=True)
class Field:
    """A field an action kind takes: ``name`` is the :class:`Action` attribute (and the JSON
    key) and fixes its type; ``help`` says what it means for this kind."""

    name: str
    help: str

    @property
    def type(self) -> str:
        return SLOT_TYPES[self.name]


def deed_field(help: str) -> Field:
    return Field("deed", help)


def space_field(help: str) -> Field:
    return Field("space", help)


def target_field(help: str) -> Field:
    return Field("target", help)


def amount_field(help: str) -> Field:
    return Field("amount", help)


def card_field(help: str) -> Field:
    return Field("card", help)


def trade_field(help: str) -> Field:
    return Field("trade", help)


def company_field(help: str) -> Field:
    return Field("company", help)


@dataclass(frozen=True)
class ActionKind:
    """One kind of action: its name (``Action.do``), the fields it takes, the rule it plays
    (one line, in the rulebook's words) and its menu line (a template filled by
    ``engine.notation.action_label``)."""

    name: str
    rule: str
    fields: tuple[Field, ...] = ()
    label: str = ""

    def __post_init__(self) -> None:
        for f in self.fields:
            if f.name not in SLOT_TYPES:
                raise ValueError(f"action '{self.name}': no field '{f.name}'")

    def takes(self, name: str) -> bool:
        return any(f.name == name for f in self.fields)

    def __call__(self, deed: int = -1, amount: int = 0, trade: Trade | None = None, *,
                 target: int = -1, card: CardRef | None = None, space: int = -1,
                 company: int = -1) -> Action:
        """An action of this kind."""
        return Action(self.name, deed, amount, trade, target=target, card=card, space=space,
                      company=company)


@dataclass(frozen=True)
class DecisionKind:
    """One kind of question: its name (``Decision.kind``), the action kinds that answer it,
    and the rule that asks it. While a decision of a ``managing`` kind is open, players may
    also take the edition's actions "at any time" (classic: build, sell, mortgage, lift a
    mortgage, propose a trade)."""

    name: str
    answers: tuple[str, ...]
    rule: str
    managing: bool = False


class Vocabulary:
    """An edition's decision kinds and action kinds: everything a player can be asked and
    can answer. ``anytime`` lists the actions allowed at any time during a ``managing``
    decision."""

    def __init__(self, decisions: Iterable[DecisionKind], actions: Iterable[ActionKind],
                 anytime: Iterable[str] = ()) -> None:
        self.decisions: dict[str, DecisionKind] = {d.name: d for d in decisions}
        self.actions: dict[str, ActionKind] = {a.name: a for a in actions}
        self.anytime: tuple[str, ...] = tuple(anytime)
        for d in self.decisions.values():
            for name in d.answers:
                if name not in self.actions:
                    raise ValueError(f"decision '{d.name}' is answered by an undeclared "
                                     f"action '{name}'")
        for name in self.anytime:
            if name not in self.actions:
                raise ValueError(f"undeclared action '{name}' allowed at any time")

    def answers(self, decision: str) -> tuple[str, ...]:
        kind = self.decisions.get(decision)
        return kind.answers if kind is not None else ()

    def to_json(self) -> dict[str, object]:
        """The vocabulary as JSON (``pennybags actions --json``)."""
        return {
            "decisions": [
                {"kind": d.name, "rule": d.rule, "answers": list(d.answers),
                 "managing": d.managing} for d in self.decisions.values()],
            "actions": [
                {"do": a.name, "rule": a.rule,
                 "fields": [{"name": f.name, "type": f.type, "help": f.help}
                            for f in a.fields],
                 "anytime": a.name in self.anytime} for a in self.actions.values()],
            "field_types": dict(FIELD_TYPES),
        }


def merge(base: Mapping[str, ActionKind], *more: ActionKind) -> dict[str, ActionKind]:
    """``base`` with ``more`` added or put in place of the kinds of the same name."""
    out = dict(base)
    for kind in more:
        out[kind.name] = kind
    return out
