"""Classic Monopoly: the official rules on the US board with the current (2008+) decks.

The sections below follow the rulebook: the turn, GO, buying and auctions, rent, Chance and
Community Chest, Jail, taxes, houses and hotels, mortgages, trading, debt and bankruptcy, and
the end of the game. House rules are the named options of :class:`ClassicOptions`.

Decision kinds and the actions that answer them (see docs/scenarios.md):

* ``roll``: ``roll`` (before each roll of the turn)
* ``jail``: ``roll`` (try for doubles), ``pay-bail``, ``use-card``
* ``buy``: ``buy``, ``auction`` (decline; the deed is auctioned)
* ``bid``: ``bid`` with an amount, ``pass``
* ``debt``: ``declare-bankruptcy`` (or raise cash with the actions below)
* ``end-turn``: ``end-turn``
* ``trade``: ``accept``, ``reject``, ``counter`` with a trade
* ``mortgaged-deeds``: ``unmortgage`` a deed just received, ``keep-mortgaged``
* ``place-house``: ``build`` on a deed (after winning a house in a shortage auction)

At ``roll``, ``jail``, ``buy``, ``end-turn``, ``debt`` and ``mortgaged-deeds`` every player
still in the game may also ``build``, ``sell-building``, ``mortgage``, ``unmortgage`` and
``propose-trade`` (the rules allow these on your turn and between turns).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, cast

from pennybags.editions.classic.options import ClassicOptions
from pennybags.engine.actions import (
    ACCEPT,
    AUCTION,
    BUY,
    DECLARE_BANKRUPTCY,
    END_TURN,
    KEEP_MORTGAGED,
    PASS,
    PAY_BAIL,
    REJECT,
    ROLL,
    USE_CARD,
    Action,
    Decision,
    Trade,
)
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Card
from pennybags.engine.dice import total as dice_total
from pennybags.engine.game import Event, Game, Step
from pennybags.engine.ledger import BANK, FREE_PARKING_POT

HOTEL: Final = 5
"""The improvement level of a street with a hotel (levels 1-4 are houses)."""

NO_DECISIONS: Final[list[Decision]] = []
"""An empty pending list, shared: pending lists are replaced, never changed in place (see
``Game.pending``), and the most common answers leave nothing pending for a moment."""

MANAGING_KINDS: Final = frozenset({"roll", "jail", "buy", "end-turn", "debt", "mortgaged-deeds"})
"""Decisions during which players may build, sell, mortgage, unmortgage and trade."""


class Auction:
    """An auction in progress: of a deed, or of a house during a housing shortage."""

    __slots__ = ("bidders", "deed", "high", "high_bidder", "next", "requested", "requester")

    def __init__(self, deed: int, bidders: list[int], high: int = 0, high_bidder: int = -1,
                 requester: int = -1, requested: int = -1) -> None:
        self.deed = deed
        """The deed on sale, or -1 for a house."""
        self.bidders = bidders
        """Players still in, in bidding order."""
        self.next = 0
        self.high = high
        self.high_bidder = high_bidder
        self.requester = requester
        self.requested = requested


class AfterRoll(Step):
    """The step after a roll whose landing asked somebody something: doubles roll again,
    otherwise the turn may end (:meth:`ClassicGame.after_roll`). A step class of its own, as
    it comes on most purchases."""

    __slots__ = ("double", "player")

    def __init__(self, player: int, double: bool) -> None:
        self.player = player
        self.double = double

    def run(self, game: Game) -> None:
        cast(ClassicGame, game).after_roll(self.player, self.double)


class ClassicGame(Game):
    """Classic Monopoly."""

    edition_id = "classic"
    options_class: ClassVar[type[Any]] = ClassicOptions
    self_clearing = frozenset({"debt"})
    building_stock: ClassVar[bool] = True
    """Whether the bank has a limited stock of houses and hotels (``bank_houses``,
    ``bank_hotels``) that players should be shown."""

    def __init__(self, data: EditionData, names: Sequence[str], seed: int | None = None,
                 options: Any = None, *, record: bool = True,
                 listeners: Sequence[Callable[[Event], None]] = (),
                 decide_order: bool = True, start: bool = True) -> None:
        super().__init__(data, names, seed, options, record=record, listeners=listeners)
        r = data.rules
        self.go_salary: int = r["go_salary"]
        self.jail_fine: int = r["jail_fine"]
        self.max_jail_turns: int = r["max_jail_turns"]
        self.doubles_to_jail: int = r["doubles_to_jail"]
        self.railroad_rents: tuple[int, ...] = tuple(r["railroad_rents"])
        self.utility_multipliers: tuple[int, ...] = tuple(r["utility_multipliers"])
        self.interest_percent: int = r["mortgage_interest_percent"]
        self.bank_houses: int = r["houses"]
        self.bank_hotels: int = r["hotels"]
        self.jail = self.board.of_kind("jail")[0]
        self.doubles = 0
        """Doubles rolled in a row this turn."""
        self.last_dice: tuple[int, ...] = ()
        self.auction: Auction | None = None
        self.trade: Trade | None = None
        self.lift_offer: set[int] = set()
        """Mortgaged deeds just received, whose mortgage may be lifted now without a second
        10%."""
        self._suspended: list[list[Decision]] = []
        seats = range(len(self.players))
        self._roll_asks: list[list[Decision]] = [[Decision("roll", s)] for s in seats]
        self._jail_asks: list[list[Decision]] = [[Decision("jail", s)] for s in seats]
        """Each seat's roll and jail decision, made once: asked every turn, and pending
        lists are never changed in place."""
        self.fee_payee = FREE_PARKING_POT if getattr(self.options, "free_parking_pot", False) \
            else BANK
        self.max_rounds: int = getattr(self.options, "max_rounds", 0)
        self.auto_end_turn: bool = getattr(self.options, "auto_end_turn", False)
        for key, deck in self.decks.items():
            deck.shuffle(self.rng)
            del key
        for p in self.players:
            self.ledger.transfer(BANK, p.seat, r["starting_cash"], "starting money")
        if start:
            if decide_order:
                self.decide_order()
            self.begin_turn()

    # ================================================================ setup

    def decide_order(self) -> None:
        """Order of play: each player rolls; the highest total goes first (ties roll again)."""
        contenders = [p.seat for p in self.players]
        while len(contenders) > 1:
            totals = {s: dice_total(self.dice.roll()) for s in contenders}
            if self.listeners:
                self.emit("order-roll", totals=totals)
            best = max(totals.values())
            contenders = [s for s in contenders if totals[s] == best]
        self.first = self.current = contenders[0]
        if self.listeners:
            self.emit("order", first=self.first)

    # ================================================================ the turn

    def begin_turn(self) -> None:
        self.doubles = 0
        self.turns += 1
        if self.listeners:
            self.emit("turn", player=self.current, round=self.round)
        self.ask_roll()

    def ask_roll(self) -> None:
        p = self.current
        self.pending = self._jail_asks[p] if self.players[p].in_jail else self._roll_asks[p]

    def roll(self, p: int) -> None:
        """Roll the dice and move, or try for doubles in jail."""
        dice = self.dice.roll()
        self.last_dice = dice
        total = self.dice.total
        double = self.dice.double
        self.pending = NO_DECISIONS
        player = self.players[p]
        if self.listeners:
            self.emit("rolled", player=p, dice=dice, double=double)
        if player.in_jail:
            self.roll_in_jail(p, total, double)
            return
        if double:
            self.doubles += 1
            if self.doubles >= self.doubles_to_jail:
                if self.listeners:
                    self.emit("speeding", player=p)
                self.send_to_jail(p)
                self.after_roll(p, False)
                return
        self.move_then_after_roll(p, total, double)

    def move_then_after_roll(self, p: int, steps: int, double: bool) -> None:
        """Move, and once all the landing brings is settled, go on with :meth:`after_roll`
        (at once when nobody had to decide anything on the way)."""
        depth = self.step_depth()
        self.move(p, steps)
        if self.settle(depth):
            self.after_roll(p, double)
        elif not self.over:
            self.step_under(depth, AfterRoll(p, double))

    def after_roll(self, p: int, double: bool) -> None:
        """After a roll is resolved: doubles roll again, otherwise the turn may end."""
        player = self.players[p]
        if player.bankrupt:
            self.next_turn()
            return
        if double and not player.in_jail:
            self.pending = self._roll_asks[p]
        elif self.auto_end_turn:
            self.next_turn()
        else:
            self.pending = [Decision("end-turn", p)]

    def next_turn(self) -> None:
        """Play passes to the left; a round ends when it comes back to the first player."""
        n = len(self.players)
        s = self.current
        while True:
            s = (s + 1) % n
            if s == self.first:
                self.round += 1
            if not self.players[s].bankrupt:
                break
        self.current = s
        cap = self.max_rounds
        if cap and self.round > cap:
            self.round = cap  # the last round played
            self.end_by_round_cap()
            return
        self.begin_turn()

    # ================================================================ moving and GO

    def move(self, p: int, steps: int) -> None:
        """Move ``steps`` spaces and resolve the space landed on."""
        player = self.players[p]
        start = player.position
        target, passed_go = self.board.advance(start, steps)
        player.position = target
        if self.listeners:
            self.emit("moved", player=p, start=start, to=target, steps=steps)
        if passed_go:
            self.collect_salary(p, landed=target == 0)
        self.land(p)

    def move_to(self, p: int, target: int, collect_go: bool, card: Card | None = None) -> None:
        """Move forward to ``target`` (a card's "advance to"), collecting salary if GO is
        passed and the card allows it, then resolve the space."""
        player = self.players[p]
        start = player.position
        player.position = target
        if self.listeners:
            self.emit("moved", player=p, start=start, to=target, steps=0)
        if collect_go and target <= start:
            self.collect_salary(p, landed=target == 0)
        self.land(p, card)

    def collect_salary(self, p: int, landed: bool) -> None:
        """GO: collect the salary when passing or landing on it (twice with ``double-go``
        when landing)."""
        amount = self.go_salary
        if landed and self.options.double_go:
            amount *= 2
        self.pay(BANK, p, amount, "GO salary")

    # ================================================================ landing

    def land(self, p: int, card: Card | None = None) -> None:
        """Resolve the space a player's token stopped on (sent there by ``card``, if any)."""
        space = self.board.spaces[self.players[p].position]
        kind = space.kind
        if kind == "street" or kind == "railroad" or kind == "utility":
            self.land_on_deed(p, space.index, card)
        elif kind == "chance" or kind == "community_chest":
            self.draw(p, kind)
        elif kind == "tax":
            self.owe(p, self.fee_payee, space.amount, space.name)
        elif kind == "go_to_jail":
            self.send_to_jail(p)
        elif kind == "free_parking" and self.options.free_parking_pot:
            pot = self.ledger.balance(FREE_PARKING_POT)
            if pot:
                self.pay(FREE_PARKING_POT, p, pot, "Free Parking pot")

    def land_on_deed(self, p: int, deed: int, card: Card | None = None) -> None:
        """Unowned: buy it or it goes to auction. Owned by another: pay rent, unless it is
        mortgaged."""
        owner = self.owner[deed]
        if owner < 0:
            self.pending = [Decision("buy", p, deed=deed, amount=self.board.spaces[deed].price)]
        elif owner != p and not self.mortgaged[deed]:
            rent = self.rent(deed, card)
            if not self._dues and self.ledger.balances[p] >= rent:
                self.pay(p, owner, rent, "rent")  # what settling the due would do at once
            else:
                self.owe(p, owner, rent, "rent")

    def rent(self, deed: int, card: Card | None = None) -> int:
        """The rent due on a deed.

        Streets: the deed's rent for its houses or hotel, the base rent doubled when one
        player owns the whole colour group and the street is unimproved. Railroads:
        25/50/100/200 by how many the owner has (twice that for the "nearest railroad" card).
        Utilities: 4x or 10x the dice by how many the owner has (10x a fresh roll for the
        "nearest utility" card).
        """
        space = self.board.spaces[deed]
        owner = self.owner[deed]
        if space.kind == "street":
            level = self.houses[deed]
            if level:
                return space.rents[level]
            if self.owns_group(owner, deed):
                return space.rents[0] * 2
            return space.rents[0]
        count = 0
        for d in self.board.group_of[deed]:
            if self.owner[d] == owner:
                count += 1
        if space.kind == "railroad":
            rent = self.railroad_rents[count - 1]
            factor: int = card.get("rent_multiplier", 1) if card is not None else 1
            return rent * factor
        if card is not None and card.get("dice_multiplier"):
            dice = self.dice.roll()
            if self.listeners:
                self.emit("rolled", player=self.current, dice=dice, double=False, for_rent=True)
            multiplier: int = card.params["dice_multiplier"]
            return multiplier * dice_total(dice)
        return self.utility_multipliers[count - 1] * dice_total(self.last_dice)

    def highest_level(self, deed: int) -> int:
        """The most buildings on any street of ``deed``'s colour group (5: a hotel)."""
        houses = self.houses
        high = 0
        for d in self.board.group_of[deed]:
            if houses[d] > high:
                high = houses[d]
        return high

    def owns_group(self, player: int, deed: int) -> bool:
        """True when ``player`` owns every deed of ``deed``'s colour group."""
        owner = self.owner
        for d in self.board.group_of[deed]:  # noqa: SIM110  (a loop is faster than all())
            if owner[d] != player:
                return False
        return True

    def buy(self, p: int, deed: int) -> None:
        self.pending = NO_DECISIONS
        self.pay(p, BANK, self.board.spaces[deed].price, "purchase")
        self.set_owner(deed, p)
        if self.listeners:
            self.emit("bought", player=p, deed=deed, price=self.board.spaces[deed].price)

    def decline(self, p: int, deed: int) -> None:
        """A deed the lander does not buy is auctioned (or stays with the bank with the
        ``no-auctions`` house rule)."""
        self.pending = []
        if self.listeners:
            self.emit("declined", player=p, deed=deed)
        if self.options.no_auctions:
            return
        self.start_auction(deed, after=p)

    # ================================================================ auctions

    def start_auction(self, deed: int, after: int) -> None:
        """Bidding opens with the player after ``after`` and goes round the table; the one
        who declined bids too."""
        n = len(self.players)
        bidders = [(after + 1 + i) % n for i in range(n)]
        bidders = [s for s in bidders if not self.players[s].bankrupt]
        self.auction = Auction(deed, bidders)
        if self.listeners:
            self.emit("auction", deed=deed)
        self.ask_bid()

    def ask_bid(self) -> None:
        a = self.auction
        assert a is not None
        if not a.bidders or (len(a.bidders) == 1 and a.bidders[0] == a.high_bidder):
            self.close_auction()
            return
        a.next %= len(a.bidders)
        bidder = a.bidders[a.next]
        self.pending = [Decision("bid", bidder, deed=a.deed, amount=a.high,
                                 high_bidder=a.high_bidder)]

    def bid(self, p: int, amount: int) -> None:
        a = self.auction
        assert a is not None
        a.high = amount
        a.high_bidder = p
        a.next += 1
        if self.listeners:
            self.emit("bid", player=p, amount=amount, deed=a.deed)
        self.ask_bid()

    def pass_bid(self, p: int) -> None:
        """A pass drops the player out of this auction for good."""
        a = self.auction
        assert a is not None
        a.bidders.pop(a.next)
        if self.listeners:
            self.emit("bid-pass", player=p, deed=a.deed)
        self.ask_bid()

    def close_auction(self) -> None:
        a = self.auction
        assert a is not None
        self.auction = None
        self.pending = []
        if a.high_bidder < 0:
            if self.listeners:
                self.emit("unsold", deed=a.deed)
            return
        winner = a.high_bidder
        if a.deed >= 0:
            self.pay(winner, BANK, a.high, "auction")
            self.set_owner(a.deed, winner)
            if self.listeners:
                self.emit("auction-won", player=winner, deed=a.deed, amount=a.high)
            return
        # A house won in a housing-shortage auction.
        self.pay(winner, BANK, a.high, "house auction")
        if self.listeners:
            self.emit("auction-won", player=winner, deed=-1, amount=a.high)
        if winner == a.requester:
            self.place_house(winner, a.requested)
        else:
            self.pending = [Decision("place-house", winner)]

    # ================================================================ cards

    def draw(self, p: int, key: str) -> None:
        """Draw the top card; it goes back to the bottom once obeyed, except Get Out of Jail
        Free, which the player keeps until used."""
        deck = self.decks[key]
        if not deck.order:
            return
        index = deck.draw()
        card = deck.cards[index]
        if self.listeners:
            self.emit("drew", player=p, deck=key, card=card.id, text=card.text)
        if card.kind == "get_out_of_jail_free":
            self.players[p].cards.append((key, index))
            return
        deck.put_bottom(index)
        self.obey(p, card)

    def obey(self, p: int, card: Card) -> None:
        kind = card.kind
        position = self.players[p].position
        if kind == "advance_to":
            self.move_to(p, card.params["target"], bool(card.get("collect_go_if_passed")))
        elif kind == "advance_to_nearest":
            target = self.board.nearest(position, card.params["space_type"])
            self.move_to(p, target, bool(card.get("collect_go_if_passed")), card)
        elif kind == "move_relative":
            steps = card.params["spaces"]
            if steps > 0:
                self.move(p, steps)
            else:
                target, _ = self.board.advance(position, steps)
                self.players[p].position = target
                if self.listeners:
                    self.emit("moved", player=p, start=position, to=target, steps=steps)
                self.land(p)
        elif kind == "move_to":
            self.move_to(p, card.params["target"], bool(card.get("collect_go_if_passed")))
        elif kind == "go_to_jail":
            self.send_to_jail(p)
        elif kind == "collect":
            self.pay(BANK, p, self.card_amount(card.params["amount"]), card.text)
        elif kind == "pay":
            self.owe(p, self.fee_payee, self.card_amount(card.params["amount"]), card.text)
        elif kind == "pay_each_player":
            for q in self.active_players():
                if q != p:
                    self.owe(p, q, self.card_amount(card.params["amount"]), card.text)
        elif kind == "collect_from_each_player":
            for q in self.active_players():
                if q != p:
                    self.owe(q, p, self.card_amount(card.params["amount"]), card.text)
        elif kind == "repairs":
            houses, hotels = self.building_counts(p)
            amount = houses * card.params["per_house"] + hotels * card.params["per_hotel"]
            self.owe(p, self.fee_payee, self.card_amount(amount), card.text)
        else:
            raise ValueError(f"card '{card.id}' has an unknown effect '{kind}'")

    def card_amount(self, amount: int) -> int:
        """Hook: an amount a card asks for, as the edition charges it (unchanged here)."""
        return amount

    def building_counts(self, p: int) -> tuple[int, int]:
        """Houses and hotels ``p`` has on the board (what repairs cards charge for)."""
        houses = hotels = 0
        for d in self.building_units(p):
            level = self.houses[d]
            if level == HOTEL:
                hotels += 1
            else:
                houses += level
        return houses, hotels

    def building_units(self, p: int) -> list[int]:
        """One deed per place where ``p``'s buildings stand: in classic, every street."""
        return self.deeds_of(p)

    # ================================================================ jail

    def send_to_jail(self, p: int) -> None:
        """Go directly to Jail: do not pass GO, do not collect salary; the turn ends."""
        player = self.players[p]
        player.position = self.jail
        player.in_jail = True
        player.jail_turns = 0
        if p == self.current:
            self.doubles = 0
        if self.listeners:
            self.emit("jailed", player=p)

    def leave_jail(self, p: int, how: str) -> None:
        player = self.players[p]
        player.in_jail = False
        player.jail_turns = 0
        if self.listeners:
            self.emit("left-jail", player=p, how=how)

    def roll_in_jail(self, p: int, total: int, double: bool) -> None:
        """Doubles free the player, who moves by that roll without rolling again. After the
        third failed try the player pays the fine and moves by that roll."""
        player = self.players[p]
        if double:
            self.leave_jail(p, "doubles")
            self.move_then_after_roll(p, total, False)
            return
        player.jail_turns += 1
        if player.jail_turns < self.max_jail_turns:
            if self.listeners:
                self.emit("stays-in-jail", player=p, tries=player.jail_turns)
            self.after_roll(p, False)
            return
        self.leave_jail(p, "fine after the third try")
        self.then(self.after_roll, p, False)
        self.then(self.move_unless_bankrupt, p, total)
        self.owe(p, self.fee_payee, self.jail_fine, "jail fine")

    def move_unless_bankrupt(self, p: int, steps: int) -> None:
        if not self.players[p].bankrupt:
            self.move(p, steps)

    def pay_bail(self, p: int) -> None:
        self.pay(p, self.fee_payee, self.jail_fine, "jail fine")
        self.leave_jail(p, "paid the fine")
        self.pending = self._roll_asks[p]

    def use_card(self, p: int) -> None:
        """Use a Get Out of Jail Free card; it goes back to the bottom of its deck."""
        key, index = self.players[p].cards.pop(0)
        self.decks[key].put_bottom(index)
        self.leave_jail(p, "used a Get Out of Jail Free card")
        self.pending = self._roll_asks[p]

    # ================================================================ houses and hotels

    def can_build(self, p: int, deed: int, *, check_cash: bool = True) -> str | None:
        """Why ``p`` may not build on ``deed`` now (None if they may).

        Only on a complete colour group with no mortgaged deed, evenly (never more than one
        house difference in the group), four houses before a hotel, with a building from the
        bank's stock.
        """
        space = self.board.spaces[deed]
        if space.kind != "street":
            return f"nothing can be built on {space.name}"
        if self.owner[deed] != p:
            return f"{self.name(p)} does not own {space.name}"
        group = self.board.group_of[deed]
        if not self.owns_group(p, deed):
            return f"{self.name(p)} does not own the whole {space.group} group"
        houses = self.houses
        lowest = HOTEL
        for d in group:
            if self.mortgaged[d]:
                return f"a deed of the {space.group} group is mortgaged"
            if houses[d] < lowest:
                lowest = houses[d]
        level = houses[deed]
        if level >= HOTEL:
            return f"{space.name} already has a hotel"
        if level > lowest:
            return f"build evenly: the other streets of the {space.group} group need a house first"
        if check_cash and self.cash(p) < space.house_cost:
            return f"{self.name(p)} has {self.money(self.cash(p))}, a building costs " \
                   f"{self.money(space.house_cost)}"
        return self.stock_problem(level)

    def stock_problem(self, level: int) -> str | None:
        """Why the bank cannot supply the next building for a street at ``level`` (a hotel
        after four houses), or None if it can."""
        if level == HOTEL - 1:
            return None if self.bank_hotels >= 1 else "the bank has no hotels left"
        return None if self.bank_houses >= 1 else "the bank has no houses left"

    def build(self, p: int, deed: int) -> None:
        """Buy a house (or, on four houses, a hotel that returns the four houses). When
        houses are short and several players could build, the house is auctioned."""
        if self.houses[deed] < HOTEL - 1 and self.housing_shortage(p):
            self.start_house_auction(p, deed)
            return
        self.pay(p, BANK, self.board.spaces[deed].house_cost, "building")
        self.place_house(p, deed)

    def place_house(self, p: int, deed: int) -> None:
        if self.houses[deed] == HOTEL - 1:
            self.bank_hotels -= 1
            self.bank_houses += HOTEL - 1
        else:
            self.bank_houses -= 1
        self.houses[deed] = self.houses[deed] + 1
        self.changes += 1
        if self.listeners:
            self.emit("built", player=p, deed=deed, level=self.houses[deed])

    def house_builders(self) -> list[int]:
        """Players who could build a house (not a hotel) right now: those with a colour
        group whose lowest street (where building evenly must go next) has fewer than four
        houses and may be built on."""
        builders = set()
        houses = self.houses
        for group in self.board.groups.values():
            first = group[0] if group else -1
            if first < 0 or self.board.spaces[first].kind != "street":
                continue
            q = self.owner[first]
            if q < 0 or q in builders or self.players[q].bankrupt or \
                    not self.owns_group(q, first):
                continue
            lowest = first
            for d in group:
                if houses[d] < houses[lowest]:
                    lowest = d
            if houses[lowest] < HOTEL - 1 and self.can_build(q, lowest) is None:
                builders.add(q)
        return [q for q in self.active_players() if q in builders]

    def housing_shortage(self, p: int) -> bool:
        """A housing shortage: the bank has fewer houses than there are players able to build
        one, and someone besides ``p`` is among them."""
        if self.bank_houses >= len(self.players):
            return False
        builders = self.house_builders()
        return len(builders) > 1 and self.bank_houses < len(builders)

    def start_house_auction(self, p: int, deed: int) -> None:
        """The house goes to the highest bidder among the players able to build; the one who
        asked opens at the house's cost."""
        builders = set(self.house_builders())
        n = len(self.players)
        order = [(p + 1 + i) % n for i in range(n)]
        bidders = [s for s in order if s in builders]
        self._suspended.append(self.pending)
        self.pending = []
        self.then(self.restore_decisions)
        cost = self.board.spaces[deed].house_cost
        self.auction = Auction(-1, bidders, high=cost, high_bidder=p, requester=p, requested=deed)
        if self.listeners:
            self.emit("house-auction", player=p, deed=deed, amount=cost)
        self.ask_bid()

    def restore_decisions(self) -> None:
        """Bring back the decisions set aside for an offer or a house auction. A debt paid in
        the meantime (with the cash a trade brought) is not asked again."""
        dues = self._dues
        self.pending = [d for d in self._suspended.pop()
                        if d.kind != "debt" or (bool(dues) and dues[0][:3] == (
                            d.player, d.creditor, d.amount))]

    def can_sell_building(self, p: int, deed: int) -> str | None:
        space = self.board.spaces[deed]
        if self.owner[deed] != p:
            return f"{self.name(p)} does not own {space.name}"
        level = self.houses[deed]
        if level == 0:
            return f"{space.name} has no buildings"
        if level < self.highest_level(deed):
            return f"sell evenly: sell from the other streets of the {space.group} group first"
        return None

    def sell_building(self, p: int, deed: int) -> None:
        """Sell a building back to the bank at half its cost, evenly. A hotel is exchanged for
        four houses; when the bank has fewer, the street keeps only as many houses as the bank
        can give and the rest are sold too."""
        half = self.board.spaces[deed].house_cost // 2
        level = self.houses[deed]
        if level == HOTEL:
            kept = min(HOTEL - 1, self.bank_houses)
            self.bank_hotels += 1
            self.bank_houses -= kept
            self.houses[deed] = kept
            self.changes += 1
            self.pay(BANK, p, half * (1 + HOTEL - 1 - kept), "building sold")
        else:
            self.bank_houses += 1
            self.houses[deed] = level - 1
            self.changes += 1
            self.pay(BANK, p, half, "building sold")
        if self.listeners:
            self.emit("sold-building", player=p, deed=deed, level=self.houses[deed])

    # ================================================================ mortgages

    def interest(self, deed: int) -> int:
        """10% of the mortgage value (rounded down, as on the printed deeds)."""
        return self.board.spaces[deed].mortgage * self.interest_percent // 100

    def unmortgage_cost(self, deed: int) -> int:
        """Lifting a mortgage costs its value plus 10%, or only its value right after the
        deed was received mortgaged (the 10% was paid on receipt)."""
        value = self.board.spaces[deed].mortgage
        return value if deed in self.lift_offer else value + self.interest(deed)

    def can_mortgage(self, p: int, deed: int) -> str | None:
        space = self.board.spaces[deed]
        if not space.is_deed:
            return f"{space.name} has no title deed"
        if self.owner[deed] != p:
            return f"{self.name(p)} does not own {space.name}"
        if self.mortgaged[deed]:
            return f"{space.name} is already mortgaged"
        if self.highest_level(deed):
            return f"sell the buildings of the {space.group} group before mortgaging"
        return None

    def mortgage(self, p: int, deed: int) -> None:
        self.mortgaged[deed] = True
        self.changes += 1
        self.pay(BANK, p, self.board.spaces[deed].mortgage, "mortgage")
        if self.listeners:
            self.emit("mortgaged", player=p, deed=deed)

    def can_unmortgage(self, p: int, deed: int) -> str | None:
        space = self.board.spaces[deed]
        if not space.is_deed or self.owner[deed] != p:
            return f"{self.name(p)} does not own {space.name}"
        if not self.mortgaged[deed]:
            return f"{space.name} is not mortgaged"
        cost = self.unmortgage_cost(deed)
        if self.cash(p) < cost:
            return f"lifting the mortgage costs {self.money(cost)}; " \
                   f"{self.name(p)} has {self.money(self.cash(p))}"
        return None

    def unmortgage(self, p: int, deed: int) -> None:
        self.pay(p, BANK, self.unmortgage_cost(deed), "mortgage lifted")
        self.mortgaged[deed] = False
        self.changes += 1
        self.lift_offer.discard(deed)
        if self.listeners:
            self.emit("unmortgaged", player=p, deed=deed)
        d = self.decision_for(p)
        if d is not None and d.kind == "mortgaged-deeds" and not self.lift_offer:
            self.pending = []

    def receive_mortgaged(self, p: int, deeds: Sequence[int]) -> None:
        """Who receives a mortgaged deed pays 10% at once and may lift the mortgage then
        for its value alone, or keep it mortgaged."""
        for d in deeds:
            self.owe(p, BANK, self.interest(d), "10% on a mortgaged deed received")
        self.then(self.offer_lift, p, tuple(deeds))

    def offer_lift(self, p: int, deeds: tuple[int, ...]) -> None:
        if self.players[p].bankrupt:
            return
        self.lift_offer = {d for d in deeds if self.owner[d] == p and self.mortgaged[d]}
        if self.lift_offer:
            self.pending = [Decision("mortgaged-deeds", p)]

    def keep_mortgaged(self, p: int) -> None:
        self.lift_offer = set()
        self.pending = []

    # ================================================================ trading

    def can_trade(self, t: Trade) -> str | None:
        """Why an offer is not allowed (None if it is): properties without buildings in
        their group, cash each side holds, Get Out of Jail Free cards each side holds."""
        n = len(self.players)
        if not (0 <= t.proposer < n and 0 <= t.recipient < n) or t.proposer == t.recipient:
            return "a trade is between two different players"
        for side in (t.proposer, t.recipient):
            if self.players[side].bankrupt:
                return f"{self.name(side)} is out of the game"
        if not (t.give or t.take or t.give_cash or t.take_cash or t.give_cards or t.take_cards):
            return "the offer is empty"
        if t.give_cash < 0 or t.take_cash < 0:
            return "cash in a trade cannot be negative"
        problem = self.cannot_hand_over(t.give, t.proposer) or \
            self.cannot_hand_over(t.take, t.recipient)
        if problem:
            return problem
        if t.give_cash > self.cash(t.proposer):
            return f"{self.name(t.proposer)} has only {self.money(self.cash(t.proposer))}"
        if t.take_cash > self.cash(t.recipient):
            return f"{self.name(t.recipient)} has only {self.money(self.cash(t.recipient))}"
        for cards, side in ((t.give_cards, t.proposer), (t.take_cards, t.recipient)):
            if not cards:
                continue
            held = [k for k, _ in self.players[side].cards]
            for key in cards:
                if key not in held:
                    return f"{self.name(side)} has no Get Out of Jail Free card from {key}"
                held.remove(key)
        return None

    def cannot_hand_over(self, deeds: tuple[int, ...], side: int) -> str | None:
        """Why ``side`` cannot trade away ``deeds`` (None if it can): each named once, a
        title deed of theirs, no buildings in its group."""
        board = self.board
        for i in range(1, len(deeds)):
            for j in range(i):
                if deeds[j] == deeds[i]:
                    return "a deed is named twice"
        for d in deeds:
            if not (0 <= d < board.size) or not board.spaces[d].is_deed:
                return "only title deeds can be traded"
            if self.owner[d] != side:
                return f"{self.name(side)} does not own {board.spaces[d].name}"
            if self.highest_level(d):
                return f"sell the buildings of the {board.spaces[d].group} group first"
        return None

    def propose(self, t: Trade) -> None:
        self._suspended.append(self.pending)
        self.trade = t
        self.pending = [Decision("trade", t.recipient, trade=t)]
        if self.listeners:
            self.emit("trade-offer", trade=t)

    def counter(self, t: Trade) -> None:
        self.trade = t
        self.pending = [Decision("trade", t.recipient, trade=t)]
        if self.listeners:
            self.emit("trade-offer", trade=t, counter=True)

    def reject_trade(self, p: int) -> None:
        if self.listeners:
            self.emit("trade-rejected", player=p, trade=self.trade)
        self.trade = None
        self.pending = []
        self.restore_decisions()

    def accept_trade(self, p: int) -> None:
        t = self.trade
        assert t is not None
        self.trade = None
        self.pending = []
        self.then(self.restore_decisions)
        self.pay(t.proposer, t.recipient, t.give_cash, "trade")
        self.pay(t.recipient, t.proposer, t.take_cash, "trade")
        for d in t.give:
            self.set_owner(d, t.recipient)
        for d in t.take:
            self.set_owner(d, t.proposer)
        self.move_cards(t.proposer, t.recipient, t.give_cards)
        self.move_cards(t.recipient, t.proposer, t.take_cards)
        if self.listeners:
            self.emit("trade-accepted", player=p, trade=t)
        for receiver, deeds in ((t.recipient, t.give), (t.proposer, t.take)):
            mortgaged = [d for d in deeds if self.mortgaged[d]]
            if mortgaged:
                self.receive_mortgaged(receiver, mortgaged)

    def move_cards(self, giver: int, receiver: int, keys: Sequence[str]) -> None:
        for key in keys:
            cards = self.players[giver].cards
            for i, (k, _) in enumerate(cards):
                if k == key:
                    self.players[receiver].cards.append(cards.pop(i))
                    break

    # ================================================================ debt and bankruptcy

    def settle_dues(self) -> None:
        """Pay the first due at once if the payer has the cash; otherwise the payer must
        raise it (sell buildings, mortgage, trade) or declare bankruptcy."""
        payer, payee, amount, reason = self._dues[0]
        if self.players[payer].bankrupt or (payee >= 0 and self.players[payee].bankrupt):
            self._dues.pop(0)
            return
        if self.ledger.balances[payer] >= amount:
            self._dues.pop(0)
            self.pay(payer, payee, amount, reason)
            return
        self.pending = [Decision("debt", payer, amount=amount, creditor=payee)]
        if self.listeners:
            self.emit("debt", player=payer, amount=amount, creditor=payee, reason=reason)

    def resume_after_decision(self) -> bool:
        d = self.pending[0]
        if d.kind == "debt" and self.cash(d.player) >= d.amount:
            self.pending = []
            return True
        return False

    def declare_bankruptcy(self, p: int) -> None:
        """A bankrupt player's assets go to the creditor: buildings are sold to the bank at
        half price first, then cash, deeds (the creditor pays 10% on mortgaged ones) and
        cards pass over. Owing the bank, everything goes to the bank and the deeds are
        auctioned at once. The player is out of the game."""
        d = self.pending[0]
        creditor = d.creditor
        self.pending = []
        self._dues = [x for x in self._dues if x[0] != p]
        player = self.players[p]
        player.bankrupt = True
        if p == self.current:
            # The bankrupt player's turn is over: drop what was left of it.
            self._steps.clear()
            self._suspended.clear()
            self.auction = None
            self.trade = None
            self.then(self.next_turn)
        deeds = self.deeds_of(p)
        if self.listeners:
            self.emit("bankrupt", player=p, creditor=creditor)
        for deed in deeds:
            while self.houses[deed]:
                self.sell_building(p, deed)
        self.pay(p, creditor, self.cash(p), "bankruptcy")
        if creditor >= 0:
            for deed in deeds:
                self.set_owner(deed, creditor)
            self.move_cards(p, creditor, [k for k, _ in player.cards])
            mortgaged = [deed for deed in deeds if self.mortgaged[deed]]
            if mortgaged:
                self.receive_mortgaged(creditor, mortgaged)
        else:
            for key, index in player.cards:
                self.decks[key].put_bottom(index)
            player.cards.clear()
            for deed in deeds:
                self.set_owner(deed, -1)
                self.mortgaged[deed] = False
            if not self.options.no_auctions:
                for deed in reversed(deeds):
                    self.then(self.start_auction, deed, p)
        if len(self.active_players()) == 1:
            self.end(self.active_players()[0], "bankruptcy")

    # ================================================================ end of the game

    def end(self, winner: int | None, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.pending = []
        self._steps.clear()
        self._dues.clear()
        if self.listeners:
            self.emit("game-over", winner=winner, reason=reason)

    def total_assets(self, p: int) -> int:
        """Cash, deeds at their printed price (half when mortgaged) and buildings at cost: a
        hotel counts as the four houses turned in for it plus its own price."""
        total = self.cash(p)
        for d in self.deeds_of(p):
            space = self.board.spaces[d]
            total += space.price // 2 if self.mortgaged[d] else space.price
            total += space.house_cost * self.houses[d]
        return total

    def end_by_round_cap(self) -> None:
        """With the ``max-rounds`` house rule the richest player wins; equal totals draw."""
        totals = {p: self.total_assets(p) for p in self.active_players()}
        best = max(totals.values())
        leaders = [p for p, v in totals.items() if v == best]
        self.end(leaders[0] if len(leaders) == 1 else None, "round-cap")

    # ================================================================ legality

    def managing(self, p: int) -> bool:
        """Whether ``p`` may build, sell, mortgage, unmortgage or trade now."""
        return (not self.over and self.auction is None and self.trade is None
                and not self.players[p].bankrupt and bool(self.pending)
                and self.pending[0].kind in MANAGING_KINDS)

    def answering(self, player: int, action: Action) -> Decision | None:
        """The decision ``action`` answers, or None if it is a managing action (build,
        sell, mortgage, unmortgage or trade, which may also answer ``place-house`` and
        ``mortgaged-deeds``)."""
        decision = self.decision_for(player)
        if decision is None:
            return None
        do = action.do
        if do in _MANAGEMENT:
            kind = decision.kind
            if do == "build" and kind == "place-house":
                return decision
            if do == "unmortgage" and kind == "mortgaged-deeds" and action.deed in self.lift_offer:
                return decision
            return None
        return decision

    def why_illegal(self, player: int, action: Action) -> str | None:
        pending = self.pending
        if len(pending) == 1 and action.trade is None and action.amount >= 0:
            # The common cases, answered quickly: a roll, a plain answer that needs no more
            # checks, a purchase or a bid the player has the cash for, and building, selling
            # a building or mortgaging while players may manage. (Anything else, including
            # what the first ones refuse, goes through every check below for its reason.)
            d = pending[0]
            do = action.do
            deed = action.deed
            kind = d.kind
            if deed == -1 and d.player == player:
                amount = action.amount
                if do == "roll" and (kind == "roll" or kind == "jail") and amount == 0:
                    return None
                if amount == 0 and do in _PLAIN_ANSWERS.get(kind, ()):
                    return None
                if do == "buy" and kind == "buy" and amount == 0 and \
                        self.cash(player) >= d.amount:
                    return None
                if do == "bid" and kind == "bid" and d.amount < amount <= self.cash(player):
                    return None
            elif (do == "build" or do == "mortgage" or do == "sell-building") and \
                    0 <= deed < self.board.size and 0 <= player < len(self.players) and \
                    self.managing(player):
                # (Not an answer: of these, only build answers a decision, place-house,
                # when players may not manage.)
                return self._why_not_managing(player, action)
        if self.over:
            return "the game is over"
        if not 0 <= player < len(self.players):
            return f"there is no player {player}"
        do = action.do
        if not -1 <= action.deed < self.board.size:
            return f"there is no space {action.deed}"
        if action.amount < 0:
            return "an amount cannot be negative"
        if action.trade is not None and do not in ("propose-trade", "counter"):
            return f"'{do}' takes no trade"
        decision = self.answering(player, action)
        if decision is None and do in _MANAGEMENT:
            if not self.managing(player):
                if self.players[player].bankrupt:
                    return f"{self.name(player)} is out of the game"
                return f"'{do}' is not allowed while the game waits on " + self._waiting()
            return self._why_not_managing(player, action)
        if decision is None:
            return f"it is not {self.name(player)}'s turn to act; the game waits on " \
                   + self._waiting()
        kind = decision.kind
        allowed = _ANSWERS.get(kind, ())
        if do not in allowed:
            options = ", ".join(allowed) or "nothing"
            return f"'{do}' does not answer '{kind}'; {self.name(player)} may: {options}"
        if do == "pay-bail" and self.cash(player) < self.jail_fine:
            return f"the fine is {self.money(self.jail_fine)}; " \
                   f"{self.name(player)} has {self.money(self.cash(player))}"
        if do == "use-card" and not self.players[player].cards:
            return f"{self.name(player)} has no Get Out of Jail Free card"
        if do == "buy" and self.cash(player) < decision.amount:
            name = self.board.spaces[decision.deed].name
            return f"{name} costs {self.money(decision.amount)}; " \
                   f"{self.name(player)} has {self.money(self.cash(player))}"
        if do == "bid":
            if action.amount <= decision.amount:
                return f"a bid must be more than {self.money(decision.amount)}"
            if action.amount > self.cash(player):
                return f"{self.name(player)} has only {self.money(self.cash(player))}"
        if do == "counter":
            if action.trade is None:
                return "a counter-offer needs a trade"
            t = self.trade
            assert t is not None
            if (action.trade.proposer, action.trade.recipient) != (t.recipient, t.proposer):
                return "a counter-offer goes back to the player who made the offer"
            return self.can_trade(action.trade)
        if do == "accept":
            assert decision.trade is not None
            return self.can_trade(decision.trade)
        if do == "build":  # placing a house won at auction
            if not 0 <= action.deed < self.board.size:
                return "no such space"
            if self.houses[action.deed] >= HOTEL - 1:
                return f"the house won at auction must go on a street with fewer than " \
                       f"{HOTEL - 1} houses, not on {self.board.spaces[action.deed].name}"
            return self.can_build(player, action.deed, check_cash=False)
        if do == "unmortgage":
            return self.can_unmortgage(player, action.deed)
        return None

    def _why_not_managing(self, player: int, action: Action) -> str | None:
        do = action.do
        if do == "propose-trade":
            t = action.trade
            if t is None:
                return "propose-trade needs a trade"
            if t.proposer != player:
                return "a player can only propose trades of their own"
            return self.can_trade(t)
        deed = action.deed
        if not 0 <= deed < self.board.size:
            return f"there is no space {deed}"
        if do == "build":
            return self.can_build(player, deed)
        if do == "sell-building":
            return self.can_sell_building(player, deed)
        if do == "mortgage":
            return self.can_mortgage(player, deed)
        return self.can_unmortgage(player, deed)

    def _waiting(self) -> str:
        if not self.pending:
            return "nobody"
        return ", ".join(f"{self.name(d.player)} ({d.kind})" for d in self.pending)

    # ================================================================ applying

    def apply(self, player: int, action: Action) -> None:
        do = action.do
        if do == "roll":  # the most common answer first
            self.roll(player)
            return
        if do in _MANAGEMENT and self.answering(player, action) is None:
            self._manage(player, action)
            return
        d = self.pending[0] if self.pending else None
        if do == "end-turn":
            self.pending = []
            self.next_turn()
        elif do == "buy":
            assert d is not None
            self.buy(player, d.deed)
        elif do == "auction":
            assert d is not None
            self.decline(player, d.deed)
        elif do == "bid":
            self.bid(player, action.amount)
        elif do == "pass":
            self.pass_bid(player)
        elif do == "pay-bail":
            self.pay_bail(player)
        elif do == "use-card":
            self.use_card(player)
        elif do == "declare-bankruptcy":
            self.declare_bankruptcy(player)
        elif do == "accept":
            self.accept_trade(player)
        elif do == "reject":
            self.reject_trade(player)
        elif do == "counter":
            assert action.trade is not None
            self.counter(action.trade)
        elif do == "keep-mortgaged":
            self.keep_mortgaged(player)
        elif do == "build":
            self.pending = []
            self.place_house(player, action.deed)
        elif do == "unmortgage":
            self.unmortgage(player, action.deed)

    def _manage(self, player: int, action: Action) -> None:
        do = action.do
        if do == "build":
            self.build(player, action.deed)
        elif do == "sell-building":
            self.sell_building(player, action.deed)
        elif do == "mortgage":
            self.mortgage(player, action.deed)
        elif do == "unmortgage":
            self.unmortgage(player, action.deed)
        elif do == "propose-trade":
            assert action.trade is not None
            self.propose(action.trade)

    def legal_actions(self, player: int) -> list[Action]:
        out: list[Action] = []
        if self.over or not 0 <= player < len(self.players):
            return out
        d = self.decision_for(player)
        if d is not None:
            kind = d.kind
            if kind == "bid":
                out.append(PASS)
                if self.cash(player) > d.amount:
                    out.append(Action("bid", amount=d.amount + 1))
            elif kind == "place-house":
                out.extend(Action("build", deed) for deed in self.deeds_of(player)
                           if self.can_build(player, deed, check_cash=False) is None
                           and self.houses[deed] < HOTEL - 1)
            elif kind == "mortgaged-deeds":
                out.extend(Action("unmortgage", deed) for deed in sorted(self.lift_offer)
                           if self.can_unmortgage(player, deed) is None)
                out.append(KEEP_MORTGAGED)
            else:
                for a in _ANSWER_ACTIONS.get(kind, ()):
                    if self.why_illegal(player, a) is None:
                        out.append(a)
        if self.managing(player):
            answers = set(out)  # a lift offered by 'mortgaged-deeds' is listed once
            for deed in self.deeds_of(player):
                for do, check in (("build", self.can_build),
                                  ("sell-building", self.can_sell_building),
                                  ("mortgage", self.can_mortgage),
                                  ("unmortgage", self.can_unmortgage)):
                    if check(player, deed) is None and Action(do, deed) not in answers:
                        out.append(Action(do, deed))
        return out

    def setup_done(self) -> None:
        """Take the buildings placed by a scenario out of the bank's stock."""
        houses = sum(h for h in self.houses if h < HOTEL)
        hotels = sum(1 for h in self.houses if h == HOTEL)
        r = self.data.rules
        if houses > r["houses"] or hotels > r["hotels"]:
            raise ValueError(f"the position uses {houses} houses and {hotels} hotels; the bank "
                             f"has only {r['houses']} and {r['hotels']}")
        for d in self.board.deeds:
            if self.houses[d]:
                space = self.board.spaces[d]
                if space.kind != "street" or self.owner[d] < 0:
                    raise ValueError(f"{space.name} cannot have buildings")
                if not self.owns_group(self.owner[d], d):
                    raise ValueError(f"{space.name} has buildings but its owner does not own "
                                     f"the whole {space.group} group")
                if self.mortgaged[d]:
                    raise ValueError(f"{space.name} has buildings and is mortgaged")
        self.bank_houses = r["houses"] - houses
        self.bank_hotels = r["hotels"] - hotels
        self.changes += 1

    # ================================================================ snapshot

    def snapshot_extra(self) -> dict[str, Any]:
        """Edition-specific parts of the state snapshot."""
        return {
            "bank": {"houses": self.bank_houses, "hotels": self.bank_hotels},
            "pot": self.ledger.balance(FREE_PARKING_POT),
            "doubles": self.doubles,
            "auction": None if self.auction is None else {
                "deed": self.board.spaces[self.auction.deed].name if self.auction.deed >= 0
                else None,
                "high_bid": self.auction.high,
                "high_bidder": None if self.auction.high_bidder < 0
                else self.name(self.auction.high_bidder),
                "bidders": [self.name(s) for s in self.auction.bidders],
            },
        }


_MANAGEMENT: Final = frozenset(
    {"build", "sell-building", "mortgage", "unmortgage", "propose-trade"})

_ANSWERS: Final[dict[str, tuple[str, ...]]] = {
    "roll": ("roll",),
    "jail": ("roll", "pay-bail", "use-card"),
    "buy": ("buy", "auction"),
    "bid": ("bid", "pass"),
    "debt": ("declare-bankruptcy",),
    "end-turn": ("end-turn",),
    "trade": ("accept", "reject", "counter"),
    "mortgaged-deeds": ("unmortgage", "keep-mortgaged"),
    "place-house": ("build",),
}

_PLAIN_ANSWERS: Final[dict[str, frozenset[str]]] = {
    "roll": frozenset({"roll"}),
    "jail": frozenset({"roll"}),
    "end-turn": frozenset({"end-turn"}),
    "buy": frozenset({"auction"}),
    "bid": frozenset({"pass"}),
    "debt": frozenset({"declare-bankruptcy"}),
    "trade": frozenset({"reject"}),
    "mortgaged-deeds": frozenset({"keep-mortgaged"}),
}
"""Answers that are legal whenever their decision is open (no cash or deed to check)."""

_ANSWER_ACTIONS: Final[dict[str, tuple[Action, ...]]] = {
    "roll": (ROLL,),
    "jail": (ROLL, PAY_BAIL, USE_CARD),
    "buy": (BUY, AUCTION),
    "debt": (DECLARE_BANKRUPTCY,),
    "end-turn": (END_TURN,),
    "trade": (ACCEPT, REJECT),
}
