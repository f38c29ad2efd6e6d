"""Trades of Ultimate Monopoly's assets (issue 16): deeds, cash, shares (mortgaged ones with
the receiver's 10%), Travel Vouchers, Roll Three cards and kept Chance and Community Chest
cards; the refusals; the notation; and random games full of trades that keep everything
whole and replay. Each test is named after the rule it checks."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import um_helpers as um
from pennybags import history, scenario
from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.editions.classic.game import ClassicGame
from pennybags.editions.ultimate_monopoly import EDITION, trades
from pennybags.editions.ultimate_monopoly.game import (
    ROLL_THREE,
    VOUCHERS,
    UltimateMonopolyGame,
)
from pennybags.editions.ultimate_monopoly.travel import is_expiring
from pennybags.engine.actions import Action, IllegalAction, Trade
from pennybags.engine.game import Event
from pennybags.engine.ledger import BANK
from pennybags.engine.notation import (
    action_from_json,
    action_from_text,
    action_to_json,
    action_to_text,
    share_entry,
    trade_card_entry,
    trade_words,
)
from pennybags.engine.snapshot import snapshot
from um_helpers import deal

CHANCE = "chance"
COMMUNITY_CHEST = "community_chest"
MOTION_PICTURES, ACME_MOTORS = 0, 5
"""Companies by index: Motion Pictures (mortgage value $50), Acme Motors ($75)."""
MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT = 1, 3, 5, 6, 8


# ==================================================================== set-ups

def new_game(names: tuple[str, ...] = ("Ann", "Bob", "Cy"), seed: int = 1,
             events: list[Event] | None = None) -> UltimateMonopolyGame:
    """Ann's turn (seat 0), at her roll. Each player holds the Travel Voucher and the Roll
    Three card dealt at the start (seed 1: Ann a Bus Ticket that expires the others, Bob a
    Travel Card, Cy a plain Bus Ticket)."""
    return um.new_game(names, seed, events)


def give_shares(game: UltimateMonopolyGame, seat: int, company: int, count: int,
                mortgaged: int = 0) -> None:
    """``seat`` holds ``count`` more shares of ``company`` from the bank, ``mortgaged`` of
    them mortgaged."""
    game.bank_shares[company] -= count
    game.shares[seat][company] += count
    game.shares_mortgaged[seat][company] += mortgaged


def ids(game: UltimateMonopolyGame, seat: int, key: str) -> list[str]:
    return [game.decks[k].cards[i].id for k, i in game.players[seat].cards if k == key]


def propose(game: UltimateMonopolyGame, t: Trade) -> None:
    game.act(t.proposer, Action("propose-trade", trade=t))


def accept(game: UltimateMonopolyGame) -> None:
    d = game.pending[0]
    assert d.kind == "trade"
    game.act(d.player, Action("accept"))


def why(game: UltimateMonopolyGame, t: Trade) -> str:
    """Why proposing ``t`` is refused (and that acting on it changes nothing)."""
    action = Action("propose-trade", trade=t)
    reason = game.why_illegal(t.proposer, action)
    assert reason is not None, f"{t} was allowed"
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.act(t.proposer, action)
    assert snapshot(game) == before
    return reason


def shares_conserved(game: UltimateMonopolyGame) -> bool:
    for c in game.stocks:
        held = sum(game.shares[p.seat][c.index] for p in game.players)
        if game.bank_shares[c.index] + held != c.shares:
            return False
        if any(not 0 <= game.shares_mortgaged[p.seat][c.index] <= game.shares[p.seat][c.index]
               for p in game.players):
            return False
    return True


# ==================================================================== cards

def test_trade_a_specific_travel_voucher() -> None:
    """A card named deck:card-id: Ann holds a Bus Ticket and a Travel Card and sells the
    Travel Card; exactly that card changes hands."""
    game = new_game()
    deal(game, 0, VOUCHERS, "travel-card")
    propose(game, Trade(0, 1, take_cash=40, give_cards=("travel_vouchers:travel-card",)))
    accept(game)
    assert ids(game, 0, VOUCHERS) == ["bus-ticket-expiring"]
    assert ids(game, 1, VOUCHERS) == ["travel-card", "travel-card"]
    assert game.cash(0) == 3240 and game.cash(1) == 3160
    assert game.ledger.conserved()


def test_trade_an_expiring_voucher_keeps_it_expiring_and_expires_nothing() -> None:
    """An expiring Bus Ticket is a card like any other in a trade: it changes hands (and
    stays an expiring one), and no voucher expires by the trade."""
    game = new_game()
    ann_card = game.players[0].cards[0]
    assert is_expiring(game, ann_card[1])
    propose(game, Trade(0, 2, give_cards=("travel_vouchers:bus-ticket-expiring",),
                        take_cards=("travel_vouchers",)))
    accept(game)
    assert ids(game, 2, VOUCHERS) == ["bus-ticket-expiring"]
    assert ids(game, 0, VOUCHERS) == ["bus-ticket"]
    assert ids(game, 1, VOUCHERS) == ["travel-card"]
    assert game.players[2].cards[-1] == ann_card and is_expiring(game, ann_card[1])


def test_trade_a_roll_three_card() -> None:
    """"Roll Three cards may be bought, sold, or traded among players": Bob buys Ann's."""
    game = new_game()
    card = game.players[0].cards[1]
    propose(game, Trade(0, 1, take_cash=100, give_cards=("roll_three:roll-three-1-2-4",)))
    accept(game)
    assert ids(game, 0, ROLL_THREE) == []
    assert ids(game, 1, ROLL_THREE) == ["roll-three-3-5-6", "roll-three-1-2-4"]
    assert game.players[1].cards[-1] == card


