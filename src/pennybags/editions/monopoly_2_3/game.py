"""Monopoly 2.3: a designer's variant of the classic game (the rulebook of the same name).

Everything the rulebook does not change stays classic (this class is a
:class:`~pennybags.editions.classic.game.ClassicGame`). What changes, in the rulebook's order
(docs/editions/monopoly-2.3.md has the full text and every reading we chose):

* 3-6 players; five monopolies (complete colour groups) win at once, or being the last one
  left; several at once: the highest total assets, equal totals a draw.
* Every amount is rounded up to £5.
* No buying by landing (except the cards that say so) and no auctions: a market of four
  face-up title deeds, at most one bought per turn at its printed price, refilled from the
  face-down deed deck (the ``deeds`` deck); deeds returned to the bank go under it.
* The turn's player rolls, then chooses whom the roll moves (not a jailed player); doubles
  mean nothing.
* Chance and Community Chest: everyone starts with one of each; landing on one makes every
  player (not in jail) draw from that deck, in seat order from the turn's player; cards are
  played by the turn's player, any number, each on any player. Hands are hidden.
* Buildings belong to a whole monopoly: one purchase raises every property of the group.
* No trading and no mortgages; instead a forced purchase of another player's property that
  is not part of a monopoly, at 1.5 times its price.
* Payment: what cash cannot cover is paid with property and buildings, chosen by the payer
  one at a time; a player who cannot pay with everything is bankrupt.
* Jail: only by Go To Jail or a card; jailed players cannot be moved, buy, collect rent,
  draw, or play cards but Get Out of Jail Free; a matching roll frees them; after two turns
  in jail they are freed; no fine.

Concurrency: only one decision is open at a time. The turn's player takes every action of
the turn (rolls, moves someone, buys, plays cards); another player is asked only what the
turn's events demand of them (paying a debt with property, a purchase a card offers).

When each action is legal is in :mod:`pennybags.editions.monopoly_2_3.rules` (``pennybags
actions --edition monopoly-2.3``); the words for people are in :mod:`.words`.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, cast

from librt.vecs import vec
from mypy_extensions import i64

from pennybags.editions.classic.game import BUY_NUMBER, HOTEL, ClassicGame
from pennybags.editions.monopoly_2_3.options import Monopoly23Options
from pennybags.engine.actions import (
    Action,
    CardRef,
    Decision,
    Pose,
    deed_action,
    kind_number,
)
from pennybags.engine.arrays import (
    copied_flags,
    copied_ints,
    filled_flags,
    filled_ints,
    flags,
)
from pennybags.engine.board import Board
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Card, Deck, shuffle
from pennybags.engine.game import PURE, Event, Game, Step
from pennybags.engine.ledger import BANK
from pennybags.engine.rules import Rulebook
from pennybags.engine.turn import JAIL_ASKS, NO_DECISIONS

DEEDS: Final = "deeds"
"""The key of the face-down title deed deck in ``game.decks``."""
CARD_DECKS: Final = ("chance", "community_chest")
MOVING_CARDS: Final = frozenset({"advance_to", "advance_to_nearest", "move_relative",
                                 "move_to"})

# The numbers of the decision kinds these rules ask (``Decision.number``, given when a
# decision is made rather than looked up from its word, as the classic rules' are).
TURN_NUMBER: Final = kind_number("turn")
MOVE_NUMBER: Final = kind_number("move")
PAY_NUMBER: Final = kind_number("pay")


def round_up(amount: int, unit: int = 5) -> int:
    """Round up to the nearest multiple of ``unit`` (a multiple stays the same)."""
    if amount <= 0:
        return 0
    return -(-amount // unit) * unit


_MOVE_ASKS: Final[list[list[list[Decision] | None]]] = []
"""Each seat's ``move`` decision (as a pending list) by the roll, made once each and shared
by every game, as its module's own table (no game holds it: a copy of a game copies its
pending list and shares nothing that changes). Decisions are values, and a game replaces
its pending list, never changes it; made per game, they were as many as 44 a game, about
one a player-turn. (A list by the roll's total, None where none was made yet: a list's
item is read faster than a dictionary's.)"""

_TURN_ASKS: Final[list[list[Decision]]] = []
"""Each seat's ``turn`` decision (as a pending list; ``engine.turn.JAIL_ASKS`` has the jail
one), made once and shared by every game, as ``_MOVE_ASKS`` (made per game, they were four
a game); no game holds the table, only its pending list, which a copy of the game copies."""


class Monopoly23Game(ClassicGame):
    """Monopoly 2.3 on the classic board."""

    edition_id = "monopoly-2.3"
    options_class = Monopoly23Options

    hidden_hands = True
    """Each player's hand of Chance and Community Chest cards is hidden from the others."""
    self_clearing: ClassVar[frozenset[str]] = frozenset()
    """No decision answers itself (classic's ``debt`` is paid with property here)."""

    def __init__(self, data: EditionData, names: Sequence[str], seed: int | None = None,
                 options: Monopoly23Options | None = None, *, rulebook: Rulebook,
                 record: bool = True, listeners: Sequence[Callable[[Event], None]] = (),
                 decide_order: bool = True, start: bool = True,
                 clone_of: Monopoly23Game | None = None) -> None:
        super().__init__(data, names, seed, options, rulebook=rulebook, record=record,
                         listeners=listeners, decide_order=False, start=False,
                         clone_of=clone_of)
        opts = self.options
        r = data.rules
        self.unit: int = r["round_to"]
        self.market_size: int = r["market_size"]
        self.force_percent: int = r["forced_purchase_percent"]
        self.to_win: int = r["monopolies_to_win"]
        self.per_property: bool = opts.per_property_buildings
        """The options the rules read at every turn, as the game's own attributes (options
        never change during a game)."""
        self.no_double_move: bool = opts.no_double_move
        self.card_limit: int = opts.card_limit
        self.one_building_per_turn: bool = opts.one_building_per_turn
        if opts.us_board and clone_of is None:
            self._use_us_board(data)
        tables = board_tables(data, self.board, opts.per_property_buildings)
        self.building_cost: tuple[int, ...] = tables.building_cost
        """What one building costs (and is worth) on each street (shared by every game on
        the board)."""
        self.streets_groups: tuple[tuple[int, ...], ...] = tables.streets_groups
        self.deed_groups: tuple[tuple[int, ...], ...] = tables.deed_groups
        """The deeds whose rents hang together (a colour group, the railroads, the utilities;
        a deed of no group alone), in the order of their first deed on the board."""
        self.group_number: tuple[int, ...] = tables.group_number
        """Each deed's place in ``deed_groups`` (-1: not a deed)."""
        self.group_changes: vec[i64] = (copied_ints(clone_of.group_changes)
                                        if clone_of is not None
                                        else filled_ints(0, len(self.deed_groups)))
        """Counts the changes of owner and buildings in each of ``deed_groups`` (as
        ``changes`` counts them all), so that a bot can bring up to date only what it
        worked out from the groups that changed. (This array and ``_completed`` are
        arrays of :mod:`pennybags.engine.arrays`.)"""
        self.jail_changes: int = clone_of.jail_changes if clone_of is not None else 0
        """Counts the players sent to jail and let out (``send_to_jail``, ``leave_jail``),
        so that a bot can keep what it worked out from who is in jail while it stays."""
        self._colour: tuple[bool, ...] = tables.colour
        """Whether each of ``deed_groups`` is a colour group (one of ``streets_groups``)."""
        self._completed: vec[bool] = (copied_flags(clone_of._completed)
                                      if clone_of is not None
                                      else filled_flags(False, len(self.players)))
        """Each seat that completed a colour group since the last end check (see
        :meth:`check_end`): only a completed group adds a monopoly, so only these seats can
        have reached the number that wins since then."""
        while len(_TURN_ASKS) < len(self.players):  # (the turn decisions: see _TURN_ASKS)
            _TURN_ASKS.append([Decision("turn", len(_TURN_ASKS), number=TURN_NUMBER)])
        while len(_MOVE_ASKS) < len(self.players):  # (the move decisions: see roll)
            _MOVE_ASKS.append([])
        self.plain_move: bool = plain_move(type(self)) and \
            type(self.board).advance is Board.advance
        """Whether a chosen move may move, land, settle and go back to the turn's player in
        one method (:meth:`move_player`) when nobody listens: this game's class and board
        take those steps as written here (see :func:`plain_move`). Setting it False makes
        every move go through the hooks; the games are the same either way."""
        if clone_of is not None:
            self.market: list[int] = list(clone_of.market)
            self.discards: dict[str, list[int]] = {
                k: list(v) for k, v in clone_of.discards.items()}
            self.dealt: bool = clone_of.dealt
            self.rolled: bool = clone_of.rolled
            self.bought_from_market: bool = clone_of.bought_from_market
            self.moved: set[int] = set(clone_of.moved)
            self.built: set[str] = set(clone_of.built)
            self.turn_ends: bool = clone_of.turn_ends
            self.jail_turn: bool = clone_of.jail_turn
            return
        deck = Deck(DEEDS, "Title deeds", deed_cards(data, self.board, opts.us_board))
        deck.shuffle(self.rng)
        self.decks[DEEDS] = deck
        self.market = []
        """The face-up deeds (board indices), in the order they were turned up."""
        self.discards = {k: [] for k in CARD_DECKS if k in self.decks}
        """Cards played, face up, by deck (shuffled back in when a deck runs short)."""
        self.dealt = False
        """Whether the starting hands have been dealt (a scenario may give them instead)."""
        self.rolled = False
        self.bought_from_market = False
        self.moved = set()
        """Players moved this turn (for ``no-double-move``)."""
        self.built = set()
        """Groups built on this turn (for ``one-building-per-turn``)."""
        self.turn_ends = False
        self.jail_turn = False
        if start:
            if decide_order:
                self.decide_order()
            self.begin_turn()

    def _use_us_board(self, data: EditionData) -> None:
        spaces = []
        for s in self.board.spaces:
            us = str(s.extra.get("name_us", s.name))
            aliases = tuple(a for a in (s.name, *s.aliases) if a != us)
            spaces.append(dataclasses.replace(s, name=us, aliases=aliases))
        self.board = Board(spaces, data.raw.get("groups", {}))
        for key, deck in list(self.decks.items()):
            cards = [dataclasses.replace(c, text=str(c.params.get("text_us", c.text)))
                     for c in deck.cards]
            new = Deck(key, deck.name, cards)
            new.order = deque(deck.order)
            self.decks[key] = new

    def money(self, amount: int) -> str:
        symbol = "$" if self.options.us_board else str(self.data.currency.get("symbol", "£"))
        sign = "-" if amount < 0 else ""
        return f"{sign}{symbol}{abs(amount):,}"

    def r5(self, amount: int) -> int:
        """``amount`` rounded up to the edition's unit (``round_up``, written out: it is
        asked for every rent, tax and card)."""
        if amount <= 0:
            return 0
        unit = self.unit
        return -(-amount // unit) * unit

    # ================================================================ the turn

    def begin_turn(self) -> None:
        if not self.dealt:
            self.deal()
        self.turns += 1
        self.rolled = False
        self.bought_from_market = False
        moved = self.moved  # (emptied in place: each game, and each copy, has its own)
        if moved:
            moved.clear()
        built = self.built
        if built:
            built.clear()
        self.turn_ends = False
        p = self.current
        jailed = self.jail_turn = self.players[p].in_jail
        if self.listeners:
            self.emit("turn", player=p, round=self.round)
        self.pending = JAIL_ASKS[p] if jailed else _TURN_ASKS[p]  # (ask_roll)

    def hands_given(self) -> None:
        """A scenario gave the hands: the game turns up the market but deals no cards."""
        self.dealt = True
        self.refill_market()

    def deal(self) -> None:
        """Turn up the market and give every player one Chance and one Community Chest."""
        self.dealt = True
        self.refill_market()
        for key in CARD_DECKS:
            deck = self.decks.get(key)
            if deck is None:
                continue
            for p in self.players:
                if not p.bankrupt and deck.order:
                    p.cards.append((key, deck.draw()))

    def ask_roll(self) -> None:
        p = self.current
        self.pending = JAIL_ASKS[p] if self.players[p].in_jail else _TURN_ASKS[p]

    def resume_turn(self) -> None:
        """Back to the turn's player after an action has been resolved."""
        p = self.current
        player = self.players[p]
        if player.bankrupt:
            self.next_turn()
            return
        if self.turn_ends:
            if self.listeners:
                self.emit("turn-ends", player=p)
            self.next_turn()
            return
        self.pending = JAIL_ASKS[p] if player.in_jail else _TURN_ASKS[p]  # (ask_roll)

    def next_turn(self) -> None:
        p = self.current
        player = self.players[p]
        if self.jail_turn and player.in_jail and not player.bankrupt:
            player.jail_turns += 1
            if player.jail_turns >= self.max_jail_turns:
                self.leave_jail(p, "second turn in jail")
        self.jail_turn = False
        super().next_turn()

    def roll(self, p: int) -> None:
        dice = self.dice.roll()
        self.last_dice = dice
        total = self.dice.total
        double = self.dice.double
        self.pending = NO_DECISIONS
        if self.listeners:
            self.emit("rolled", player=p, dice=dice, double=double)
        if self.players[p].in_jail:
            if double:
                self.leave_jail(p, "matching dice")
                self.jail_turn = False
                self.ask_roll()
            else:
                if self.listeners:
                    self.emit("stays-in-jail", player=p,
                              tries=self.players[p].jail_turns + 1)
                self.next_turn()
            return
        self.rolled = True
        if not self.anyone_movable():
            if self.listeners:
                self.emit("no-move", player=p, steps=total)
            self.ask_roll()
            return
        asks = _MOVE_ASKS[p]  # (made once, shared by every game: see _MOVE_ASKS)
        while len(asks) <= total:
            asks.append(None)
        pending = asks[total]
        if pending is None:
            pending = asks[total] = [Decision("move", p, amount=total, number=MOVE_NUMBER)]
        self.pending = pending

    def movable(self) -> list[int]:
        """Players the roll may move: not in jail, not bankrupt (nor moved already this turn
        with ``no-double-move``)."""
        out = []
        for q in self.players:
            if q.bankrupt or q.in_jail:
                continue
            if self.no_double_move and q.seat in self.moved:
                continue
            out.append(q.seat)
        return out

    def anyone_movable(self) -> bool:
        """Whether the roll may move anyone (``movable`` is not empty)."""
        double_move = self.no_double_move
        for q in self.players:
            if not (q.bankrupt or q.in_jail or (double_move and q.seat in self.moved)):
                return True
        return False

    def may_move(self, q: int) -> bool:
        """Whether the roll may move ``q`` (``q in movable()``, for a seat)."""
        player = self.players[q]
        return not (player.bankrupt or player.in_jail or
                    (self.no_double_move and q in self.moved))

    def move_player(self, p: int, target: int) -> None:
        steps = 0
        for die in self.last_dice:  # (sum(), without the call of a built-in)
            steps += die
        self.pending = NO_DECISIONS
        self.moved.add(target)
        depth = self._depth
        if self.listeners or not self.plain_move:
            if self.listeners:
                self.emit("move-chosen", player=p, target=target, steps=steps)
            # Move; once the landing is settled, back to the turn's player (at once when
            # nobody had to decide anything on the way).
            self.move(target, steps)
            if self.settle(depth):
                self.resume_turn()
            elif not self.over:
                self.step_under(depth, RESUME_TURN)
            return
        # What move, Board.advance, land, settle and resume_turn do, in one method (a
        # move's hot path: this class's own hooks, none overridden, and no events to tell).
        player = self.players[target]
        start = player.position
        size = self.board.size
        position = (start + steps) % size
        player.position = position
        if steps > 0 and start + steps >= size:  # passing GO, or landing on it
            self.collect_salary(target, landed=position == 0)
            position = player.position
        rule = self.landing[position]
        if rule is not None:
            rule.land(self, target, position, None)
        # settle(depth), called only when there is something to settle
        if (self.pending or self.dues or self.end_check_due or self.over or
                self._depth > depth) and not self.settle(depth):
            if not self.over:
                self.step_under(depth, RESUME_TURN)
            return
        # resume_turn
        q = self.current
        mover = self.players[q]
        if mover.bankrupt or self.turn_ends:
            self.resume_turn()
            return
        self.pending = JAIL_ASKS[q] if mover.in_jail else _TURN_ASKS[q]

    # ================================================================ moving and landing

    def collect_salary(self, p: int, landed: bool) -> None:
        salary = self.go_salary
        unit = self.unit
        amount = -(-salary // unit) * unit if salary > 0 else 0  # (r5, written out)
        if self.plain_pay and not self.listeners and amount > 0:  # (pay without its call)
            self.ledger.transfer(BANK, p, amount, "GO salary")
        else:
            self.pay(BANK, p, amount, "GO salary")

    def send_to_jail(self, p: int) -> None:
        super().send_to_jail(p)
        self.jail_changes += 1
        if p == self.current and not self.jail_turn:
            self.turn_ends = True

    def leave_jail(self, p: int, how: str) -> None:
        super().leave_jail(p, how)
        self.jail_changes += 1

    def rent(self, deed: int, card: Card | None = None) -> int:
        amount = super().rent(deed, card)
        if amount <= 0:  # (r5, written out)
            return 0
        unit = self.unit
        return -(-amount // unit) * unit

    def buy(self, p: int, deed: int) -> None:
        """Buy an unowned deed (from the market or the deed deck) at its printed price."""
        self.pending = NO_DECISIONS
        price = self.board.spaces[deed].price
        if self.plain_pay and not self.listeners and price > 0:  # (pay without its call)
            self.ledger.transfer(p, BANK, price, "purchase")
        else:
            self.pay(p, BANK, price, "purchase")
        self.take_from_bank(deed)
        self.set_owner(deed, p)
        if self.listeners:
            self.emit("bought", player=p, deed=deed, price=price)
        self.refill_market()

    def decline(self, p: int, deed: int) -> None:
        self.pending = NO_DECISIONS
        if self.listeners:  # (no event to make when nobody listens)
            self.emit("declined", player=p, deed=deed)

    # ================================================================ the market

    def refill_market(self) -> None:
        deck = self.decks[DEEDS]
        market = self.market
        deeds = self.board.deeds  # (the deed deck's cards are the board's deeds, in order)
        while len(market) < self.market_size and deck.order:
            deed = deeds[deck.draw()]
            market.append(deed)
            if self.listeners:
                self.emit("market", deed=deed)

    def take_from_bank(self, deed: int) -> None:
        """Take an unowned deed out of the market or the face-down deck."""
        market = self.market
        for i in range(len(market)):  # (``in`` and ``remove``, in one pass over numbers)
            if market[i] == deed:
                market.pop(i)  # (compiled, ``del market[i]`` is a generic call; pop is not)
                return
        deck = self.decks[DEEDS]
        for i in list(deck.order):
            if deck.cards[i].params["deed"] == deed:
                deck.order.remove(i)
                return

    def return_to_bank(self, deed: int) -> None:
        """A deed back with the bank goes under the deed deck."""
        self.set_owner(deed, -1)
        deck = self.decks[DEEDS]
        for i, c in enumerate(deck.cards):
            if c.params["deed"] == deed:
                deck.put_bottom(i)
                break

    def buy_from_market(self, p: int, deed: int) -> None:
        self.bought_from_market = True
        self.buy(p, deed)
        q = self.current  # (ask_roll, written out)
        self.pending = JAIL_ASKS[q] if self.players[q].in_jail else _TURN_ASKS[q]

    def set_owner(self, deed: int, seat: int) -> None:
        """A change of owner that completes a colour group may win: check for the win then
        (only a completed group adds a monopoly, so only then can someone reach the
        number that wins; the end check is not asked after the other changes)."""
        super().set_owner(deed, seat)
        counts = self.group_changes  # (a list's number added to in place: no generic +=)
        number = self.group_number[deed]
        counts[number] = counts[number] + 1
        if seat >= 0 and self._colour[number]:
            owner = self.owner
            for d in self.deed_groups[number]:
                if owner[d] != seat:
                    return
            self._completed[seat] = True
            self.end_check_due = True

    # ================================================================ forced purchases

    def force_price(self, deed: int) -> int:
        """1.5 times the printed price, rounded up to £5."""
        return self.r5(-(-self.board.spaces[deed].price * self.force_percent // 100))

    def monopolised(self, deed: int) -> bool:
        """Part of a monopoly: a street whose owner owns its whole colour group."""
        space = self.board.spaces[deed]
        return space.kind == "street" and self.owner[deed] >= 0 and \
            self.owns_group(self.owner[deed], deed)

    def force_buy(self, p: int, deed: int) -> None:
        seller = self.owner[deed]
        price = self.force_price(deed)
        self.pending = NO_DECISIONS
        self.push_step(RESUME_TURN)  # (then(resume_turn), as a step of its own)
        self.then(self.finish_forced_purchase, p, seller, deed, price)
        self.owe(p, seller, price, "forced purchase")

    def finish_forced_purchase(self, p: int, seller: int, deed: int, price: int) -> None:
        if self.players[p].bankrupt or self.owner[deed] != seller:
            return
        self.set_owner(deed, p)
        if self.listeners:
            self.emit("forced-purchase", player=p, seller=seller, deed=deed, price=price)

    # ================================================================ cards

    def everyone_draws(self, key: str) -> None:
        """Every player not in jail draws one, in seat order from the turn's player; when the
        deck is short, the rulebook's reshuffle of the discards tops it up first."""
        deck = self.decks[key]
        n = len(self.players)
        limit = self.card_limit
        drawers = []
        for i in range(n):
            drawer = self.players[(self.current + i) % n]
            if drawer.bankrupt or drawer.in_jail:
                continue
            if limit and len(drawer.cards) >= limit:
                continue
            drawers.append(drawer.seat)
        if len(deck.order) < len(drawers):
            self.top_up(key, len(drawers))
        for q in drawers:
            if not deck.order:
                break
            index = deck.draw()
            self.players[q].cards.append((key, index))
            if self.listeners:
                self.emit("drew-card", player=q, deck=key, card=deck.cards[index].id,
                          seen_by=q)

    def top_up(self, key: str, wanted: int) -> None:
        """Shuffle the discards; move enough of them to bring the deck up to ``wanted``;
        shuffle the deck; the rest of the shuffled discards become the deck after the draw
        (they go under it)."""
        deck = self.decks[key]
        pile = self.discards[key]
        shuffle(self.rng, pile)
        need = wanted - len(deck.order)
        moved, rest = pile[:need], pile[need:]
        order = list(deck.order) + moved
        shuffle(self.rng, order)
        deck.order = deque(order + rest)
        deck.seen = 0
        self.discards[key] = []
        if self.listeners:
            self.emit("reshuffled", deck=key, cards=len(moved) + len(rest))

    def play_card(self, p: int, card_ref: CardRef, target: int) -> None:
        """Play a card from the hand on ``target`` (any player in the game)."""
        key, index = card_ref
        hand = self.players[p].cards
        for i in range(len(hand)):  # (hand.remove(card_ref), comparing the two parts)
            held_key, held_index = hand[i]
            if held_index == index and held_key == key:
                hand.pop(i)  # (as in take_from_bank)
                break
        else:
            raise ValueError(f"{self.name(p)} does not hold that card")
        self.discards[key].append(index)
        card = self.decks[key].cards[index]
        self.pending = NO_DECISIONS
        if self.listeners:
            self.emit("played-card", player=p, target=target, deck=key, card=card.id,
                      text=card.text)
        # Back to the turn's player once the card is settled: at once when it left nothing
        # to settle or decide (most cards), else as a step under what it started.
        depth = self._depth
        self.obey(target, card)
        if self.pending or self.dues or self.end_check_due or self.over or self._depth > depth:
            self.step_under(depth, RESUME_TURN)  # (then_under(depth, resume_turn))
            return
        self.resume_turn()

    def obey(self, p: int, card: Card) -> None:
        kind = card.kind
        player = self.players[p]
        if kind in MOVING_CARDS or kind == "go_to_jail":
            if player.in_jail:
                if self.listeners:
                    self.emit("no-effect", player=p, card=card.id)
                return
            if kind != "go_to_jail":
                self.moved.add(p)
        if kind == "get_out_of_jail_free":
            if self.listeners:
                self.emit("no-effect", player=p, card=card.id)
        else:
            super().obey(p, card)

    def card_amount(self, amount: int) -> int:
        """Every amount is rounded up to £5."""
        return self.r5(amount)

    def use_card(self, p: int) -> None:
        """Play a Get Out of Jail Free card: Just Visiting, then a normal turn."""
        player = self.players[p]
        for key, index in list(player.cards):
            if self.decks[key].cards[index].kind == "get_out_of_jail_free":
                player.cards.remove((key, index))
                self.discards[key].append(index)
                card = self.decks[key].cards[index]
                if self.listeners:
                    self.emit("played-card", player=p, target=p, deck=key, card=card.id,
                              text=card.text)
                break
        self.leave_jail(p, "used a Get Out of Jail Free card")
        self.jail_turn = False
        self.ask_roll()

    def playable(self, p: int) -> list[tuple[CardRef, Card]]:
        """The cards ``p`` may play in a normal turn, one per printed card."""
        seen: set[tuple[str, str]] = set()
        out = []
        for key, index in self.players[p].cards:
            card = self.decks[key].cards[index]
            if card.kind == "get_out_of_jail_free" or (key, card.id) in seen:
                continue
            seen.add((key, card.id))
            out.append(((key, index), card))
        return out

    # ================================================================ buildings

    def building_units(self, p: int) -> list[int]:
        """One deed per place where buildings stand: the first deed of each monopoly (each
        street with ``per-property-buildings``), so houses and hotels are counted per
        monopoly purchase (``building_counts``)."""
        out = []
        if self.per_property:
            return [d for d in self.deeds_of(p) if self.houses[d]]
        for group in self.streets_groups:
            if self.owner[group[0]] == p and self.houses[group[0]]:
                out.append(group[0])
        return out

    def unit_of(self, deed: int) -> tuple[int, ...]:
        """The deeds a building on ``deed`` stands for."""
        if self.per_property:
            return (deed,)
        return self.board.group_of[deed]

    def buildings_value(self, p: int) -> int:
        houses = self.houses
        cost = self.building_cost
        if self.per_property:
            return sum(houses[u] * cost[u] for u in self.building_units(p))
        owner = self.owner
        total = 0
        for group in self.streets_groups:
            first = group[0]
            if owner[first] == p and houses[first]:
                total += houses[first] * cost[first]
        return total

    def can_buy_building(self, p: int, deed: int) -> str | None:
        if not 0 <= deed < self.board.size:
            return f"there is no space {deed}"
        space = self.board.spaces[deed]
        if space.kind != "street":
            return f"nothing can be built on {space.name}"
        if self.owner[deed] != p:
            return f"{self.name(p)} does not own {space.name}"
        owner = self.owner
        for d in self.board.group_of[deed]:  # (owns_group, without the call)
            if owner[d] != p:
                return f"{self.name(p)} does not own the whole {space.group} monopoly"
        level = self.houses[deed]
        if level >= HOTEL:
            return f"{space.name} already has a hotel"
        if self.per_property and \
                level > min(self.houses[d] for d in self.board.group_of[deed]):
            return f"build evenly: the other streets of the {space.group} group need a " \
                   "house first"
        if self.one_building_per_turn and space.group in self.built:
            return f"one building per monopoly per turn: the {space.group} monopoly has " \
                   "had its building this turn"
        cost = self.building_cost[deed]
        if self.ledger.balances[p] < cost:
            return f"{self.name(p)} has {self.money(self.ledger.balances[p])}, a building costs " \
                   f"{self.money(cost)}"
        return self.stock_problem(level)

    def buy_building(self, p: int, deed: int) -> None:
        self.pending = NO_DECISIONS
        level = self.houses[deed]
        cost = self.building_cost[deed]
        if self.plain_pay and not self.listeners and cost > 0:  # (pay without its call)
            self.ledger.transfer(p, BANK, cost, "monopoly building")
        else:
            self.pay(p, BANK, cost, "monopoly building")
        if level == HOTEL - 1:
            self.bank_hotels -= 1
            self.bank_houses += HOTEL - 1
        else:
            self.bank_houses -= 1
        houses = self.houses
        if self.per_property:  # (unit_of, without its call or tuple)
            houses[deed] = level + 1
        else:
            for d in self.board.group_of[deed]:
                houses[d] = level + 1
        self.changes += 1
        self.changed.append(deed)  # (logged: see Game.changed)
        counts = self.group_changes  # (a list's number added to in place: no generic +=)
        number = self.group_number[deed]
        counts[number] = counts[number] + 1
        self.built.add(self.board.spaces[deed].group)
        if self.listeners:
            self.emit("built-monopoly", player=p, deed=deed, group=self.board.spaces[deed].group,
                      level=level + 1, whole=not self.per_property)
        q = self.current  # (ask_roll, written out)
        self.pending = JAIL_ASKS[q] if self.players[q].in_jail else _TURN_ASKS[q]

    def lower_building(self, deed: int) -> int:
        """Take one building off (a hotel is exchanged for as many houses as the bank has,
        up to four) and return its value."""
        level = self.houses[deed]
        if level == HOTEL:
            kept = min(HOTEL - 1, self.bank_houses)
            self.bank_hotels += 1
            self.bank_houses -= kept
            new = kept
        else:
            self.bank_houses += 1
            new = level - 1
        houses = self.houses
        if self.per_property:  # (unit_of, without its call or tuple)
            houses[deed] = new
        else:
            for d in self.board.group_of[deed]:
                houses[d] = new
        self.changes += 1
        self.changed.append(deed)  # (logged: see Game.changed)
        counts = self.group_changes  # (a list's number added to in place: no generic +=)
        number = self.group_number[deed]
        counts[number] = counts[number] + 1
        return (level - new) * self.building_cost[deed]

    # ================================================================ paying

    def payable(self, p: int) -> int:
        """Everything ``p`` could pay with: cash, deeds at their price, buildings at cost."""
        return self.ledger.balances[p] + self.property_value(p)

    def property_value(self, p: int) -> int:
        """``p``'s deeds at their price and buildings at their cost."""
        owner = self.owner
        spaces = self.board.spaces
        total = 0
        for d in self.board.deeds:
            if owner[d] == p:
                total += spaces[d].price
        return total + self.buildings_value(p)

    def settle_dues(self) -> None:
        payer, payee, amount, reason = self.dues[0]
        if self.players[payer].bankrupt or (payee >= 0 and self.players[payee].bankrupt):
            self.dues.pop(0)
            return
        if self.ledger.balances[payer] >= amount:
            self.dues.pop(0)
            if self.plain_pay and not self.listeners:  # (pay without its call: amount > 0)
                self.ledger.transfer(payer, payee, amount, reason)
            else:
                self.pay(payer, payee, amount, reason)
            return
        if self.payable(payer) < amount:
            self.dues.pop(0)
            if self.listeners:  # (what everything is worth, worked out only to tell)
                self.emit("cannot-pay", player=payer, amount=amount, creditor=payee,
                          reason=reason, worth=self.payable(payer))
            self.go_bankrupt(payer, payee)
            return
        self.pending = [Decision("pay", payer, amount=amount, creditor=payee,
                                 number=PAY_NUMBER)]
        if self.listeners:
            self.emit("must-pay", player=payer, amount=amount, creditor=payee, reason=reason,
                      cash=self.ledger.balances[payer])

    def can_give_deed(self, p: int, deed: int) -> str | None:
        if not 0 <= deed < self.board.size or not self.board.spaces[deed].is_deed:
            return "only title deeds can be handed over"
        space = self.board.spaces[deed]
        if self.owner[deed] != p:
            return f"{self.name(p)} does not own {space.name}"
        if self.houses[deed]:
            return f"{space.name} has buildings: hand those over first"
        return None

    def can_give_building(self, p: int, deed: int) -> str | None:
        if not 0 <= deed < self.board.size or not self.board.spaces[deed].is_deed:
            return "buildings stand only on streets"
        space = self.board.spaces[deed]
        if self.owner[deed] != p:
            return f"{self.name(p)} does not own {space.name}"
        if not self.houses[deed]:
            return f"{space.name} has no buildings"
        return None

    def give(self, p: int, deed: int, building: bool) -> None:
        """Hand over a deed or a building toward the debt; what cash covers is then paid."""
        payer, payee, amount, reason = self.dues[0]
        self.pending = NO_DECISIONS
        if building:
            value = self.lower_building(deed)
            if payee >= 0:
                self.pay(BANK, payee, value, "buildings exchanged")
            if self.listeners:
                self.emit("gave-building", player=p, creditor=payee, deed=deed,
                          level=self.houses[deed], value=value)
        else:
            value = self.board.spaces[deed].price
            if payee >= 0:
                self.set_owner(deed, payee)
            else:
                self.return_to_bank(deed)
                self.refill_market()
            if self.listeners:
                self.emit("gave-deed", player=p, creditor=payee, deed=deed, value=value)
        left = amount - value
        if left <= 0:
            self.dues.pop(0)
            if left < 0 and self.listeners:
                self.emit("overpaid", player=p, creditor=payee, amount=-left)
        elif self.ledger.balances[p] >= left:
            self.dues.pop(0)
            self.pay(p, payee, left, reason)
        else:
            self.dues[0] = (payer, payee, left, reason)
            self.pending = [Decision("pay", p, amount=left, creditor=payee,
                                     number=PAY_NUMBER)]

    def go_bankrupt(self, p: int, creditor: int) -> None:
        """Everything goes to the creditor (buildings as their value from the bank); to the
        bank, deeds go under the deed deck. Cards in hand are discarded."""
        player = self.players[p]
        player.bankrupt = True
        self.pending = NO_DECISIONS
        self.dues = [x for x in self.dues if x[0] != p]
        if self.listeners:
            self.emit("bankrupt", player=p, creditor=creditor)
        for unit in self.building_units(p):
            while self.houses[unit]:
                value = self.lower_building(unit)
                if creditor >= 0:
                    self.pay(BANK, creditor, value, "buildings exchanged")
        self.pay(p, creditor, self.ledger.balances[p], "bankruptcy")
        for deed in self.deeds_of(p):
            if creditor >= 0:
                self.set_owner(deed, creditor)
            else:
                self.return_to_bank(deed)
        self.refill_market()
        for key, index in player.cards:
            self.discards[key].append(index)
        player.cards.clear()
        if p == self.current:
            self.drop_steps()
            self.then(self.next_turn)
        if len(self.active_players()) == 1:
            self.end(self.active_players()[0], "bankruptcy")

    # ================================================================ the end

    def monopolies(self, p: int) -> int:
        """How many complete colour groups ``p`` owns."""
        owner = self.owner
        count = 0
        for group in self.streets_groups:
            for d in group:
                if owner[d] != p:
                    break
            else:
                count += 1
        return count

    def monopoly_counts(self) -> list[int]:
        """How many complete colour groups each seat owns (one pass over the groups)."""
        owner = self.owner
        counts = [0] * len(self.players)
        for group in self.streets_groups:
            o = owner[group[0]]
            if o < 0:
                continue
            for d in group:
                if owner[d] != o:
                    break
            else:
                counts[o] = counts[o] + 1
        return counts

    def check_end(self) -> bool:
        """Five monopolies win at once; several at once: the highest total assets. (Asked
        after a change of owner completes a colour group: the full check only once a seat
        that completed one since the last check has enough monopolies. A seat's count
        grows only when it completes a group, so any other seat had its count at the last
        check, below the number that wins, or that check would have ended the game.)"""
        completed = self._completed
        to_win = self.to_win
        for seat in range(len(completed)):
            if completed[seat]:
                completed[seat] = False
                if self.monopolies(seat) >= to_win:
                    return self.check_five()
        return False

    def moved_groups(self, seen: vec[i64], logged: int, changes: int) -> list[int]:
        """The groups whose count of changes (``group_changes``) differs from ``seen``, a
        reader's copy of the counts, which is brought up to date; the reader had read
        ``logged`` entries of the log of changed deeds (``changed``) and seen ``changes``
        changes. Found from the deeds logged since when the log holds every change since
        and they are fewer than the groups, else by looking at every group (the groups
        that moved are the same either way; their order may differ)."""
        counts = self.group_changes
        log = self.changed
        moved: list[int] = []
        unread = len(log) - logged
        if unread == self.changes - changes and unread <= len(seen):
            number = self.group_number
            for k in range(logged, len(log)):
                g = number[log[k]]
                count = counts[g]
                if count != seen[g]:
                    seen[g] = count
                    moved.append(g)
        else:
            for g in range(len(seen)):
                count = counts[g]
                if count != seen[g]:
                    seen[g] = count
                    moved.append(g)
        return moved

    def check_five(self) -> bool:
        counts = self.monopoly_counts()
        to_win = self.to_win
        winners = [p.seat for p in self.players
                   if not p.bankrupt and counts[p.seat] >= to_win]
        if not winners:
            return False
        if len(winners) > 1:
            totals = {p: self.total_assets(p) for p in winners}
            best = max(totals.values())
            winners = [p for p in winners if totals[p] == best]
        self.end(winners[0] if len(winners) == 1 else None, "five-monopolies")
        return True

    def total_assets(self, p: int) -> int:
        return self.ledger.balances[p] + self.property_value(p)

    # ================================================================ set-up, words

    def setup_done(self) -> None:
        """A scenario's position: buildings per monopoly (the same level on every deed of
        the group) and owned deeds out of the deed deck."""
        r = self.data.rules
        for d in self.board.deeds:
            if self.mortgaged[d]:
                raise ValueError("there are no mortgages in Monopoly 2.3")
            level = self.houses[d]
            if level:
                space = self.board.spaces[d]
                if space.kind != "street" or self.owner[d] < 0:
                    raise ValueError(f"{space.name} cannot have buildings")
                if not self.owns_group(self.owner[d], d):
                    raise ValueError(f"{space.name} has buildings but its owner does not own "
                                     f"the whole {space.group} group")
                if not self.per_property and any(
                        self.houses[g] != level for g in self.board.group_of[d]):
                    raise ValueError(f"buildings belong to the whole {space.group} monopoly: "
                                     "give every deed of the group the same level")
        houses = hotels = 0
        for p in range(len(self.players)):
            h, t = self.building_counts(p)
            houses += h
            hotels += t
        if houses > r["houses"] or hotels > r["hotels"]:
            raise ValueError(f"the position uses {houses} houses and {hotels} hotels; the bank "
                             f"has only {r['houses']} and {r['hotels']}")
        self.bank_houses = r["houses"] - houses
        self.bank_hotels = r["hotels"] - hotels
        for d in self.board.deeds:
            if self.owner[d] >= 0:
                self.take_from_bank(d)
        self.changes += 1
        for g in range(len(self.group_changes)):  # (owners and buildings set by hand)
            self.group_changes[g] = self.group_changes[g] + 1
        self._completed = flags([True] * len(self.players))  # (any seat's groups, by hand)

    def snapshot_extra(self) -> dict[str, Any]:
        return {
            "bank": {"houses": self.bank_houses, "hotels": self.bank_hotels},
            "market": [self.board.spaces[d].name for d in self.market],
            "discards": {k: [self.decks[k].cards[i].id for i in v]
                         for k, v in self.discards.items()},
            "rolled": self.rolled,
            "bought_from_market": self.bought_from_market,
            "monopolies": {p.name: self.monopolies(p.seat) for p in self.players},
            "debt": self.debt_json(),
        }

    def debt_json(self) -> dict[str, Any] | None:
        """The payment being made with property, while a ``pay`` decision is open."""
        if not self.pending or self.pending[0].kind != "pay" or not self.dues:
            return None
        payer, payee, amount, reason = self.dues[0]
        return {"payer": self.name(payer), "creditor": self.name(payee), "amount": amount,
                "reason": reason}

    # ================================================================ scenarios

    # ------------------------------------------------ decisions a scenario starts at

    def pose_turn(self, pose: Pose) -> None:
        """The turn (or, in Jail, the jail turn) of the player whose turn it is."""
        self.check_landing(pose)
        if (pose.kind == "jail") != self.players[pose.player].in_jail:
            raise ValueError("'jail' is asked of a player in Jail and 'turn' of one who "
                             "is not")
        self.ask_roll()

    def pose_move(self, pose: Pose) -> None:
        """A roll made: whom does it move?"""
        self.check_landing(pose)
        if not 2 <= pose.amount <= 12:
            raise ValueError("'move' needs the roll to use (amount: 2 to 12)")
        first = pose.amount // 2
        self.last_dice = (first, pose.amount - first)
        self.rolled = True
        self.pending = [Decision("move", pose.player, amount=pose.amount,
                                 number=MOVE_NUMBER)]

    def pose_pay(self, pose: Pose) -> None:
        """A payment the player's cash cannot cover: paid with property."""
        p = pose.player
        if pose.amount <= self.ledger.balances[p]:
            raise ValueError(f"a payment with property (amount:) is more than the "
                             f"{self.money(self.ledger.balances[p])} {self.name(p)} has")
        if self.payable(p) < pose.amount:
            raise ValueError(f"{self.name(p)} cannot pay {self.money(pose.amount)} even "
                             "with every property")
        self.push_step(RESUME_TURN)  # (then(resume_turn), as a step of its own)
        self.dues.append((p, pose.creditor, pose.amount, "a debt"))
        self.settle_dues()

    def pose_card_purchase(self, pose: Pose) -> None:
        """A card sent the player to an unowned deed they may buy."""
        self.check_landing(pose)
        deed = pose.deed
        if deed < 0 or not self.board.spaces[deed].is_deed or self.owner[deed] >= 0:
            raise ValueError("'buy' needs an unowned title deed (deed:)")
        price = self.board.spaces[deed].price
        if self.ledger.balances[pose.player] < price:
            raise ValueError(f"a card offers a purchase only to a player who can pay "
                             f"{self.money(price)}")
        self.push_step(RESUME_TURN)  # (then(resume_turn), as a step of its own)
        self.pending = [Decision("buy", pose.player, deed=deed, amount=price,
                                 number=BUY_NUMBER)]

    # ================================================================ legality helpers

    def why_not_force(self, p: int, deed: int) -> str | None:
        if not 0 <= deed < self.board.size or not self.board.spaces[deed].is_deed:
            return "only a title deed can be bought"
        space = self.board.spaces[deed]
        seller = self.owner[deed]
        if seller < 0:
            return f"{space.name} belongs to the bank: buy from the market"
        if seller == p:
            return f"{self.name(p)} owns {space.name} already"
        if self.monopolised(deed):
            return f"{space.name} is part of {self.name(seller)}'s monopoly"
        price = self.force_price(deed)
        # (payable(p) is cash and property: only worked out when cash alone falls short)
        if price > self.ledger.balances[p] and self.payable(p) < price:
            return f"{space.name} costs {self.money(price)} (1.5 times its price); " \
                   f"{self.name(p)} has only {self.money(self.payable(p))} in all"
        return None

    def why_not_play(self, p: int, card_ref: CardRef | None, target: int) -> str | None:
        """Why ``p`` may not play the card on ``target`` now (None if they may)."""
        if card_ref is None:
            return "play-card needs a card"
        key, index = card_ref
        for held_key, held_index in self.players[p].cards:  # (card_ref in the hand)
            if held_index == index and held_key == key:
                break
        else:
            return f"{self.name(p)} does not hold that card"
        card = self.decks[key].cards[index]
        if card.kind == "get_out_of_jail_free":
            return "a Get Out of Jail Free card is used from jail"
        if not 0 <= target < len(self.players) or self.players[target].bankrupt:
            return "cards are played on a player in the game"
        if self.no_double_move and not self.players[target].in_jail and \
                (card.kind in MOVING_CARDS or card.kind == "go_to_jail"):
            if card.kind in MOVING_CARDS and target in self.moved:
                return f"{self.name(target)} has been moved this turn already"
            if not self.rolled and self.movable() == [target]:
                return f"{self.name(target)} is the only player the roll could move"
        return None

    def building_actions(self, p: int) -> list[Action]:
        out = []
        for group in self.streets_groups:
            if self.owner[group[0]] != p:
                continue
            targets = group if self.per_property else group[:1]
            out += [deed_action("buy-building", d) for d in targets]
        return out


class ResumeTurn(Step):
    """The step back to the turn's player once an action is resolved
    (:meth:`Monopoly23Game.resume_turn`): a step class of its own, made once (it holds
    nothing), as it follows most actions of a turn."""

    __slots__ = ()

    def run(self, game: Game) -> None:
        if PURE:  # (typing's cast is a call of a Python function in pure Python)
            game.resume_turn()  # type: ignore[attr-defined]
        else:
            cast(Monopoly23Game, game).resume_turn()


RESUME_TURN: Final = ResumeTurn()

PLAIN_MOVE_HOOKS: Final = ("move", "land", "settle", "resume_turn", "then_under", "step_under")
"""The hooks a chosen move goes through: when a game's class overrides none of them (as
:class:`Monopoly23Game` has them), :meth:`Monopoly23Game.move_player` does their work itself
for a game nobody listens to (see :func:`plain_move`)."""

_PLAIN_MOVES: dict[type, bool] = {}


def plain_move(kind: type) -> bool:
    """Whether a game class takes a chosen move as :class:`Monopoly23Game` writes it:
    overrides none of :data:`PLAIN_MOVE_HOOKS` (looked at once per class)."""
    plain = _PLAIN_MOVES.get(kind)
    if plain is None:
        plain = True
        for name in PLAIN_MOVE_HOOKS:
            if getattr(kind, name) is not getattr(Monopoly23Game, name):
                plain = False
        _PLAIN_MOVES[kind] = plain
    return plain


class BoardTables:
    """What the rules read of a board and its building costs that never changes during a
    game, worked out once per board (and choice of building costs) and shared by every
    game on it (tuples: values, as a copy of a game may share them)."""

    __slots__ = ("board", "building_cost", "colour", "data", "deed_groups", "group_number",
                 "per_property", "streets_groups")

    def __init__(self, data: EditionData, board: Board, per_property: bool) -> None:
        self.data = data
        self.board = board
        self.per_property = per_property
        cheap: Mapping[str, int] = data.rules["cheap_house_costs"]
        self.building_cost: tuple[int, ...] = tuple(
            (cheap.get(str(s.house_cost), s.house_cost) if per_property else s.house_cost)
            for s in board.spaces)
        """What one building costs (and is worth) on each street."""
        self.streets_groups: tuple[tuple[int, ...], ...] = tuple(
            g for g in board.groups.values() if g and board[g[0]].kind == "street")
        groups: list[tuple[int, ...]] = []
        number = [-1] * board.size
        for d in board.deeds:
            if number[d] < 0:
                members = board.group_of[d] or (d,)
                for m in members:
                    number[m] = len(groups)
                groups.append(members)
        self.deed_groups: tuple[tuple[int, ...], ...] = tuple(groups)
        self.group_number: tuple[int, ...] = tuple(number)
        colour = set(self.streets_groups)
        self.colour: tuple[bool, ...] = tuple(g in colour for g in self.deed_groups)


_BOARD_TABLES: Final[list[BoardTables]] = []
"""The tables of the boards met lately (boards made for single games: US names)."""


def board_tables(data: EditionData, board: Board, per_property: bool) -> BoardTables:
    """The :class:`BoardTables` of ``board`` with ``data``'s building costs, made once."""
    for tables in _BOARD_TABLES:
        if tables.board is board and tables.data is data and \
                tables.per_property == per_property:
            return tables
    if len(_BOARD_TABLES) > 16:
        _BOARD_TABLES.clear()
    tables = BoardTables(data, board, per_property)
    _BOARD_TABLES.append(tables)
    return tables


_DEED_CARDS: Final[dict[tuple[int, bool], tuple[EditionData, tuple[Card, ...]]]] = {}


def deed_cards(data: EditionData, board: Board, us_board: bool) -> tuple[Card, ...]:
    """The title deed cards of ``board`` (one per deed, in board order, named as the board
    names them), made once per edition data and choice of names: cards never change, so
    every game shares them."""
    key = (id(data), us_board)
    made = _DEED_CARDS.get(key)
    if made is not None and made[0] is data:
        return made[1]
    cards = tuple(Card(_slug(str(data.raw["spaces"][d]["name"])), board[d].name,
                       "title_deed", {"deed": d}) for d in board.deeds)
    _DEED_CARDS[key] = (data, cards)
    return cards


def _slug(name: str) -> str:
    out = []
    for ch in name.lower():
        if ch.isalnum():
            out.append(ch)
        elif ch in " -/&":
            out.append("-")
    return "-".join(filter(None, "".join(out).split("-")))
