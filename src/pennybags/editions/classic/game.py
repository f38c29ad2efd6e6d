"""Classic Monopoly: the official rules on the US board with the current (2008+) decks.

The turn (dice, doubles, GO, jail) is the engine's shared turn
(:class:`~pennybags.engine.turn.TurnGame`). This class holds what classic adds, in the
rulebook's order: buying and auctions, rent, Chance and Community Chest, taxes, houses and
hotels, mortgages, trading, debt and bankruptcy, and the end of the game. When each action
is legal, and which method carries it out, is in :mod:`pennybags.editions.classic.rules`
(``pennybags actions --edition classic`` prints the whole vocabulary). House rules are the
named options of :class:`ClassicOptions`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from pennybags.editions.classic.options import ClassicOptions
from pennybags.engine.actions import CardRef, Decision, Pose, Trade, kind_number
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Card
from pennybags.engine.dice import total as dice_total
from pennybags.engine.game import PURE, Event
from pennybags.engine.ledger import BANK, FREE_PARKING_POT
from pennybags.engine.rules import Rulebook
from pennybags.engine.turn import NO_DECISIONS, TurnGame

HOTEL: Final = 5
"""The improvement level of a street with a hotel (levels 1-4 are houses)."""

# Why a building may not go up (ClassicGame.build_refusal), in the order can_build judges.
BUILD_ALLOWED: Final = 0
NOT_A_STREET: Final = 1
NOT_THE_OWNER: Final = 2
GROUP_NOT_WHOLE: Final = 3
GROUP_MORTGAGED: Final = 4
HAS_A_HOTEL: Final = 5
NOT_EVEN: Final = 6
SHORT_OF_CASH: Final = 7
SHORT_OF_STOCK: Final = 8

# The numbers of the decision kinds the rules ask on the hot path (``Decision.number``,
# given when a decision is made rather than looked up from its word).
BUY_NUMBER: Final = kind_number("buy")
BID_NUMBER: Final = kind_number("bid")
DEBT_NUMBER: Final = kind_number("debt")
TRADE_NUMBER: Final = kind_number("trade")


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

    def clone(self) -> Auction:
        copy = Auction(self.deed, list(self.bidders), self.high, self.high_bidder,
                       self.requester, self.requested)
        copy.next = self.next
        return copy


class ClassicGame(TurnGame):
    """Classic Monopoly."""

    edition_id = "classic"
    options_class: ClassVar[type[Any]] = ClassicOptions
    self_clearing = frozenset({"debt"})
    building_stock: ClassVar[bool] = True
    """Whether the bank has a limited stock of houses and hotels (``bank_houses``,
    ``bank_hotels``) that players should be shown."""

    def __init__(self, data: EditionData, names: Sequence[str], seed: int | None = None,
                 options: Any = None, *, rulebook: Rulebook, record: bool = True,
                 listeners: Sequence[Callable[[Event], None]] = (),
                 decide_order: bool = True, start: bool = True,
                 clone_of: ClassicGame | None = None) -> None:
        super().__init__(data, names, seed, options, rulebook=rulebook, record=record,
                         listeners=listeners, clone_of=clone_of)
        r = data.rules
        self.railroad_rents: tuple[int, ...] = tuple(r["railroad_rents"])
        self.utility_multipliers: tuple[int, ...] = tuple(r["utility_multipliers"])
        self.interest_percent: int = r["mortgage_interest_percent"]
        self.plain_build: bool = type(self).can_build is ClassicGame.can_build
        """Whether this class judges buildings as :meth:`can_build` does here (does not
        override it): the rules that only need a yes or no then ask :meth:`build_refusal`,
        which words nothing."""
        self.plain_stock: bool = type(self).stock_problem is ClassicGame.stock_problem
        """Whether this class judges the bank's stock as :meth:`stock_problem` does here
        (does not override it): :meth:`build_refusal` then looks at the stock itself."""
        self.plain_dues: bool = type(self).settle_dues is ClassicGame.settle_dues
        """Whether this class settles a due as :meth:`settle_dues` does here (does not
        override it): a rule may then pay a due at once when settling it would be the next
        thing done and would pay it (``rules.pay_or_owe``)."""
        if getattr(self.options, "free_parking_pot", False):
            self.fee_payee = FREE_PARKING_POT
        if clone_of is not None:
            self.bank_houses: int = clone_of.bank_houses
            self.bank_hotels: int = clone_of.bank_hotels
            self.auction: Auction | None = \
                clone_of.auction.clone() if clone_of.auction is not None else None
            self.trade: Trade | None = clone_of.trade
            self.lift_offer: set[int] = set(clone_of.lift_offer)
            self._suspended: list[list[Decision]] = [list(s) for s in clone_of._suspended]
            return
        self.bank_houses = r["houses"]
        self.bank_hotels = r["hotels"]
        self.auction = None
        self.trade = None
        self.lift_offer = set()
        """Mortgaged deeds just received, whose mortgage may be lifted now without a second
        10%."""
        self._suspended = []
        """Pending lists set aside while a trade offer or a house auction is answered."""
        for deck in self.decks.values():
            deck.shuffle(self.rng)
        for p in self.players:
            self.ledger.transfer(BANK, p.seat, r["starting_cash"], "starting money")
        if start:
            if decide_order:
                self.decide_order()
            self.begin_turn()

    # ================================================================ GO

    def collect_salary(self, p: int, landed: bool) -> None:
        """GO: collect the salary when passing or landing on it (twice with ``double-go``
        when landing)."""
        amount = self.go_salary
        if landed and self.options.double_go:
            amount *= 2
        if self.plain_pay and not self.listeners:  # (pay without its call)
            self.ledger.transfer(BANK, p, amount, "GO salary")
        else:
            self.pay(BANK, p, amount, "GO salary")

    # ================================================================ rent

    def rent(self, deed: int, card: Card | None = None) -> int:
        """The rent due on a deed.

        Streets: the deed's rent for its houses or hotel, the base rent doubled when one
        player owns the whole colour group and the street is unimproved. Railroads:
        25/50/100/200 by how many the owner has (twice that for the "nearest railroad" card).
        Utilities: 4x or 10x the dice by how many the owner has (10x a fresh roll for the
        "nearest utility" card).
        """
        space = self.board.spaces[deed]
        owners = self.owner
        owner = owners[deed]
        group = self.board.group_of[deed]
        if space.kind == "street":
            level = self.houses[deed]
            if level:
                return space.rents[level]
            for d in group:  # (owns_group, without the call)
                if owners[d] != owner:
                    return space.rents[0]
            return space.rents[0] * 2
        count = 0
        for d in group:
            if owners[d] == owner:
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

    # ================================================================ buying

    def buy(self, p: int, deed: int) -> None:
        """Buy the deed at its printed price."""
        self.pending = NO_DECISIONS
        if self.plain_pay and not self.listeners:  # (pay without its call)
            self.ledger.transfer(p, BANK, self.board.spaces[deed].price, "purchase")
        else:
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
                                 high_bidder=a.high_bidder, number=BID_NUMBER)]

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

    def auction_price(self, winner: int, bid: int) -> int:
        """What the winner of an auction pays the bank for a winning ``bid``: the bid (an
        edition's card may pay part of it)."""
        return bid

    def emit_auction_won(self, winner: int, deed: int, bid: int, price: int) -> None:
        """The ``auction-won`` event: ``amount`` the winning bid, and ``paid`` what the
        winner paid when that was less (see :meth:`auction_price`)."""
        if price == bid:
            self.emit("auction-won", player=winner, deed=deed, amount=bid)
        else:
            self.emit("auction-won", player=winner, deed=deed, amount=bid, paid=price)

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
        price = self.auction_price(winner, a.high)
        if a.deed >= 0:
            if self.plain_pay and not self.listeners:  # (pay without its call)
                self.ledger.transfer(winner, BANK, price, "auction")
            else:
                self.pay(winner, BANK, price, "auction")
            self.set_owner(a.deed, winner)
            if self.listeners:
                self.emit_auction_won(winner, a.deed, a.high, price)
            return
        # A house won in a housing-shortage auction.
        self.pay(winner, BANK, price, "house auction")
        if self.listeners:
            self.emit_auction_won(winner, -1, a.high, price)
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
        """Do what the card says, through the rulebook's rule for its kind of effect."""
        rule = self.rulebook.cards.get(card.kind)
        if rule is None:
            raise ValueError(f"card '{card.id}' has an unknown effect '{card.kind}'")
        rule.obey(self, p, card)

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

    # ================================================================ houses and hotels

    def can_build(self, p: int, deed: int, *, check_cash: bool = True) -> str | None:
        """Why ``p`` may not build on ``deed`` now (None if they may).

        Only on a complete colour group with no mortgaged deed, evenly (never more than one
        house difference in the group), four houses before a hotel, with a building from the
        bank's stock. (The judging is :meth:`build_refusal`'s; this puts its answer in
        words.)
        """
        refusal = self.build_refusal(p, deed, check_cash)
        if refusal == BUILD_ALLOWED:
            return None
        space = self.board.spaces[deed]
        if refusal == NOT_A_STREET:
            return f"nothing can be built on {space.name}"
        if refusal == NOT_THE_OWNER:
            return f"{self.name(p)} does not own {space.name}"
        if refusal == GROUP_NOT_WHOLE:
            return f"{self.name(p)} does not own the whole {space.group} group"
        if refusal == GROUP_MORTGAGED:
            return f"a deed of the {space.group} group is mortgaged"
        if refusal == HAS_A_HOTEL:
            return f"{space.name} already has a hotel"
        if refusal == NOT_EVEN:
            return f"build evenly: the other streets of the {space.group} group need a house first"
        if refusal == SHORT_OF_CASH:
            return f"{self.name(p)} has {self.money(self.cash(p))}, a building costs " \
                   f"{self.money(space.house_cost)}"
        return self.stock_problem(self.houses[deed])

    def build_refusal(self, p: int, deed: int, check_cash: bool = True) -> int:
        """Whether ``p`` may build on ``deed`` now, as a number: :data:`BUILD_ALLOWED`, or
        the first rule of :meth:`can_build` that forbids it (:data:`NOT_A_STREET` ...
        :data:`SHORT_OF_STOCK`, the bank's stock as :meth:`stock_problem` judges it). For a
        caller that needs no words (they cost more than the judging)."""
        space = self.board.spaces[deed]
        if space.kind != "street":
            return NOT_A_STREET
        owner = self.owner
        if owner[deed] != p:
            return NOT_THE_OWNER
        group = self.board.group_of[deed]
        for d in group:  # (owns_group, without the call: every building is judged here)
            if owner[d] != p:
                return GROUP_NOT_WHOLE
        houses = self.houses
        mortgaged = self.mortgaged
        lowest = HOTEL
        for d in group:
            if mortgaged[d]:
                return GROUP_MORTGAGED
            if houses[d] < lowest:
                lowest = houses[d]
        level = houses[deed]
        if level >= HOTEL:
            return HAS_A_HOTEL
        if level > lowest:
            return NOT_EVEN
        if check_cash and self.ledger.balances[p] < space.house_cost:
            return SHORT_OF_CASH
        if self.plain_stock:  # (stock_problem, without its call and its words)
            if (self.bank_hotels if level == HOTEL - 1 else self.bank_houses) < 1:
                return SHORT_OF_STOCK
        elif self.stock_problem(level) is not None:
            return SHORT_OF_STOCK
        return BUILD_ALLOWED

    def stock_problem(self, level: int) -> str | None:
        """Why the bank cannot supply the next building for a street at ``level`` (a hotel
        after four houses), or None if it can."""
        if level == HOTEL - 1:
            return None if self.bank_hotels >= 1 else "the bank has no hotels left"
        return None if self.bank_houses >= 1 else "the bank has no houses left"

    def build(self, p: int, deed: int) -> None:
        """Buy a house (or, on four houses, a hotel that returns the four houses). When
        houses are short and several players could build, the house is auctioned."""
        # (housing_shortage's first test, without its call: the bank seldom runs short)
        if self.houses[deed] < HOTEL - 1 and self.bank_houses < len(self.players) and \
                self.housing_shortage(p):
            self.start_house_auction(p, deed)
            return
        if self.plain_pay and not self.listeners:  # (pay without its call)
            self.ledger.transfer(p, BANK, self.board.spaces[deed].house_cost, "building")
        else:
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
        self.changed.append(deed)
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
            if houses[lowest] < HOTEL - 1 and (
                    self.build_refusal(q, lowest) == BUILD_ALLOWED if self.plain_build
                    else self.can_build(q, lowest) is None):
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
        the meantime (with the cash a trade brought) is not asked again, nor is anything
        asked of a player who went bankrupt in the meantime (a player who accepted an offer
        while deciding on mortgaged deeds, then could not pay the 10% on a deed it brought)."""
        dues = self.dues
        players = self.players
        self.pending = [d for d in self._suspended.pop()
                        if not players[d.player].bankrupt
                        and (d.kind != "debt" or (bool(dues) and dues[0][:3] == (
                            d.player, d.creditor, d.amount)))]

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
            self.changed.append(deed)
            self.pay(BANK, p, half * (1 + HOTEL - 1 - kept), "building sold")
        else:
            self.bank_houses += 1
            self.houses[deed] = level - 1
            self.changes += 1
            self.changed.append(deed)
            if self.plain_pay and not self.listeners:  # (pay without its call)
                self.ledger.transfer(BANK, p, half, "building sold")
            else:
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
        self.changed.append(deed)
        if self.plain_pay and not self.listeners:  # (pay without its call)
            self.ledger.transfer(BANK, p, self.board.spaces[deed].mortgage, "mortgage")
        else:
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
        if self.ledger.balances[p] < cost:
            return f"lifting the mortgage costs {self.money(cost)}; " \
                   f"{self.name(p)} has {self.money(self.cash(p))}"
        return None

    def unmortgage(self, p: int, deed: int) -> None:
        if self.plain_pay and not self.listeners:  # (pay without its call)
            self.ledger.transfer(p, BANK, self.unmortgage_cost(deed), "mortgage lifted")
        else:
            self.pay(p, BANK, self.unmortgage_cost(deed), "mortgage lifted")
        self.mortgaged[deed] = False
        self.changes += 1
        self.changed.append(deed)
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

    def may_manage(self, p: int) -> bool:
        """Whether ``p`` may build, sell, mortgage, unmortgage or trade now: on their turn
        or between turns, while the game waits on a roll, a purchase, the end of a turn, a
        debt or a lift of mortgages, not during an auction or while an offer waits."""
        if self.over or self.auction is not None or self.trade is not None or \
                self.players[p].bankrupt or not self.pending:
            return False
        if PURE:  # (a set of words: one operation in pure Python)
            return self.pending[0].kind in self.managing_kinds
        # (compiled, the kind's number in a table: ``in`` on a set is a generic call there)
        number = self.pending[0].number
        managing = self._managing_table
        return number < len(managing) and managing[number]

    def managing(self, p: int) -> bool:
        """Another name of :meth:`may_manage`."""
        return self.may_manage(p)

    def can_trade(self, t: Trade) -> str | None:
        """Why an offer is not allowed (None if it is): properties without buildings in
        their group, cash each side holds, Get Out of Jail Free cards each side holds (the
        cards the edition trades: :meth:`cannot_trade_card`); no shares
        (:meth:`cannot_trade_shares`)."""
        n = len(self.players)
        if not (0 <= t.proposer < n and 0 <= t.recipient < n) or t.proposer == t.recipient:
            return "a trade is between two different players"
        # (Each side written out, here and below: a loop over a tuple of the two costs the
        # compiled build a tuple and an iterator on every offer judged.)
        if self.players[t.proposer].bankrupt:
            return f"{self.name(t.proposer)} is out of the game"
        if self.players[t.recipient].bankrupt:
            return f"{self.name(t.recipient)} is out of the game"
        if not (t.give or t.take or t.give_cash or t.take_cash or t.give_cards or t.take_cards
                or t.give_shares or t.take_shares):
            return "the offer is empty"
        if t.give_cash < 0 or t.take_cash < 0:
            return "cash in a trade cannot be negative"
        problem = self.cannot_hand_over(t.give, t.proposer) or \
            self.cannot_hand_over(t.take, t.recipient)
        if problem:
            return problem
        balances = self.ledger.balances
        if t.give_cash > balances[t.proposer]:
            return f"{self.name(t.proposer)} has only {self.money(self.cash(t.proposer))}"
        if t.take_cash > balances[t.recipient]:
            return f"{self.name(t.recipient)} has only {self.money(self.cash(t.recipient))}"
        if t.give_cards:
            picked = self.trade_cards(t.proposer, t.give_cards)
            if isinstance(picked, str):
                return picked
        if t.take_cards:
            picked = self.trade_cards(t.recipient, t.take_cards)
            if isinstance(picked, str):
                return picked
        return self.cannot_trade_shares(t)

    traded_cards: ClassVar[str] = "Get Out of Jail Free card"
    """What the edition's tradeable cards are called (a bare deck key in a trade names one)."""

    def trade_cards(self, side: int, entries: Sequence[str]) -> list[CardRef] | str:
        """The held cards of ``side`` that a trade's card entries name, one each and in
        order, each among the cards not named before it; or why they cannot be traded.

        An entry is ``deck:card-id`` (a card of theirs with that id: copies are alike, the
        first they received goes), ``deck:#index`` or ``deck:card-id#index`` (exactly that
        card, as :func:`~pennybags.engine.notation.card_name` writes one of several copies)
        or a bare deck key:
        their card from that deck when all they hold from it are alike (in classic, its Get
        Out of Jail Free card), refused as ambiguous when they differ. Whether a card may be
        traded at all is :meth:`cannot_trade_card`'s to say."""
        held = list(self.players[side].cards)
        picked: list[CardRef] = []
        for entry in entries:
            card = self.trade_card(side, entry, held)
            if isinstance(card, str):
                return card
            held.remove(card)
            picked.append(card)
        return picked

    def trade_card(self, side: int, entry: str, held: list[CardRef]) -> CardRef | str:
        """The card of ``held`` (``side``'s) one entry names (see :meth:`trade_cards`)."""
        key, colon, card_id = entry.partition(":")
        deck = self.decks.get(key)
        if deck is None:
            return f"no deck '{key}' for a card in a trade"
        who = self.name(side)
        if not colon:  # among the cards that trade only: nothing else of a hand is told
            mine = [c for c in held if c[0] == key and self.cannot_trade_card(c) is None]
            if not mine:
                return f"{who} has no {self.traded_cards} from {key}"
            ids = sorted({deck.cards[i].id for _, i in mine})
            if len(ids) > 1:
                return (f"{who} holds different cards from {key}: name one, "
                        + " or ".join(f"{key}:{i}" for i in ids))
            return mine[0]
        copy = deck.copy_named(card_id)
        if copy is not None:  # exactly that copy
            if copy < 0:
                return f"no card {entry} in the {deck.name} deck"
            index = copy
            named = [c for c in held if c == (key, index)]
        else:
            index = next((i for i, c in enumerate(deck.cards) if c.id == card_id), -1)
            if index < 0:
                return f"no card {entry} in the {deck.name} deck"
            named = [c for c in held if c[0] == key and deck.cards[c[1]].id == card_id]
        problem = self.cannot_trade_card((key, index))
        if problem is not None:
            return problem
        if not named:
            return f"{who} does not hold {entry}"
        return named[0]

    def cannot_trade_card(self, card: CardRef) -> str | None:
        """Why a card may not change hands in a trade (None if it may): in classic, only
        Get Out of Jail Free cards are kept, and traded."""
        if self.decks[card[0]].cards[card[1]].kind != "get_out_of_jail_free":
            return "only Get Out of Jail Free cards can be traded"
        return None

    def card_tradeable(self, card: CardRef) -> bool:
        return self.cannot_trade_card(card) is None

    def cannot_trade_shares(self, t: Trade) -> str | None:
        """Why the shares of an offer cannot change hands (None if it names none): classic
        has no Stock Exchange."""
        if t.give_shares or t.take_shares:
            return f"{self.data.name} has no Stock Exchange: shares cannot be traded"
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
            problem = self.buildings_block(side, d)
            if problem is not None:
                return problem
        return None

    def buildings_block(self, p: int, deed: int) -> str | None:
        """Why buildings stop ``p`` from trading or mortgaging ``deed`` away (None if they
        do not): in classic, any building in its colour group."""
        if self.highest_level(deed):
            return f"sell the buildings of the {self.board.spaces[deed].group} group first"
        return None

    def propose(self, t: Trade) -> None:
        self._suspended.append(self.pending)
        self.trade = t
        self.pending = [Decision("trade", t.recipient, trade=t, number=TRADE_NUMBER)]
        if self.listeners:
            self.emit("trade-offer", trade=t)

    def counter(self, t: Trade) -> None:
        self.trade = t
        self.pending = [Decision("trade", t.recipient, trade=t, number=TRADE_NUMBER)]
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
        given = self.named_cards(t.proposer, t.give_cards)  # (both named before either moves)
        taken = self.named_cards(t.recipient, t.take_cards)
        self.pay(t.proposer, t.recipient, t.give_cash, "trade")
        self.pay(t.recipient, t.proposer, t.take_cash, "trade")
        for d in t.give:
            self.set_owner(d, t.recipient)
        for d in t.take:
            self.set_owner(d, t.proposer)
        self.hand_over_cards(t.proposer, t.recipient, given)
        self.hand_over_cards(t.recipient, t.proposer, taken)
        if self.listeners:
            self.emit("trade-accepted", player=p, trade=t)
        for receiver, deeds in ((t.recipient, t.give), (t.proposer, t.take)):
            mortgaged = [d for d in deeds if self.mortgaged[d]]
            if mortgaged:
                self.receive_mortgaged(receiver, mortgaged)

    def move_cards(self, giver: int, receiver: int, entries: Sequence[str]) -> None:
        """The cards ``entries`` name (:meth:`trade_cards`) pass from ``giver`` to
        ``receiver``, exactly those."""
        self.hand_over_cards(giver, receiver, self.named_cards(giver, entries))

    def named_cards(self, side: int, entries: Sequence[str]) -> list[CardRef]:
        """The cards of ``side`` that ``entries`` name (:meth:`trade_cards`; checked
        before)."""
        if not entries:
            return []
        picked = self.trade_cards(side, entries)
        if isinstance(picked, str):
            raise ValueError(picked)
        return picked

    def hand_over_cards(self, giver: int, receiver: int, cards: list[CardRef]) -> None:
        """These held cards of ``giver`` go to ``receiver``, in order."""
        held = self.players[giver].cards
        for card in cards:
            held.remove(card)
            self.players[receiver].cards.append(card)

    # ================================================================ debt and bankruptcy

    def settle_dues(self) -> None:
        """Pay the first due at once if the payer has the cash; otherwise the payer must
        raise it (sell buildings, mortgage, trade) or declare bankruptcy."""
        payer, payee, amount, reason = self.dues[0]
        if self.players[payer].bankrupt or (payee >= 0 and self.players[payee].bankrupt):
            self.dues.pop(0)
            return
        if self.ledger.balances[payer] >= amount:
            self.dues.pop(0)
            if self.plain_pay and not self.listeners:  # (pay without its call)
                self.ledger.transfer(payer, payee, amount, reason)
            else:
                self.pay(payer, payee, amount, reason)
            return
        self.pending = [Decision("debt", payer, amount=amount, creditor=payee,
                                 number=DEBT_NUMBER)]
        if self.listeners:
            self.emit("debt", player=payer, amount=amount, creditor=payee, reason=reason)

    def resume_after_decision(self) -> bool:
        d = self.pending[0]
        if d.kind == "debt" and self.ledger.balances[d.player] >= d.amount:
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
        self.dues = [x for x in self.dues if x[0] != p]
        player = self.players[p]
        player.bankrupt = True
        if p == self.current:
            # The bankrupt player's turn is over: drop what was left of it.
            self.drop_steps()
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

    def total_assets(self, p: int) -> int:
        """Cash, deeds at their printed price (half when mortgaged) and buildings at cost: a
        hotel counts as the four houses turned in for it plus its own price."""
        total = self.cash(p)
        for d in self.deeds_of(p):
            space = self.board.spaces[d]
            total += space.price // 2 if self.mortgaged[d] else space.price
            total += space.house_cost * self.houses[d]
        return total

    # ================================================================ scenarios, snapshot

    # ------------------------------------------------ decisions a scenario starts at

    def pose_buy(self, pose: Pose) -> None:
        """A landing on an unowned deed asks the lander whether to buy it."""
        self.check_landing(pose)
        spaces = self.board.spaces
        if pose.deed < 0 or not spaces[pose.deed].is_deed or self.owner[pose.deed] >= 0:
            raise ValueError("'buy' needs an unowned title deed (deed:)")
        self.pending = [Decision("buy", pose.player, deed=pose.deed,
                                 amount=spaces[pose.deed].price)]
        self.after_the_landing()

    def pose_bid(self, pose: Pose) -> None:
        """An auction under way, with its high bid so far, the player asked next."""
        p = pose.player
        spaces = self.board.spaces
        if pose.deed < 0 or not spaces[pose.deed].is_deed or self.owner[pose.deed] >= 0:
            raise ValueError("'bid' needs an unowned title deed on auction (deed:)")
        self.check_high_bid(pose)
        n = len(self.players)
        bidders = [s for s in ((p + i) % n for i in range(n)) if not self.players[s].bankrupt]
        self.auction = Auction(pose.deed, bidders, max(0, pose.amount), pose.high_bidder)
        self.ask_bid()
        self.after_the_landing()

    def pose_debt(self, pose: Pose) -> None:
        """A player owes more than their cash."""
        p = pose.player
        if pose.amount <= self.cash(p):
            raise ValueError(f"a debt (amount:) is more than the {self.money(self.cash(p))} "
                             f"{self.name(p)} has")
        self.dues.append((p, pose.creditor, pose.amount, "a debt"))
        self.settle_dues()
        if not self.pending:
            raise ValueError(f"{self.name(p)} cannot owe that much: the game would end")
        self.after_the_landing()

    def pose_trade(self, pose: Pose) -> None:
        """An offer waits for the answer of the player it is made to."""
        p = pose.player
        t = pose.trade
        if t is None or t.recipient != p:
            raise ValueError(f"'trade' needs an offer made to {self.name(p)} (offer:)")
        problem = self.can_trade(t)
        if problem is not None:
            raise ValueError(f"the offer cannot be made: {problem}")
        self._suspended.append(self.pending)
        self.trade = t
        self.pending = [Decision("trade", p, trade=t)]

    def pose_mortgaged_deeds(self, pose: Pose) -> None:
        """Mortgaged deeds just received: lift a mortgage now at its value, or keep it."""
        p = pose.player
        if not pose.deeds or any(self.owner[d] != p or not self.mortgaged[d]
                                 for d in pose.deeds):
            raise ValueError(f"'mortgaged-deeds' needs mortgaged deeds {self.name(p)} owns "
                             "(deeds:)")
        self.then(self.ask_roll)
        self.lift_offer = set(pose.deeds)
        self.pending = [Decision("mortgaged-deeds", p)]

    def pose_place_house(self, pose: Pose) -> None:
        """The winner of a housing-shortage auction places the house."""
        p = pose.player
        if not any(self.can_build(p, d, check_cash=False) is None and
                   self.houses[d] < HOTEL - 1 for d in self.deeds_of(p)):
            raise ValueError(f"{self.name(p)} has no street where a house could go")
        self.then(self.ask_roll)
        self.pending = [Decision("place-house", p)]

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

    def set_building_stock(self, houses: int | None, hotels: int | None) -> None:
        """The bank's stock is what the box holds less what stands on the board; a scenario
        may say the bank has fewer left (a building shortage), never more."""
        if not self.building_stock:
            super().set_building_stock(houses, hotels)
        for what, count, left in (("houses", houses, self.bank_houses),
                                  ("hotels", hotels, self.bank_hotels)):
            if count is not None and not 0 <= count <= left:
                raise ValueError(f"the bank has {left} {what} left once the position's "
                                 f"buildings are placed: it cannot have {count}")
        if houses is not None:
            self.bank_houses = houses
        if hotels is not None:
            self.bank_hotels = hotels
        self.changes += 1

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