def test_trade_a_kept_chance_card() -> None:
    """A kept Chance or Community Chest card ("Keep ...; tradeable") changes hands, by id or
    by its deck key when the holder keeps one card of that deck."""
    game = new_game()
    deal(game, 1, CHANCE, "just-say-no")
    deal(game, 1, COMMUNITY_CHEST, "get-out-of-jail-free")
    propose(game, Trade(0, 1, give_cash=75, take_cards=("chance:just-say-no",
                                                        COMMUNITY_CHEST)))
    accept(game)
    assert ids(game, 0, CHANCE) == ["just-say-no"]
    assert ids(game, 0, COMMUNITY_CHEST) == ["get-out-of-jail-free"]
    assert ids(game, 1, CHANCE) == [] and ids(game, 1, COMMUNITY_CHEST) == []


def test_a_card_named_by_its_index_is_exactly_that_card() -> None:
    """deck:#index names one card of the pile, whatever its id."""
    game = new_game()
    key, index = deal(game, 0, VOUCHERS, "bus-ticket")
    propose(game, Trade(0, 1, give_cards=(f"travel_vouchers:#{index}",), take_cash=1))
    accept(game)
    assert game.players[1].cards[-1] == (key, index)
    assert ids(game, 0, VOUCHERS) == ["bus-ticket-expiring"]


def test_a_card_named_by_its_id_and_index_is_that_copy() -> None:
    """deck:card-id#index (how the notation writes one of several printed copies) names
    exactly that copy; an index whose card has another id is refused."""
    game = new_game()
    deal(game, 0, VOUCHERS, "travel-card")
    second = deal(game, 0, VOUCHERS, "travel-card")
    entry = trade_card_entry(game, second)
    assert entry == f"travel_vouchers:travel-card#{second[1]}"
    propose(game, Trade(0, 1, give_cards=(entry,), take_cash=1))
    accept(game)
    assert game.players[1].cards[-1] == second
    assert second not in game.players[0].cards
    assert f"no card chance:just-say-no#{second[1]} in the Chance deck" in why(
        game, Trade(1, 0, give_cards=(f"chance:just-say-no#{second[1]}",)))


def test_copies_of_one_card_trade_one_at_a_time() -> None:
    """Copies of a card are alike: naming its id twice hands over two of them, the first
    received first; three are refused to a holder of two."""
    game = new_game()
    first = deal(game, 1, CHANCE, "just-say-no")
    second = deal(game, 1, CHANCE, "just-say-no")
    assert "Bob does not hold chance:just-say-no" in why(game, Trade(
        0, 1, take_cards=("chance:just-say-no",) * 3))
    propose(game, Trade(0, 1, take_cards=("chance:just-say-no",) * 2, give_cash=10))
    accept(game)
    assert game.players[0].cards[-2:] == [first, second]


