"""Monopoly 2.3's rulebook: classic's, with the turn, the market, cards in hand, monopoly
buildings, forced purchases and payment in property put in place of classic's buying,
auctions, building, mortgages and trading.

Decisions and the actions that answer them (``pennybags actions --edition monopoly-2.3``):

* ``turn``: ``roll`` (once; ``move`` follows), ``buy-deed`` (a market deed), ``force-buy``
  (a deed of another player), ``play-card`` (a card on a player), ``buy-building`` (a deed
  of the monopoly), ``end-turn`` (after the roll)
* ``move``: ``move`` (whom the roll moves)
* ``jail``: ``roll`` (for a match), ``use-card`` (Get Out of Jail Free), ``buy-building``,
  ``end-turn`` (stay without rolling)
* ``pay``: ``give-deed``, ``give-building`` (what cash cannot cover; ``amount`` is what is
  still owed, ``creditor`` who is owed)
* ``buy``: ``buy``, ``decline`` (a deed a card lets its player buy)
"""

from __future__ import annotations

from typing import Final

from pennybags.editions.classic.game import BUY_NUMBER
from pennybags.editions.classic.rules import RULEBOOK as CLASSIC_RULEBOOK
from pennybags.editions.classic.rules import needs_deed
from pennybags.editions.monopoly_2_3.game import Monopoly23Game
from pennybags.engine.actions import (
    Action,
    ActionKind,
    Decision,
    DecisionKind,
    card_field,
    deed_action,
    deed_field,
    target_field,
)
from pennybags.engine.decks import Card
from pennybags.engine.ledger import BANK
from pennybags.engine.rules import ActionRule, SpaceRule
from pennybags.engine.turn import NO_DECISIONS

DECISIONS: Final = (
    DecisionKind("turn", ("roll", "buy-deed", "force-buy", "play-card", "buy-building",
                          "end-turn"),
                 "The turn: roll once and choose whom the roll moves; buy one market deed, "
                 "force purchases, play cards, buy buildings; end the turn after the roll"),
    DecisionKind("move", ("move",), "Movement: choose whom the roll moves (anyone not in "
                 "Jail)"),
    DecisionKind("jail", ("roll", "use-card", "buy-building", "end-turn"),
                 "Jail: roll for a match, play Get Out of Jail Free, or stay (no fine)"),
    DecisionKind("pay", ("give-deed", "give-building"),
                 "Payment: what cash cannot cover is paid with deeds and buildings"),
    DecisionKind("buy", ("buy", "decline"),
                 "A card that sends a player to an unowned deed lets them buy it"),
)


# ==================================================================== the turn

_MOVES: Final[list[Action]] = []


def move_action(target: int) -> Action:
    """``Action("move", target=target)``, made once per seat (actions are values)."""
    while len(_MOVES) <= target:
        _MOVES.append(Action("move", target=len(_MOVES)))
    return _MOVES[target]


class RollOnce(ActionRule[Monopoly23Game]):
    """The turn's one roll (in Jail: a try for a match)."""

    kind = ActionKind("roll", "Roll once a turn; you then choose whom the roll moves (in "
                      "Jail: roll for a match)", label="Roll the dice")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        assert decision is not None
        if decision.kind == "turn" and game.rolled:
            return f"{game.name(player)} has rolled this turn already"
        return None

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        game.roll(player)


class EndTurnAfterRolling(ActionRule[Monopoly23Game]):
    """The turn ends once the roll has been used (in Jail: stay without rolling)."""

    kind = ActionKind("end-turn", "End the turn (after the roll; in Jail: stay)",
                      label="End the turn")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        assert decision is not None
        if decision.kind == "turn" and not game.rolled:
            return f"{game.name(player)} must roll before ending the turn"
        return None

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = NO_DECISIONS
        game.next_turn()


class Move(ActionRule[Monopoly23Game]):
    """Movement: the roll moves any player not in Jail, chosen by the turn's player."""

    kind = ActionKind("move", "Choose whom the roll moves (not a player in Jail)",
                      (target_field("the player the roll moves"),), label="Move {target}")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        target = action.target
        if target < 0:
            return "move needs a player (target)"
        if not game.may_move(target):
            return f"the roll cannot move {game.name(target)}" + (
                " (in jail)" if game.players[target].in_jail else "")
        return None

    def candidates(self, game: Monopoly23Game, player: int,
                   decision: Decision | None) -> list[Action]:
        return [move_action(q) for q in range(len(game.players))]

    def legal_answers(self, game: Monopoly23Game, player: int,
                      decision: Decision) -> list[Action]:
        return [move_action(q) for q in game.movable()]

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        game.move_player(player, action.target)


# ==================================================================== buying

