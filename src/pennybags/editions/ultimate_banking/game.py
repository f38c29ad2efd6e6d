"""Monopoly Ultimate Banking: rent levels instead of houses, Event cards, Location spaces,
debt paid with title deeds, and a game that ends at the first bankruptcy with final scores.

The turn, the dice, doubles, GO and jail work as in classic (:class:`ClassicGame` gives
them); everything about property, rent, auctions, cards, debt and the end is this module's.
``houses[d]`` holds the rent level (1-5) of an owned property and 0 for an unowned one.
There is no building, no hotel, no mortgage and no trading.

Decision kinds and the actions that answer them (docs/editions/ultimate-banking.md):

* ``roll``: ``roll``; ``jail``: ``roll`` (try for doubles), ``pay-bail``
* ``buy``: ``buy``, ``auction`` (one of the two: an unowned property is never just left)
* ``bid``: ``bid`` (press M: raise the bid by $20), ``pass``; ``time-up`` in a timed auction
* ``rent`` (asked of the owner): ``collect-rent``, ``always-collect-rent``, ``waive-rent``
* ``location``: ``go-to`` a property (pay $100), ``stay``
* ``event-move``: ``go-to`` a property (free, from a "move to any property" card)
* ``event-deed``: ``pick`` a property for the Event card being played
* ``event-player``: ``choose-player`` (``amount`` is the chosen player's seat)
* ``debt``: ``give-up`` a property (to the creditor, or back to the bank)
* ``end-turn``: ``end-turn``
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from pennybags.editions.classic.game import ClassicGame
from pennybags.editions.ultimate_banking.options import UltimateBankingOptions
from pennybags.engine.actions import AUCTION, BUY, END_TURN, PASS, PAY_BAIL, ROLL, Action, Decision
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Card
from pennybags.engine.game import Event
from pennybags.engine.ledger import BANK

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


class CardPlay:
    """An Event card waiting on its drawer's choices."""

    __slots__ = ("card", "mine", "other", "stage")

    def __init__(self, card: Card, stage: str) -> None:
        self.card = card
        self.stage = stage
        """What is being chosen: 'move', 'deed', 'player', 'mine' or 'theirs'."""
        self.other = -1
        self.mine = -1