def test_bare_deck_key_names_the_only_kind_of_card_held() -> None:
    """A bare deck key names the side's card from that deck when all they hold from it are
    alike: Bob's one Roll Three card."""
    game = new_game()
    propose(game, Trade(0, 1, give_cash=50, take_cards=("roll_three",)))
    accept(game)
    assert ids(game, 0, ROLL_THREE) == ["roll-three-1-2-4", "roll-three-3-5-6"]


def test_bare_deck_key_is_refused_when_the_holder_has_different_cards() -> None:
    """A bare deck key is ambiguous when the holder's cards from that deck differ: the
    refusal names the cards to choose from."""
    game = new_game()
    deal(game, 0, VOUCHERS, "travel-card")
    reason = why(game, Trade(0, 1, give_cards=("travel_vouchers",)))
    assert reason == ("Ann holds different cards from travel_vouchers: name one, "
                      "travel_vouchers:bus-ticket-expiring or travel_vouchers:travel-card")


def test_refused_a_card_not_held() -> None:
    game = new_game()
    assert why(game, Trade(0, 1, give_cards=("travel_vouchers:travel-card",))) == \
        "Ann does not hold travel_vouchers:travel-card"
    assert why(game, Trade(0, 1, take_cards=(CHANCE,))) == "Bob has no card from chance"
    assert why(game, Trade(0, 1, give_cards=("roll_three:roll-three-3-5-6",))) == \
        "Ann does not hold roll_three:roll-three-3-5-6"
    assert why(game, Trade(0, 1, give_cards=("chance:no-such-card",))) == \
        "no card chance:no-such-card in the Chance deck"


def test_refused_a_card_already_named_in_the_offer() -> None:
    """Each entry names one more card: a second entry for Ann's one Roll Three card is
    refused."""
    game = new_game()
    assert why(game, Trade(0, 1, give_cards=("roll_three", "roll_three:roll-three-1-2-4"))) \
        == "Ann does not hold roll_three:roll-three-1-2-4"


# ==================================================================== shares

def test_trade_shares_privately() -> None:
    """Stock "can be sold to any player as a private transaction for any amount that the
    owner can get": two shares of Motion Pictures for $500; the bank's shares don't move."""
    game = new_game()
    give_shares(game, 0, MOTION_PICTURES, 3)
    propose(game, Trade(0, 1, take_cash=500, give_shares=("motion-pictures",) * 2))
    accept(game)
    assert game.shares[0][MOTION_PICTURES] == 1 and game.shares[1][MOTION_PICTURES] == 2
    assert game.bank_shares[MOTION_PICTURES] == 2
    assert game.cash(0) == 3700 and game.cash(1) == 2700
    assert shares_conserved(game) and game.ledger.conserved()
    assert game.pending[0].kind == "roll" and game.pending[0].player == 0


def test_a_mortgaged_share_stays_mortgaged_and_its_receiver_pays_10_percent() -> None:
    """"Shares trade like deeds" (ruling 9): the receiver of a mortgaged share pays the bank
    10% of its mortgage value at once ($7 on Acme Motors, mortgage value $75); the share
    stays mortgaged (no offer to lift it for its value alone)."""
    game = new_game()
    give_shares(game, 1, ACME_MOTORS, 2, mortgaged=1)
    bank = game.ledger.balance(BANK)
    propose(game, Trade(0, 1, give_cash=100,
                        take_shares=("acme-motors:mortgaged", "acme-motors")))
    accept(game)
    assert game.shares[0][ACME_MOTORS] == 2 and game.shares_mortgaged[0][ACME_MOTORS] == 1
    assert game.shares[1][ACME_MOTORS] == 0 and game.shares_mortgaged[1][ACME_MOTORS] == 0
    assert game.cash(0) == 3200 - 100 - 7 and game.cash(1) == 3300
    assert game.ledger.balance(BANK) == bank + 7
    assert game.ledger.transactions[-1].reason == trades.MORTGAGED_SHARE_FEE
    assert game.pending[0].kind == "roll"