class BuyFromMarket(ActionRule[Monopoly23Game]):
    """The market: one face-up deed per turn, at its printed price."""

    kind = ActionKind("buy-deed", "Buy one face-up market deed a turn at its printed price",
                      (deed_field("the market deed"),), label="Buy {deed} from the market")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        deed = action.deed
        if deed not in game.market:
            return "only a face-up deed of the market can be bought"
        if game.bought_from_market:
            return "one deed from the market per turn: bought already"
        price = game.board.spaces[deed].price
        if game.ledger.balances[player] < price:
            return f"{game.board.spaces[deed].name} costs {game.money(price)}; " \
                   f"{game.name(player)} has {game.money(game.ledger.balances[player])}"
        return None

    def candidates(self, game: Monopoly23Game, player: int,
                   decision: Decision | None) -> list[Action]:
        return [deed_action("buy-deed", d) for d in game.market]

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        game.buy_from_market(player, action.deed)


class ForceBuy(ActionRule[Monopoly23Game]):
    """Forced purchase: another player's deed outside a monopoly, at 1.5 times its price."""

    kind = ActionKind("force-buy", "Force the sale of another player's deed outside a "
                      "monopoly at 1.5 times its price", (deed_field("their deed"),),
                      label="Force the sale of {deed}")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        return game.why_not_force(player, action.deed)

    def candidates(self, game: Monopoly23Game, player: int,
                   decision: Decision | None) -> list[Action]:
        return [deed_action("force-buy", d) for d in game.board.deeds
                if 0 <= game.owner[d] != player]

    def legal_answers(self, game: Monopoly23Game, player: int,
                      decision: Decision) -> list[Action]:
        # What why_not_force checks, with everything the player could pay worked out once.
        payable = game.payable(player)
        owner = game.owner
        out = []
        for d in game.board.deeds:
            seller = owner[d]
            if seller < 0 or seller == player or game.monopolised(d):
                continue
            if game.force_price(d) <= payable:
                out.append(deed_action("force-buy", d))
        return out

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        game.force_buy(player, action.deed)


class BuyWhereTheCardSent(ActionRule[Monopoly23Game]):
    """A card that lets its player buy the unowned deed it sent them to."""

    kind = ActionKind("buy", "Buy the deed the card sent you to, at its printed price",
                      label="Buy {deed} for {price}")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        assert decision is not None
        if game.ledger.balances[player] < decision.amount:
            return f"{game.board.spaces[decision.deed].name} costs " \
                   f"{game.money(decision.amount)}; {game.name(player)} has " \
                   f"{game.money(game.ledger.balances[player])}"
        return None

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.buy(player, decision.deed)


class Decline(ActionRule[Monopoly23Game]):
    """Leave the deed the card sent you to with the bank."""

    kind = ActionKind("decline", "Leave the deed with the bank", label="Don't buy {deed}")

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.decline(player, decision.deed)


# ==================================================================== cards

class PlayCard(ActionRule[Monopoly23Game]):
    """Cards in hand: the turn's player plays any number, each on any player."""

    kind = ActionKind("play-card", "Play a Chance or Community Chest card from your hand on "
                      "any player", (card_field("the card from your hand"),
                                     target_field("the player it acts on")),
                      label="Play a card on {target}")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        if action.target < 0:
            return "play-card needs the player it is played on (target)"
        return game.why_not_play(player, action.card, action.target)

    def candidates(self, game: Monopoly23Game, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("play-card", card=ref, target=q)
                for ref, _ in game.playable(player) for q in game.active_players()]

    def legal_answers(self, game: Monopoly23Game, player: int,
                      decision: Decision) -> list[Action]:
        targets = game.active_players()
        if game.options.no_double_move:  # (the option's conditions: judged one by one)
            return [Action("play-card", card=ref, target=q)
                    for ref, _ in game.playable(player) for q in targets
                    if game.why_not_play(player, ref, q) is None]
        # Otherwise every card playable (held, not Get Out of Jail Free) goes on anyone in
        # the game.
        return [Action("play-card", card=ref, target=q)
                for ref, _ in game.playable(player) for q in targets]

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        assert action.card is not None
        game.play_card(player, action.card, action.target)


class UseJailCard(ActionRule[Monopoly23Game]):
    """Jail: play a Get Out of Jail Free card: Just Visiting, then a normal turn."""

    kind = ActionKind("use-card", "Jail: play Get Out of Jail Free (Just Visiting, then a "
                      "normal turn)", label="Use a Get Out of Jail Free card")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        if game.jail_card(player) < 0:
            return f"{game.name(player)} has no Get Out of Jail Free card"
        return None

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        game.use_card(player)


# ==================================================================== buildings

class BuyBuilding(ActionRule[Monopoly23Game]):
    """Buildings belong to a whole monopoly: one purchase raises every property of it."""

    kind = ActionKind("buy-building", "Buy a house (a hotel after four) for a whole "
                      "monopoly", (deed_field("a deed of the monopoly"),),
                      label="Buy a building for the monopoly of {deed}")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        return game.can_buy_building(player, action.deed)

    def candidates(self, game: Monopoly23Game, player: int,
                   decision: Decision | None) -> list[Action]:
        return game.building_actions(player)

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        game.buy_building(player, action.deed)


# ==================================================================== paying

