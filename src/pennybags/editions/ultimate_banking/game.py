"""Monopoly Ultimate Banking: rent levels instead of houses, Event cards, Location spaces,
debt paid with title deeds, and a game that ends at the first bankruptcy with final scores.

The turn, the dice, doubles, GO and jail work as in classic (the engine's shared turn, through
:class:`ClassicGame`); everything about property, rent, auctions, cards, debt and the end is
this module's. ``houses[d]`` holds the rent level (1-5) of an owned property and 0 for an
unowned one. There is no building, no hotel, no mortgage and no trading. When each action is
legal is in :mod:`pennybags.editions.ultimate_banking.rules` (``pennybags actions --edition
ultimate-banking``); the words for people are in :mod:`.words`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from pennybags.editions.classic.game import ClassicGame
from pennybags.editions.ultimate_banking.options import UltimateBankingOptions
from pennybags.engine.actions import Decision, Pose
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Card
from pennybags.engine.game import Event
from pennybags.engine.ledger import BANK
from pennybags.engine.rules import CardRule, Rulebook

SET_BONUS = {
    # (new property's level, rise of the rest): split set, sole owner
    "rulebook": ((2, 2), (3, 3)),
    "unit": ((2, 1), (3, 2)),
}
"""The colour-set completion bonus by reading: the rulebook's, and the real unit's."""


class Bidding:
    """An auction in progress: bids go up in $20 steps; the last bidder wins when every
    other eligible player has let the bid stand (the timer ran out)."""

    __slots__ = ("bidders", "deed", "high", "high_bidder", "next", "passed", "timed")

    def __init__(self, deed: int, bidders: list[int], timed: bool) -> None:
        self.deed = deed
        self.bidders = bidders
        """Eligible players (not in Jail), in the order they are asked."""
        self.high = 0
        self.high_bidder = -1
        self.next = 0
        self.passed: set[int] = set()
        """Players who let the current bid stand."""
        self.timed = timed

    def clone(self) -> Bidding:
        copy = Bidding(self.deed, list(self.bidders), self.timed)
        copy.high = self.high
        copy.high_bidder = self.high_bidder
        copy.next = self.next
        copy.passed = set(self.passed)
        return copy


class CardPlay:
    """An Event card waiting on its drawer's choices."""

    __slots__ = ("card", "mine", "other", "stage")

    def __init__(self, card: Card, stage: str) -> None:
        self.card = card
        self.stage = stage
        """What is being chosen: 'move', 'deed', 'player', 'mine' or 'theirs'."""
        self.other = -1
        self.mine = -1

    def clone(self) -> CardPlay:
        copy = CardPlay(self.card, self.stage)
        copy.other = self.other
        copy.mine = self.mine
        return copy