def test_the_10_percent_on_a_mortgaged_share_is_a_debt_when_short() -> None:
    """A receiver without the 10% owes it: the debt decision comes (raise it or go
    bankrupt)."""
    game = new_game()
    give_shares(game, 1, ACME_MOTORS, 1, mortgaged=1)
    game.set_owner(MEDITERRANEAN, 0)
    game.ledger.transfer(0, BANK, game.cash(0) - 3, "test")
    propose(game, Trade(0, 1, take_shares=("acme-motors:mortgaged",)))
    accept(game)
    d = game.pending[0]
    assert (d.kind, d.player, d.amount, d.creditor) == ("debt", 0, 7, BANK)
    assert game.shares_mortgaged[0][ACME_MOTORS] == 1
    game.act(0, Action("mortgage", MEDITERRANEAN))
    assert game.cash(0) == 3 + game.board.spaces[MEDITERRANEAN].mortgage - 7
    assert game.pending[0].kind == "roll" and game.ledger.conserved()


def test_refused_shares_not_held_or_too_many() -> None:
    game = new_game()
    give_shares(game, 0, MOTION_PICTURES, 2, mortgaged=1)
    assert why(game, Trade(0, 1, give_shares=("acme-motors",))) == \
        "Ann has no unmortgaged shares of Acme Motors"
    assert why(game, Trade(0, 1, give_shares=("motion-pictures",) * 2)) == \
        "Ann has only 1 unmortgaged share of Motion Pictures"
    assert why(game, Trade(0, 1, give_shares=("motion-pictures:mortgaged",) * 2)) == \
        "Ann has only 1 mortgaged share of Motion Pictures"
    assert why(game, Trade(0, 1, take_shares=("motion-pictures:mortgaged",))) == \
        "Bob has no mortgaged shares of Motion Pictures"
    assert why(game, Trade(0, 1, give_shares=("motion pictures",))).startswith(
        "no company 'motion pictures' for a share; the companies are motion-pictures, ")


def test_classic_refuses_shares_in_one_sentence() -> None:
    """An edition without a Stock Exchange refuses an offer with shares."""
    game = get_edition("classic").new_game(["Ann", "Bob"], seed=1, decide_order=False)
    assert isinstance(game, ClassicGame)
    t = Trade(0, 1, give_cash=10, take_shares=("acme-motors",))
    assert game.why_illegal(0, Action("propose-trade", trade=t)) == \
        "Monopoly (classic, US board) has no Stock Exchange: shares cannot be traded"
    with pytest.raises(ValueError, match="has no Stock Exchange: a trade cannot hold shares"):
        action_from_text(game, 0, "propose-trade to=Bob give_shares=acme-motors")


def test_classic_trades_only_get_out_of_jail_free_cards() -> None:
    """Classic keeps and trades Get Out of Jail Free cards only: a bare deck key names it,
    as before; any other card is refused."""
    game = get_edition("classic").new_game(["Ann", "Bob"], seed=1, decide_order=False)
    assert isinstance(game, ClassicGame)
    assert game.can_trade(Trade(0, 1, give_cards=(CHANCE,))) == \
        "Ann has no Get Out of Jail Free card from chance"
    assert game.can_trade(Trade(0, 1, give_cards=("chance:go-to-jail",))) == \
        "only Get Out of Jail Free cards can be traded"
    index = game.decks[CHANCE].index_of("get-out-of-jail-free")
    game.decks[CHANCE].remove(index)
    game.players[0].cards.append((CHANCE, index))
    assert game.can_trade(Trade(0, 1, give_cards=(CHANCE,))) is None
    assert game.can_trade(Trade(0, 1, give_cards=("chance:get-out-of-jail-free",))) is None
    propose_classic = Action("propose-trade", trade=Trade(0, 1, take_cash=50,
                                                          give_cards=(CHANCE,)))
    game.act(0, propose_classic)
    game.act(1, Action("accept"))
    assert game.players[1].cards == [(CHANCE, index)] and game.players[0].cards == []


# ==================================================================== mixtures, counters

