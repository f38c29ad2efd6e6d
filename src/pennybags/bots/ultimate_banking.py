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
default 100) and ``aggression`` (percent of its computed value it bids, default 100).
"""

from __future__ import annotations

from typing import Any

from pennybags.bots.registry import int_param
from pennybags.bots.standard import allow_params, register_strategy
from pennybags.editions.classic.rules import AUCTION, BUY, PASS
from pennybags.editions.ultimate_banking.rules import ALWAYS_COLLECT_RENT as COLLECT
from pennybags.editions.ultimate_banking.rules import STAY
from pennybags.engine.actions import Action
from pennybags.engine.turn import END_TURN, PAY_BAIL, ROLL


class UltimateBankingStrategy:
    """How the standard bot plays Ultimate Banking."""

    def __init__(self, reserve: int, aggression: int,
                 horizon: int = 8, location_bar: float = 1.0) -> None:
        self.horizon = horizon
        self.location_bar = location_bar
        self.base_reserve = reserve
        self.aggression = aggression / 100

    # ---------------------------------------------------------------- the answer

    def choose(self, game: Any, p: int) -> Action:
        d = game.decision_for(p)
        if d is None:
            raise ValueError("the bot was asked to act without a decision")
        kind = d.kind
        if kind == "roll":
            return ROLL
        if kind == "end-turn":
            return END_TURN
        if kind == "rent":
            return COLLECT
        if kind == "jail":
            return PAY_BAIL if self.leave_jail(game, p) else ROLL
        if kind == "buy":
            return BUY if self.wants(game, p, d.deed) else AUCTION
        if kind == "bid":
            return self.bid(game, p, d.deed)
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
        first: Action = actions[0]
        return first

    # ---------------------------------------------------------------- judgement

    def danger(self, game: Any, p: int) -> int:
        """The highest rent another player could charge now."""
        spaces = game.board.spaces
        worst = 0
        for d in game.streets:
            o = game.owner[d]
            if o >= 0 and o != p and not game.players[o].in_jail:
                worst = max(worst, spaces[d].rents[game.houses[d] - 1])
        return worst

    def reserve(self, game: Any, p: int) -> int:
        return self.base_reserve + self.danger(game, p) // 2

    def unowned(self, game: Any) -> int:
        return sum(1 for d in game.streets if game.owner[d] < 0)

    def set_value(self, game: Any, p: int, deed: int) -> int:
        """How much more than its price a property is worth to ``p``: completing its own
        set, blocking another player's, or joining a set it already has a part of."""
        group = game.board.group_of[deed]
        others = [d for d in group if d != deed]
        mine = sum(1 for d in others if game.owner[d] == p)
        price: int = game.board.spaces[deed].price
        if others and mine == len(others):
            return price  # completes the set as sole owner
        owners = {game.owner[d] for d in others if game.owner[d] >= 0}
        if len(owners) == 1 and p not in owners and len(others) and all(
                game.owner[d] >= 0 for d in others):
            return price // 2  # blocks a sole-owner completion
        return price // 4 if mine else 0

    def wants(self, game: Any, p: int, deed: int) -> bool:
        price: int = game.board.spaces[deed].price
        cash: int = game.cash(p)
        reserve = self.reserve(game, p)
        if self.set_value(game, p, deed) >= price // 2:
            reserve //= 2
        return cash - price >= reserve

    def bid(self, game: Any, p: int, deed: int) -> Action:
        price: int = game.board.spaces[deed].price
        value = (price + self.set_value(game, p, deed)) * self.aggression
        nxt: int = game.next_bid()
        limit = min(value, game.cash(p) - self.reserve(game, p) // 2)
        if nxt <= limit:
            return Action("bid", amount=nxt)
        return PASS

    def leave_jail(self, game: Any, p: int) -> bool:
        if game.cash(p) - game.jail_fine < self.reserve(game, p):
            return False
        if self.unowned(game) >= 4:
            return True
        spaces = game.board.spaces
        mine = sum(spaces[d].rents[game.houses[d] - 1] for d in game.deeds_of(p))
        return bool(mine >= self.danger(game, p))

    def level_gain(self, game: Any, deed: int, by: int) -> int:
        """How much a property's rent changes when its level moves by ``by``."""
        rents = game.board.spaces[deed].rents
        level = game.houses[deed]
        if level == 0:
            return 0
        new = max(1, min(5, level + by))
        return int(rents[new - 1] - rents[level - 1])

    def landings(self, game: Any, p: int) -> float:
        """About how often other players will land on one given space before the game ends
        (a game lasts about ten rounds; a space is landed on about once in forty turns)."""
        others = sum(1 for q in game.active_players() if q != p)
        return self.horizon * others / 40

    def completion_gain(self, game: Any, p: int, deed: int) -> int:
        """Rent gained (per landing on each) when ``p`` takes the last free property of a
        set."""
        group = game.board.group_of[deed]
        if any(game.owner[d] < 0 for d in group if d != deed):
            return 0
        sole = all(game.owner[d] == p for d in group if d != deed)
        rise = 3 if sole else 2
        spaces = game.board.spaces
        total = int(spaces[deed].rents[rise - 1] - spaces[deed].rents[0])
        for d in group:
            if d != deed and game.owner[d] == p:
                total += self.level_gain(game, d, rise)
        return total

    def location(self, game: Any, p: int, paid: bool) -> Action:
        """Where to go from Location (or on a "move to any property" card): where the rent
        it will collect is worth the most, never to another player's property."""
        fee = game.location_fee if paid else 0
        cash = game.cash(p) - fee
        reserve = self.reserve(game, p)
        often = self.landings(game, p)
        best: tuple[float, int] | None = None
        spaces = game.board.spaces
        for d in game.streets:
            o = game.owner[d]
            if o < 0:
                price = spaces[d].price
                if cash - price < reserve // 2:
                    continue
                score = often * (spaces[d].rents[0] + self.completion_gain(game, p, d)) + \
                    self.set_value(game, p, d) / 4
            elif o == p:
                score = often * self.level_gain(game, d, 1)
            else:
                rent = 0 if game.players[o].in_jail else spaces[d].rents[game.houses[d] - 1]
                score = -rent - 10 * game.houses[d] - 1000
            if best is None or score > best[0]:
                best = (score, d)
        assert best is not None
        if paid and (best[0] < fee * self.location_bar or cash < reserve // 2):
            return STAY
        return Action("go-to", best[1])

    def pick(self, game: Any, p: int) -> Action:
        """The property to aim an Event card at: the best net change of rents for ``p``."""
        play = game.card_play
        choices = [a.deed for a in game.legal_actions(p)]
        if play is None or not choices:
            return game.legal_actions(p)[0]  # type: ignore[no-any-return]
        card = play.card
        kind = card.kind

        def net(deeds: Any, by: int) -> int:
            total = 0
            for d in deeds:
                o = game.owner[d]
                if o < 0:
                    continue
                gain = self.level_gain(game, d, by)
                total += gain if o == p else -gain
            return total

        spaces = game.board.spaces
        if play.stage == "mine":
            return Action("pick", min(choices, key=lambda d: self.keep_value(game, p, d)))
        if play.stage == "theirs":
            return Action("pick", max(choices, key=lambda d: (
                self.keep_value(game, play.other, d) + self.set_value(game, p, d))))
        if kind == "set_rent_level":
            level = card.params["level"]
            return Action("pick", max(choices, key=lambda d: net(
                [d], level - game.houses[d])))
        if kind == "color_set_rent_level_delta":
            by = card.params["delta"]
            return Action("pick", max(choices, key=lambda d: net(
                game.board.group_of[d], by)))
        if kind == "board_side_rent_level_delta":
            by = card.params["delta"]

            def side(d: int) -> list[int]:
                s = spaces[d].extra["board_side"]
                return [x for x in game.streets if spaces[x].extra["board_side"] == s]

            return Action("pick", max(choices, key=lambda d: net(side(d), by)))
        if kind == "property_and_neighbours":
            return Action("pick", max(choices, key=lambda d: net(
                [d], card.params["self_delta"])
                + net(spaces[d].extra["neighbours"], card.params["neighbour_delta"])))
        return Action("pick", choices[0])

    def keep_value(self, game: Any, p: int, deed: int) -> int:
        """What holding a property is worth to ``p`` beyond its price: its rent now and
        the set it belongs to."""
        rents = game.board.spaces[deed].rents
        level = max(1, game.houses[deed])
        group = game.board.group_of[deed]
        together = sum(1 for d in group if game.owner[d] == p)
        return int(rents[level - 1]) + 60 * together

    def choose_player(self, game: Any, p: int) -> Action:
        play = game.card_play
        seats = [a.target for a in game.legal_actions(p)]
        if play is None or not seats:
            return game.legal_actions(p)[0]  # type: ignore[no-any-return]
        kind = play.card.kind
        spaces = game.board.spaces
        if kind == "collect_with_chosen_player":
            return Action("choose-player", target=min(seats, key=game.worth))
        if kind == "send_player_to_jail":
            return Action("choose-player", target=max(seats, key=lambda q: sum(
                spaces[d].rents[game.houses[d] - 1] for d in game.deeds_of(q))))
        return Action("choose-player", target=max(seats, key=lambda q: max(
            self.keep_value(game, q, d) + self.set_value(game, p, d)
            for d in game.deeds_of(q))))

    def give_up(self, game: Any, p: int, creditor: int) -> Action:
        """Give up the property worth least to keep; one that covers the debt alone if
        there is one; never one that completes the creditor's set, if avoidable."""
        owed = -game.cash(p)
        deeds = game.deeds_of(p)
        spaces = game.board.spaces

        def cost(d: int) -> tuple[int, int, int]:
            gift = 0
            if creditor >= 0:
                group = game.board.group_of[d]
                if all(game.owner[x] == creditor for x in group if x != d):
                    gift = 1
            covers = 0 if spaces[d].price >= owed else 1
            return gift, covers, self.keep_value(game, p, d) - spaces[d].price // 4

        return Action("give-up", min(deeds, key=cost))


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
