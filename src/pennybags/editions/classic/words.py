"""Classic Monopoly's words and facts for the fronts (see :mod:`pennybags.engine.words`):
the questions each decision asks, the menu lines of its actions, the bank's building stock,
total assets. The editions built on classic start from these."""

from __future__ import annotations

from typing import cast

from pennybags.editions.classic.game import HOTEL, ClassicGame
from pennybags.engine.actions import Action, Decision
from pennybags.engine.game import Game
from pennybags.engine.notation import trade_words
from pennybags.engine.words import Words, asks, group_title, labels


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

    # ------------------------------------------------------------ title deeds

    def rent_amount(self, amount: int) -> str:
        """A rent of the title deed in words (an edition that rounds rents says so)."""
        return self.money(amount)

    def group_count(self, deed: int, count: int) -> str:
        """"With 2 railroads", "With 1 utility": how many of ``deed``'s group its owner
        holds."""
        kind = self.classic.board.spaces[deed].kind
        word = {"railroad": ("railroad", "railroads"), "utility": ("utility", "utilities"),
                "cab_company": ("cab company", "cab companies")}.get(
                    kind, (kind.replace("_", " "), kind.replace("_", " ") + "s"))
        return f"With {count} {word[0] if count == 1 else word[1]}"

    def owned_in_group(self, deed: int) -> int:
        """How many deeds of ``deed``'s group its owner holds (0: unowned)."""
        game = self.classic
        owner = game.owner[deed]
        if owner < 0:
            return 0
        return sum(1 for d in game.board.group_of[deed] if game.owner[d] == owner)

    def rent_lines(self, deed: int) -> list[tuple[str, str]]:
        """The title deed's rents: a street's rent, with its whole colour group (doubled),
        with 1 to 4 houses and with a hotel; a railroad's by how many the owner has; a
        utility's as times the dice by how many the owner has."""
        game = self.classic
        space = game.board.spaces[deed]
        if space.kind == "street":
            rents = space.rents
            lines = [("Rent", self.rent_amount(rents[0])),
                     ("With the whole colour group", self.rent_amount(rents[0] * 2))]
            lines += [(f"With {self.buildings_words(level)}", self.rent_amount(rents[level]))
                      for level in range(1, len(rents))]
            return lines
        if space.kind == "railroad":
            return [(self.group_count(deed, n), self.rent_amount(r))
                    for n, r in enumerate(game.railroad_rents, 1)]
        if space.kind == "utility":
            return [(self.group_count(deed, n), f"{m} times the dice")
                    for n, m in enumerate(game.utility_multipliers, 1)]
        return super().rent_lines(deed)

    def rent_line(self, deed: int) -> int:
        game = self.classic
        space = game.board.spaces[deed]
        owner = game.owner[deed]
        if owner < 0 or game.mortgaged[deed]:
            return -1
        if space.kind == "street":
            level = game.houses[deed]
            if level:
                return level + 1
            return 1 if game.owns_group(owner, deed) else 0
        if space.kind in ("railroad", "utility"):
            return self.owned_in_group(deed) - 1
        return super().rent_line(deed)

    # ------------------------------------------------------------ questions

    @asks("roll")
    def ask_roll(self, seat: int, d: Decision) -> str:
        game = self.classic
        again = " again (doubles)" if game.doubles else ""
        return (f"{game.name(seat)}, your roll{again}. You are on "
                f"{game.board[game.players[seat].position].name} with "
                f"{self.money(game.cash(seat))}.")

    @asks("jail")
    def ask_jail(self, seat: int, d: Decision) -> str:
        game = self.classic
        return (f"{game.name(seat)}, you are in Jail (failed tries so far: "
                f"{game.players[seat].jail_turns} of {game.max_jail_turns}) with "
                f"{self.money(game.cash(seat))}.")

    @asks("buy")
    def ask_buy(self, seat: int, d: Decision) -> str:
        game = self.classic
        board = game.board
        space = board[d.deed]
        group = board.group_of[d.deed]
        mine = sum(1 for g in group if game.owner[g] == seat)
        about = ""
        if space.group:
            about = f" {group_title(space.group)} group: you own {mine} of {len(group)}."
        rent = f" Rent {self.money(space.rents[0])}." if space.kind == "street" and \
            space.rents else ""
        return (f"{game.name(seat)}, {space.name} is for sale for {self.money(d.amount)}. "
                f"You have {self.money(game.cash(seat))}.{rent}{about}")

    @asks("bid")
    def ask_bid(self, seat: int, d: Decision) -> str:
        game = self.classic
        board = game.board
        what = board[d.deed].name if d.deed >= 0 else "a house"
        printed = f" (printed price {self.money(board[d.deed].price)})" if d.deed >= 0 \
            else ""
        high = (f"the high bid is {self.money(d.amount)} by {game.name(d.high_bidder)}"
                if d.high_bidder >= 0 else "no bids yet")
        return (f"{game.name(seat)}: auction of {what}{printed}; {high}. You have "
                f"{self.money(game.cash(seat))}.")

    @asks("debt")
    def ask_debt(self, seat: int, d: Decision) -> str:
        game = self.classic
        return (f"{game.name(seat)}, you owe {game.name(d.creditor)} {self.money(d.amount)} "
                f"but have {self.money(game.cash(seat))}. Raise the cash (sell buildings, "
                "mortgage, trade) or declare bankruptcy.")

    @asks("end-turn")
    def ask_end_turn(self, seat: int, d: Decision) -> str:
        return f"{self.game.name(seat)}, your turn is done ({self.money(self.game.cash(seat))})."

    @asks("trade")
    def ask_trade(self, seat: int, d: Decision) -> str | None:
        if d.trade is None:
            return None
        game = self.classic
        return (f"{game.name(seat)}, {game.name(d.trade.proposer)} offers: "
                f"{trade_words(game, d.trade)}. You have {self.money(game.cash(seat))}.")

    @asks("mortgaged-deeds")
    def ask_mortgaged_deeds(self, seat: int, d: Decision) -> str:
        game = self.classic
        names = ", ".join(game.board[x].name for x in sorted(game.lift_offer)) or "deeds"
        return (f"{game.name(seat)}, you received mortgaged deeds ({names}). Lift a mortgage "
                f"now for its value alone, or keep it; lifting later costs 10% more. "
                f"You have {self.money(game.cash(seat))}.")

    @asks("place-house")
    def ask_place_house(self, seat: int, d: Decision) -> str:
        return f"{self.game.name(seat)}, you won a house at auction: choose the street for it."

    # ------------------------------------------------------------ menu lines

    @labels("build")
    def build_label(self, a: Action, d: Decision | None) -> str | None:
        board = self.classic.board
        if not 0 <= a.deed < board.size:
            return None
        space = board[a.deed]
        level = self.classic.houses[a.deed]
        if d is not None and d.kind == "place-house":
            return f"Place the house on {space.name} (has {self.buildings_words(level)})"
        cost = self.money(space.house_cost)
        if level == HOTEL - 1:
            return f"Build a hotel on {space.name} ({cost}; has 4 houses)"
        return f"Build a house on {space.name} ({cost}; has {self.buildings_words(level)})"

    @labels("sell-building")
    def sell_building_label(self, a: Action, d: Decision | None) -> str | None:
        board = self.classic.board
        if not 0 <= a.deed < board.size:
            return None
        space = board[a.deed]
        what = "the hotel" if self.classic.houses[a.deed] == HOTEL else "a house"
        return f"Sell {what} on {space.name} (+{self.money(space.house_cost // 2)})"

    @labels("mortgage")
    def mortgage_label(self, a: Action, d: Decision | None) -> str | None:
        board = self.classic.board
        if not 0 <= a.deed < board.size:
            return None
        return f"Mortgage {board[a.deed].name} (+{self.money(board[a.deed].mortgage)})"

    @labels("unmortgage")
    def unmortgage_label(self, a: Action, d: Decision | None) -> str | None:
        game = self.classic
        if not 0 <= a.deed < game.board.size:
            return None
        return (f"Lift the mortgage on {game.board[a.deed].name} "
                f"(-{self.money(game.unmortgage_cost(a.deed))})")

    @labels("roll")
    def roll_label(self, a: Action, d: Decision | None) -> str:
        return "Roll for doubles" if d is not None and d.kind == "jail" else "Roll the dice"

    @labels("auction")
    def auction_label(self, a: Action, d: Decision | None) -> str | None:
        game = self.classic
        if d is None or d.deed < 0:
            return None
        if game.options.no_auctions:
            return f"Don't buy {game.board[d.deed].name} (it stays with the bank)"
        return f"Don't buy it: {game.board[d.deed].name} goes to auction"

    @labels("end-turn")
    def end_turn_label(self, a: Action, d: Decision | None) -> str:
        return "End your turn"

    # ------------------------------------------------------------ the board map

    def improvement_mark(self, deed: int) -> str:
        """Houses as "1h" to "4h", a hotel as "H" ("" for none)."""
        level = self.classic.houses[deed]
        if not level or self.classic.owner[deed] < 0:
            return ""
        return "H" if level >= HOTEL else f"{level}h"

    def improvement_legend(self) -> str:
        return "2h houses, H hotel"
