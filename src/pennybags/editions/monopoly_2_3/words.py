"""Monopoly 2.3's words for the fronts (see :mod:`pennybags.engine.words`): whom a roll
moves, cards in hand, buildings per monopoly, payment in property."""

from __future__ import annotations

from typing import cast

from pennybags.editions.classic.game import HOTEL
from pennybags.editions.classic.words import ClassicWords
from pennybags.editions.monopoly_2_3.game import Monopoly23Game
from pennybags.engine.actions import Action, CardRef, Decision
from pennybags.engine.board import Space
from pennybags.engine.game import Game
from pennybags.engine.words import asks, labels


class Monopoly23Words(ClassicWords):
    """Monopoly 2.3, for the fronts."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.m23 = cast(Monopoly23Game, game)

    def declined_deeds_stay(self) -> bool:
        return True

    def rent_amount(self, amount: int) -> str:
        """Rents are rounded up to the game's unit, as the game charges them."""
        return self.money(self.m23.r5(amount))

    def card_words(self, card: CardRef | None) -> str:
        """A card in hand: "Chance: 'Go to Jail'"."""
        if card is None:
            return "a card"
        key, index = card
        return f"{self.m23.decks[key].name}: '{self.m23.decks[key].cards[index].text}'"

    # ------------------------------------------------------------ menu lines

    @labels("move")
    def move_label(self, action: Action, d: Decision | None) -> str:
        g = self.m23
        d = self.asked(d)
        steps = d.amount if d is not None and d.kind == "move" else sum(g.last_dice)
        q = action.target
        to = g.board.advance(g.players[q].position, steps)[0] if \
            0 <= q < len(g.players) else 0
        return f"Move {g.name(q)} {steps} spaces (to {g.board[to].name})"

    @labels("play-card")
    def play_card_label(self, action: Action, d: Decision | None) -> str:
        return f"Play {self.card_words(action.card)} on {self.m23.name(action.target)}"

    @labels("buy-deed")
    def buy_deed_label(self, action: Action, d: Decision | None) -> str | None:
        space = self.deed_space(action)
        if space is None:
            return None
        return f"Buy {space.name} from the market ({self.money(space.price)})"

    @labels("force-buy")
    def force_buy_label(self, action: Action, d: Decision | None) -> str | None:
        g = self.m23
        space = self.deed_space(action)
        if space is None:
            return None
        return (f"Force {g.name(g.owner[action.deed])} to sell {space.name} "
                f"({self.money(g.force_price(action.deed))})")

    @labels("buy-building")
    def buy_building_label(self, action: Action, d: Decision | None) -> str | None:
        g = self.m23
        if self.deed_space(action) is None:
            return None
        what = "a hotel" if g.houses[action.deed] == HOTEL - 1 else "a house"
        return (f"Buy {what} for {self.building_place(action.deed)} "
                f"({self.money(g.building_cost[action.deed])})")

    @labels("give-deed")
    def give_deed_label(self, action: Action, d: Decision | None) -> str | None:
        space = self.deed_space(action)
        if space is None:
            return None
        return f"Hand over {space.name} (worth {self.money(space.price)})"

    @labels("give-building")
    def give_building_label(self, action: Action, d: Decision | None) -> str | None:
        g = self.m23
        if self.deed_space(action) is None:
            return None
        what = "the hotel" if g.houses[action.deed] == HOTEL else "a house"
        return (f"Hand over {what} of {self.building_place(action.deed)} "
                f"(worth {self.money(g.building_cost[action.deed])})")

    def deed_space(self, action: Action) -> Space | None:
        """The space of an action's deed (None: no deed on the board)."""
        board = self.m23.board
        return board[action.deed] if 0 <= action.deed < board.size else None

    def building_place(self, deed: int) -> str:
        """Where a building stands: the street (per-property-buildings) or its monopoly."""
        space = self.m23.board[deed]
        return space.name if self.m23.options.per_property_buildings else \
            f"the {space.group.replace('_', ' ')} monopoly"

    def improvement_words(self, deed: int) -> str | None:
        """Buildings of a whole monopoly: "2 houses on the monopoly (rent £90)"; with
        ``per-property-buildings`` the common words (houses on that street)."""
        g = self.m23
        level = g.houses[deed]
        if not level or g.owner[deed] < 0 or g.options.per_property_buildings:
            return None
        what = "a hotel" if level >= HOTEL else "1 house" if level == 1 else f"{level} houses"
        return f"{what} on the monopoly (rent {self.money(g.rent(deed))})"

    def shows_mortgages(self) -> bool:
        """The fronts need no mortgage column: this edition has no mortgages."""
        return False

    # ------------------------------------------------------------ questions

    @asks("turn")
    def ask_turn(self, p: int, d: Decision) -> str:
        g = self.m23
        board = g.board
        where = board[g.players[p].position].name
        if g.rolled:
            head = f"you have rolled this turn (you are on {where})."
        else:
            head = (f"your turn (you are on {where}): roll, then choose whom the roll "
                    "moves (anyone not in Jail, you too).")
        extras = []
        if not g.bought_from_market and g.market:
            market = ", ".join(f"{board[m].name} {self.money(board[m].price)}"
                               for m in g.market)
            extras.append(f"buy one market deed this turn ({market})")
        extras.append("force a sale of another player's deed outside a monopoly at 1.5 "
                      "times its price")
        if g.playable(p):
            extras.append("play your cards, each on any player")
        if any(g.can_buy_building(p, a.deed) is None for a in g.building_actions(p)):
            extras.append("buy buildings for a monopoly")
        done = " or end your turn" if g.rolled else ""
        return self.framed(p, f"{head} You may also {'; '.join(extras)}{done}. "
                              f"{self.standing_words(p)}")

    @asks("move")
    def ask_move(self, p: int, d: Decision) -> str:
        g = self.m23
        jailed = [g.name(q) for q in g.active_players() if g.players[q].in_jail]
        note = f" ({', '.join(jailed)} in Jail cannot be moved)" if jailed else ""
        return self.framed(p, f"you rolled {d.amount}: whom does it move? The moved player "
                              f"gets the space's effects{note}.")

    @asks("jail")
    def ask_jail_stay(self, p: int, d: Decision) -> str:
        g = self.m23
        turn = g.players[p].jail_turns + 1
        card = " use your Get Out of Jail Free card," if any(
            g.decks[k].cards[i].kind == "get_out_of_jail_free"
            for k, i in g.players[p].cards) else ""
        return self.framed(p, (
            f"you are in Jail (turn {turn} of {g.max_jail_turns} there; after the "
            f"last you are Just Visiting). Roll for a match (a match: Just Visiting "
            f"and a normal turn),{card} or stay; there is no fine. In Jail you are "
            "still paid but cannot be moved, buy deeds, collect rent or draw cards."))

    @asks("pay")
    def ask_pay(self, p: int, d: Decision) -> str:
        g = self.m23
        reason = g.dues[0][3] if g.dues else "a payment"
        return self.framed(p, (
            f"you owe {g.name(d.creditor)} {self.money(d.amount)} ({reason}) and "
            "your cash cannot cover it: hand over deeds (at their printed price) or "
            "buildings (at their cost) until what is left fits your cash; property "
            "gives no change."))

    @asks("buy")
    def ask_card_purchase(self, p: int, d: Decision) -> str | None:
        if d.deed < 0:
            return None
        return self.framed(p, f"the card lets you buy {self.m23.board[d.deed].name} from the "
                              f"bank for {self.money(d.amount)}, or leave it there.")

    def standing_words(self, p: int) -> str:
        """Monopolies held against the target, and the cards in hand."""
        g = self.m23
        held = g.monopolies(p)
        cards = [g.decks[k].cards[i].text for k, i in g.players[p].cards]
        hand = " Your cards: " + ", ".join(f"'{c}'" for c in cards) + "." if cards else \
            " You hold no cards."
        return f"You own {held} of the {g.to_win} monopolies needed to win.{hand}"

    # ------------------------------------------------------------ the board map

    def deeds_on_offer(self) -> list[int]:
        """The market: the unowned deeds turned face up, bought on one's turn."""
        return list(self.m23.market)