def test_trade_deeds_cash_shares_and_cards_together() -> None:
    """Everything at once, both ways: a deed, cash, a share and a voucher for a deed, a
    mortgaged share and a Roll Three card."""
    game = new_game()
    for deed, seat in ((MEDITERRANEAN, 0), (BALTIC, 1)):
        game.set_owner(deed, seat)
    give_shares(game, 0, MOTION_PICTURES, 1)
    give_shares(game, 1, ACME_MOTORS, 1, mortgaged=1)
    t = Trade(0, 1, give=(MEDITERRANEAN,), take=(BALTIC,), give_cash=60,
              give_cards=("travel_vouchers:bus-ticket-expiring",),
              take_cards=("roll_three:roll-three-3-5-6",),
              give_shares=("motion-pictures",), take_shares=("acme-motors:mortgaged",))
    propose(game, t)
    accept(game)
    assert game.owner[MEDITERRANEAN] == 1 and game.owner[BALTIC] == 0
    assert game.shares[1][MOTION_PICTURES] == 1 and game.shares[0][ACME_MOTORS] == 1
    assert game.shares_mortgaged[0][ACME_MOTORS] == 1
    assert ids(game, 1, VOUCHERS) == ["travel-card", "bus-ticket-expiring"]
    assert ids(game, 0, ROLL_THREE) == ["roll-three-1-2-4", "roll-three-3-5-6"]
    assert game.cash(0) == 3200 - 60 - 7 and game.cash(1) == 3260
    assert shares_conserved(game) and game.ledger.conserved()


def test_counter_offer_with_shares_and_cards() -> None:
    """Bob answers Ann's offer with a counter-offer asking for her share and her voucher;
    Ann accepts it."""
    game = new_game()
    give_shares(game, 0, ACME_MOTORS, 1)
    propose(game, Trade(0, 1, give_shares=("acme-motors",), take_cash=300))
    counter = action_from_json(game, 1, {"do": "counter", "take_shares": ["Acme Motors"],
                                         "take_cards": ["travel_vouchers"],
                                         "give_cash": 250})
    assert counter.trade == Trade(1, 0, give_cash=250, take_cards=("travel_vouchers",),
                                  take_shares=("acme-motors",))
    assert counter.trade == Trade(0, 1, give_shares=("acme-motors",)).countered(
        (), (), 250, 0, (), ("travel_vouchers",), (), ("acme-motors",))
    game.act(1, counter)
    assert game.pending[0].player == 0 and game.pending[0].kind == "trade"
    accept(game)
    assert game.shares[1][ACME_MOTORS] == 1 and ids(game, 1, VOUCHERS) == [
        "travel-card", "bus-ticket-expiring"]
    assert game.cash(0) == 3450 and game.cash(1) == 2950


def test_counter_offer_refused_for_a_share_not_held() -> None:
    game = new_game()
    give_shares(game, 0, ACME_MOTORS, 1)
    propose(game, Trade(0, 1, give_shares=("acme-motors",), take_cash=300))
    counter = Action("counter", trade=Trade(1, 0, take_shares=("acme-motors",) * 2))
    assert game.why_illegal(1, counter) == "Ann has only 1 unmortgaged share of Acme Motors"


def test_accept_checks_the_offer_again() -> None:
    """What changed since the offer counts at the answer: a share mortgaged meanwhile (by a
    scenario's hand here) is no longer an unmortgaged one."""
    game = new_game()
    give_shares(game, 0, ACME_MOTORS, 1)
    propose(game, Trade(0, 1, give_shares=("acme-motors",), take_cash=300))
    game.shares_mortgaged[0][ACME_MOTORS] = 1
    assert game.why_illegal(1, Action("accept")) == \
        "Ann has no unmortgaged shares of Acme Motors"


# ==================================================================== buildings, Mr. Monopoly

def test_no_trade_of_a_property_with_buildings_in_the_owners_group() -> None:
    """Ultimate Monopoly's building rule applies to a trade's deeds: a railroad with a Train
    Depot, or a street of a group where its owner has buildings, stays."""
    game = new_game()
    for deed in (ORIENTAL, VERMONT, READING):
        game.set_owner(deed, 0)
    game.houses[ORIENTAL] = 1
    game.houses[READING] = 1
    assert "Light blue" in why(game, Trade(0, 1, give=(VERMONT,)))
    assert "Train Depot" in why(game, Trade(0, 1, give=(READING,), give_shares=()))