class UltimateBankingGame(ClassicGame):
    """Monopoly Ultimate Banking."""

    edition_id = "ultimate-banking"
    building_stock = False
    """No houses or hotels to count: one house per property only marks its level."""
    options_class = UltimateBankingOptions
    self_clearing: ClassVar[frozenset[str]] = frozenset()
    ends_with_totals = True
    """The game ends with every remaining player's final score (the lab reports margins)."""

    def __init__(self, data: EditionData, names: Sequence[str], seed: int | None = None,
                 options: UltimateBankingOptions | None = None, *, record: bool = True,
                 listeners: Sequence[Callable[[Event], None]] = (),
                 decide_order: bool = True, start: bool = True) -> None:
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
        self.bidding: Bidding | None = None
        self.card_play: CardPlay | None = None
        self.cheap_rents = 0
        """Rents still to be charged at level 1 (the On The Run card)."""
        self.always_collect: list[bool] = [not opts.ask_for_rent] * len(names)
        self.rent_lander = -1
        self.final_scores: dict[int, int] = {}
        self.streets: tuple[int, ...] = tuple(
            s.index for s in data.board.spaces if s.kind == "street")
        self.free_parking = data.board.of_kind("free_parking")[0]
        super().__init__(data, names, seed, opts,
                         record=record, listeners=listeners,
                         decide_order=decide_order, start=start)

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

    def land(self, p: int, card: Card | None = None) -> None:
        space = self.board.spaces[self.players[p].position]
        kind = space.kind
        if kind == "street":
            self.land_on_deed(p, space.index)
        elif kind == "event":
            self.draw(p, "events")
        elif kind == "location":
            if self.listeners:
                self.emit("location", player=p, fee=self.location_fee)
            self.pending = [Decision("location", p, amount=self.location_fee)]
        elif kind == "go_to_jail":
            self.send_to_jail(p)

    def land_on_deed(self, p: int, deed: int, card: Card | None = None) -> None:
        """Unowned: buy or auction. Your own: its level rises. Another player's: the owner
        may ask for the rent at the current level, then the level rises; an owner in Jail
        collects nothing and the level stays."""
        owner = self.owner[deed]
        if owner < 0:
            self.pending = [Decision("buy", p, deed=deed, amount=self.board.spaces[deed].price)]
            return
        if owner == p:
            self.raise_level(deed, 1, "landed")
            return
        if self.players[owner].in_jail:
            if self.listeners:
                self.emit("owner-in-jail", player=owner, deed=deed, lander=p)
            return
        self.rent_lander = p
        if self.always_collect[owner]:
            self.collect_rent(owner, deed)
            return
        rent = self.rent(deed)
        if self.listeners:
            self.emit("rent-due", player=owner, deed=deed, lander=p, amount=rent,
                      level=self.houses[deed])
        self.pending = [Decision("rent", owner, deed=deed, amount=rent, creditor=p)]

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
        b = self.bidding
        assert b is not None
        if b.timed:
            self.pending = [Decision("bid", s, deed=b.deed, amount=b.high,
                                     high_bidder=b.high_bidder)
                            for s in b.bidders if self.can_press(s)]
            if not self.pending:
                self.close_auction()
            return
        n = len(b.bidders)
        for i in range(n):
            s = b.bidders[(b.next + i) % n]
            if self.can_press(s):
                b.next = (b.next + i) % n
                self.pending = [Decision("bid", s, deed=b.deed, amount=b.high,
                                         high_bidder=b.high_bidder)]
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

    def obey(self, p: int, card: Card) -> None:
        """Play an Event card. Cards that target something ask their drawer to choose
        (automatically when there is only one possible choice)."""
        kind = card.kind
        if kind == "move_to_any_property":
            self.card_play = CardPlay(card, "move")
            self.pending = [Decision("event-move", p)]
        elif kind == "pay_per_property_owned":
            self.owe(p, BANK, card.params["amount"] * len(self.deeds_of(p)), card.text)
        elif kind == "temporary_level1_rent":
            self.cheap_rents = card.params["rent_payments"]
        elif kind == "all_players_to_free_parking":
            for q in self.active_players():
                player = self.players[q]
                if player.in_jail or player.position == self.free_parking:
                    continue
                start = player.position
                player.position = self.free_parking
                if self.listeners:
                    self.emit("moved", player=q, start=start, to=self.free_parking, steps=0)
        elif kind in ("swap_properties", "collect_with_chosen_player", "send_player_to_jail"):
            self.card_play = CardPlay(card, "player")
            self.ask_card(p)
        else:
            self.card_play = CardPlay(card, "deed")
            self.ask_card(p)

    def card_choices(self, p: int) -> list[int]:
        """What the drawer may choose now: deeds, or seats at the 'player' stage."""
        play = self.card_play
        if play is None:
            return []
        card = play.card
        kind = card.kind
        if play.stage == "move":
            return list(self.streets)
        if play.stage == "player":
            others = [q for q in self.active_players() if q != p]
            if kind == "swap_properties":
                if not self.deeds_of(p):
                    return []
                return [q for q in others if self.deeds_of(q)]
            if kind == "send_player_to_jail":
                return [q for q in others if not self.players[q].in_jail]
            return others
        if play.stage == "theirs":
            return self.deeds_of(play.other)
        if kind == "set_rent_level" and card.get("target") == "any_owned_property":
            return [d for d in self.streets if self.owner[d] >= 0]
        return self.deeds_of(p)

    def ask_card(self, p: int) -> None:
        play = self.card_play
        assert play is not None
        choices = self.card_choices(p)
        if not choices:
            self.card_play = None
            if self.listeners:
                self.emit("event-no-effect", player=p, card=play.card.id)
            return
        if len(choices) == 1:
            self.card_choice(p, choices[0])
            return
        kind = "event-player" if play.stage == "player" else "event-deed"
        self.pending = [Decision(kind, p)]

    def card_choice(self, p: int, choice: int) -> None:
        """The drawer chose ``choice`` (a deed, or a seat at the 'player' stage)."""
        self.pending = []
        play = self.card_play
        assert play is not None
        card = play.card
        kind = card.kind
        if play.stage == "player":
            if kind == "collect_with_chosen_player":
                self.card_play = None
                self.pay(BANK, p, card.params["amount"], card.text)
                self.pay(BANK, choice, card.params["amount"], card.text)
            elif kind == "send_player_to_jail":
                self.card_play = None
                self.send_to_jail(choice)
            else:
                play.other = choice
                play.stage = "mine"
                self.ask_card(p)
            return
        if play.stage == "mine":
            play.mine = choice
            play.stage = "theirs"
            self.ask_card(p)
            return
        self.card_play = None
        if play.stage == "theirs":
            mine, theirs, other = play.mine, choice, play.other
            self.set_owner(mine, other)
            self.set_owner(theirs, p)
            if self.listeners:
                self.emit("swapped", player=p, other=other, gave=mine, got=theirs)
            return
        if kind == "set_rent_level":
            self.set_level(choice, card.params["level"], card.id)
        elif kind == "color_set_rent_level_delta":
            for d in self.board.group_of[choice]:
                self.raise_level(d, card.params["delta"], card.id)
        elif kind == "board_side_rent_level_delta":
            side = self.board.spaces[choice].extra["board_side"]
            for d in self.streets:
                if self.board.spaces[d].extra["board_side"] == side:
                    self.raise_level(d, card.params["delta"], card.id)
        elif kind == "property_and_neighbours":
            self.raise_level(choice, card.params["self_delta"], card.id)
            for d in self.board.spaces[choice].extra["neighbours"]:
                self.raise_level(d, card.params["neighbour_delta"], card.id)
        else:
            raise ValueError(f"card '{card.id}' has an unknown effect '{kind}'")

    # ================================================================ debt and the end

    def settle_dues(self) -> None:
        """The unit moves the full amount at once; a payer left below zero must give up
        properties, or is bankrupt if even all of them cannot cover it."""
        payer, payee, amount, reason = self._dues.pop(0)
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

    # ================================================================ legality

    def managing(self, p: int) -> bool:
        """Nothing is managed between decisions: no building, mortgages or trades."""
        return False

    def answering(self, player: int, action: Action) -> Decision | None:
        return self.decision_for(player)

    def why_illegal(self, player: int, action: Action) -> str | None:
        if self.over:
            return "the game is over"
        if not 0 <= player < len(self.players):
            return f"there is no player {player}"
        if action.trade is not None:
            return "there is no trading in Ultimate Banking"
        if not -1 <= action.deed < self.board.size:
            return f"there is no space {action.deed}"
        decision = self.decision_for(player)
        if decision is None:
            return f"it is not {self.name(player)}'s turn to act; the game waits on " \
                   + self._waiting()
        do = action.do
        kind = decision.kind
        allowed = _ANSWERS.get(kind, ())
        if kind == "bid" and self.bidding is not None and self.bidding.timed:
            allowed = (*allowed, "time-up")
        if do not in allowed:
            options = ", ".join(allowed) or "nothing"
            return f"'{do}' does not answer '{kind}'; {self.name(player)} may: {options}"
        name = self.name(player)
        cash = self.cash(player)
        if do == "buy" and cash < decision.amount:
            return f"{self.board[decision.deed].name} costs {self.money(decision.amount)}; " \
                   f"{name} has {self.money(cash)}"
        if do == "pay-bail" and cash < self.jail_fine:
            return f"leaving Jail costs {self.money(self.jail_fine)}; {name} has " \
                   f"{self.money(cash)}"
        if do == "bid":
            step = self.next_bid()
            amount = max(step, action.amount)
            amount = step + (amount - step) // self.bid_step * self.bid_step
            if amount > cash:
                return f"{name} has only {self.money(cash)}; the bid would be " \
                       f"{self.money(amount)}"
        if do == "go-to":
            if action.deed not in self.streets:
                return "choose a property space"
            if kind == "location" and cash < self.location_fee:
                return f"going costs {self.money(self.location_fee)}; {name} has " \
                       f"{self.money(cash)}"
        if do == "pick" and action.deed not in self.card_choices(player):
            return f"{self.board[action.deed].name if action.deed >= 0 else 'that'} " \
                   "cannot be chosen for this card"
        if do == "choose-player" and action.amount not in self.card_choices(player):
            return "that player cannot be chosen for this card"
        if do == "give-up" and (action.deed < 0 or self.owner[action.deed] != player):
            return f"{name} does not own " \
                   f"{self.board[action.deed].name if action.deed >= 0 else 'that'}"
        return None

    def apply(self, player: int, action: Action) -> None:
        do = action.do
        d = self.pending[0] if len(self.pending) == 1 else self.decision_for(player)
        assert d is not None
        if do == "roll":
            self.roll(player)
        elif do == "end-turn":
            self.pending = []
            self.next_turn()
        elif do == "buy":
            self.buy(player, d.deed)
        elif do == "auction":
            self.decline(player, d.deed)
        elif do == "bid":
            self.bid(player, action.amount)
        elif do == "pass":
            self.pass_bid(player)
        elif do == "time-up":
            self.time_up()
        elif do == "pay-bail":
            self.pay_bail(player)
        elif do == "collect-rent":
            self.collect_rent(player, d.deed)
        elif do == "always-collect-rent":
            self.always_collect[player] = True
            self.collect_rent(player, d.deed)
        elif do == "waive-rent":
            self.waive_rent(player, d.deed)
        elif do == "go-to":
            self.go_to(player, action.deed, self.location_fee if d.kind == "location" else 0)
        elif do == "stay":
            self.stay(player)
        elif do == "pick":
            self.card_choice(player, action.deed)
        elif do == "choose-player":
            self.card_choice(player, action.amount)
        elif do == "give-up":
            self.give_up(player, action.deed)

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or not 0 <= player < len(self.players):
            return []
        d = self.decision_for(player)
        if d is None:
            return []
        kind = d.kind
        cash = self.cash(player)
        if kind == "roll":
            return [ROLL]
        if kind == "end-turn":
            return [END_TURN]
        if kind == "jail":
            return [ROLL, PAY_BAIL] if cash >= self.jail_fine else [ROLL]
        if kind == "buy":
            return [BUY, AUCTION] if cash >= d.amount else [AUCTION]
        if kind == "bid":
            out = [PASS]
            if cash >= self.next_bid():
                out.insert(0, Action("bid", amount=self.next_bid()))
            if self.bidding is not None and self.bidding.timed:
                out.append(TIME_UP)
            return out
        if kind == "rent":
            return [COLLECT_RENT, ALWAYS_COLLECT_RENT, WAIVE_RENT]
        if kind == "location":
            out = [STAY]
            if cash >= self.location_fee:
                out.extend(Action("go-to", s) for s in self.streets)
            return out
        if kind == "event-move":
            return [Action("go-to", s) for s in self.streets]
        if kind == "event-deed":
            return [Action("pick", s) for s in self.card_choices(player)]
        if kind == "event-player":
            return [Action("choose-player", amount=q) for q in self.card_choices(player)]
        if kind == "debt":
            return [Action("give-up", s) for s in self.deeds_of(player)]
        return []

    # ================================================================ words

    def action_words(self, action: Action) -> str | None:
        """A menu line for this edition's actions (None: the common wording)."""
        do = action.do
        spaces = self.board.spaces
        d = self.pending[0] if self.pending else None
        if do == "go-to" and action.deed >= 0:
            return f"Go to {self.deed_words(action.deed)}"
        if do == "pick" and action.deed >= 0:
            return f"Choose {self.deed_words(action.deed)}"
        if do == "give-up" and action.deed >= 0:
            return f"Give up {self.deed_words(action.deed)} (worth " \
                   f"{self.money(spaces[action.deed].price)})"
        if do == "choose-player":
            q = action.amount
            if 0 <= q < len(self.players):
                return f"Choose {self.name(q)} ({self.money(self.cash(q))}, " \
                       f"{len(self.deeds_of(q))} properties)"
        if do == "stay":
            return "Stay here"
        if do == "bid":
            return f"Press M: bid {self.money(self.next_bid())}" if self.bidding else None
        if do == "pass":
            return "Let the bid stand" if self.bidding and self.bidding.high_bidder >= 0 \
                else "Don't bid"
        if do == "time-up":
            return "The timer runs out"
        if d is not None and d.kind == "rent" and d.deed >= 0:
            rent = self.money(d.amount)
            lander = self.name(self.rent_lander)
            if do == "collect-rent":
                return f"Ask {lander} for the {rent} rent on {spaces[d.deed].name}"
            if do == "always-collect-rent":
                return f"Ask for the {rent} rent, and always ask from now on"
            if do == "waive-rent":
                return "Don't ask for rent (the rent level rises all the same)"
        if do == "pay-bail":
            return f"Pay {self.money(self.jail_fine)} to leave Jail, then roll"
        if do == "buy" and d is not None and d.deed >= 0:
            return f"Buy {spaces[d.deed].name} for {self.money(d.amount)}"
        return None

    def deed_words(self, deed: int) -> str:
        """"Whitehall (pink, Bob's, level 2)" or "Whitehall (pink, unowned, $140)"."""
        space = self.board.spaces[deed]
        group = space.group.replace("_", " ")
        owner = self.owner[deed]
        if owner < 0:
            return f"{space.name} ({group}, unowned, {self.money(space.price)})"
        jailed = ", in Jail" if self.players[owner].in_jail else ""
        return f"{space.name} ({group}, {self.name(owner)}'s{jailed}, level " \
               f"{self.houses[deed]}: rent {self.money(space.rents[self.houses[deed] - 1])})"

    def improvement_words(self, deed: int) -> str | None:
        """An owned property's rent level, with the rent it charges: "level 3 ($90)"."""
        level = self.houses[deed]
        if self.owner[deed] < 0 or not level:
            return None
        return f"level {level} ({self.money(self.board.spaces[deed].rents[level - 1])})"

    def improvement_heading(self) -> str:
        """The fronts' column title for :meth:`improvement_words`."""
        return "Rent level"

    def describe_decision(self, decision: Decision) -> str | None:
        """The question of each decision kind of this edition, with what the player needs
        to know to answer it (the front adds the player's name and cash)."""
        d = decision
        kind = d.kind
        spaces = self.board.spaces
        if kind == "jail":
            tries = self.players[d.player].jail_turns
            return (f"you are in Jail (failed tries so far: {tries} of {self.max_jail_turns}). "
                    f"Pay {self.money(self.jail_fine)} and roll as usual (doubles roll "
                    "again), or roll for doubles: a double frees you and moves you by that "
                    f"roll; after the third failed try you pay {self.money(self.jail_fine)} "
                    "and move by that roll.")
        if kind == "buy" and d.deed >= 0:
            space = spaces[d.deed]
            rents = "/".join(self.money(r) for r in space.rents)
            afford = "" if self.cash(d.player) >= d.amount else \
                " You cannot afford it, so it goes to auction."
            return (f"{space.name} ({space.group.replace('_', ' ')}) is unowned: buy it for "
                    f"{self.money(d.amount)} or auction it (there is no leaving it). Rents "
                    f"at levels 1-5: {rents}. {self.set_words(d.player, d.deed)} Bids open at "
                    f"{self.money(self.bid_start)} and rise by {self.money(self.bid_step)}; "
                    f"every player not in Jail may bid, you too.{afford}")
        if kind == "bid" and d.deed >= 0:
            return self.bid_words(d)
        if kind == "rent" and d.deed >= 0:
            space = spaces[d.deed]
            level = self.houses[d.deed]
            cheap = " (On The Run: charged at level 1)" if self.cheap_rents else ""
            after = min(self.max_level, level + 1)
            rise = f"its level rises to {after} either way" if after > level else \
                "it stays at level 5"
            return (f"{self.name(self.rent_lander)} landed on your {space.name} (level "
                    f"{level}): ask for the {self.money(d.amount)} rent{cheap}? Then "
                    f"{rise}. 'Always' collects every later rent of yours without asking.")
        if kind == "location":
            can = "" if self.cash(d.player) >= d.amount else \
                f" You cannot pay the {self.money(d.amount)}, so you stay."
            return (f"you are on a Location space: pay {self.money(d.amount)} to go to any "
                    "property space (no GO salary) and land there (an unowned one: buy or "
                    "auction it; yours: its level rises; another player's: its owner may ask "
                    f"rent), or stay here.{can}")
        play = self.card_play
        if kind in ("event-move", "event-deed", "event-player") and play is not None:
            card = play.card
            title = str(card.get("title", card.id))
            if kind == "event-move":
                return (f"Event card {title}: move to any property space for free (no GO "
                        "salary) and land there.")
            if play.stage == "mine":
                return (f"Event card {title}: choose your property to give "
                        f"{self.name(play.other)} in the swap (the levels stay).")
            if play.stage == "theirs":
                return (f"Event card {title}: choose {self.name(play.other)}'s property to "
                        f"take for your {spaces[play.mine].name} (the levels stay).")
            return f"Event card {title}: {card.text}"
        if kind == "debt":
            to = (f"to {self.name(d.creditor)}, who keeps its rent level" if d.creditor >= 0
                  else "back to the bank (unowned again)")
            return (f"you are {self.money(d.amount)} short: give up properties, each counted "
                    f"at its purchase price, {to}, until your balance is zero or more; the "
                    "change stays with you.")
        return None

    def set_words(self, p: int, deed: int) -> str:
        """Who owns the rest of a property's colour set, in words."""
        group = self.board.group_of[deed]
        others = [d for d in group if d != deed]
        mine = sum(1 for d in others if self.owner[d] == p)
        taken = [f"{self.name(self.owner[d])} owns {self.board.spaces[d].name}"
                 for d in others if 0 <= self.owner[d] != p]
        title = self.board.spaces[deed].group.replace("_", " ").capitalize()
        words = f"{title} set: you own {mine} of {len(group)}"
        if taken:
            words += " (" + "; ".join(taken) + ")"
        if all(self.owner[d] >= 0 for d in others):
            words += "; this one completes the set and raises its levels"
        return words + "."

    def bid_words(self, d: Decision) -> str:
        b = self.bidding
        space = self.board.spaces[d.deed]
        high = (f"the high bid is {self.money(d.amount)} by {self.name(d.high_bidder)}"
                if d.high_bidder >= 0 else "nobody has bid yet")
        press = f"a press bids {self.money(self.next_bid())}" if b is not None else ""
        if b is not None and b.timed:
            rule = (f"every press restarts the {self.options.auction_timer}-second timer; "
                    "the last bidder wins when it runs out")
        else:
            rule = ("the last bidder wins when everyone else lets the bid stand; you may "
                    "press again after a new bid")
        return (f"auction of {space.name} (price {self.money(space.price)}): {high}; "
                f"{press}. {rule[0].upper()}{rule[1:]}.")

    def action_to_fields(self, action: Action) -> dict[str, Any] | None:
        """``choose-player`` is written with the chosen player's name as ``target``."""
        if action.do == "choose-player" and 0 <= action.amount < len(self.players):
            return {"do": "choose-player", "target": self.name(action.amount)}
        return None

    def action_from_fields(self, player: int, obj: Any) -> Action | None:
        if obj.get("do") == "choose-player" and "target" in obj:
            extra = set(obj) - {"do", "target", "player"}
            if extra:
                raise ValueError(f"unknown field(s) in action 'choose-player': "
                                 f"{', '.join(sorted(extra))}")
            return Action("choose-player", amount=self.seat_of(obj["target"]))
        return None

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


COLLECT_RENT = Action("collect-rent")
ALWAYS_COLLECT_RENT = Action("always-collect-rent")
WAIVE_RENT = Action("waive-rent")
STAY = Action("stay")
TIME_UP = Action("time-up")

_ANSWERS: dict[str, tuple[str, ...]] = {
    "roll": ("roll",),
    "jail": ("roll", "pay-bail"),
    "buy": ("buy", "auction"),
    "bid": ("bid", "pass"),
    "rent": ("collect-rent", "always-collect-rent", "waive-rent"),
    "location": ("go-to", "stay"),
    "event-move": ("go-to",),
    "event-deed": ("pick",),
    "event-player": ("choose-player",),
    "debt": ("give-up",),
    "end-turn": ("end-turn",),
}
