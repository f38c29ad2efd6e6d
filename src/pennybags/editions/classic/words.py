"""Classic Monopoly's words and facts for the fronts (see :mod:`pennybags.engine.words`):
the questions each decision asks, the menu lines of its actions, the bank's building stock,
total assets. The editions built on classic start from these."""

from __future__ import annotations

from typing import cast

from pennybags.editions.classic.game import HOTEL, ClassicGame
from pennybags.engine.actions import Action, Decision
from pennybags.engine.game import Game
from pennybags.engine.notation import trade_words
from pennybags.engine.words import Words, group_title


class ClassicWords(Words):
    """Classic Monopoly, for the fronts."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.classic = cast(ClassicGame, game)

    # ------------------------------------------------------------ numbers fronts show

    def total_assets(self, seat: int) -> int | None:
        return self.classic.total_assets(seat)

    def building_stock(self) -> tuple[int, int] | None:
        game = self.classic
        return (game.bank_houses, game.bank_hotels) if game.building_stock else None

    def doubles(self) -> int:
        return self.classic.doubles

    def jail_tries(self) -> int:
        return self.classic.max_jail_turns

    def lift_offer(self) -> list[int]:
        return sorted(self.classic.lift_offer)

    def unmortgage_cost(self, deed: int) -> int | None:
        return self.classic.unmortgage_cost(deed)

    def declined_deeds_stay(self) -> bool:
        return bool(self.classic.options.no_auctions)

    def hotel_level(self) -> int:
        return HOTEL

    def buildings_words(self, level: int) -> str:
        """An improvement level in words: "no buildings", "1 house", "3 houses", "a hotel"."""
        if level >= HOTEL:
            return "a hotel"
        if level == 1:
            return "1 house"
        return f"{level} houses" if level else "no buildings"

    # ------------------------------------------------------------ questions

    def question(self, seat: int, decision: Decision) -> str:
        words = self.describe_decision(decision)
        game = self.classic
        name = game.name(seat)
        cash = self.money(game.cash(seat))
        if words is not None:
            return f"{name}, {words} You have {cash}."
        player = game.players[seat]
        board = game.board
        d = decision
        kind = d.kind
        if kind == "roll":
            again = " again (doubles)" if game.doubles else ""
            return f"{name}, your roll{again}. You are on {board[player.position].name} " \
                   f"with {cash}."
        if kind == "jail":
            return (f"{name}, you are in Jail (failed tries so far: {player.jail_turns} of "
                    f"{game.max_jail_turns}) with {cash}.")
        if kind == "buy":
            space = board[d.deed]
            group = board.group_of[d.deed]
            mine = sum(1 for g in group if game.owner[g] == seat)
            about = ""
            if space.group:
                about = f" {group_title(space.group)} group: you own {mine} of {len(group)}."
            rent = f" Rent {self.money(space.rents[0])}." if space.kind == "street" and \
                space.rents else ""
            return (f"{name}, {space.name} is for sale for {self.money(d.amount)}. "
                    f"You have {cash}.{rent}{about}")
        if kind == "bid":
            what = board[d.deed].name if d.deed >= 0 else "a house"
            printed = f" (printed price {self.money(board[d.deed].price)})" if d.deed >= 0 \
                else ""
            high = (f"the high bid is {self.money(d.amount)} by {game.name(d.high_bidder)}"
                    if d.high_bidder >= 0 else "no bids yet")
            return f"{name}: auction of {what}{printed}; {high}. You have {cash}."
        if kind == "debt":
            return (f"{name}, you owe {game.name(d.creditor)} {self.money(d.amount)} but "
                    f"have {cash}. Raise the cash (sell buildings, mortgage, trade) or "
                    "declare bankruptcy.")
        if kind == "end-turn":
            return f"{name}, your turn is done ({cash})."
        if kind == "trade" and d.trade is not None:
            return (f"{name}, {game.name(d.trade.proposer)} offers: "
                    f"{trade_words(game, d.trade)}. You have {cash}.")
        if kind == "mortgaged-deeds":
            names = ", ".join(board[x].name for x in sorted(game.lift_offer)) or "deeds"
            return (f"{name}, you received mortgaged deeds ({names}). Lift a mortgage now "
                    f"for its value alone, or keep it; lifting later costs 10% more. "
                    f"You have {cash}.")
        if kind == "place-house":
            return f"{name}, you won a house at auction: choose the street for it."
        return f"{name}: {kind} ({cash})."

    # ------------------------------------------------------------ menu lines

    def action_label(self, action: Action, decision: Decision | None = None) -> str:
        game = self.classic
        board = game.board
        a = action
        d = decision
        space = board[a.deed] if 0 <= a.deed < board.size else None
        do = a.do
        if space is not None and do == "build":
            level = game.houses[a.deed]
            if d is not None and d.kind == "place-house":
                return f"Place the house on {space.name} (has {self.buildings_words(level)})"
            cost = self.money(space.house_cost)
            if level == HOTEL - 1:
                return f"Build a hotel on {space.name} ({cost}; has 4 houses)"
            return f"Build a house on {space.name} ({cost}; has " \
                   f"{self.buildings_words(level)})"
        if space is not None and do == "sell-building":
            level = game.houses[a.deed]
            what = "the hotel" if level == HOTEL else "a house"
            return f"Sell {what} on {space.name} (+{self.money(space.house_cost // 2)})"
        if space is not None and do == "mortgage":
            return f"Mortgage {space.name} (+{self.money(space.mortgage)})"
        if space is not None and do == "unmortgage":
            return f"Lift the mortgage on {space.name} " \
                   f"(-{self.money(game.unmortgage_cost(a.deed))})"
        if do == "roll":
            return "Roll for doubles" if d is not None and d.kind == "jail" else "Roll the dice"
        if do == "auction" and d is not None and d.deed >= 0:
            if game.options.no_auctions:
                return f"Don't buy {board[d.deed].name} (it stays with the bank)"
            return f"Don't buy it: {board[d.deed].name} goes to auction"
        if do == "end-turn":
            return "End your turn"
        return super().action_label(action, decision)