def test_nobody_trades_until_the_mr_monopoly_move_is_completed() -> None:
    """"An opponent can't build or trade until your MR. MONOPOLY move is completed": while
    Ann's Mr. Monopoly move is to come, neither Bob nor Ann may offer a trade, nor answer
    one with a counter-offer or accept it."""
    game = new_game()
    game.dice.script([[1, 2, "mr_monopoly"]])
    game.act(0, Action("roll"))
    assert game.pending[0].kind == "buy" and game.mr_monopoly_to_come == 0
    words = "nobody may trade until Ann's Mr. Monopoly move is completed"
    assert why(game, Trade(1, 2, give_cash=10)) == words
    assert why(game, Trade(0, 2, give_cash=10)) == words
    assert game.can_trade(Trade(1, 2, give_cash=10)) == words
    # An offer made before it (set up by hand: a throw cannot come while an offer waits).
    game = new_game()
    propose(game, Trade(1, 2, give_cash=10))
    game.mr_monopoly_to_come = 0
    assert game.why_illegal(2, Action("accept")) == words
    assert game.why_illegal(2, Action("counter", trade=Trade(2, 1, take_cash=5))) == words
    assert game.why_illegal(2, Action("reject")) is None


# ==================================================================== notation

def notation_game() -> tuple[UltimateMonopolyGame, list[Trade]]:
    game = new_game()
    deal(game, 1, CHANCE, "just-say-no")
    give_shares(game, 0, ACME_MOTORS, 2, mortgaged=1)
    game.set_owner(MEDITERRANEAN, 0)
    return game, [
        Trade(0, 1, give_shares=("acme-motors", "acme-motors:mortgaged"), take_cash=10),
        Trade(0, 2, give=(MEDITERRANEAN,), give_cards=("travel_vouchers:bus-ticket-expiring",
                                                        "roll_three"),
              take_cards=("travel_vouchers:#10",), take_shares=("motion-pictures",)),
        Trade(0, 1, give_cash=5, take_cards=(CHANCE, "chance:just-say-no")),
    ]


def test_trade_notation_round_trips_through_json_and_text() -> None:
    game, offers = notation_game()
    for t in offers:
        action = Action("propose-trade", trade=t)
        obj = json.loads(json.dumps(action_to_json(game, action)))
        assert action_from_json(game, 0, obj) == action, obj
        text = action_to_text(game, action)
        assert action_from_text(game, 0, text) == action, text


def test_trade_notation_writes_shares_and_cards_readably() -> None:
    game, offers = notation_game()
    assert action_to_json(game, Action("propose-trade", trade=offers[0])) == {
        "do": "propose-trade", "to": "Bob", "take_cash": 10,
        "give_shares": ["acme-motors", "acme-motors:mortgaged"]}
    assert action_to_text(game, Action("propose-trade", trade=offers[1])) == (
        "propose-trade to=Cy give='Mediterranean Avenue' "
        "give_cards=travel_vouchers:bus-ticket-expiring give_cards=roll_three "
        "take_cards='travel_vouchers:#10' take_shares=motion-pictures")
    # Companies may be written by name or alias, any case; they are written back by id.
    read = action_from_text(game, 0, "propose-trade to=Bob 'give_shares=Acme Motors' "
                                     "give_shares=ACME-MOTORS:mortgaged take_cash=10")
    assert read.trade == offers[0]
    assert share_entry(game, ACME_MOTORS, mortgaged=True) == "acme-motors:mortgaged"
    assert trade_card_entry(game, game.players[1].cards[-1]) == "chance:just-say-no#36"


@pytest.mark.parametrize("obj, words", [
    ({"give_shares": ["no-such-company"]}, "no company 'no-such-company'"),
    ({"give_shares": [True]}, "a share in a trade is a company id, not True"),
    ({"give_cards": ["chance:no-such-card"]}, "no card 'no-such-card' in the Chance deck"),
    ({"give_cards": ["jokers:ace"]}, "no deck 'jokers' for the card 'jokers:ace'"),
    ({"take_cards": ["roll_three:#99"]}, "no card '#99' in the Roll Three deck"),
])
def test_bad_trade_notation_gives_a_clear_reason(obj: dict[str, Any], words: str) -> None:
    game = new_game()
    with pytest.raises(ValueError) as info:
        action_from_json(game, 0, {"do": "propose-trade", "to": "Bob", **obj})
    assert words in str(info.value)


