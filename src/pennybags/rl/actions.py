"""The fixed numbering of an edition's actions, and the legal-action mask.

The numbering is derived from the edition's action schema (``engine.actions``: each
:class:`~pennybags.engine.actions.ActionKind` and its fields), kind after kind in the order
the edition's vocabulary declares them. Each kind takes a block of consecutive numbers whose
size its fields fix:

========================  ==========================================================
fields of the kind        numbers in its block
========================  ==========================================================
none                      1
deed                      one per title deed, in board order
space                     one per space of the board
player (target)           one per seat
company                   one per company of the stock exchange
card                      one per card a player may hold, by deck and card id (copies
                          of a card are alike: one number stands for any of them)
card and player           one per (card, no player or a seat)
card and space            one per (card, no space or a space)
amount (a bid)            :data:`BID_LEVELS`: the smallest legal bid, then fractions of
                          the value of what is at auction (its printed price; for a share,
                          the company's par value)
trade (``propose-trade``) :data:`OFFER_MULTIPLES` per title deed: "I offer its printed
                          price times m in cash for this deed" to its owner
trade (``counter``)       none: counter-offers are outside the space (accept or reject)
========================  ==========================================================

A number is legal (masked in) when the action it stands for is legal now; every masked-in
number maps to an action the engine allows (the mask is made from ``Game.legal_actions``
and, for bid levels and offers, from ``Game.can``). The only legal actions without a number
are the documented ones: bids of other amounts than the levels, trade offers outside the
family, and counter-offers.

One limit is the environments' own, not the rules': a seat that has proposed
``max_offers_per_turn`` trades (:data:`MAX_OFFERS_PER_TURN` by default) in the current turn
has its offers masked out until the next turn (:class:`OfferCount`). The rules set no such
limit, and a policy could otherwise propose trades without end: the round cap counts
rounds, and a turn of offers never ends its round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from pennybags.engine.actions import Action, Decision, Trade

if TYPE_CHECKING:
    from pennybags.engine.game import Game

BID_LEVELS: Final[tuple[float, ...]] = (0.0, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0)
"""The bid levels: level 0 is the smallest legal bid; level k > 0 bids that fraction of the
value of what is at auction, rounded to a whole amount (legal only when above the smallest
legal bid and affordable)."""

MAX_OFFERS_PER_TURN: Final = 3
"""The trade offers a seat may propose in one turn in the learning environments (and by a
:class:`~pennybags.rl.PolicyBot`) unless told otherwise."""

OFFER_MULTIPLES: Final[tuple[float, ...]] = (1.0, 1.5, 2.0)
"""The trade offers: for each title deed another player owns, offer them its printed price
times one of these in cash for it."""

_FIELDS_OF_FAMILY: Final[dict[frozenset[str], str]] = {
    frozenset(): "plain",
    frozenset({"deed"}): "deed",
    frozenset({"space"}): "space",
    frozenset({"target"}): "player",
    frozenset({"company"}): "company",
    frozenset({"card"}): "card",
    frozenset({"card", "target"}): "card-player",
    frozenset({"card", "space"}): "card-space",
    frozenset({"amount"}): "bid",
}


@dataclass(frozen=True)
class Block:
    """The numbers of one action kind: ``start`` to ``start + size - 1``."""

    kind: str
    family: str
    start: int
    size: int


class ActionTable:
    """The fixed numbering of one edition's actions for a number of seats. Made from a game
    of that edition (its vocabulary, board, decks and stock exchange); the same for every
    game of the edition with that many seats."""

    def __init__(self, game: Game) -> None:
        board = game.board
        self.players = len(game.players)
        self.deeds: tuple[int, ...] = tuple(board.deeds)
        self.deed_position = {d: i for i, d in enumerate(self.deeds)}
        self.spaces = board.size
        self.companies = len(game.data.raw.get("stocks", ()))
        cards: list[tuple[str, str]] = []
        for key, deck in game.decks.items():
            for index, card in enumerate(deck.cards):
                if game.keeps_card(key, index) and (key, card.id) not in cards:
                    cards.append((key, card.id))
        self.cards: tuple[tuple[str, str], ...] = tuple(cards)
        """The cards a player may hold, by (deck, card id), in deck order."""
        self.card_position = {c: i for i, c in enumerate(self.cards)}
        self.blocks: list[Block] = []
        start = 0
        for kind in game.rulebook.vocabulary.actions.values():
            names = frozenset(f.name for f in kind.fields)
            if names == {"trade"}:
                family = "offer" if kind.name == "propose-trade" else "outside"
            else:
                found = _FIELDS_OF_FAMILY.get(names)
                if found is None:
                    raise ValueError(f"{game.data.name}: action '{kind.name}' takes "
                                     f"{', '.join(sorted(names))}: no numbering covers it")
                family = found
            size = self._size(family)
            self.blocks.append(Block(kind.name, family, start, size))
            start += size
        self.size = start
        """How many numbers there are (the size of the action space)."""
        self.block_of = {b.kind: b for b in self.blocks}

    def _size(self, family: str) -> int:
        return {
            "plain": 1, "deed": len(self.deeds), "space": self.spaces,
            "player": self.players, "company": self.companies, "card": len(self.cards),
            "card-player": len(self.cards) * (self.players + 1),
            "card-space": len(self.cards) * (self.spaces + 1),
            "bid": len(BID_LEVELS), "offer": len(self.deeds) * len(OFFER_MULTIPLES),
            "outside": 0,
        }[family]

    # ------------------------------------------------------------------ numbers

    def number(self, game: Game, action: Action) -> int | None:
        """The number of a legal action as ``Game.legal_actions`` lists it (a bid: the
        smallest legal one), or None for an action outside the space."""
        block = self.block_of.get(action.do)
        if block is None:
            return None
        family = block.family
        if family == "plain":
            return block.start if not action.present else None
        if family == "deed":
            pos = self.deed_position.get(action.deed)
            return None if pos is None else block.start + pos
        if family == "space":
            return block.start + action.space if action.space >= 0 else None
        if family == "player":
            return block.start + action.target if action.target >= 0 else None
        if family == "company":
            return block.start + action.company if action.company >= 0 else None
        if family == "bid":
            return block.start  # level 0: the smallest legal bid, as the engine lists it
        if family in ("card", "card-player", "card-space"):
            if action.card is None:
                return None
            key, index = action.card
            pos = self.card_position.get((key, game.decks[key].cards[index].id))
            if pos is None:
                return None
            if family == "card":
                return block.start + pos
            if family == "card-player":
                return block.start + pos * (self.players + 1) + action.target + 1
            return block.start + pos * (self.spaces + 1) + action.space + 1
        return None

    def describe(self, number: int) -> str:
        """What a number stands for, in words (for the documentation and errors)."""
        if not 0 <= number < self.size:
            raise ValueError(f"there is no action number {number}; the numbers are 0 to "
                             f"{self.size - 1}")
        for b in self.blocks:
            if b.start <= number < b.start + b.size:
                i = number - b.start
                if b.family == "plain":
                    return b.kind
                if b.family == "deed":
                    return f"{b.kind} deed={self.deeds[i]}"
                if b.family == "space":
                    return f"{b.kind} space={i}"
                if b.family == "player":
                    return f"{b.kind} player={i}"
                if b.family == "company":
                    return f"{b.kind} company={i}"
                if b.family == "card":
                    return f"{b.kind} card={':'.join(self.cards[i])}"
                if b.family == "card-player":
                    card, target = divmod(i, self.players + 1)
                    return f"{b.kind} card={':'.join(self.cards[card])} player={target - 1}"
                if b.family == "card-space":
                    card, space = divmod(i, self.spaces + 1)
                    return f"{b.kind} card={':'.join(self.cards[card])} space={space - 1}"
                if b.family == "bid":
                    return f"{b.kind} level={BID_LEVELS[i]}" if i else f"{b.kind} smallest"
                deed, m = divmod(i, len(OFFER_MULTIPLES))
                return f"{b.kind} buy deed={self.deeds[deed]} for {OFFER_MULTIPLES[m]}x price"
        raise AssertionError("unreachable: the blocks cover every number")

    # ------------------------------------------------------------------ the mask

    def legal(self, game: Game, seat: int, offers: bool = True
              ) -> tuple[dict[int, Action], list[Action]]:
        """The legal numbers of ``seat`` now, each with the action it stands for, and the
        legal actions that have no number (see the module's notes). With ``offers`` False,
        proposing a trade is left out of both (the seat has made its offers this turn)."""
        out: dict[int, Action] = {}
        outside: list[Action] = []
        if game.over:
            return out, outside
        smallest_bid: Action | None = None
        for action in game.legal_actions(seat):
            if not offers and action.do == "propose-trade":
                continue
            n = self.number(game, action)
            if n is None:
                outside.append(action)
                continue
            if n not in out:
                out[n] = action
            if self.block_of[action.do].family == "bid":
                smallest_bid = action
        if smallest_bid is not None:
            self._bid_levels(game, seat, smallest_bid, out)
        offer = self.block_of.get("propose-trade")
        if offer is not None and offers and game.may_manage(seat):
            self._offers(game, seat, offer, out)
        return out, outside

    def _bid_levels(self, game: Game, seat: int, smallest: Action,
                    out: dict[int, Action]) -> None:
        block = self.block_of[smallest.do]
        decision = game.decision_for(seat)
        value = auction_value(game, decision)
        if value <= 0:
            return
        cash = game.cash(seat)
        for level in range(1, len(BID_LEVELS)):
            amount = round(value * BID_LEVELS[level])
            if amount <= smallest.amount or amount > cash:
                continue
            action = Action(smallest.do, amount=amount)
            if game.can(seat, action):
                out[block.start + level] = action

    def _offers(self, game: Game, seat: int, block: Block, out: dict[int, Action]) -> None:
        cash = game.cash(seat)
        players = game.players
        for pos, deed in enumerate(self.deeds):
            owner = game.owner[deed]
            if owner < 0 or owner == seat or players[owner].bankrupt:
                continue
            price = game.board[deed].price
            for m, multiple in enumerate(OFFER_MULTIPLES):
                amount = round(price * multiple)
                if amount > cash:
                    break
                action = Action("propose-trade", trade=Trade(seat, owner, take=(deed,),
                                                             give_cash=amount))
                if game.can(seat, action):
                    out[block.start + pos * len(OFFER_MULTIPLES) + m] = action


class OfferCount:
    """The trade offers each seat has proposed in the current turn, against a limit of
    ``limit`` a turn (None: no limit). The turn is told by the game's count of turns, its
    round and whose turn it is: any change starts the count afresh."""

    def __init__(self, limit: int | None = MAX_OFFERS_PER_TURN) -> None:
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 0):
            raise ValueError(f"max_offers_per_turn is a whole number, 0 or more, or None "
                             f"(no limit), not {limit!r}")
        self.limit = limit
        self.turn: tuple[int, int, int] = (-1, -1, -1)
        self.made: dict[int, int] = {}
        """Offers proposed in ``turn``, by seat."""

    def _now(self, game: Game) -> None:
        turn = (game.turns, game.round, game.current)
        if turn != self.turn:
            self.turn = turn
            self.made = {}

    def may_offer(self, game: Game, seat: int) -> bool:
        """Whether ``seat`` may propose another trade this turn."""
        if self.limit is None:
            return True
        self._now(game)
        return self.made.get(seat, 0) < self.limit

    def note(self, game: Game, seat: int, action: Action) -> None:
        """Count ``action`` if it proposes a trade (call it before the action is taken: the
        turn is the one the offer is made in)."""
        if action.do == "propose-trade":
            self._now(game)
            self.made[seat] = self.made.get(seat, 0) + 1

    def reset(self) -> None:
        """Forget the offers counted (a new game)."""
        self.turn = (-1, -1, -1)
        self.made = {}


def auction_value(game: Game, decision: Decision | None) -> int:
    """The value bid levels are fractions of: the printed price of the deed at auction, or
    for a share of a company (Ultimate Monopoly), the company's par value; 0 if neither."""
    if decision is None:
        return 0
    if decision.deed >= 0:
        return game.board[decision.deed].price
    auction = getattr(game, "auction", None)
    company = getattr(auction, "company", -1)
    stocks = game.data.raw.get("stocks", ())
    if isinstance(company, int) and 0 <= company < len(stocks):
        return int(stocks[company].get("par_value", 0))
    return 0