class UltimateBankingGame(ClassicGame):
    """Monopoly Ultimate Banking."""

    edition_id = "ultimate-banking"
    building_stock = False
    """No houses or hotels to count: one house per property only marks its level."""
    options_class = UltimateBankingOptions
    self_clearing: ClassVar[frozenset[str]] = frozenset()
    def __init__(self, data: EditionData, names: Sequence[str], seed: int | None = None,
                 options: UltimateBankingOptions | None = None, *, rulebook: Rulebook,
                 record: bool = True, listeners: Sequence[Callable[[Event], None]] = (),
                 decide_order: bool = True, start: bool = True,
                 clone_of: UltimateBankingGame | None = None) -> None:
        opts = options if options is not None else UltimateBankingOptions()
        if opts.set_bonus not in SET_BONUS:
            raise ValueError(f"option 'set-bonus' takes {' or '.join(SET_BONUS)}, "
                             f"not '{opts.set_bonus}'")
        r = data.rules
        self.location_fee: int = r["location_fee"]
        self.bid_start: int = r["auction_start"]
        self.bid_step: int = r["auction_step"]
        self.max_level: int = r["max_level"]
        self.min_level: int = r["min_level"]
        self.streets: tuple[int, ...] = tuple(
            s.index for s in data.board.spaces if s.kind == "street")
        self.free_parking = data.board.of_kind("free_parking")[0]
        self.bidding: Bidding | None = None
        self.card_play: CardPlay | None = None
        self.cheap_rents = 0
        """Rents still to be charged at level 1 (the On The Run card)."""
        self.always_collect: list[bool] = [not opts.ask_for_rent] * len(names)
        self.rent_lander = -1
        self.final_scores: dict[int, int] = {}
        super().__init__(data, names, seed, opts, rulebook=rulebook, record=record,
                         listeners=listeners, decide_order=decide_order, start=start,
                         clone_of=clone_of)
        if clone_of is not None:
            self.bidding = clone_of.bidding.clone() if clone_of.bidding is not None else None
            self.card_play = \
                clone_of.card_play.clone() if clone_of.card_play is not None else None
            self.cheap_rents = clone_of.cheap_rents
            self.always_collect = list(clone_of.always_collect)
            self.rent_lander = clone_of.rent_lander
            self.final_scores = dict(clone_of.final_scores)

    # ================================================================ levels

    def level(self, deed: int) -> int:
        """The rent level of a property (0 when unowned)."""
        return self.houses[deed]

    def set_level(self, deed: int, level: int, why: str) -> None:
        """Move an owned property's house to ``level`` (kept within 1..5)."""
        if self.owner[deed] < 0:
            return
        level = max(self.min_level, min(self.max_level, level))
        before = self.houses[deed]
        if level == before:
            return
        self.houses[deed] = level
        self.changes += 1
        if self.listeners:
            self.emit("rent-level", player=self.owner[deed], deed=deed, level=level,
                      before=before, why=why)

    def raise_level(self, deed: int, by: int, why: str) -> None:
        self.set_level(deed, self.houses[deed] + by, why)

    def rent(self, deed: int, card: Card | None = None) -> int:
        """The rent at the property's current level (level 1 while On The Run lasts)."""
        rents = self.board.spaces[deed].rents
        if self.cheap_rents:
            return rents[0]
        return rents[self.houses[deed] - 1]

    def take(self, p: int, deed: int, level: int = 1) -> None:
        """``p`` becomes the owner of an unowned property, its house on ``level``."""
        self.set_owner(deed, p)
        self.houses[deed] = level

    # ================================================================ landing

    def ask_location(self, p: int) -> None:
        """A Location space: pay $100 to go to any property space, or stay."""
        if self.listeners:
            self.emit("location", player=p, fee=self.location_fee)
        self.pending = [Decision("location", p, amount=self.location_fee)]

    def collect_rent(self, owner: int, deed: int) -> None:
        """The lander pays the rent at the current level; then the level rises."""
        self.pending = []
        amount = self.rent(deed)
        if self.cheap_rents:
            self.cheap_rents -= 1
        self.then(self.raise_level, deed, 1, "landed")
        self.owe(self.rent_lander, owner, amount, "rent")

    def waive_rent(self, owner: int, deed: int) -> None:
        """The owner does not ask: no rent, but the level rises all the same."""
        self.pending = []
        if self.listeners:
            self.emit("rent-waived", player=owner, deed=deed, lander=self.rent_lander)
        self.raise_level(deed, 1, "landed")

    # ================================================================ buying

    def buy(self, p: int, deed: int) -> None:
        self.pending = []
        price = self.board.spaces[deed].price
        self.pay(p, BANK, price, "purchase")
        self.take(p, deed)
        if self.listeners:
            self.emit("bought", player=p, deed=deed, price=price)
        self.complete_set(p, deed)

    def complete_set(self, p: int, deed: int) -> None:
        """The last property of a colour set is bought or auctioned: the set rises."""
        group = self.board.group_of[deed]
        owner = self.owner
        if any(owner[d] < 0 for d in group):
            return
        sole = all(owner[d] == p for d in group)
        new, rise = SET_BONUS[self.options.set_bonus][1 if sole else 0]
        if self.listeners:
            self.emit("set-completed", player=p, deed=deed,
                      group=self.board.spaces[deed].group, sole=sole)
        self.set_level(deed, new, "set completed")
        for d in group:
            if d != deed:
                self.raise_level(d, rise, "set completed")

    # ================================================================ auctions

    def start_auction(self, deed: int, after: int) -> None:
        """Every player not in Jail may bid, the lander too; bidding starts with the player
        after the lander and goes round the table."""
        n = len(self.players)
        order = [(after + 1 + i) % n for i in range(n)]
        bidders = [s for s in order
                   if not self.players[s].bankrupt and not self.players[s].in_jail]
        self.bidding = Bidding(deed, bidders, self.options.auction_timer > 0)
        if self.listeners:
            self.emit("auction", deed=deed, opening=self.bid_start, step=self.bid_step,
                      seconds=self.options.auction_timer)
        self.ask_bid()

    def next_bid(self) -> int:
        b = self.bidding
        assert b is not None
        return self.bid_start if b.high_bidder < 0 else b.high + self.bid_step

    def can_press(self, s: int) -> bool:
        b = self.bidding
        return (b is not None and s != b.high_bidder and s not in b.passed
                and self.cash(s) >= self.next_bid())

    def ask_bid(self) -> None:
        """Ask the players who may press (:meth:`can_press`, written out with the next bid
        worked out once): all of them at once in a timed auction, else the next in turn."""
        b = self.bidding
        assert b is not None
        high_bidder = b.high_bidder
        nxt = self.bid_start if high_bidder < 0 else b.high + self.bid_step
        passed = b.passed
        bidders = b.bidders
        if b.timed:
            self.pending = [Decision("bid", s, deed=b.deed, amount=b.high,
                                     high_bidder=high_bidder)
                            for s in bidders
                            if s != high_bidder and s not in passed and self.cash(s) >= nxt]
            if not self.pending:
                self.close_auction()
            return
        n = len(bidders)
        for i in range(n):
            at = (b.next + i) % n
            s = bidders[at]
            if s != high_bidder and s not in passed and self.cash(s) >= nxt:
                b.next = at
                self.pending = [Decision("bid", s, deed=b.deed, amount=b.high,
                                         high_bidder=high_bidder)]
                return
        self.close_auction()

    def bid(self, p: int, amount: int) -> None:
        """Pressing M raises the bid by $20 (any amount up to the next step is one press);
        an amount above the next step counts as that many presses at once (rounded down
        to the $20 steps)."""
        b = self.bidding
        assert b is not None
        step = self.next_bid()
        if amount > step:
            step += (amount - step) // self.bid_step * self.bid_step
        b.high = step
        b.high_bidder = p
        b.passed = set()
        b.next = (b.bidders.index(p) + 1) % len(b.bidders)
        if self.listeners:
            self.emit("bid", player=p, amount=step, deed=b.deed)
        self.ask_bid()

    def pass_bid(self, p: int) -> None:
        """Letting the bid stand; a player who passed may press again after a new bid."""
        b = self.bidding
        assert b is not None
        b.passed.add(p)
        if not b.timed:
            b.next = (b.bidders.index(p) + 1) % len(b.bidders)
        if self.listeners:
            self.emit("bid-pass", player=p, deed=b.deed)
        self.ask_bid()

    def time_up(self) -> None:
        if self.listeners:
            self.emit("time-up", deed=self.bidding.deed if self.bidding else -1)
        self.close_auction()

    def close_auction(self) -> None:
        b = self.bidding
        assert b is not None
        self.bidding = None
        self.pending = []
        if b.high_bidder < 0:
            if self.listeners:
                self.emit("unsold", deed=b.deed)
            return
        winner = b.high_bidder
        self.pay(winner, BANK, b.high, "auction")
        self.take(winner, b.deed)
        if self.listeners:
            self.emit("auction-won", player=winner, deed=b.deed, amount=b.high)
        self.complete_set(winner, b.deed)

    # ================================================================ Location

    def go_to(self, p: int, deed: int, fee: int) -> None:
        """Location (for $100) or a "move to any property" card: go straight to a property
        space, without GO salary, and land there."""
        self.pending = []
        self.card_play = None
        self.pay(p, BANK, fee, "Location")
        self.move_to(p, deed, False)

    def stay(self, p: int) -> None:
        self.pending = []

    # ================================================================ Event cards

    def move_to_free_parking(self, p: int) -> None:
        """Every player not in Jail moves straight to Free Parking (no GO salary)."""
        for q in self.active_players():
            player = self.players[q]
            if player.in_jail or player.position == self.free_parking:
                continue
            start = player.position
            player.position = self.free_parking
            if self.listeners:
                self.emit("moved", player=q, start=start, to=self.free_parking, steps=0)

    def play_event(self, p: int, card: Card, stage: str) -> None:
        """An Event card that needs its drawer's choices: ``stage`` is what is chosen first
        ('move', 'deed' or 'player')."""
        self.card_play = CardPlay(card, stage)
        if stage == "move":
            self.pending = [Decision("event-move", p)]
        else:
            self.ask_card(p)

    def swap(self, p: int, other: int, mine: int, theirs: int) -> None:
        """``p``'s property ``mine`` for ``other``'s ``theirs``; the levels stay."""
        self.set_owner(mine, other)
        self.set_owner(theirs, p)
        if self.listeners:
            self.emit("swapped", player=p, other=other, gave=mine, got=theirs)

    def event_rule(self, play: CardPlay) -> EventCard:
        """The rule of the Event card being played."""
        rule = self.rulebook.cards[play.card.kind]
        assert isinstance(rule, EventCard)
        return rule

    def card_choices(self, p: int) -> list[int]:
        """What the drawer may choose now: deeds, or seats at the 'player' stage."""
        play = self.card_play
        if play is None:
            return []
        return self.event_rule(play).choices(self, p, play)

    def ask_card(self, p: int) -> None:
        """Ask the drawer to choose (or choose for them when there is one choice; when
        there is none, the card has no effect)."""
        play = self.card_play
        assert play is not None
        choices = self.card_choices(p)
        if not choices:
            self.card_play = None
            if self.listeners:
                self.emit("event-no-effect", player=p, card=play.card.id)
            return
        if len(choices) == 1:
            self.card_choice(p, choices[0], only=True)
            return
        kind = "event-player" if play.stage == "player" else "event-deed"
        self.pending = [Decision(kind, p)]

    def card_choice(self, p: int, choice: int, only: bool = False) -> None:
        """The drawer chose ``choice`` (a deed, or a seat at the 'player' stage; ``only``:
        the one choice there was): the card's rule does the rest (or asks for the next
        choice)."""
        self.pending = []
        play = self.card_play
        assert play is not None
        if self.listeners:
            self.emit("event-choice", player=p, card=play.card.id, stage=play.stage,
                      choice=choice, only=only)
        self.event_rule(play).chosen(self, p, play, choice)

    # ================================================================ debt and the end

    def settle_dues(self) -> None:
        """The unit moves the full amount at once; a payer left below zero must give up
        properties, or is bankrupt if even all of them cannot cover it."""
        payer, payee, amount, reason = self.dues.pop(0)
        if self.players[payer].bankrupt:
            return
        self.pay(payer, payee, amount, reason)
        if self.cash(payer) < 0:
            self.fall_into_debt(payer, payee, reason)

    def worth(self, p: int) -> int:
        """Cash plus the purchase price of every property: the final score."""
        spaces = self.board.spaces
        return self.cash(p) + sum(spaces[d].price for d in self.deeds_of(p))

    def total_assets(self, p: int) -> int:
        return self.worth(p)

    def fall_into_debt(self, p: int, creditor: int, reason: str) -> None:
        owed = -self.cash(p)
        if self.worth(p) < 0:
            self.go_bankrupt(p, creditor, owed)
            return
        if self.listeners:
            self.emit("debt", player=p, amount=owed, creditor=creditor, reason=reason)
        self.pending = [Decision("debt", p, amount=owed, creditor=creditor)]

    def give_up(self, p: int, deed: int) -> None:
        """A property given up counts at its purchase price: to a creditor who is a player
        it passes at its current level; to the bank it becomes unowned again."""
        d = self.pending[0]
        creditor = d.creditor
        price = self.board.spaces[deed].price
        if creditor >= 0:
            self.set_owner(deed, creditor)
        else:
            self.set_owner(deed, -1)
            self.houses[deed] = 0
        self.pay(BANK, p, price, "property given up")
        if self.listeners:
            self.emit("gave-up", player=p, deed=deed, creditor=creditor, value=price)
        if self.cash(p) >= 0:
            self.pending = []
        else:
            self.pending = [Decision("debt", p, amount=-self.cash(p), creditor=creditor)]

    def go_bankrupt(self, p: int, creditor: int, owed: int) -> None:
        """Cash and every property cannot cover the debt: the player is bankrupt, the bank
        makes up what they could not pay (the creditor already has it all), their
        properties go back to the bank, and the game ends with the final scores."""
        player = self.players[p]
        player.bankrupt = True
        shortfall = -self.worth(p)
        self.pay(BANK, p, -self.cash(p), "debt made up by the bank")
        for d in self.deeds_of(p):
            self.set_owner(d, -1)
            self.houses[d] = 0
        if self.listeners:
            self.emit("insolvent", player=p, creditor=creditor, owed=owed, shortfall=shortfall)
        self.finish("final-scores")

    def finish(self, reason: str) -> None:
        """The remaining players' final scores (cash + purchase prices); the highest wins,
        equal highest scores draw."""
        scores = {q: self.worth(q) for q in self.active_players()}
        self.final_scores = scores
        best = max(scores.values())
        leaders = [q for q, v in scores.items() if v == best]
        winner = leaders[0] if len(leaders) == 1 else None
        if self.listeners:
            self.emit("final-scores", scores=dict(scores), winner=winner)
        self.end(winner, reason)

    def end_by_round_cap(self) -> None:
        self.finish("round-cap")

    def setup_done(self) -> None:
        """A scenario's owned properties start at level 1 unless given a level (as
        ``houses``, 1-5); unowned ones have none; nothing is mortgaged."""
        for d in self.board.deeds:
            name = self.board.spaces[d].name
            if self.mortgaged[d]:
                raise ValueError(f"{name} cannot be mortgaged: this edition has no mortgages")
            if self.owner[d] < 0:
                if self.houses[d]:
                    raise ValueError(f"{name} is unowned and cannot have a rent level")
                continue
            if self.houses[d] == 0:
                self.houses[d] = 1
            if not self.min_level <= self.houses[d] <= self.max_level:
                raise ValueError(f"{name}: a rent level is 1 to {self.max_level}, "
                                 f"not {self.houses[d]}")
        self.changes += 1

    # ================================================================ scenarios

    # ------------------------------------------------ decisions a scenario starts at

    def pose_press(self, pose: Pose) -> None:
        """An auction under way: presses of M, bidding open to every player not in Jail."""
        p = pose.player
        if pose.deed not in self.streets or self.owner[pose.deed] >= 0:
            raise ValueError("'bid' needs an unowned property on auction (deed:)")
        self.check_high_bid(pose)
        n = len(self.players)
        bidders = [s for s in ((p + i) % n for i in range(n))
                   if not self.players[s].bankrupt and not self.players[s].in_jail]
        if p not in bidders:
            raise ValueError(f"{self.name(p)} is in Jail and cannot bid")
        self.bidding = Bidding(pose.deed, bidders, self.options.auction_timer > 0)
        if pose.high_bidder >= 0:
            self.bidding.high = pose.amount
            self.bidding.high_bidder = pose.high_bidder
        self.ask_bid()
        self.after_the_landing()

    def pose_rent(self, pose: Pose) -> None:
        """The owner of the property the lander stopped on: ask for the rent?"""
        p = pose.player
        deed = pose.deed
        lander = pose.other
        if deed not in self.streets or self.owner[deed] != p:
            raise ValueError(f"'rent' is asked of the owner: {self.name(p)} must own the "
                             "property (deed:)")
        if lander < 0 or lander == p or lander != self.current:
            raise ValueError("'rent' needs the lander (lander:), the player whose turn it is")
        self.rent_lander = lander
        self.players[lander].position = deed
        self.pending = [Decision("rent", p, deed=deed, amount=self.rent(deed), creditor=lander)]
        self.after_the_landing()

    def pose_location(self, pose: Pose) -> None:
        """A Location space: pay to go to any property space, or stay."""
        self.check_landing(pose)
        if self.board.spaces[self.players[pose.player].position].kind != "location":
            raise ValueError(f"{self.name(pose.player)} must stand on a Location space (at:)")
        self.ask_location(pose.player)
        self.after_the_landing()

    def pose_event_choice(self, pose: Pose) -> None:
        """An Event card drawn that asks its drawer to choose (a space, a property or a
        player)."""
        self.check_landing(pose)
        p = pose.player
        kind = pose.kind
        card = pose.card
        if card is None or card[0] != "events":
            raise ValueError(f"'{kind}' needs the Event card being played (card:)")
        deck = self.decks["events"]
        if card[1] in deck.order:
            deck.remove(card[1])
            deck.put_bottom(card[1])  # drawn: under the deck
        event = deck.cards[card[1]]
        self.obey(p, event)
        if not self.pending or self.pending[0].kind != kind:
            self.pending = []
            self.card_play = None
            raise ValueError(f"the card '{event.id}' does not ask '{kind}' here (it has one "
                             "choice or none, or asks another question)")
        self.after_the_landing()

    # ================================================================ snapshot

    def snapshot_extra(self) -> dict[str, Any]:
        b = self.bidding
        play = self.card_play
        return {
            "doubles": self.doubles,
            "cheap_rents": self.cheap_rents,
            "always_collect": [self.name(p) for p, on in enumerate(self.always_collect) if on],
            "auction": None if b is None else {
                "deed": self.board[b.deed].name,
                "high_bid": b.high,
                "high_bidder": None if b.high_bidder < 0 else self.name(b.high_bidder),
                "next_bid": self.next_bid(),
                "bidders": [self.name(s) for s in b.bidders],
                "timed": b.timed,
            },
            "event": None if play is None else {
                "card": play.card.id,
                "stage": play.stage,
                "other": None if play.other < 0 else self.name(play.other),
                "mine": None if play.mine < 0 else self.board[play.mine].name,
            },
            "final_scores": {self.name(p): v for p, v in self.final_scores.items()},
        }


class EventCard(CardRule[UltimateBankingGame]):
    """An Event card that asks its drawer to choose: what may be chosen at each stage of
    its play, and what the choice does. (The cards are in ``rules.py``.)"""

    @abstractmethod
    def choices(self, game: UltimateBankingGame, player: int, play: CardPlay) -> list[int]:
        """Deeds (or seats, at the 'player' stage) the drawer may choose now."""

    @abstractmethod
    def chosen(self, game: UltimateBankingGame, player: int, play: CardPlay,
               choice: int) -> None:
        """Carry out the choice, or move the play to its next stage and ask again."""
