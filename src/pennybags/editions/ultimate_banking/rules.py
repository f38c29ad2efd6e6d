"""Ultimate Banking's rulebook: classic's turn and purchases, with the rules of this edition
put in place of classic's (auctions in $20 presses, rent the owner asks for, Location
spaces, Event cards, debt paid with title deeds) and classic's building, mortgages and
trading left out.

Decisions and the actions that answer them (``pennybags actions --edition
ultimate-banking``; docs/editions/ultimate-banking.md):

* ``roll``: ``roll``; ``jail``: ``roll`` (try for doubles), ``pay-bail``
* ``buy``: ``buy``, ``auction`` (one of the two: an unowned property is never just left)
* ``bid``: ``bid`` (press M: raise the bid by $20), ``pass``; ``time-up`` in a timed auction
* ``rent`` (asked of the owner): ``collect-rent``, ``always-collect-rent``, ``waive-rent``
* ``location``: ``stay``, ``go-to`` a property (pay $100)
* ``event-move``: ``go-to`` a property (free, from a "move to any property" card)
* ``event-deed``: ``pick`` a property for the Event card being played
* ``event-player``: ``choose-player`` (``target`` is the chosen player)
* ``debt``: ``give-up`` a property (to the creditor, or back to the bank)
* ``end-turn``: ``end-turn``
"""

from __future__ import annotations

from typing import Final

from pennybags.editions.classic.rules import RULEBOOK as CLASSIC_RULEBOOK
from pennybags.editions.classic.rules import needs_deed
from pennybags.editions.ultimate_banking.game import CardPlay, EventCard, UltimateBankingGame
from pennybags.engine.actions import (
    Action,
    ActionKind,
    Decision,
    DecisionKind,
    amount_field,
    deed_field,
    target_field,
)
from pennybags.engine.decks import Card
from pennybags.engine.ledger import BANK
from pennybags.engine.rules import ActionRule, CardRule, SpaceRule
from pennybags.engine.turn import NoSpaceRule

# ==================================================================== decisions

DECISIONS: Final = (
    DecisionKind("roll", ("roll",), "The turn: roll the dice (again after doubles)"),
    DecisionKind("jail", ("roll", "pay-bail"),
                 "Jail: pay $100 and roll as usual, or roll for doubles"),
    DecisionKind("buy", ("buy", "auction"),
                 "Buying property: buy an unowned property at its price or auction it; it "
                 "is never just left"),
    DecisionKind("bid", ("bid", "pass", "time-up"),
                 "Auctions: press M to raise the bid by $20; the last bidder wins when the "
                 "others let the bid stand or the timer runs out"),
    DecisionKind("rent", ("collect-rent", "always-collect-rent", "waive-rent"),
                 "Rent: the owner asks for the rent at the property's level (then the level "
                 "rises)"),
    DecisionKind("location", ("stay", "go-to"),
                 "Location: pay $100 to go to any property space, or stay"),
    DecisionKind("event-move", ("go-to",),
                 "Event card: move to any property space for free"),
    DecisionKind("event-deed", ("pick",), "Event card: choose the property it acts on"),
    DecisionKind("event-player", ("choose-player",),
                 "Event card: choose the player it acts on"),
    DecisionKind("debt", ("give-up",),
                 "Debt: give up properties, each at its price, until the balance is zero or "
                 "more"),
    DecisionKind("end-turn", ("end-turn",), "The turn ends; play passes to the left"),
)


# ==================================================================== auctions