def test_trade_words_name_shares_and_cards() -> None:
    game, offers = notation_game()
    assert trade_words(game, offers[0]) == \
        "Ann gives 2 shares of Acme Motors (1 mortgaged) for Bob's $10"
    assert trade_words(game, offers[1]) == (
        "Ann gives Mediterranean Avenue and Bus Ticket (Travel Vouchers, bus-ticket-expiring)"
        " and Roll Three 1-2-4 for Cy's Bus Ticket (Travel Vouchers, bus-ticket) and one share "
        "of Motion Pictures")
    assert trade_words(game, Trade(1, 0, give_cards=("chance:just-say-no",),
                                   take_shares=("acme-motors:mortgaged",))) == \
        "Bob gives Just Say 'NO'! (Chance) for Ann's one mortgaged share of Acme Motors"


# ==================================================================== records

CLASSIC_RECORD_BEFORE: dict[str, Any] = {
    "format": "pennybags-record/2",
    "engine": "0.2.0",
    "setup": {"edition": "classic", "seed": 7,
              "players": [{"name": "Ann", "cards": ["chance"]}, {"name": "Bob"}]},
    "actions": [
        {"player": "Ann", "do": "propose-trade", "to": "Bob", "give_cash": 20,
         "give_cards": ["chance"]},
        {"player": "Bob", "do": "counter", "take_cards": ["chance"], "give_cash": 30},
        {"player": "Ann", "do": "accept"},
    ],
}
"""A classic record as written before shares and specific cards in trades: a Get Out of
Jail Free card by its deck key."""


def test_a_classic_record_from_before_still_replays() -> None:
    rec = json.loads(json.dumps(CLASSIC_RECORD_BEFORE))
    game = history.replay(rec)
    ann, bob = game.seat_of("Ann"), game.seat_of("Bob")
    assert [k for k, _ in game.players[bob].cards] == [CHANCE]
    assert game.players[ann].cards == []
    assert game.cash(ann) == 1530 and game.cash(bob) == 1470
    again = history.replay(json.loads(json.dumps(history.record(game, setup=rec["setup"]))))
    assert snapshot(again) == snapshot(game)
    assert scenario.set_up(rec["setup"]).players[ann].cards


# ==================================================================== random trades

OUT_OF_PLAY = ("voucher-played", "voucher-expired", "missed-the-bus")


def check_whole(game: UltimateMonopolyGame, events: list[Event]) -> None:
    """Money, shares and cards are conserved; each card is in one place only."""
    assert game.ledger.conserved()
    assert shares_conserved(game)
    for key, deck in game.decks.items():
        held = [i for p in game.players for k, i in p.cards if k == key]
        where = [*deck.order, *held]
        assert len(where) == len(set(where)), f"a {key} card is in two places"
        out = sum(1 for e in events if e.kind in OUT_OF_PLAY) if key == VOUCHERS else 0
        assert len(where) + out == len(deck.cards), f"{key} cards lost"


def random_entries(game: UltimateMonopolyGame, seat: int,
                   rng: random.Random) -> tuple[tuple[int, ...], int, tuple[str, ...],
                                                tuple[str, ...]]:
    """Deeds, cash, cards and shares ``seat`` might hand over, sometimes more than they
    hold (offers the rules refuse)."""
    deeds = game.deeds_of(seat)
    give = tuple(rng.sample(deeds, rng.randint(0, min(2, len(deeds)))))
    cash = rng.choice([0, 0, rng.randint(1, 300), game.cash(seat) + 1])
    cards: list[str] = []
    for key, index in game.players[seat].cards:
        if rng.random() < 0.3:
            cards.append(rng.choice([trade_card_entry(game, (key, index)), f"{key}:#{index}",
                                     key]))
    if rng.random() < 0.05:
        cards.append("roll_three:roll-three-4-5-6")
    shares: list[str] = []
    for c in game.stocks:
        held, pledged = game.shares[seat][c.index], game.shares_mortgaged[seat][c.index]
        if held and rng.random() < 0.5:
            shares += [share_entry(game, c.index)] * rng.randint(0, held - pledged + 1)
            shares += [share_entry(game, c.index, True)] * rng.randint(0, pledged)
    return give, cash, tuple(cards), tuple(shares)


