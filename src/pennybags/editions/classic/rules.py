"""Classic Monopoly's rulebook as handlers: one rule per action kind (when it is legal and
what it does), per kind of space and per card effect.

Decisions and the actions that answer them (``pennybags actions --edition classic``):

* ``roll``: ``roll`` (before each roll of the turn)
* ``jail``: ``roll`` (try for doubles), ``pay-bail``, ``use-card``
* ``buy``: ``buy``, ``auction`` (decline; the deed is auctioned)
* ``bid``: ``pass``, ``bid`` with an amount
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

from typing import Final

from pennybags.editions.classic.game import BUILD_ALLOWED, BUY_NUMBER, HOTEL, ClassicGame
from pennybags.engine.actions import (
    Action,
    ActionKind,
    Decision,
    DecisionKind,
    amount_field,
    deed_actions,
    deed_field,
    trade_field,
)
from pennybags.engine.decks import Card
from pennybags.engine.ledger import BANK, FREE_PARKING_POT
from pennybags.engine.rules import ActionRule, CardRule, Rulebook, SpaceRule
from pennybags.engine.turn import TURN_ACTIONS, TURN_DECISIONS, TURN_POSES, GoToJail

# ==================================================================== decisions

BUY_DECISION: Final = DecisionKind(
    "buy", ("buy", "auction"),
    "Buying property: an unowned deed landed on is bought at its printed price or auctioned",
    managing=True)
BID_DECISION: Final = DecisionKind(
    "bid", ("pass", "bid"),
    "Auctions: bid more than the high bid, or pass and drop out of this auction")
DEBT_DECISION: Final = DecisionKind(
    "debt", ("declare-bankruptcy",),
    "Debt: raise the cash (sell buildings, mortgage, trade) or declare bankruptcy",
    managing=True)
TRADE_DECISION: Final = DecisionKind(
    "trade", ("accept", "reject", "counter"),
    "Trading: the player offered a trade accepts, rejects or makes a counter-offer")
MORTGAGED_DEEDS_DECISION: Final = DecisionKind(
    "mortgaged-deeds", ("unmortgage", "keep-mortgaged"),
    "Mortgaged deeds received (10% paid): lift the mortgages now for their value alone, or "
    "keep them mortgaged", managing=True)
PLACE_HOUSE_DECISION: Final = DecisionKind(
    "place-house", ("build",),
    "Housing shortage: the house won at auction goes on one of the winner's streets")


def needs_deed(action: Action) -> str | None:
    """The reason when an action that needs a deed has none."""
    return f"'{action.do}' needs a deed" if action.deed < 0 else None


# ==================================================================== buying and auctions

class Buy(ActionRule[ClassicGame]):
    """Buying property: pay the printed price, take the title deed."""

    kind = ActionKind("buy", "Buy the deed landed on at its printed price",
                      label="Buy {deed} for {price}")

    def check(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        assert decision is not None
        cash = game.ledger.balances[player]
        if cash < decision.amount:
            return f"{game.board.spaces[decision.deed].name} costs " \
                   f"{game.money(decision.amount)}; {game.name(player)} has {game.money(cash)}"
        return None

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.buy(player, decision.deed)


class Auction(ActionRule[ClassicGame]):
    """Declining to buy: the deed is auctioned (stays with the bank with ``no-auctions``)."""

    kind = ActionKind("auction", "Decline to buy: the deed goes to auction",
                      label="Don't buy: {deed} goes to auction")

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.decline(player, decision.deed)


class Bid(ActionRule[ClassicGame]):
    """Auctions: any amount above the high bid that the bidder has in cash."""

    kind = ActionKind("bid", "Auctions: bid more than the high bid, within your cash",
                      (amount_field("the bid"),), label="Bid (more than {amount})")

    def check(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        assert decision is not None
        if action.amount <= decision.amount:
            return f"a bid must be more than {game.money(decision.amount)}"
        if action.amount > game.ledger.balances[player]:
            return f"{game.name(player)} has only {game.money(game.cash(player))}"
        return None

    def candidates(self, game: ClassicGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return [] if decision is None else [Action("bid", amount=decision.amount + 1)]

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.bid(player, action.amount)


class Pass(ActionRule[ClassicGame]):
    """Auctions: a pass drops the player out of this auction for good."""

    kind = ActionKind("pass", "Auctions: pass, and drop out of this auction",
                      label="Pass (drop out of this auction)")

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pass_bid(player)


# ==================================================================== houses and hotels

class Build(ActionRule[ClassicGame]):
    """Houses and hotels: build evenly on a complete, unmortgaged colour group, on your turn
    or between turns; or place the house won in a housing-shortage auction."""

    kind = ActionKind("build", "Build a house (a hotel after four) on a street of a complete "
                      "colour group, evenly", (deed_field("the street"),),
                      label="Build on {deed} ({cost})")

    def check(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        deed = action.deed
        if deed < 0:
            return needs_deed(action)
        if decision is None:
            if game.plain_build and game.build_refusal(player, deed) == BUILD_ALLOWED:
                return None  # (the words only for a refusal)
            return game.can_build(player, deed)
        if game.houses[deed] >= HOTEL - 1:
            return f"the house won at auction must go on a street with fewer than " \
                   f"{HOTEL - 1} houses, not on {game.board.spaces[deed].name}"
        return game.can_build(player, deed, check_cash=False)

    def candidates(self, game: ClassicGame, player: int,
                   decision: Decision | None) -> list[Action]:
        made = deed_actions("build", game.board.size)
        return [made[d] for d in game.deeds_of(player)]

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        if decision is not None:  # placing a house won at auction
            game.pending = []
            game.place_house(player, action.deed)
        else:
            game.build(player, action.deed)


class SellBuilding(ActionRule[ClassicGame]):
    """Selling buildings: back to the bank at half their cost, evenly."""

    kind = ActionKind("sell-building", "Sell a house or hotel back to the bank at half its "
                      "cost, evenly", (deed_field("the street"),),
                      label="Sell a building on {deed} (+{half})")

    def check(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        if action.deed < 0:
            return needs_deed(action)
        return game.can_sell_building(player, action.deed)

    def candidates(self, game: ClassicGame, player: int,
                   decision: Decision | None) -> list[Action]:
        made = deed_actions("sell-building", game.board.size)
        return [made[d] for d in game.deeds_of(player)]

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.sell_building(player, action.deed)


# ==================================================================== mortgages

class Mortgage(ActionRule[ClassicGame]):
    """Mortgages: the bank lends the printed mortgage value of a deed with no buildings in
    its group."""

    kind = ActionKind("mortgage", "Mortgage a deed (no buildings in its group) for its "
                      "mortgage value", (deed_field("the deed"),),
                      label="Mortgage {deed} (+{mortgage})")

    def check(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        if action.deed < 0:
            return needs_deed(action)
        return game.can_mortgage(player, action.deed)

    def candidates(self, game: ClassicGame, player: int,
                   decision: Decision | None) -> list[Action]:
        made = deed_actions("mortgage", game.board.size)
        mortgaged = game.mortgaged  # (a mortgaged deed is never mortgaged again)
        return [made[d] for d in game.deeds_of(player) if not mortgaged[d]]

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.mortgage(player, action.deed)


class Unmortgage(ActionRule[ClassicGame]):
    """Lifting a mortgage: its value plus 10% (only its value for a deed just received
    mortgaged, whose 10% was paid on receipt)."""

    kind = ActionKind("unmortgage", "Lift a mortgage: its value plus 10% (its value alone "
                      "right after receiving the deed)", (deed_field("the deed"),),
                      label="Lift the mortgage on {deed}")
    narrows_answers = True

    def answers(self, game: ClassicGame, player: int, action: Action,
                decision: Decision) -> bool:
        return action.deed in game.lift_offer

    def check(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        return needs_deed(action) or game.can_unmortgage(player, action.deed)

    def candidates(self, game: ClassicGame, player: int,
                   decision: Decision | None) -> list[Action]:
        made = deed_actions("unmortgage", game.board.size)
        if decision is not None:
            return [made[d] for d in sorted(game.lift_offer)]
        # Only a mortgaged deed's mortgage is lifted, and only with the cash it costs.
        mortgaged = game.mortgaged
        cash = game.cash(player)
        return [made[d] for d in game.deeds_of(player)
                if mortgaged[d] and game.unmortgage_cost(d) <= cash]

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.unmortgage(player, action.deed)


class KeepMortgaged(ActionRule[ClassicGame]):
    """Mortgaged deeds received: keep them mortgaged (lifting later costs the 10% again)."""

    kind = ActionKind("keep-mortgaged", "Keep the deeds just received mortgaged",
                      label="Keep the deeds mortgaged")

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.keep_mortgaged(player)


# ==================================================================== trading

class ProposeTrade(ActionRule[ClassicGame]):
    """Trading: offer deeds without buildings, cash and Get Out of Jail Free cards for
    another player's, on your turn or between turns."""

    kind = ActionKind("propose-trade", "Offer another player a trade of deeds (no buildings "
                      "in their groups), cash and Get Out of Jail Free cards",
                      (trade_field("the offer"),), label="Propose a trade")

    def check(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        t = action.trade
        if t is None:
            return "propose-trade needs a trade"
        if t.proposer != player:
            return "a player can only propose trades of their own"
        return game.can_trade(t)

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert action.trade is not None
        game.propose(action.trade)


class Accept(ActionRule[ClassicGame]):
    """Trading: accept the offer; deeds, cash and cards change hands at once."""

    kind = ActionKind("accept", "Accept the trade offer", label="Accept the offer")

    def check(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        assert decision is not None and decision.trade is not None
        return game.can_trade(decision.trade)

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.accept_trade(player)


class Reject(ActionRule[ClassicGame]):
    """Trading: reject the offer; nothing changes hands."""

    kind = ActionKind("reject", "Reject the trade offer", label="Reject the offer")

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.reject_trade(player)


class Counter(ActionRule[ClassicGame]):
    """Trading: answer an offer with another offer to the player who made it."""

    kind = ActionKind("counter", "Answer the offer with a counter-offer to its proposer",
                      (trade_field("the counter-offer"),), label="Make a counter-offer")

    def check(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        t = action.trade
        if t is None:
            return "a counter-offer needs a trade"
        offer = game.trade
        assert offer is not None
        if (t.proposer, t.recipient) != (offer.recipient, offer.proposer):
            return "a counter-offer goes back to the player who made the offer"
        return game.can_trade(t)

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert action.trade is not None
        game.counter(action.trade)


# ==================================================================== debt

class DeclareBankruptcy(ActionRule[ClassicGame]):
    """Bankruptcy: everything goes to the creditor (to the bank: the deeds are auctioned);
    the player is out of the game."""

    kind = ActionKind("declare-bankruptcy", "Declare bankruptcy: your assets go to the "
                      "creditor and you leave the game", label="Declare bankruptcy")

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.declare_bankruptcy(player)


# ==================================================================== spaces

def pay_or_owe(game: ClassicGame, payer: int, payee: int, amount: int, reason: str) -> None:
    """``game.owe``, paid at once when settling the due would be the next thing done and
    would pay it (dues settled as the classic game does, nothing else owed, asked or to be
    checked, and the cash covers it), as a landing's rent is: without the due's making and
    settling."""
    if amount > 0 and game.plain_dues and not game.dues and not game.pending and \
            not game.end_check_due and game.ledger.balances[payer] >= amount:
        if game.plain_pay and not game.listeners:  # (the ledger without pay's call)
            game.ledger.transfer(payer, payee, amount, reason)
        else:
            game.pay(payer, payee, amount, reason)
    else:
        game.owe(payer, payee, amount, reason)


class LandOnDeed(SpaceRule[ClassicGame]):
    """A street, railroad or utility: unowned, the lander buys it or it goes to auction;
    owned by another player, the lander pays rent, unless it is mortgaged."""

    def land(self, game: ClassicGame, player: int, space: int, card: Card | None) -> None:
        owner = game.owner[space]
        if owner < 0:
            game.pending = [Decision("buy", player, deed=space,
                                     amount=game.board.spaces[space].price, number=BUY_NUMBER)]
        elif owner != player and not game.mortgaged[space]:
            rent = game.rent(space, card)
            if not game.dues and game.ledger.balances[player] >= rent:
                # what settling the due would do (the ledger without pay's call, when it
                # is all pay would do)
                if game.plain_pay and not game.listeners:
                    game.ledger.transfer(player, owner, rent, "rent")
                else:
                    game.pay(player, owner, rent, "rent")
            else:
                game.owe(player, owner, rent, "rent")


class DrawCard(SpaceRule[ClassicGame]):
    """Chance and Community Chest: draw the top card of that deck."""

    def land(self, game: ClassicGame, player: int, space: int, card: Card | None) -> None:
        game.draw(player, game.board.spaces[space].kind)


class Tax(SpaceRule[ClassicGame]):
    """Income Tax and Luxury Tax: pay the printed amount (to the pot with the house rule)."""

    def land(self, game: ClassicGame, player: int, space: int, card: Card | None) -> None:
        s = game.board.spaces[space]
        pay_or_owe(game, player, game.fee_payee, s.amount, s.name)


class FreeParking(SpaceRule[ClassicGame]):
    """Free Parking: nothing, or the pot with the ``free-parking-pot`` house rule."""

    def land(self, game: ClassicGame, player: int, space: int, card: Card | None) -> None:
        if game.options.free_parking_pot:
            pot = game.ledger.balance(FREE_PARKING_POT)
            if pot:
                game.pay(FREE_PARKING_POT, player, pot, "Free Parking pot")


# ==================================================================== cards

class AdvanceTo(CardRule[ClassicGame]):
    """"Advance to ...": move forward to the space (salary if GO is passed and the card
    says so)."""

    def obey(self, game: ClassicGame, player: int, card: Card) -> None:
        game.move_to(player, card.params["target"], bool(card.get("collect_go_if_passed")))


class AdvanceToNearest(CardRule[ClassicGame]):
    """"Advance to the nearest railroad / utility": the rent the card names is charged."""

    def obey(self, game: ClassicGame, player: int, card: Card) -> None:
        target = game.board.nearest(game.players[player].position, card.params["space_type"])
        game.move_to(player, target, bool(card.get("collect_go_if_passed")), card)


class MoveRelative(CardRule[ClassicGame]):
    """"Go back 3 spaces" (or forward): move by the card's count."""

    def obey(self, game: ClassicGame, player: int, card: Card) -> None:
        steps: int = card.params["spaces"]
        if steps > 0:
            game.move(player, steps)
        else:
            game.move_back(player, -steps)


class GoToJailCard(CardRule[ClassicGame]):
    """"Go to Jail": directly, without passing GO."""

    def obey(self, game: ClassicGame, player: int, card: Card) -> None:
        game.send_to_jail(player)


class Collect(CardRule[ClassicGame]):
    """"Collect $N" from the bank."""

    def obey(self, game: ClassicGame, player: int, card: Card) -> None:
        game.pay(BANK, player, game.card_amount(card.params["amount"]), card.text)


class Pay(CardRule[ClassicGame]):
    """"Pay $N" (to the bank, or the pot with the house rule)."""

    def obey(self, game: ClassicGame, player: int, card: Card) -> None:
        pay_or_owe(game, player, game.fee_payee, game.card_amount(card.params["amount"]),
                   card.text)


class PayEachPlayer(CardRule[ClassicGame]):
    """"Pay each player $N"."""

    def obey(self, game: ClassicGame, player: int, card: Card) -> None:
        amount = game.card_amount(card.params["amount"])
        for q in game.active_players():
            if q != player:
                game.owe(player, q, amount, card.text)


class CollectFromEachPlayer(CardRule[ClassicGame]):
    """"Collect $N from every player"."""

    def obey(self, game: ClassicGame, player: int, card: Card) -> None:
        amount = game.card_amount(card.params["amount"])
        for q in game.active_players():
            if q != player:
                game.owe(q, player, amount, card.text)


class Repairs(CardRule[ClassicGame]):
    """Repairs: so much per house and per hotel."""

    def obey(self, game: ClassicGame, player: int, card: Card) -> None:
        houses, hotels = game.building_counts(player)
        amount = houses * card.params["per_house"] + hotels * card.params["per_hotel"]
        game.owe(player, game.fee_payee, game.card_amount(amount), card.text)


# ==================================================================== the rulebook

CLASSIC_DECISIONS: Final = (*TURN_DECISIONS, BUY_DECISION, BID_DECISION, DEBT_DECISION,
                            TRADE_DECISION, MORTGAGED_DEEDS_DECISION, PLACE_HOUSE_DECISION)

MANAGING_ACTIONS: Final = ("build", "sell-building", "mortgage", "unmortgage",
                           "propose-trade")
"""What players may do at any time while the game waits on a managing decision."""

DEED_SPACE: Final = LandOnDeed()

RULEBOOK: Final = Rulebook(
    CLASSIC_DECISIONS,
    (*TURN_ACTIONS, Buy(), Auction(), Pass(), Bid(), DeclareBankruptcy(), Accept(),
     Reject(), Counter(), KeepMortgaged(), Build(), SellBuilding(), Mortgage(),
     Unmortgage(), ProposeTrade()),
    anytime=MANAGING_ACTIONS,
    spaces={"street": DEED_SPACE, "railroad": DEED_SPACE, "utility": DEED_SPACE,
            "chance": DrawCard(), "community_chest": DrawCard(), "tax": Tax(),
            "go_to_jail": GoToJail(), "free_parking": FreeParking()},
    cards={"advance_to": AdvanceTo(), "move_to": AdvanceTo(),
           "advance_to_nearest": AdvanceToNearest(), "move_relative": MoveRelative(),
           "go_to_jail": GoToJailCard(), "collect": Collect(), "pay": Pay(),
           "pay_each_player": PayEachPlayer(),
           "collect_from_each_player": CollectFromEachPlayer(), "repairs": Repairs()},
    poses={**TURN_POSES, "buy": ClassicGame.pose_buy, "bid": ClassicGame.pose_bid,
           "debt": ClassicGame.pose_debt, "trade": ClassicGame.pose_trade,
           "mortgaged-deeds": ClassicGame.pose_mortgaged_deeds,
           "place-house": ClassicGame.pose_place_house},
)
"""Classic Monopoly's rules."""

BUY: Final = Action("buy")
AUCTION: Final = Action("auction")
PASS: Final = Action("pass")
DECLARE_BANKRUPTCY: Final = Action("declare-bankruptcy")
ACCEPT: Final = Action("accept")
REJECT: Final = Action("reject")
KEEP_MORTGAGED: Final = Action("keep-mortgaged")
