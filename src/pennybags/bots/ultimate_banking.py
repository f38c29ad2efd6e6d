"""The standard bot's strategy for Ultimate Banking.

* buys every property it can afford while keeping a reserve against the rents on the board
  (a property that completes or blocks a colour set is bought down to a smaller reserve);
* auctions what it cannot or will not buy, and bids up to a value: the price, more for a
  property that completes its own set or blocks another player's;
* always asks for rent;
* pays its way out of Jail while properties are still for sale or while its own rents are
  worth more than the danger on the board; otherwise waits for doubles;
* from a Location space goes (for $100, above its reserve) to the best unowned property it
  can buy, or to one of its own properties to raise its level; never to another player's;
* aims Event cards: raises its own levels and lowers other players', swaps its weakest
  property for the best one of the leader, sends the player with the richest rents to Jail,
  shares a $200 windfall with the poorest player;
* in debt gives up the properties worth least to it, never handing a creditor a set.

Parameters (``standard?reserve=100&aggression=120``): ``reserve`` (base cash reserve,
default 100), ``aggression`` (percent of its computed value it bids, default 200),
``horizon`` (the rounds it counts on for rents still to come, default 8) and ``bar``
(percent of the Location fee the best destination must be worth, default 100).
"""

from __future__ import annotations

from pennybags.bots.registry import int_param
from pennybags.bots.standard import EditionStrategy, allow_params, register_strategy
from pennybags.editions.classic.rules import AUCTION, BUY, PASS
from pennybags.editions.ultimate_banking.game import Bidding, UltimateBankingGame
from pennybags.editions.ultimate_banking.rules import ALWAYS_COLLECT_RENT as COLLECT
from pennybags.editions.ultimate_banking.rules import STAY
from pennybags.engine.actions import Action
from pennybags.engine.turn import END_TURN, PAY_BAIL, ROLL


