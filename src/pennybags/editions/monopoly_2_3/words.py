"""Monopoly 2.3's words for the fronts (see :mod:`pennybags.engine.words`): whom a roll
moves, cards in hand, buildings per monopoly, payment in property."""

from __future__ import annotations

from typing import cast

from pennybags.editions.classic.game import HOTEL
from pennybags.editions.classic.words import ClassicWords
from pennybags.editions.monopoly_2_3.game import Monopoly23Game
from pennybags.engine.actions import Action, CardRef, Decision
from pennybags.engine.game import Game


class Monopoly23Words(ClassicWords):
    """Monopoly 2.3, for the fronts."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.m23 = cast(Monopoly23Game, game)

    def declined_deeds_stay(self) -> bool:
        return True

    def action_label(self, action: Action, decision: Decision | None = None) -> str:
        words = self.edition_label(action)
        if words is not None:
            return words
        return super().action_label(action, decision)

    def card_words(self, card: CardRef | None) -> str:
        """A card in hand: "Chance: 'Go to Jail'"."""
        if card is None:
            return "a card"
        key, index = card
        return f"{self.m23.decks[key].name}: '{self.m23.decks[key].cards[index].text}'"

    def edition_label(self, action: Action) -> str | None:
        """A menu line for this edition's actions (used by notation.action_label)."""
        g = self.m23
        do = action.do
        board = g.board
        if do == "move":
            d = g.pending[0] if g.pending else None
            steps = d.amount if d is not None else sum(g.last_dice)
            q = action.target
            to = board.advance(g.players[q].position, steps)[0] if \
                0 <= q < len(g.players) else 0
            return f"Move {g.name(q)} {steps} spaces (to {board[to].name})"
        if do == "play-card":
            return f"Play {self.card_words(action.card)} on {g.name(action.target)}"
        if action.deed < 0 or action.deed >= board.size:
            return None
        space = board[action.deed]
        if do == "buy-deed":
            return f"Buy {space.name} from the market ({self.money(space.price)})"
        if do == "force-buy":
            return (f"Force {g.name(g.owner[action.deed])} to sell {space.name} "
                    f"({self.money(g.force_price(action.deed))})")
        if do == "buy-building":
            level = g.houses[action.deed]
            what = "a hotel" if level == HOTEL - 1 else "a house"
            where = space.name if g.options.per_property_buildings else \
                f"the {space.group.replace('_', ' ')} monopoly"
            return f"Buy {what} for {where} ({self.money(g.building_cost[action.deed])})"
        if do == "give-deed":
            return f"Hand over {space.name} (worth {self.money(space.price)})"
        if do == "give-building":
            level = g.houses[action.deed]
            what = "the hotel" if level == HOTEL else "a house"
            where = space.name if g.options.per_property_buildings else \
                f"the {space.group.replace('_', ' ')} monopoly"
            worth = self.money(g.building_cost[action.deed])
            return f"Hand over {what} of {where} (worth {worth})"
        return None

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

    def describe_decision(self, decision: Decision) -> str | None:
        """The question of each decision kind of this edition, with what the player needs
        to know (the front adds the player's name and cash)."""
        g = self.m23
        d = decision
        p = d.player
        kind = d.kind
        board = g.board
        if kind == "turn":
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
            if g.building_actions(p):
                extras.append("buy buildings for a monopoly")
            done = " or end your turn" if g.rolled else ""
            return (f"{head} You may also {'; '.join(extras)}{done}. "
                    f"{self.standing_words(p)}")
        if kind == "move":
            jailed = [g.name(q) for q in g.active_players() if g.players[q].in_jail]
            note = f" ({', '.join(jailed)} in Jail cannot be moved)" if jailed else ""
            return (f"you rolled {d.amount}: whom does it move? The moved player gets the "
                    f"space's effects{note}.")
        if kind == "jail":
            turn = g.players[p].jail_turns + 1
            card = " use your Get Out of Jail Free card," if any(
                g.decks[k].cards[i].kind == "get_out_of_jail_free"
                for k, i in g.players[p].cards) else ""
            return (f"you are in Jail (turn {turn} of {g.max_jail_turns} there; after the "
                    f"last you are Just Visiting). Roll for a match (a match: Just Visiting "
                    f"and a normal turn),{card} or stay; there is no fine. In Jail you are "
                    "still paid but cannot be moved, buy deeds, collect rent or draw cards.")
        if kind == "pay":
            reason = g.dues[0][3] if g.dues else "a payment"
            return (f"you owe {g.name(d.creditor)} {self.money(d.amount)} ({reason}) and "
                    "your cash cannot cover it: hand over deeds (at their printed price) or "
                    "buildings (at their cost) until what is left fits your cash; property "
                    "gives no change.")
        if kind == "buy" and d.deed >= 0:
            return (f"the card lets you buy {board[d.deed].name} from the bank for "
                    f"{self.money(d.amount)}, or leave it there.")
        return None

    def standing_words(self, p: int) -> str:
        """Monopolies held against the target, and the cards in hand."""
        g = self.m23
        held = g.monopolies(p)
        cards = [g.decks[k].cards[i].text for k, i in g.players[p].cards]
        hand = " Your cards: " + ", ".join(f"'{c}'" for c in cards) + "." if cards else \
            " You hold no cards."
        return f"You own {held} of the {g.to_win} monopolies needed to win.{hand}"
