"""Actions (the answers players give) and decisions (the questions the engine asks).

Every input, whether a person at a terminal, a bot or a scenario file, is an :class:`Action`
given to ``Game.act(player, action)``. The engine lists what it is waiting for as
:class:`Decision` objects; several may be open at once for different players.
"""

from __future__ import annotations

from dataclasses import dataclass

from pennybags.engine.ledger import BANK


class IllegalAction(Exception):
    """An action that the rules do not allow now. Nothing was changed."""


@dataclass(frozen=True, slots=True)
class Trade:
    """An offer from ``proposer`` to ``recipient``.

    ``give*`` is what the proposer hands over, ``take*`` what they ask for. Deeds are board
    indices; cards are the deck keys of Get Out of Jail Free cards.
    """

    proposer: int
    recipient: int
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    give_cash: int = 0
    take_cash: int = 0
    give_cards: tuple[str, ...] = ()
    take_cards: tuple[str, ...] = ()

    def countered(self, give: tuple[int, ...], take: tuple[int, ...], give_cash: int,
                  take_cash: int, give_cards: tuple[str, ...] = (),
                  take_cards: tuple[str, ...] = ()) -> Trade:
        """A counter-offer: the recipient proposes back to the proposer."""
        return Trade(self.recipient, self.proposer, give, take, give_cash, take_cash,
                     give_cards, take_cards)


@dataclass(frozen=True, slots=True)
class Action:
    """One answer. ``do`` is the action id (documented per edition in docs/); ``deed``,
    ``amount`` and ``trade`` carry its argument when it has one."""

    do: str
    deed: int = -1
    amount: int = 0
    trade: Trade | None = None


@dataclass(slots=True)
class Decision:
    """A question the engine waits on: ``kind`` names it, ``player`` must answer.

    ``deed``, ``amount`` and ``creditor`` give its context: the deed on offer or at auction,
    the amount owed or the highest bid, who is owed.
    """

    kind: str
    player: int
    deed: int = -1
    amount: int = 0
    creditor: int = BANK
    trade: Trade | None = None
    high_bidder: int = -1


ROLL = Action("roll")
END_TURN = Action("end-turn")
BUY = Action("buy")
AUCTION = Action("auction")
PASS = Action("pass")
PAY_BAIL = Action("pay-bail")
USE_CARD = Action("use-card")
DECLARE_BANKRUPTCY = Action("declare-bankruptcy")
ACCEPT = Action("accept")
REJECT = Action("reject")
KEEP_MORTGAGED = Action("keep-mortgaged")