class PressM(ActionRule[UltimateBankingGame]):
    """Auctions: each press of M raises the bid by $20 (an amount above the next step is
    that many presses at once, rounded down to the steps)."""

    kind = ActionKind("bid", "Auctions: press M to raise the bid by $20 (an amount counts "
                      "as that many presses)", (amount_field("the bid, in $20 presses"),),
                      label="Press M")

    def check(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        step = game.next_bid()
        amount = max(step, action.amount)
        amount = step + (amount - step) // game.bid_step * game.bid_step
        cash = game.cash(player)
        if amount > cash:
            return f"{game.name(player)} has only {game.money(cash)}; the bid would be " \
                   f"{game.money(amount)}"
        return None

    def candidates(self, game: UltimateBankingGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("bid", amount=game.next_bid())]

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.bid(player, action.amount)


class LetTheBidStand(ActionRule[UltimateBankingGame]):
    """Auctions: let the bid stand (a pass is not final: press again after a new bid)."""

    kind = ActionKind("pass", "Auctions: let the bid stand (you may press again after a new "
                      "bid)", label="Let the bid stand")

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pass_bid(player)


class TimeUp(ActionRule[UltimateBankingGame]):
    """A timed auction: the timer ran out; the last bidder wins (sent by the front that runs
    the clock)."""

    kind = ActionKind("time-up", "Timed auctions: the 5-second timer ran out; the last "
                      "bidder wins", label="The timer runs out")

    def check(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        if game.bidding is None or not game.bidding.timed:
            return "this auction has no timer (option auction-timer): players pass instead"
        return None

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.time_up()


class LeaveJail(ActionRule[UltimateBankingGame]):
    """Jail: pay $100, then roll as usual."""

    kind = ActionKind("pay-bail", "Jail: pay the fee, then roll as usual",
                      label="Pay {fine} to leave Jail, then roll")

    def check(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        cash = game.cash(player)
        if cash < game.jail_fine:
            return f"leaving Jail costs {game.money(game.jail_fine)}; {game.name(player)} " \
                   f"has {game.money(cash)}"
        return None

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pay_bail(player)


# ==================================================================== rent

class CollectRent(ActionRule[UltimateBankingGame]):
    """Rent: the owner asks the lander for the rent at the current level; then it rises."""

    kind = ActionKind("collect-rent", "Rent: ask the lander for the rent at the property's "
                      "level (the level then rises)", label="Ask for the rent")

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.collect_rent(player, decision.deed)


class AlwaysCollectRent(ActionRule[UltimateBankingGame]):
    """Rent: ask now, and collect every later rent of this owner without asking."""

    kind = ActionKind("always-collect-rent", "Rent: ask for it now and collect every later "
                      "rent automatically", label="Ask for the rent, and always from now on")

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.always_collect[player] = True
        game.collect_rent(player, decision.deed)


class WaiveRent(ActionRule[UltimateBankingGame]):
    """Rent: the owner does not ask; the level rises all the same."""

    kind = ActionKind("waive-rent", "Rent: don't ask for it (the level rises all the same)",
                      label="Don't ask for rent")

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.waive_rent(player, decision.deed)


# ==================================================================== Location, Event cards

class GoTo(ActionRule[UltimateBankingGame]):
    """Location ($100) or a "move to any property" Event card: go straight to a property
    space (no GO salary) and land there."""

    kind = ActionKind("go-to", "Go to any property space and land there (Location: pay "
                      "$100; the Event card: free)", (deed_field("the property space"),),
                      label="Go to {deed}")

    def check(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        assert decision is not None
        if action.deed not in game.streets:
            return "choose a property space"
        if decision.kind == "location" and game.cash(player) < game.location_fee:
            return f"going costs {game.money(game.location_fee)}; {game.name(player)} has " \
                   f"{game.money(game.cash(player))}"
        return None

    def candidates(self, game: UltimateBankingGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("go-to", s) for s in game.streets]

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        fee = game.location_fee if decision.kind == "location" else 0
        game.go_to(player, action.deed, fee)


class Stay(ActionRule[UltimateBankingGame]):
    """Location: stay where you are."""

    kind = ActionKind("stay", "Location: stay here", label="Stay here")

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.stay(player)


class Pick(ActionRule[UltimateBankingGame]):
    """Event card: the property it acts on."""

    kind = ActionKind("pick", "Event card: choose the property it acts on",
                      (deed_field("the property"),), label="Choose {deed}")

    def check(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        if action.deed not in game.card_choices(player):
            what = game.board.spaces[action.deed].name if action.deed >= 0 else "that"
            return f"{what} cannot be chosen for this card"
        return None

    def candidates(self, game: UltimateBankingGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("pick", d) for d in game.card_choices(player)]

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.card_choice(player, action.deed)


class ChoosePlayer(ActionRule[UltimateBankingGame]):
    """Event card: the player it acts on."""

    kind = ActionKind("choose-player", "Event card: choose the player it acts on",
                      (target_field("the player"),), label="Choose {target}")

    def check(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        if action.target not in game.card_choices(player):
            return "that player cannot be chosen for this card"
        return None

    def candidates(self, game: UltimateBankingGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("choose-player", target=q) for q in game.card_choices(player)]

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.card_choice(player, action.target)


# ==================================================================== debt

class GiveUp(ActionRule[UltimateBankingGame]):
    """Debt: give up a property, counted at its price (to a player creditor at its level;
    to the bank it becomes unowned)."""

    kind = ActionKind("give-up", "Debt: give up a property, counted at its purchase price",
                      (deed_field("the property"),), label="Give up {deed}")

    def check(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        missing = needs_deed(action)
        if missing:
            return missing
        if game.owner[action.deed] != player:
            return f"{game.name(player)} does not own {game.board.spaces[action.deed].name}"
        return None

    def candidates(self, game: UltimateBankingGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("give-up", d) for d in game.deeds_of(player)]

    def apply(self, game: UltimateBankingGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.give_up(player, action.deed)


# ==================================================================== spaces

class LandOnProperty(SpaceRule[UltimateBankingGame]):
    """A property: unowned, buy it or auction it. Your own: its level rises. Another
    player's: the owner may ask for the rent at the current level, then the level rises;
    an owner in Jail collects nothing and the level stays."""

    def land(self, game: UltimateBankingGame, player: int, space: int,
             card: Card | None) -> None:
        owner = game.owner[space]
        if owner < 0:
            game.pending = [Decision("buy", player, deed=space,
                                     amount=game.board.spaces[space].price)]
            return
        if owner == player:
            game.raise_level(space, 1, "landed")
            return
        if game.players[owner].in_jail:
            if game.listeners:
                game.emit("owner-in-jail", player=owner, deed=space, lander=player)
            return
        game.rent_lander = player
        if game.always_collect[owner]:
            game.collect_rent(owner, space)
            return
        rent = game.rent(space)
        if game.listeners:
            game.emit("rent-due", player=owner, deed=space, lander=player, amount=rent,
                      level=game.houses[space])
        game.pending = [Decision("rent", owner, deed=space, amount=rent, creditor=player)]


class LocationSpace(SpaceRule[UltimateBankingGame]):
    """Location: pay $100 to go to any property space, or stay."""

    def land(self, game: UltimateBankingGame, player: int, space: int,
             card: Card | None) -> None:
        game.ask_location(player)


class EventSpace(SpaceRule[UltimateBankingGame]):
    """Event: draw the top Event card."""

    def land(self, game: UltimateBankingGame, player: int, space: int,
             card: Card | None) -> None:
        game.draw(player, "events")


# ==================================================================== Event cards

class MoveToAnyProperty(EventCard):
    """Move to any property space for free (no GO salary) and land there."""

    def obey(self, game: UltimateBankingGame, player: int, card: Card) -> None:
        game.play_event(player, card, "move")

    def choices(self, game: UltimateBankingGame, player: int, play: CardPlay) -> list[int]:
        return list(game.streets)

    def chosen(self, game: UltimateBankingGame, player: int, play: CardPlay,
               choice: int) -> None:
        game.go_to(player, choice, 0)


class PayPerPropertyOwned(CardRule[UltimateBankingGame]):
    """Pay so much for each property owned."""

    def obey(self, game: UltimateBankingGame, player: int, card: Card) -> None:
        game.owe(player, BANK, card.params["amount"] * len(game.deeds_of(player)), card.text)


class OnTheRun(CardRule[UltimateBankingGame]):
    """The next rents are charged at level 1."""

    def obey(self, game: UltimateBankingGame, player: int, card: Card) -> None:
        game.cheap_rents = card.params["rent_payments"]


class EveryoneToFreeParking(CardRule[UltimateBankingGame]):
    """Every player not in Jail moves to Free Parking."""

    def obey(self, game: UltimateBankingGame, player: int, card: Card) -> None:
        game.move_to_free_parking(player)


class OnAProperty(EventCard):
    """An Event card that changes the rent level of one of the drawer's properties (and
    maybe others), chosen by the drawer."""

    def obey(self, game: UltimateBankingGame, player: int, card: Card) -> None:
        game.play_event(player, card, "deed")

    def choices(self, game: UltimateBankingGame, player: int, play: CardPlay) -> list[int]:
        return game.deeds_of(player)

    def chosen(self, game: UltimateBankingGame, player: int, play: CardPlay,
               choice: int) -> None:
        game.card_play = None
        self.change(game, play.card, choice)

    def change(self, game: UltimateBankingGame, card: Card, deed: int) -> None:
        raise NotImplementedError


class SetRentLevel(OnAProperty):
    """Set a property's rent level (one's own, or any owned property when the card says
    so)."""

    def choices(self, game: UltimateBankingGame, player: int, play: CardPlay) -> list[int]:
        if play.card.get("target") == "any_owned_property":
            return [d for d in game.streets if game.owner[d] >= 0]
        return game.deeds_of(player)

    def change(self, game: UltimateBankingGame, card: Card, deed: int) -> None:
        game.set_level(deed, card.params["level"], card.id)


class ColourSetLevels(OnAProperty):
    """Raise (or lower) every property of the chosen property's colour set."""

    def change(self, game: UltimateBankingGame, card: Card, deed: int) -> None:
        for d in game.board.group_of[deed]:
            game.raise_level(d, card.params["delta"], card.id)


class BoardSideLevels(OnAProperty):
    """Raise (or lower) every property on the chosen property's side of the board."""

    def change(self, game: UltimateBankingGame, card: Card, deed: int) -> None:
        side = game.board.spaces[deed].extra["board_side"]
        for d in game.streets:
            if game.board.spaces[d].extra["board_side"] == side:
                game.raise_level(d, card.params["delta"], card.id)


class PropertyAndNeighbours(OnAProperty):
    """Raise the chosen property and change its neighbours' levels."""

    def change(self, game: UltimateBankingGame, card: Card, deed: int) -> None:
        game.raise_level(deed, card.params["self_delta"], card.id)
        for d in game.board.spaces[deed].extra["neighbours"]:
            game.raise_level(d, card.params["neighbour_delta"], card.id)


class OnAPlayer(EventCard):
    """An Event card that acts on another player, chosen by the drawer."""

    def obey(self, game: UltimateBankingGame, player: int, card: Card) -> None:
        game.play_event(player, card, "player")

    def choices(self, game: UltimateBankingGame, player: int, play: CardPlay) -> list[int]:
        return [q for q in game.active_players() if q != player]


class ShareTheWindfall(OnAPlayer):
    """The drawer and the chosen player each collect the card's amount from the bank."""

    def chosen(self, game: UltimateBankingGame, player: int, play: CardPlay,
               choice: int) -> None:
        game.card_play = None
        card = play.card
        game.pay(BANK, player, card.params["amount"], card.text)
        game.pay(BANK, choice, card.params["amount"], card.text)


class SendToJail(OnAPlayer):
    """Send the chosen player (not in Jail already) to Jail."""

    def choices(self, game: UltimateBankingGame, player: int, play: CardPlay) -> list[int]:
        return [q for q in super().choices(game, player, play)
                if not game.players[q].in_jail]

    def chosen(self, game: UltimateBankingGame, player: int, play: CardPlay,
               choice: int) -> None:
        game.card_play = None
        game.send_to_jail(choice)


class SwapProperties(OnAPlayer):
    """Swap one of your properties for one of the chosen player's (the levels stay): choose
    the player, then your property, then theirs."""

    def choices(self, game: UltimateBankingGame, player: int, play: CardPlay) -> list[int]:
        if play.stage == "mine":
            return game.deeds_of(player)
        if play.stage == "theirs":
            return game.deeds_of(play.other)
        if not game.deeds_of(player):
            return []
        return [q for q in super().choices(game, player, play) if game.deeds_of(q)]

    def chosen(self, game: UltimateBankingGame, player: int, play: CardPlay,
               choice: int) -> None:
        if play.stage == "player":
            play.other = choice
            play.stage = "mine"
            game.ask_card(player)
        elif play.stage == "mine":
            play.mine = choice
            play.stage = "theirs"
            game.ask_card(player)
        else:
            game.card_play = None
            game.swap(player, play.other, play.mine, choice)


# ==================================================================== the rulebook


RULEBOOK: Final = CLASSIC_RULEBOOK.extended(
    decisions=DECISIONS,
    without_decisions=("trade", "mortgaged-deeds", "place-house"),
    without=("use-card", "declare-bankruptcy", "accept", "reject", "counter",
             "keep-mortgaged", "build", "sell-building", "mortgage", "unmortgage",
             "propose-trade"),
    actions=(PressM(), LetTheBidStand(), TimeUp(), LeaveJail(), CollectRent(),
             AlwaysCollectRent(), WaiveRent(), GoTo(), Stay(), Pick(), ChoosePlayer(),
             GiveUp()),
    anytime=(),
    spaces={"street": LandOnProperty(), "location": LocationSpace(), "event": EventSpace(),
            "free_parking": NoSpaceRule()},
    cards={"move_to_any_property": MoveToAnyProperty(),
           "pay_per_property_owned": PayPerPropertyOwned(),
           "temporary_level1_rent": OnTheRun(),
           "all_players_to_free_parking": EveryoneToFreeParking(),
           "swap_properties": SwapProperties(),
           "collect_with_chosen_player": ShareTheWindfall(),
           "send_player_to_jail": SendToJail(),
           "set_rent_level": SetRentLevel(),
           "color_set_rent_level_delta": ColourSetLevels(),
           "board_side_rent_level_delta": BoardSideLevels(),
           "property_and_neighbours": PropertyAndNeighbours()},
    absent={
        "build": "there are no houses or hotels in Ultimate Banking: rent levels rise instead",
        "sell-building": "there are no houses or hotels in Ultimate Banking",
        "mortgage": "there are no mortgages in Ultimate Banking: debt is paid with property",
        "unmortgage": "there are no mortgages in Ultimate Banking",
        "propose-trade": "there is no trading in Ultimate Banking",
        "counter": "there is no trading in Ultimate Banking",
        "declare-bankruptcy": "bankruptcy comes when even every property cannot pay a debt",
        "use-card": "there are no Get Out of Jail Free cards in Ultimate Banking",
    },
    poses={"bid": UltimateBankingGame.pose_press, "rent": UltimateBankingGame.pose_rent,
           "location": UltimateBankingGame.pose_location,
           "event-move": UltimateBankingGame.pose_event_choice,
           "event-deed": UltimateBankingGame.pose_event_choice,
           "event-player": UltimateBankingGame.pose_event_choice},
)
"""Ultimate Banking's rules."""

COLLECT_RENT: Final = Action("collect-rent")
ALWAYS_COLLECT_RENT: Final = Action("always-collect-rent")
WAIVE_RENT: Final = Action("waive-rent")
STAY: Final = Action("stay")
TIME_UP: Final = Action("time-up")