class UltimateBankingStrategy(EditionStrategy):
    """How the standard bot plays Ultimate Banking.

    Written for the compiled build (fastbuild.COMPILED): the game is typed, and the choices
    among properties and players are plain loops (the first best wins ties, as ``max`` and
    ``min`` choose)."""

    def __init__(self, reserve: int, aggression: int,
                 horizon: int = 8, location_bar: float = 1.0) -> None:
        self.horizon = horizon
        self.location_bar = location_bar
        self.base_reserve = reserve
        self.aggression: float = aggression / 100
        self._auction: Bidding | None = None
        """The auction :attr:`_value` and :attr:`_cap` were worked out for (nothing but the
        bids changes while it lasts: no property, level, Jail or cash), for seat
        :attr:`_bidder`."""
        self._bidder = -1
        self._value = 0.0
        self._cap = 0

    # ---------------------------------------------------------------- the answer

    def choose(self, game: UltimateBankingGame, p: int) -> Action:
        d = game.decision_for(p)
        if d is None:
            raise ValueError("the bot was asked to act without a decision")
        kind = d.kind
        if kind == "roll":
            return ROLL
        if kind == "bid":
            return self.bid(game, p, d.deed)
        if kind == "end-turn":
            return END_TURN
        if kind == "rent":
            return COLLECT
        if kind == "buy":
            return BUY if self.wants(game, p, d.deed) else AUCTION
        if kind == "jail":
            return PAY_BAIL if self.leave_jail(game, p) else ROLL
        if kind == "location":
            return self.location(game, p, paid=True)
        if kind == "event-move":
            return self.location(game, p, paid=False)
        if kind == "event-deed":
            return self.pick(game, p)
        if kind == "event-player":
            return self.choose_player(game, p)
        if kind == "debt":
            return self.give_up(game, p, d.creditor)
        actions = game.legal_actions(p)
        if not actions:
            raise ValueError(f"the standard bot has nothing to answer '{kind}'")
        return actions[0]

    # ---------------------------------------------------------------- judgement

    def danger(self, game: UltimateBankingGame, p: int) -> int:
        """The highest rent another player could charge now."""
        spaces = game.board.spaces
        owner = game.owner
        houses = game.houses
        players = game.players
        worst = 0
        for d in game.streets:
            o = owner[d]
            if o >= 0 and o != p and not players[o].in_jail:
                rent = spaces[d].rents[houses[d] - 1]
                if rent > worst:
                    worst = rent
        return worst

    def reserve(self, game: UltimateBankingGame, p: int) -> int:
        return self.base_reserve + self.danger(game, p) // 2

    def unowned(self, game: UltimateBankingGame) -> int:
        owner = game.owner
        count = 0
        for d in game.streets:
            if owner[d] < 0:
                count += 1
        return count

    def set_value(self, game: UltimateBankingGame, p: int, deed: int) -> int:
        """How much more than its price a property is worth to ``p``: completing its own
        set, blocking another player's, or joining a set it already has a part of."""
        owner = game.owner
        others = 0
        mine = 0
        unowned = 0
        other_owner = -1  # the one other owner of the rest of the set; -2: several
        for d in game.board.group_of[deed]:
            if d == deed:
                continue
            others += 1
            o = owner[d]
            if o == p:
                mine += 1
            elif o < 0:
                unowned += 1
            elif other_owner == -1:
                other_owner = o
            elif other_owner != o:
                other_owner = -2
        price = game.board.spaces[deed].price
        if others and mine == others:
            return price  # completes the set as sole owner
        if others and not mine and not unowned and other_owner >= 0:
            return price // 2  # blocks a sole-owner completion
        return price // 4 if mine else 0

    def wants(self, game: UltimateBankingGame, p: int, deed: int) -> bool:
        price = game.board.spaces[deed].price
        cash = game.cash(p)
        reserve = self.reserve(game, p)
        if self.set_value(game, p, deed) >= price // 2:
            reserve //= 2
        return cash - price >= reserve

    def bid(self, game: UltimateBankingGame, p: int, deed: int) -> Action:
        """Press while the next bid is at most the property's value to ``p`` and leaves
        half the reserve (both worked out once an auction, at ``p``'s first bid)."""
        auction = game.bidding
        if auction is None or auction is not self._auction or p != self._bidder:
            price = game.board.spaces[deed].price
            self._value = (price + self.set_value(game, p, deed)) * self.aggression
            self._cap = game.cash(p) - self.reserve(game, p) // 2
            self._auction = auction
            self._bidder = p
        nxt = game.next_bid()
        if nxt <= self._value and nxt <= self._cap:
            return Action("bid", amount=nxt)
        return PASS

    def leave_jail(self, game: UltimateBankingGame, p: int) -> bool:
        if game.cash(p) - game.jail_fine < self.reserve(game, p):
            return False
        if self.unowned(game) >= 4:
            return True
        spaces = game.board.spaces
        houses = game.houses
        mine = 0
        for d in game.deeds_of(p):
            mine += spaces[d].rents[houses[d] - 1]
        return mine >= self.danger(game, p)

    def level_gain(self, game: UltimateBankingGame, deed: int, by: int) -> int:
        """How much a property's rent changes when its level moves by ``by``."""
        rents = game.board.spaces[deed].rents
        level = game.houses[deed]
        if level == 0:
            return 0
        new = max(1, min(5, level + by))
        return rents[new - 1] - rents[level - 1]

    def landings(self, game: UltimateBankingGame, p: int) -> float:
        """About how often other players will land on one given space before the game ends
        (a game lasts about ten rounds; a space is landed on about once in forty turns)."""
        others = 0
        for player in game.players:
            if not player.bankrupt and player.seat != p:
                others += 1
        return self.horizon * others / 40

    def completion_gain(self, game: UltimateBankingGame, p: int, deed: int) -> int:
        """Rent gained (per landing on each) when ``p`` takes the last free property of a
        set."""
        group = game.board.group_of[deed]
        owner = game.owner
        sole = True
        for d in group:
            if d != deed:
                if owner[d] < 0:
                    return 0
                if owner[d] != p:
                    sole = False
        rise = 3 if sole else 2
        rents = game.board.spaces[deed].rents
        total = rents[rise - 1] - rents[0]
        for d in group:
            if d != deed and owner[d] == p:
                total += self.level_gain(game, d, rise)
        return total

    def location(self, game: UltimateBankingGame, p: int, paid: bool) -> Action:
        """Where to go from Location (or on a "move to any property" card): where the rent
        it will collect is worth the most, never to another player's property."""
        fee = game.location_fee if paid else 0
        cash = game.cash(p) - fee
        reserve = self.reserve(game, p)
        often = self.landings(game, p)
        best_score = 0.0
        best = -1
        spaces = game.board.spaces
        owner = game.owner
        houses = game.houses
        score: float
        for d in game.streets:
            o = owner[d]
            if o < 0:
                price = spaces[d].price
                if cash - price < reserve // 2:
                    continue
                score = often * (spaces[d].rents[0] + self.completion_gain(game, p, d)) + \
                    self.set_value(game, p, d) / 4
            elif o == p:
                score = often * self.level_gain(game, d, 1)
            else:
                rent = 0 if game.players[o].in_jail else spaces[d].rents[houses[d] - 1]
                score = float(-rent - 10 * houses[d] - 1000)
            if best < 0 or score > best_score:
                best_score = score
                best = d
        assert best >= 0
        if paid and (best_score < fee * self.location_bar or cash < reserve // 2):
            return STAY
        return Action("go-to", best)

    def net(self, game: UltimateBankingGame, p: int, deeds: tuple[int, ...] | list[int],
            by: int) -> int:
        """The change of rents for ``p`` when the owned ones of ``deeds`` move by ``by``
        levels: its own rents gained, other players' lost."""
        owner = game.owner
        total = 0
        for d in deeds:
            o = owner[d]
            if o < 0:
                continue
            gain = self.level_gain(game, d, by)
            total += gain if o == p else -gain
        return total

    def net_one(self, game: UltimateBankingGame, p: int, deed: int, by: int) -> int:
        """:meth:`net` of one property."""
        o = game.owner[deed]
        if o < 0:
            return 0
        gain = self.level_gain(game, deed, by)
        return gain if o == p else -gain

    def pick(self, game: UltimateBankingGame, p: int) -> Action:
        """The property to aim an Event card at: the best net change of rents for ``p``."""
        play = game.card_play
        choices = game.card_choices(p)  # (the deeds the game lists as legal picks)
        if play is None or not choices:
            return game.legal_actions(p)[0]
        card = play.card
        kind = card.kind
        spaces = game.board.spaces
        best = choices[0]
        if play.stage == "mine":  # the one worth least to keep
            low = self.keep_value(game, p, best)
            for d in choices:
                value = self.keep_value(game, p, d)
                if value < low:
                    low, best = value, d
            return Action("pick", best)
        high: int
        if play.stage == "theirs":
            other = play.other
            high = self.keep_value(game, other, best) + self.set_value(game, p, best)
            for d in choices:
                value = self.keep_value(game, other, d) + self.set_value(game, p, d)
                if value > high:
                    high, best = value, d
            return Action("pick", best)
        params = card.params
        if kind == "set_rent_level":
            level: int = params["level"]
            high = self.net_one(game, p, best, level - game.houses[best])
            for d in choices:
                value = self.net_one(game, p, d, level - game.houses[d])
                if value > high:
                    high, best = value, d
            return Action("pick", best)
        if kind == "color_set_rent_level_delta":
            by: int = params["delta"]
            group_of = game.board.group_of
            high = self.net(game, p, group_of[best], by)
            for d in choices:
                value = self.net(game, p, group_of[d], by)
                if value > high:
                    high, best = value, d
            return Action("pick", best)
        if kind == "board_side_rent_level_delta":
            by = params["delta"]
            high = self.net(game, p, self.side(game, best), by)
            for d in choices:
                value = self.net(game, p, self.side(game, d), by)
                if value > high:
                    high, best = value, d
            return Action("pick", best)
        if kind == "property_and_neighbours":
            own: int = params["self_delta"]
            near: int = params["neighbour_delta"]
            high = self.net_one(game, p, best, own) + \
                self.net(game, p, spaces[best].extra["neighbours"], near)
            for d in choices:
                value = self.net_one(game, p, d, own) + \
                    self.net(game, p, spaces[d].extra["neighbours"], near)
                if value > high:
                    high, best = value, d
            return Action("pick", best)
        return Action("pick", best)

    def side(self, game: UltimateBankingGame, deed: int) -> list[int]:
        """The properties on ``deed``'s side of the board."""
        spaces = game.board.spaces
        s = spaces[deed].extra["board_side"]
        return [x for x in game.streets if spaces[x].extra["board_side"] == s]

    def keep_value(self, game: UltimateBankingGame, p: int, deed: int) -> int:
        """What holding a property is worth to ``p`` beyond its price: its rent now and
        the set it belongs to."""
        rents = game.board.spaces[deed].rents
        level = max(1, game.houses[deed])
        owner = game.owner
        together = 0
        for d in game.board.group_of[deed]:
            if owner[d] == p:
                together += 1
        return rents[level - 1] + 60 * together

    def choose_player(self, game: UltimateBankingGame, p: int) -> Action:
        play = game.card_play
        seats = game.card_choices(p)  # (the seats the game lists as legal choices)
        if play is None or not seats:
            return game.legal_actions(p)[0]
        kind = play.card.kind
        best = seats[0]
        if kind == "collect_with_chosen_player":  # the poorest
            low = game.worth(best)
            for q in seats:
                value = game.worth(q)
                if value < low:
                    low, best = value, q
            return Action("choose-player", target=best)
        if kind == "send_player_to_jail":  # the richest rents
            high = self.rents_of(game, best)
            for q in seats:
                value = self.rents_of(game, q)
                if value > high:
                    high, best = value, q
            return Action("choose-player", target=best)
        high = self.best_holding(game, p, best)  # the property most worth taking
        for q in seats:
            value = self.best_holding(game, p, q)
            if value > high:
                high, best = value, q
        return Action("choose-player", target=best)

    def rents_of(self, game: UltimateBankingGame, q: int) -> int:
        """The rents ``q``'s properties charge now, together."""
        spaces = game.board.spaces
        houses = game.houses
        total = 0
        for d in game.deeds_of(q):
            total += spaces[d].rents[houses[d] - 1]
        return total

    def best_holding(self, game: UltimateBankingGame, p: int, q: int) -> int:
        """The most one of ``q``'s properties is worth to ``p`` (what ``q`` would lose in a
        swap and ``p`` gain). ``q`` owns at least one."""
        deeds = game.deeds_of(q)
        high = self.keep_value(game, q, deeds[0]) + self.set_value(game, p, deeds[0])
        for d in deeds:
            value = self.keep_value(game, q, d) + self.set_value(game, p, d)
            if value > high:
                high = value
        return high

    def give_up(self, game: UltimateBankingGame, p: int, creditor: int) -> Action:
        """Give up the property worth least to keep; one that covers the debt alone if
        there is one; never one that completes the creditor's set, if avoidable."""
        owed = -game.cash(p)
        deeds = game.deeds_of(p)
        best = deeds[0]
        low = self.cost(game, p, creditor, owed, best)
        for d in deeds:
            value = self.cost(game, p, creditor, owed, d)
            if value < low:
                low, best = value, d
        return Action("give-up", best)

    def cost(self, game: UltimateBankingGame, p: int, creditor: int, owed: int,
             deed: int) -> tuple[int, int, int]:
        """What giving up ``deed`` costs ``p``, least first: handing the creditor a set,
        not covering the debt alone, then what it is worth to keep beyond a quarter of its
        price."""
        gift = 0
        if creditor >= 0:
            owner = game.owner
            gift = 1
            for x in game.board.group_of[deed]:
                if x != deed and owner[x] != creditor:
                    gift = 0
                    break
        price = game.board.spaces[deed].price
        covers = 0 if price >= owed else 1
        return gift, covers, self.keep_value(game, p, deed) - price // 4


def ultimate_banking_strategy(params: dict[str, str]) -> UltimateBankingStrategy:
    reserve = int_param(params, "reserve", 100)
    aggression = int_param(params, "aggression", 200)
    horizon = int_param(params, "horizon", 8)
    bar = int_param(params, "bar", 100)
    for key in ("trade", "jail"):
        params.pop(key, None)
    return UltimateBankingStrategy(reserve, aggression, horizon, bar / 100)


register_strategy("ultimate-banking", ultimate_banking_strategy)
allow_params("horizon", "bar")