def random_trade(game: UltimateMonopolyGame, proposer: int, recipient: int,
                 rng: random.Random) -> Trade:
    give, give_cash, give_cards, give_shares = random_entries(game, proposer, rng)
    take, take_cash, take_cards, take_shares = random_entries(game, recipient, rng)
    return Trade(proposer, recipient, give, take, give_cash, take_cash, give_cards,
                 take_cards, give_shares, take_shares)


def try_act(game: UltimateMonopolyGame, seat: int, action: Action) -> bool:
    reason = game.why_illegal(seat, action)
    if reason is None:
        game.act(seat, action)
        return True
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.act(seat, action)
    assert snapshot(game) == before
    return False


def trade_round(game: UltimateMonopolyGame, rng: random.Random, tally: dict[str, int]) -> None:
    """One random offer from a player who may manage, answered at random: accepted,
    rejected or countered (the counter accepted or rejected)."""
    seats = [p.seat for p in game.players if game.may_manage(p.seat)]
    if not seats:
        return
    proposer = rng.choice(seats)
    others = [p.seat for p in game.players if p.seat != proposer and not p.bankrupt]
    t = random_trade(game, proposer, rng.choice(others), rng)
    if not try_act(game, proposer, Action("propose-trade", trade=t)):
        return
    tally["offers"] += 1
    for _ in range(3):
        d = game.pending[0] if game.pending else None
        if d is None or d.kind != "trade" or d.trade is None:
            return
        offer = d.trade
        x = rng.random()
        if x < 0.3:
            counter = random_trade(game, d.player, offer.proposer, rng)
            if try_act(game, d.player, Action("counter", trade=counter)):
                tally["counters"] += 1
                continue
        if x < 0.75 and try_act(game, d.player, Action("accept")):
            tally["accepted"] += 1
            tally["shares"] += len(offer.give_shares) + len(offer.take_shares)
            tally["mortgaged"] += sum(s.endswith(":mortgaged")
                                      for s in offer.give_shares + offer.take_shares)
            tally["cards"] += len(offer.give_cards) + len(offer.take_cards)
            return
        game.act(d.player, Action("reject"))
        return
    if game.pending and game.pending[0].kind == "trade":
        game.act(game.pending[0].player, Action("reject"))


def replay_matches(game: UltimateMonopolyGame) -> None:
    rec = json.loads(json.dumps(history.record(game)))
    again = history.replay(rec)
    assert again.history == game.history
    assert again.ledger.transactions == game.ledger.transactions
    assert snapshot(again) == snapshot(game)


@pytest.mark.parametrize("seed", range(4))
def test_random_trades_keep_everything_whole_and_replay(seed: int) -> None:
    """Random games where random offers of deeds, cash, shares (mortgaged ones too),
    vouchers, Roll Three cards and kept cards are made, countered, accepted and rejected:
    money, shares and cards are conserved, each card is in one place, and the record
    replays to the same game."""
    rng = random.Random(seed)
    events: list[Event] = []
    game = EDITION.new_game(["Ann", "Bob", "Cy", "Dee"], seed=seed, listeners=[events.append],
                            options={"max-rounds": 40})
    assert isinstance(game, UltimateMonopolyGame)
    bots = [make_bot("random", seed * 10 + i) for i in range(4)]
    tally = dict.fromkeys(("offers", "counters", "accepted", "shares", "mortgaged", "cards"),
                          0)
    for _ in range(5000):
        if game.over:
            break
        if rng.random() < 0.15:
            trade_round(game, rng, tally)
        else:
            d = game.pending[0]
            game.act(d.player, bots[d.player].choose(game, d.player))
        check_whole(game, events)
    assert tally["accepted"] and tally["counters"] and tally["cards"]
    assert tally["shares"] and tally["mortgaged"]
    replay_matches(game)