class GiveDeed(ActionRule[Monopoly23Game]):
    """Payment: hand over a deed (without buildings) at its printed price."""

    kind = ActionKind("give-deed", "Payment: hand over a deed at its printed price (no "
                      "change is given)", (deed_field("your deed"),), label="Hand over {deed}")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        return needs_deed(action) or game.can_give_deed(player, action.deed)

    def candidates(self, game: Monopoly23Game, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("give-deed", d) for d in game.deeds_of(player)]

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        game.give(player, action.deed, building=False)


class GiveBuilding(ActionRule[Monopoly23Game]):
    """Payment: hand over a building of a monopoly at its cost."""

    kind = ActionKind("give-building", "Payment: hand over a building at its cost",
                      (deed_field("a deed it stands on"),),
                      label="Hand over a building of {deed}")

    def check(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> str | None:
        return needs_deed(action) or game.can_give_building(player, action.deed)

    def candidates(self, game: Monopoly23Game, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("give-building", u) for u in game.building_units(player)]

    def apply(self, game: Monopoly23Game, player: int, action: Action,
              decision: Decision | None) -> None:
        game.give(player, action.deed, building=True)


# ==================================================================== spaces

class LandOnDeed(SpaceRule[Monopoly23Game]):
    """No buying by landing, unless the card that sent the player says so; rent is paid to
    an owner who is not in Jail."""

    def land(self, game: Monopoly23Game, player: int, space: int, card: Card | None) -> None:
        owner = game.owner[space]
        price = game.board.spaces[space].price
        if owner < 0:
            if card is not None and card.get("may_buy") and game.ledger.balances[player] >= price:
                game.pending = [Decision("buy", player, deed=space, amount=price,
                                         number=BUY_NUMBER)]
            return
        if owner == player:
            return
        if game.players[owner].in_jail:
            if game.listeners:  # (no event to make when nobody listens)
                game.emit("no-rent", player=player, deed=space, owner=owner)
            return
        rent = game.rent(space, card)
        if rent <= 0:
            return
        if game.ledger.balances[player] >= rent and game.plain_pay and not (
                game.dues or game.pending or game.end_check_due or game.over or game.listeners):
            # Paid at once: what settling the due would do first, with nothing queued or
            # asked before it and the cash to cover it (without its steps and calls).
            game.ledger.transfer(player, owner, rent, "rent")
            return
        game.dues.append((player, owner, rent, "rent"))  # (game.owe, written out)


class EveryoneDraws(SpaceRule[Monopoly23Game]):
    """Chance and Community Chest: every player not in Jail draws one into their hand."""

    def land(self, game: Monopoly23Game, player: int, space: int, card: Card | None) -> None:
        game.everyone_draws(game.board.spaces[space].kind)


class TaxRoundedUp(SpaceRule[Monopoly23Game]):
    """Taxes: the printed amount rounded up to £5, to the bank."""

    def land(self, game: Monopoly23Game, player: int, space: int, card: Card | None) -> None:
        s = game.board.spaces[space]
        game.owe(player, BANK, game.r5(s.amount), s.name)


# ==================================================================== the rulebook

DEED_SPACE: Final = LandOnDeed()
NO_TRADING: Final = "there is no trading in Monopoly 2.3"
NO_MORTGAGES: Final = "there are no mortgages in Monopoly 2.3"

RULEBOOK: Final = CLASSIC_RULEBOOK.extended(
    decisions=DECISIONS,
    without_decisions=("roll", "end-turn", "bid", "debt", "trade", "mortgaged-deeds",
                       "place-house"),
    without=("auction", "bid", "pass", "pay-bail", "declare-bankruptcy", "accept", "reject",
             "counter", "keep-mortgaged", "build", "sell-building", "mortgage",
             "unmortgage", "propose-trade"),
    actions=(RollOnce(), EndTurnAfterRolling(), Move(), BuyFromMarket(), ForceBuy(),
             PlayCard(), UseJailCard(), BuyBuilding(), GiveDeed(), GiveBuilding(),
             BuyWhereTheCardSent(), Decline()),
    anytime=(),
    spaces={"street": DEED_SPACE, "railroad": DEED_SPACE, "utility": DEED_SPACE,
            "chance": EveryoneDraws(), "community_chest": EveryoneDraws(),
            "tax": TaxRoundedUp()},
    absent={
        "propose-trade": NO_TRADING, "counter": NO_TRADING, "accept": NO_TRADING,
        "mortgage": NO_MORTGAGES, "unmortgage": NO_MORTGAGES,
        "auction": "there are no auctions in Monopoly 2.3: deeds are bought from the market",
        "bid": "there are no auctions in Monopoly 2.3",
        "build": "buildings are bought for a whole monopoly: buy-building",
        "pay-bail": "there is no fine in Monopoly 2.3's Jail: roll for a match or stay",
        "declare-bankruptcy": "bankruptcy comes when even all your property cannot pay",
    },
    poses={"turn": Monopoly23Game.pose_turn, "jail": Monopoly23Game.pose_turn,
           "move": Monopoly23Game.pose_move, "pay": Monopoly23Game.pose_pay,
           "buy": Monopoly23Game.pose_card_purchase},
)
"""Monopoly 2.3's rules."""

DECLINE: Final = Action("decline")
