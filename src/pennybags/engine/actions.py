"""Actions (the answers players give) and decisions (the questions the engine asks).

Every input, whether a person at a terminal, a bot or a scenario file, is an :class:`Action`
given to ``Game.act(player, action)``. The engine lists what it is waiting for as
:class:`Decision` objects; several may be open at once for different players.
"""

from __future__ import annotations

from typing import Final

from pennybags.engine.ledger import BANK


class IllegalAction(Exception):
    """An action that the rules do not allow now. Nothing was changed."""


class Trade:
    """An offer from ``proposer`` to ``recipient``.

    ``give*`` is what the proposer hands over, ``take*`` what they ask for. Deeds are board
    indices; cards are the deck keys of Get Out of Jail Free cards.

    A trade is a value like :class:`Action`: equal when its fields are, hashable, never
    changed.
    """

    __slots__ = ("give", "give_cards", "give_cash", "proposer", "recipient", "take",
                 "take_cards", "take_cash")

    def __init__(self, proposer: int, recipient: int, give: tuple[int, ...] = (),
                 take: tuple[int, ...] = (), give_cash: int = 0, take_cash: int = 0,
                 give_cards: tuple[str, ...] = (), take_cards: tuple[str, ...] = ()) -> None:
        self.proposer: Final = proposer
        self.recipient: Final = recipient
        self.give: Final = give
        self.take: Final = take
        self.give_cash: Final = give_cash
        self.take_cash: Final = take_cash
        self.give_cards: Final = give_cards
        self.take_cards: Final = take_cards

    def _key(self) -> tuple[int, int, tuple[int, ...], tuple[int, ...], int, int,
                            tuple[str, ...], tuple[str, ...]]:
        return (self.proposer, self.recipient, self.give, self.take, self.give_cash,
                self.take_cash, self.give_cards, self.take_cards)

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
                f"take_cards={self.take_cards!r})")

    def countered(self, give: tuple[int, ...], take: tuple[int, ...], give_cash: int,
                  take_cash: int, give_cards: tuple[str, ...] = (),
                  take_cards: tuple[str, ...] = ()) -> Trade:
        """A counter-offer: the recipient proposes back to the proposer."""
        return Trade(self.recipient, self.proposer, give, take, give_cash, take_cash,
                     give_cards, take_cards)


class Action:
    """One answer. ``do`` is the action id (documented per edition in docs/); ``deed``,
    ``amount`` and ``trade`` carry its argument when it has one.

    Actions are values: equal when their fields are equal, hashable, never changed after
    they are made. (A plain class rather than a dataclass: actions are made on the fast
    path, and the compiled build makes plain classes cheaply.)
    """

    __slots__ = ("amount", "deed", "do", "trade")

    def __init__(self, do: str, deed: int = -1, amount: int = 0,
                 trade: Trade | None = None) -> None:
        self.do: Final = do
        self.deed: Final = deed
        self.amount: Final = amount
        self.trade: Final = trade

    def _key(self) -> tuple[str, int, int, Trade | None]:
        return (self.do, self.deed, self.amount, self.trade)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return (self.do == other.do and self.deed == other.deed
                and self.amount == other.amount and self.trade == other.trade)

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Action(do={self.do!r}, deed={self.deed!r}, amount={self.amount!r}, "
                f"trade={self.trade!r})")


class Decision:
    """A question the engine waits on: ``kind`` names it, ``player`` must answer.

    ``deed``, ``amount`` and ``creditor`` give its context: the deed on offer or at auction,
    the amount owed or the highest bid, who is owed.
    """

    __slots__ = ("amount", "creditor", "deed", "high_bidder", "kind", "player", "trade")

    def __init__(self, kind: str, player: int, deed: int = -1, amount: int = 0,
                 creditor: int = BANK, trade: Trade | None = None,
                 high_bidder: int = -1) -> None:
        self.kind = kind
        self.player = player
        self.deed = deed
        self.amount = amount
        self.creditor = creditor
        self.trade = trade
        self.high_bidder = high_bidder

    def _key(self) -> tuple[str, int, int, int, int, Trade | None, int]:
        return (self.kind, self.player, self.deed, self.amount, self.creditor, self.trade,
                self.high_bidder)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable, like a dataclass

    def __repr__(self) -> str:
        return (f"Decision(kind={self.kind!r}, player={self.player!r}, deed={self.deed!r}, "
                f"amount={self.amount!r}, creditor={self.creditor!r}, trade={self.trade!r}, "
                f"high_bidder={self.high_bidder!r})")


ROLL: Final = Action("roll")
END_TURN: Final = Action("end-turn")
BUY: Final = Action("buy")
AUCTION: Final = Action("auction")
PASS: Final = Action("pass")
PAY_BAIL: Final = Action("pay-bail")
USE_CARD: Final = Action("use-card")
DECLARE_BANKRUPTCY: Final = Action("declare-bankruptcy")
ACCEPT: Final = Action("accept")
REJECT: Final = Action("reject")
KEEP_MORTGAGED: Final = Action("keep-mortgaged")
