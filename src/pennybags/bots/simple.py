"""``simple``: a plain, sound player for classic-like editions.

It keeps a cash reserve, buys what it can afford above that reserve, bids up to the printed
price, builds evenly on its colour groups, leaves jail at once when it can spare the fine,
raises cash by mortgaging lone deeds, then selling buildings, then mortgaging the rest, and
offers cash for the last deed it needs to complete a group. It accepts an offer only when
it is paid well and does not hand over a group. The stronger heuristic bot is ``standard``.
In an edition whose decisions it does not know, it answers with the first legal action.

Parameter: ``reserve`` (cash it keeps back, default 150).
"""

from __future__ import annotations

from pennybags.bots.registry import int_param, no_more_params, register_bot
from pennybags.editions.classic.rules import (
    AUCTION,
    BUY,
    DECLARE_BANKRUPTCY,
    KEEP_MORTGAGED,
    PASS,
    REJECT,
)
from pennybags.engine.actions import Action, Trade
from pennybags.engine.game import Game
from pennybags.engine.turn import END_TURN, PAY_BAIL, ROLL, USE_CARD


class SimpleBot:
    name = "simple"

    def __init__(self, reserve: int = 150) -> None:
        self.reserve = reserve
        self.offered: set[tuple[int, int]] = set()
        self.fallbacks = 0
        """How many times the bot's own answer was not legal and it took the first legal
        action instead (a decision of an edition it was not written for)."""

    def choose(self, game: Game, player: int) -> Action:
        action = self.answer_for(game, player)
        if game.can(player, action):
            return action
        self.fallbacks += 1
        return game.legal_actions(player)[0]

    def answer_for(self, game: Game, player: int) -> Action:
        """The bot's answer by classic rules (possibly not legal in other editions)."""
        decision = game.decision_for(player)
        if decision is None:
            raise ValueError("the bot was asked to act without a decision")
        kind = decision.kind
        cash = game.cash(player)
        if kind == "bid":
            return self.bid(game, player, decision.deed, decision.amount)
        if kind == "buy":
            price = decision.amount
            return BUY if cash - price >= self.reserve or (cash >= price and
                                                           self.completes(game, player,
                                                                          decision.deed)) \
                else AUCTION
        if kind == "debt":
            return self.raise_cash(game, player) or DECLARE_BANKRUPTCY
        if kind == "trade":
            return self.answer(game, player, decision.trade)
        if kind == "mortgaged-deeds":
            return KEEP_MORTGAGED
        if kind == "place-house":
            return game.legal_actions(player)[0]
        improve = self.improve(game, player)
        if improve is not None:
            return improve
        if kind == "jail":
            # Only a Get Out of Jail Free card gets out: in some editions the player's cards
            # are other cards too (Ultimate Monopoly's Travel Vouchers, Roll Three cards).
            if game.players[player].cards and game.can(player, USE_CARD):
                return USE_CARD
            if game.can(player, PAY_BAIL) and cash - 50 >= self.reserve:
                return PAY_BAIL
            return ROLL
        if kind == "roll":
            return ROLL
        return END_TURN

    # ------------------------------------------------------------ choices

    def completes(self, game: Game, player: int, deed: int) -> bool:
        group = game.board.group_of[deed]
        return all(game.owner[d] == player for d in group if d != deed)

    def bid(self, game: Game, player: int, deed: int, high: int) -> Action:
        if deed < 0:  # a house in a shortage auction
            limit = game.cash(player) - self.reserve
        else:
            price = game.board[deed].price
            limit = min(price + (price // 2 if self.completes(game, player, deed) else 0),
                        game.cash(player) - self.reserve // 2)
        step = max(1, high // 10) if high else 10
        amount = high + step
        return Action("bid", amount=amount) if amount <= limit else PASS

    def improve(self, game: Game, player: int) -> Action | None:
        """Build, propose a trade or lift a mortgage when there is cash to spare."""
        if not game.may_manage(player):
            return None
        cash = game.cash(player)
        actions = game.legal_actions(player)
        builds = [a for a in actions if a.do == "build"
                  and cash - game.board[a.deed].house_cost >= self.reserve]
        if builds:
            return min(builds, key=lambda a: (game.houses[a.deed], -a.deed))
        offer = self.offer(game, player)
        if offer is not None:
            return offer
        lifts = [a for a in actions if a.do == "unmortgage"
                 and cash - game.board[a.deed].mortgage * 2 >= self.reserve * 2]
        return lifts[0] if lifts else None

    def offer(self, game: Game, player: int) -> Action | None:
        """Offer cash for the one deed that completes a group."""
        board = game.board
        for group in board.groups.values():
            if len(group) < 2 or board[group[0]].kind != "street":
                continue
            missing = [d for d in group if game.owner[d] != player]
            if len(missing) != 1 or len(missing) == len(group):
                continue
            deed = missing[0]
            owner = game.owner[deed]
            if owner < 0 or (player, deed) in self.offered:
                continue
            if any(game.houses[d] for d in group):
                continue
            price = board[deed].price * 2
            if game.cash(player) - price < self.reserve:
                continue
            self.offered.add((player, deed))
            trade = Trade(player, owner, take=(deed,), give_cash=price)
            action = Action("propose-trade", trade=trade)
            if game.can(player, action):
                return action
        return None

    def answer(self, game: Game, player: int, trade: Trade | None) -> Action:
        if trade is None or trade.take_shares:  # (shares: an edition's stock exchange)
            return REJECT
        board = game.board
        value_out = sum(board[d].price for d in trade.take)
        value_in = sum(board[d].price for d in trade.give) + trade.give_cash - trade.take_cash
        for d in trade.take:  # would the proposer complete a group with it?
            completes = board[d].kind == "street" and all(
                game.owner[g] == trade.proposer for g in board.group_of[d] if g != d)
            # Sell a group's last deed only for a premium and only holding a group ourselves.
            if completes and (value_in < value_out * 2 or not self.has_group(game, player)):
                return REJECT
        if value_in >= value_out * 3 // 2 and game.can(player, Action("accept")):
            return Action("accept")
        return REJECT

    def has_group(self, game: Game, player: int) -> bool:
        board = game.board
        return any(board[g[0]].kind == "street" and all(game.owner[d] == player for d in g)
                   for g in board.groups.values() if g)

    def raise_cash(self, game: Game, player: int) -> Action | None:
        """Mortgage lone deeds (cheapest mortgage first), then sell buildings (cheapest
        houses first), then mortgage deeds of complete groups; where the edition has them,
        then sell a group's buildings down (the bank short of the lower ones) and mortgage
        shares."""
        actions = game.legal_actions(player)
        mortgages = [a for a in actions if a.do == "mortgage"]
        lone = [a for a in mortgages if not self.completes_group_held(game, player, a.deed)]
        if lone:
            return min(lone, key=lambda a: game.board[a.deed].mortgage)
        sells = [a for a in actions if a.do == "sell-building"]
        if sells:
            return min(sells, key=lambda a: game.board[a.deed].house_cost)
        if mortgages:
            return mortgages[0]
        for a in actions:
            if a.do == "sell-down" or a.do == "mortgage-share":
                return a
        return None

    def completes_group_held(self, game: Game, player: int, deed: int) -> bool:
        return all(game.owner[d] == player for d in game.board.group_of[deed])


def _make(seed: int, params: dict[str, str]) -> SimpleBot:
    reserve = int_param(params, "reserve", 150)
    no_more_params("simple", params)
    return SimpleBot(reserve)


register_bot("simple", _make)
