"""Ultimate Monopoly's special spaces (``editions/ultimate_monopoly/spaces.py``): Squeeze
Play, Roll Three, Birthday Gift, the Auction space and the Stock Exchange, each test named
after the rule it checks, with scripted dice and the rulebook's worked examples.

The rules are not in the edition's ``RULEBOOK`` yet, so the games here are made with it
extended by the module's constants, and with :class:`SpacesGame`: the edition's game with
the ``close_auction`` override that game.py gains when the module is wired in (a share won
at the Stock Exchange's auction).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import um_helpers as um
from pennybags.bots import make_bot
from pennybags.editions.ultimate_monopoly import EDITION
from pennybags.editions.ultimate_monopoly.game import ROLL_THREE, VOUCHERS, UltimateMonopolyGame
from pennybags.editions.ultimate_monopoly.rules import RULEBOOK
from pennybags.editions.ultimate_monopoly.spaces import (
    dividend,
    roll_three_matches,
    share_value,
    squeeze_play_amount,
)
from pennybags.engine.actions import Action, IllegalAction, Pose
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Card
from pennybags.engine.ledger import BANK
from pennybags.engine.notation import (
    action_from_json,
    action_from_text,
    action_to_json,
    action_to_text,
)
from pennybags.engine.snapshot import snapshot
from um_helpers import at, kinds, place, play_randomly

SpacesGame = UltimateMonopolyGame
"""The edition's game (its rulebook has this module's rules)."""
RULES = RULEBOOK


def with_roll_three_cards(data: EditionData, *values: tuple[int, int, int]) -> EditionData:
    """The edition's data with more Roll Three cards (ruling 6: the rulebook's examples with
    a repeated value, 4-4-5 and 1-3-3, are valid cards in scenarios)."""
    name, cards = data.decks[ROLL_THREE]
    extra = tuple(Card(f"roll-three-{a}-{b}-{c}", f"Roll Three {a}-{b}-{c}", "roll_three",
                       {"values": [a, b, c]}) for a, b, c in values)
    decks = dict(data.decks)
    decks[ROLL_THREE] = (name, cards + extra)
    return dataclasses.replace(data, decks=decks)


TABLE_DATA = with_roll_three_cards(EDITION.data, (4, 4, 5), (1, 3, 3))
"""The data with the rulebook's example cards 4-4-5 and 1-3-3 in the Roll Three pile."""

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def new_game(players: int = 2, seed: int = 1, data: EditionData | None = None,
             **options: Any) -> SpacesGame:
    """A game of the first ``players`` of :data:`NAMES`."""
    return um.new_game(NAMES[:players], seed, data=data, **options)


def set_cash(game: UltimateMonopolyGame, seat: int, cash: int) -> None:
    """Leave ``seat`` with ``cash`` (the rest goes to the bank)."""
    game.pay(seat, BANK, game.cash(seat) - cash, "test")


def vouchers(game: UltimateMonopolyGame, seat: int) -> list[tuple[str, int]]:
    return [c for c in game.players[seat].cards if c[0] == VOUCHERS]


def give_vouchers(game: UltimateMonopolyGame, seat: int, *ids: str) -> None:
    """``seat`` holds exactly these vouchers, in this order (the old ones go back under the
    pile)."""
    deck = game.decks[VOUCHERS]
    for card in vouchers(game, seat):
        game.players[seat].cards.remove(card)
        deck.put_bottom(card[1])
    for card_id in ids:
        index = next(i for i in deck.order if deck.cards[i].id == card_id)
        deck.remove(index)
        game.players[seat].cards.append((VOUCHERS, index))


def give_roll_three(game: UltimateMonopolyGame, seat: int, *ids: str) -> None:
    """``seat`` holds exactly these Roll Three cards."""
    deck = game.decks[ROLL_THREE]
    for card in [c for c in game.players[seat].cards if c[0] == ROLL_THREE]:
        game.players[seat].cards.remove(card)
        deck.put_bottom(card[1])
    for card_id in ids:
        index = deck.index_of(card_id)
        deck.remove(index)
        game.players[seat].cards.append((ROLL_THREE, index))


def land(game: UltimateMonopolyGame, start: str, *more: list[int | str]) -> None:
    """Ann (seat 0, whose turn it is) stands on ``start`` and throws 1-2 with a speed 2: an
    odd 5 along her track; ``more`` are the throws the space itself makes."""
    place(game, 0, start)
    game.dice.script([[1, 2, 2], *more])
    game.act(0, Action("roll"))


# ==================================================================== Squeeze Play

SQUEEZE_PLAY = "Miami Avenue"
"""Five spaces before Squeeze Play (Biscayne, Short Line, Reverse Direction, Lombard)."""


@pytest.mark.parametrize("dice, amount", [
    ((2, 3), 50), ((3, 4), 50), ((4, 5), 50), ((1, 2), 100), ((2, 2), 100), ((4, 6), 100),
    ((5, 6), 100), ((1, 1), 200), ((6, 6), 200)])
def test_squeeze_play_collects_from_each_other_player_by_two_regular_dice(
        dice: tuple[int, int], amount: int) -> None:
    """SQUEEZE PLAY: roll two regular dice; 5-9 collect $50 from each of the other players,
    3, 4, 10 or 11 $100, 2 or 12 $200."""
    game = new_game(3)
    land(game, SQUEEZE_PLAY, list(dice))
    assert game.players[0].position == at(game, "Squeeze Play")
    assert game.cash(0) == 3200 + 2 * amount
    assert game.cash(1) == game.cash(2) == 3200 - amount
    assert kinds(game) == ["end-turn"]


@pytest.mark.parametrize("dice, amount, voucher", [
    ((1, 1, "bus"), 200, True), ((1, 1, "mr_monopoly"), 200, True), ((6, 6, 3), 200, False),
    ((1, 1, 1), 100, False), ((1, 2, 2), 100, False), ((6, 6, "bus"), 100, True),
    ((5, 6, 3), 100, False), ((3, 3, "mr_monopoly"), 50, True), ((4, 5, 2), 50, False),
    ((5, 5, 1), 50, False), ((1, 2, "bus"), 100, True)])
def test_squeeze_play_alternative_rule_rolls_the_speed_die_too(
        dice: tuple[int, int, int | str], amount: int, voucher: bool) -> None:
    """Alternative SQUEEZE PLAY: two regular dice and the speed die (Mr. Monopoly and the
    Bus count 0): 6-11 $50, 3-5 and 12-14 $100, 2 or 15 $200; on a Mr. Monopoly or Bus
    also one Travel Voucher from each other player who has one (their oldest: the first
    they received)."""
    game = new_game(3, alternative_squeeze_play=True)
    give_vouchers(game, 1, "travel-card", "bus-ticket")
    give_vouchers(game, 2)
    give_vouchers(game, 0, "bus-ticket")
    oldest = vouchers(game, 1)[0]
    land(game, SQUEEZE_PLAY, list(dice))
    assert game.cash(0) == 3200 + 2 * amount
    assert game.cash(1) == game.cash(2) == 3200 - amount
    if voucher:
        assert len(vouchers(game, 0)) == 2 and oldest in vouchers(game, 0)
        assert vouchers(game, 1) != [] and oldest not in vouchers(game, 1)
    else:
        assert len(vouchers(game, 0)) == 1 and len(vouchers(game, 1)) == 2
    assert vouchers(game, 2) == []


def test_squeeze_play_tables_cover_every_total() -> None:
    rules = EDITION.data.rules["squeeze_play"]
    assert [squeeze_play_amount(rules["regular"], t) for t in range(2, 13)] == \
        [200, 100, 100, 50, 50, 50, 50, 50, 100, 100, 200]
    assert [squeeze_play_amount(rules["speed_die"], t) for t in range(2, 16)] == \
        [200, 100, 100, 100, 50, 50, 50, 50, 50, 50, 100, 100, 100, 200]


def test_squeeze_play_a_player_who_cannot_pay_owes_the_lander() -> None:
    """A player short of the amount owes it: raise the cash or go bankrupt to the lander."""
    game = new_game(3)
    set_cash(game, 1, 30)
    land(game, SQUEEZE_PLAY, [2, 3])
    d = game.pending[0]
    assert (d.kind, d.player, d.amount, d.creditor) == ("debt", 1, 50, 0)
    game.act(1, Action("declare-bankruptcy"))
    assert game.players[1].bankrupt
    assert game.cash(0) == 3200 + 30 + 50 and game.cash(2) == 3200 - 50
    assert kinds(game) == ["end-turn"] and game.ledger.conserved()


# ==================================================================== Roll Three

ROLL_THREE_SPACE = "Boylston Street"
"""Five spaces before Roll Three (past Pennsylvania Railroad on an odd throw)."""


@pytest.mark.parametrize("card, dice, matches", [
    ((4, 4, 5), (1, 3, 6), 0), ((2, 4, 6), (1, 3, 6), 1), ((1, 3, 3), (1, 3, 6), 2),
    ((1, 3, 6), (1, 3, 6), 3), ((1, 3, 6), (6, 1, 3), 3), ((4, 4, 5), (4, 4, 4), 2),
    ((1, 2, 3), (3, 3, 3), 1), ((2, 2, 2), (2, 2, 5), 2)])
def test_roll_three_matches_count_as_a_multiset(card: tuple[int, ...], dice: tuple[int, ...],
                                                matches: int) -> None:
    """Ruling 6: card 1-3-3 against dice 1-3-6 is two matches (the dice read in any order)."""
    assert roll_three_matches(card, dice) == matches


def test_roll_three_pays_every_card_by_its_matches_the_rulebook_example() -> None:
    """ROLL THREE, the rulebook's table for dice 1-3-6: 4-4-5 wins $0, 2-4-6 $50, 1-3-3
    $200, 1-3-6 $1,000. The lander first picks up a card (here 2-3-5: one match, $50)."""
    game = new_game(5, data=TABLE_DATA)
    give_roll_three(game, 0, "roll-three-2-4-5")
    give_roll_three(game, 1, "roll-three-4-4-5")
    give_roll_three(game, 2, "roll-three-2-4-6")
    give_roll_three(game, 3, "roll-three-1-3-3")
    give_roll_three(game, 4, "roll-three-1-3-6")
    game.decks[ROLL_THREE].stack(["roll-three-2-3-5"])
    land(game, ROLL_THREE_SPACE, [1, 3, 6])
    assert game.players[0].position == at(game, "Roll Three")
    held = [game.decks[ROLL_THREE].cards[i].id for k, i in game.players[0].cards
            if k == ROLL_THREE]
    assert held == ["roll-three-2-4-5", "roll-three-2-3-5"]
    assert [game.cash(s) - 3200 for s in range(5)] == [50, 0, 50, 200, 1000]
    assert game.ledger.balance(BANK) < 0 and kinds(game) == ["end-turn"]


def test_roll_three_the_rollers_own_number_wins_1500() -> None:
    """If the player who rolled the dice rolled their own Roll Three number, they win
    $1,500 from the bank (another holder of the same numbers wins $1,000)."""
    game = new_game(3, data=TABLE_DATA)
    give_roll_three(game, 0, "roll-three-1-3-6")
    give_roll_three(game, 1, "roll-three-4-4-5")
    give_roll_three(game, 2, "roll-three-1-3-3")
    game.decks[ROLL_THREE].stack(["roll-three-4-5-6"])  # one match: $50
    land(game, ROLL_THREE_SPACE, [6, 3, 1])
    assert [game.cash(s) - 3200 for s in range(3)] == [1500 + 50, 0, 200]
    other = new_game(3, data=TABLE_DATA)
    give_roll_three(other, 1, "roll-three-1-3-6")
    give_roll_three(other, 0, "roll-three-2-4-5")
    other.decks[ROLL_THREE].stack(["roll-three-2-4-6"])
    land(other, ROLL_THREE_SPACE, [1, 3, 6])
    assert other.cash(1) - 3200 == 1000


def test_roll_three_with_the_pile_empty_draws_nothing_and_still_rolls() -> None:
    game = new_game(2)
    give_roll_three(game, 0, "roll-three-1-2-3")
    give_roll_three(game, 1, "roll-three-4-5-6")
    game.decks[ROLL_THREE].order.clear()
    game.decks[ROLL_THREE].seen = 0
    land(game, ROLL_THREE_SPACE, [1, 2, 4])
    assert len(game.players[0].cards) == 2  # a voucher and the 1-2-3
    assert game.cash(0) == 3200 + 200 and game.cash(1) == 3200 + 50


# ==================================================================== Birthday Gift

def birthday_game(players: int = 4) -> SpacesGame:
    game = new_game(players)
    give_vouchers(game, 0, "bus-ticket")
    give_vouchers(game, 1, "bus-ticket", "travel-card")
    give_vouchers(game, 2)
    if players > 3:
        give_vouchers(game, 3, "travel-card")
    return game


def land_on_birthday(game: SpacesGame) -> None:
    """Ann reaches Birthday Gift from the outer Community Chest (outer 46) by an odd 5."""
    game.players[0].position = 86
    game.dice.script([[1, 2, 2]])
    game.act(0, Action("roll"))
    assert game.players[0].position == at(game, "Birthday Gift")


def test_birthday_gift_the_recipient_chooses_cash_or_a_voucher_from_each_player() -> None:
    """GIFT FROM OTHERS (ruling 4): each other player, from the lander's left, gives $100 or
    one of their Travel Vouchers, as the lander chooses from those they hold; a player
    with no voucher gives $100 unasked."""
    game = birthday_game()
    land_on_birthday(game)
    d = game.pending[0]
    assert (d.kind, d.player, d.creditor, d.amount) == ("birthday-gift", 0, 1, 100)
    legal = game.legal_actions(0)
    answers = [a for a in legal if a.do in ("collect-gift", "take-voucher-gift")]
    assert [(a.do, a.target) for a in answers] == \
        [("collect-gift", 1), ("take-voucher-gift", 1), ("take-voucher-gift", 1)]
    travel = next(a for a in answers if a.card is not None
                  and game.decks[VOUCHERS].cards[a.card[1]].id == "travel-card")
    game.act(0, travel)
    ids = [game.decks[VOUCHERS].cards[i].id for _, i in vouchers(game, 0)]
    assert ids == ["bus-ticket", "travel-card"]
    assert [game.decks[VOUCHERS].cards[i].id for _, i in vouchers(game, 1)] == ["bus-ticket"]
    # Cy has no voucher: $100 unasked; then Dee.
    assert game.cash(2) == 3100
    d = game.pending[0]
    assert (d.kind, d.creditor) == ("birthday-gift", 3)
    with pytest.raises(IllegalAction, match="the gift now is Dee's, not Bob's"):
        game.act(0, Action("collect-gift", target=1))
    game.act(0, Action("collect-gift", target=3))
    assert game.cash(3) == 3100 and len(vouchers(game, 3)) == 1
    assert game.cash(0) == 3200 + 200 and game.cash(1) == 3200
    assert kinds(game) == ["end-turn"]


def test_birthday_gift_copies_of_a_voucher_are_alike() -> None:
    """The action names the giver's own copy of a voucher; naming another copy of the same
    voucher (the recipient's) gives the giver's copy all the same: copies are alike."""
    game = birthday_game()
    land_on_birthday(game)
    mine = vouchers(game, 0)[0]
    bobs = vouchers(game, 1)[0]
    offered = next(a for a in game.legal_actions(0) if a.do == "take-voucher-gift"
                   and game.decks[VOUCHERS].cards[a.card[1]].id == "bus-ticket")  # type: ignore[index]
    assert offered.card == bobs
    take = Action("take-voucher-gift", target=offered.target, card=mine)
    game.act(0, take)
    assert vouchers(game, 0) == [mine, bobs]
    assert [game.decks[VOUCHERS].cards[i].id for _, i in vouchers(game, 1)] == ["travel-card"]


def test_birthday_gift_from_players_without_vouchers_is_100_each() -> None:
    game = new_game(3)
    give_vouchers(game, 1)
    give_vouchers(game, 2)
    land_on_birthday(game)
    assert game.cash(0) == 3400 and game.cash(1) == game.cash(2) == 3100
    assert kinds(game) == ["end-turn"]


def test_birthday_gift_a_giver_who_cannot_pay_100_owes_it() -> None:
    """A giver short of $100 owes it: raise it or go bankrupt to the recipient; the next
    giver is asked once that is settled."""
    game = birthday_game()
    set_cash(game, 1, 40)
    land_on_birthday(game)
    game.act(0, Action("collect-gift", target=1))
    d = game.pending[0]
    assert (d.kind, d.player, d.amount, d.creditor) == ("debt", 1, 100, 0)
    game.act(1, Action("declare-bankruptcy"))
    assert game.players[1].bankrupt
    # Bob's cash and cards went to Ann; Cy paid unasked; Dee is asked.
    assert game.cash(0) == 3200 + 40 + 100 and len(vouchers(game, 0)) == 3
    assert (game.pending[0].kind, game.pending[0].creditor) == ("birthday-gift", 3)


def test_birthday_gift_answers_must_name_the_giver_and_a_voucher_they_hold() -> None:
    game = birthday_game()
    land_on_birthday(game)
    deck = game.decks[VOUCHERS]
    expiring = (VOUCHERS, deck.index_of("bus-ticket-expiring"))
    for action, words in [
            (Action("collect-gift"), "names the player who gives (Bob)"),
            (Action("take-voucher-gift", target=1), "needs one of the giver's"),
            (Action("take-voucher-gift", target=1, card=expiring), "holds no such"),
            (Action("take-voucher-gift", target=1, card=(ROLL_THREE, 0)), "holds no such")]:
        assert words in (game.why_illegal(0, action) or "")


# ==================================================================== the Auction space

def land_on_auction(game: SpacesGame, throw: list[int | str] | None = None) -> None:
    """Ann reaches the Auction space from the outer Chance (outer 10) by an odd 5."""
    game.players[0].position = 50
    game.dice.script([throw or [1, 2, 2]])
    game.act(0, Action("roll"))


def test_auction_space_the_lander_picks_an_unowned_property_to_auction() -> None:
    """AUCTION: pick an unowned property (any track) for the Banker to auction off; every
    player bids, from the lander's left."""
    game = new_game(3)
    game.set_owner(at(game, "Park Place"), 1)
    land_on_auction(game)
    assert game.players[0].position == at(game, "Auction")
    assert kinds(game) == ["auction-space"]
    legal = [a.deed for a in game.legal_actions(0) if a.do == "put-up-for-auction"]
    assert at(game, "Boardwalk") in legal and at(game, "Park Place") not in legal
    assert len(legal) == len(game.board.deeds) - 1
    assert "owned by Bob" in (game.why_illegal(0, Action("put-up-for-auction",
                                                         at(game, "Park Place"))) or "")
    assert "is not a title deed" in (game.why_illegal(0, Action("put-up-for-auction",
                                                                at(game, "Auction"))) or "")
    game.act(0, Action("put-up-for-auction", at(game, "Rodeo Drive")))
    assert game.pending[0].kind == "bid" and game.pending[0].player == 1
    game.act(1, Action("bid", amount=120))
    game.act(2, Action("pass"))
    game.act(0, Action("pass"))
    assert game.owner[at(game, "Rodeo Drive")] == 1 and game.cash(1) == 3200 - 120
    assert kinds(game) == ["end-turn"]


def all_owned_by_ann(game: SpacesGame) -> None:
    for d in game.board.deeds:
        game.set_owner(d, 0)


def test_auction_space_with_nothing_unowned_odd_throw_stays_on_its_track() -> None:
    """No unowned property: move ahead to the highest-rent property you can reach and must
    pay rent on; an odd throw stays on the current board (Boardwalk's hotel on the middle
    track is out of reach; Rodeo Drive on the outer track is not)."""
    game = new_game(2)
    all_owned_by_ann(game)
    for name in ("Boardwalk", "Rodeo Drive", "Lake Street"):
        game.set_owner(at(game, name), 1)
    game.houses[at(game, "Boardwalk")] = 5
    land_on_auction(game)
    assert game.players[0].position == at(game, "Rodeo Drive")
    rent = game.rent(at(game, "Rodeo Drive"))
    assert rent == 90 and game.cash(1) == 3200 + rent
    assert game.cash(0) == 3200 - rent + 400  # Pay Day passed: its highest amount
    assert game.ledger.conserved()


def test_auction_space_with_nothing_unowned_even_throw_takes_the_stations() -> None:
    """An even throw onto the Auction space takes the transit stations: Boardwalk's hotel
    is within reach and has the highest rent."""
    game = new_game(2)
    all_owned_by_ann(game)
    for name in ("Boardwalk", "Rodeo Drive"):
        game.set_owner(at(game, name), 1)
    game.houses[at(game, "Boardwalk")] = 5
    rent = game.rent(at(game, "Boardwalk"))
    assert rent == 2000 and game.rent(at(game, "Rodeo Drive")) == 90
    game.players[0].position = at(game, "Canal Street")
    game.dice.script([[1, 3, 2]])  # 6, even: Chance ... Auction
    game.act(0, Action("roll"))
    assert game.players[0].position == at(game, "Boardwalk")
    assert game.cash(1) == 3200 + rent


def test_auction_space_with_nothing_to_pay_rent_on_stays() -> None:
    """Nothing reachable owes rent (all the lander's own, or mortgaged): stay."""
    game = new_game(2)
    all_owned_by_ann(game)
    game.set_owner(at(game, "Rodeo Drive"), 1)
    game.mortgaged[at(game, "Rodeo Drive")] = True
    land_on_auction(game)
    assert game.players[0].position == at(game, "Auction")
    assert game.cash(0) == 3200 and kinds(game) == ["end-turn"]


def test_auction_space_mortgaged_property_is_passed_for_the_next_highest() -> None:
    game = new_game(2)
    all_owned_by_ann(game)
    for name in ("Rodeo Drive", "Lake Street"):
        game.set_owner(at(game, name), 1)
    game.mortgaged[at(game, "Rodeo Drive")] = True
    land_on_auction(game)
    assert game.players[0].position == at(game, "Lake Street")


# ==================================================================== the Stock Exchange

STOCK_EXCHANGE = 91
"""Birthday Gift: five spaces before the Stock Exchange (outer 0)."""

MOTION, STEAM, UTIL, RADIO, RAIL, ACME = range(6)


def hold(game: SpacesGame, seat: int, company: int, shares: int, mortgaged: int = 0) -> None:
    game.shares[seat][company] += shares
    game.shares_mortgaged[seat][company] += mortgaged
    game.bank_shares[company] -= shares


def land_on_stock_exchange(game: SpacesGame, seat: int = 0) -> None:
    """``seat``, whose turn it is, reaches the Stock Exchange by an odd 5."""
    assert (game.pending[0].kind, game.pending[0].player) == ("roll", seat)
    game.players[seat].position = STOCK_EXCHANGE
    game.dice.script([[1, 2, 2]])
    game.act(seat, Action("roll"))
    assert game.players[seat].position == at(game, "Stock Exchange")


def test_stock_exchange_pays_dividends_to_every_holder_on_any_landing() -> None:
    """Dividends are payable by the bank to all shareholders upon any token landing on the
    STOCK EXCHANGE, by the certificate's list for the number of shares held (ruling 9);
    mortgaged shares pay nothing and do not count."""
    game = new_game(3)
    hold(game, 1, MOTION, 2, mortgaged=1)   # one unmortgaged: $10
    hold(game, 1, ACME, 3)                  # three: $135
    hold(game, 2, RADIO, 1, mortgaged=1)    # nothing
    hold(game, 2, STEAM, 5)                 # five: $275
    assert dividend(game, 1, MOTION) == 10 and dividend(game, 1, ACME) == 135
    assert dividend(game, 2, RADIO) == 0 and dividend(game, 2, STEAM) == 275
    land_on_stock_exchange(game)
    assert [game.cash(s) - 3200 for s in range(3)] == [0, 145, 275]
    assert kinds(game) == ["stock-exchange"]
    game.act(0, Action("buy-share", company=UTIL))
    game.act(0, Action("end-turn"))
    land_on_stock_exchange(game, 1)  # Bob lands: everyone is paid again, Ann too
    assert [game.cash(s) - 3200 for s in range(3)] == [-120 + 12, 290, 550]


def test_stock_exchange_the_lander_buys_one_share_at_par() -> None:
    game = new_game(2)
    land_on_stock_exchange(game)
    legal = [a.company for a in game.legal_actions(0) if a.do == "buy-share"]
    assert legal == list(range(6))
    game.act(0, Action("buy-share", company=ACME))
    assert game.cash(0) == 3200 - 150
    assert game.shares[0][ACME] == 1 and game.bank_shares[ACME] == 4
    assert kinds(game) == ["end-turn"]


def test_stock_exchange_buying_needs_a_share_left_and_the_cash() -> None:
    game = new_game(2)
    hold(game, 1, ACME, 5)
    set_cash(game, 0, 125)
    land_on_stock_exchange(game)
    assert "the bank has no Acme Motors share left" in \
        (game.why_illegal(0, Action("buy-share", company=ACME)) or "")
    assert "costs $130" in (game.why_illegal(0, Action("buy-share", company=RADIO)) or "")
    assert "needs a company" in (game.why_illegal(0, Action("buy-share")) or "")
    assert "no company 9" in (game.why_illegal(0, Action("buy-share", company=9)) or "")
    legal = [a.company for a in game.legal_actions(0) if a.do == "buy-share"]
    assert legal == [MOTION, STEAM, UTIL]


def test_stock_exchange_declined_the_lander_names_the_share_to_auction() -> None:
    """If you decline, the Banker immediately offers a share at auction (ruling 15: of the
    company the lander names) and sells it to the highest bidder."""
    game = new_game(3)
    hold(game, 1, RAIL, 5)
    land_on_stock_exchange(game)
    game.act(0, Action("decline-share"))
    assert kinds(game) == ["name-share"]
    legal = [a.company for a in game.legal_actions(0) if a.do == "auction-share"]
    assert legal == [MOTION, STEAM, UTIL, RADIO, ACME]
    game.act(0, Action("auction-share", company=RADIO))
    assert game.pending[0].kind == "bid" and game.pending[0].player == 1
    assert snapshot(game)["auction"]["company"] == "general-radio"
    game.act(1, Action("bid", amount=40))
    game.act(2, Action("bid", amount=75))
    game.act(0, Action("pass"))
    game.act(1, Action("pass"))
    assert game.shares[2][RADIO] == 1 and game.bank_shares[RADIO] == 4
    assert game.cash(2) == 3200 - 75 and game.auction is None
    assert kinds(game) == ["end-turn"]


def test_stock_exchange_share_auction_without_bids_leaves_it_with_the_bank() -> None:
    game = new_game(2)
    land_on_stock_exchange(game)
    game.act(0, Action("decline-share"))
    game.act(0, Action("auction-share", company=MOTION))
    game.act(1, Action("pass"))
    game.act(0, Action("pass"))
    assert game.bank_shares[MOTION] == 5 and kinds(game) == ["end-turn"]


def test_stock_exchange_with_one_company_left_its_share_is_auctioned_at_once() -> None:
    game = new_game(2)
    for c in (MOTION, STEAM, UTIL, RADIO, RAIL):
        hold(game, 1, c, 5)
    hold(game, 1, ACME, 4)
    land_on_stock_exchange(game)
    game.act(0, Action("decline-share"))
    assert game.pending[0].kind == "bid"
    game.act(1, Action("pass"))
    game.act(0, Action("bid", amount=1))
    assert game.shares[0][ACME] == 1 and sum(game.bank_shares) == 0


def test_stock_exchange_with_all_shares_sold_only_pays_dividends() -> None:
    game = new_game(2)
    for c in range(6):
        hold(game, 1, c, 5)
    land_on_stock_exchange(game)
    assert game.cash(1) == 3200 + sum(s.dividends[4] for s in game.stocks)
    assert kinds(game) == ["end-turn"]


def test_share_mortgage_at_half_par_lifted_at_value_plus_10_percent() -> None:
    """Stock can be mortgaged at one-half the Par Value price (any time while managing);
    lifting the mortgage costs its value plus 10%."""
    game = new_game(2)
    hold(game, 1, STEAM, 2)
    assert share_value(game, 1) == 220
    game.act(1, Action("mortgage-share", company=STEAM))
    assert game.cash(1) == 3200 + 55 and game.shares_mortgaged[1][STEAM] == 1
    assert share_value(game, 1) == 220 - 55
    game.act(1, Action("mortgage-share", company=STEAM))
    assert "holds no unmortgaged Allied Steamships" in \
        (game.why_illegal(1, Action("mortgage-share", company=STEAM)) or "")
    assert "holds no mortgaged" in \
        (game.why_illegal(0, Action("unmortgage-share", company=STEAM)) or "")
    game.act(1, Action("unmortgage-share", company=STEAM))
    assert game.cash(1) == 3200 + 55 + 55 - 60 and game.shares_mortgaged[1][STEAM] == 1
    legal = game.legal_actions(1)
    assert Action("unmortgage-share", company=STEAM) in legal
    assert Action("mortgage-share", company=STEAM) in legal
    assert game.ledger.conserved()


def test_share_auction_as_a_step_auctions_a_share_from_the_bank() -> None:
    """A share auction as a step (for a bankruptcy to the bank, ruling 16): one share
    auctioned at once, bidding from the player after the one named."""
    game = new_game(2)
    game.pending = []
    game.then(game.ask_roll)
    game.then(game.start_share_auction, RADIO, 0)
    game.run()
    assert (game.pending[0].kind, game.pending[0].player) == ("bid", 1)
    game.act(1, Action("bid", amount=10))
    game.act(0, Action("pass"))
    assert game.shares[1][RADIO] == 1 and game.cash(1) == 3190
    assert (game.pending[0].kind, game.pending[0].player) == ("roll", 0)


def test_share_mortgage_not_during_an_auction() -> None:
    game = new_game(2)
    hold(game, 1, STEAM, 1)
    land_on_stock_exchange(game)
    game.act(0, Action("decline-share"))
    game.act(0, Action("auction-share", company=MOTION))
    assert "not allowed while the game waits on" in \
        (game.why_illegal(1, Action("mortgage-share", company=STEAM)) or "")


# ==================================================================== the company field

def test_a_company_is_written_by_id_and_read_by_id_name_alias_or_index() -> None:
    game = new_game(2)
    land_on_stock_exchange(game)
    action = Action("buy-share", company=ACME)
    assert action_to_json(game, action) == {"do": "buy-share", "company": "acme-motors"}
    assert action_to_text(game, action) == "buy-share acme-motors"
    for written in ("acme-motors", "Acme Motors", "american motors", 5):
        assert action_from_json(game, 0, {"do": "buy-share", "company": written}) == action
    assert action_from_text(game, 0, "buy-share 'Acme Motors'") == action
    assert action_from_text(game, 0, "buy-share company=acme-motors") == action
    with pytest.raises(ValueError, match="no company 'Acme'; the companies are"):
        action_from_json(game, 0, {"do": "buy-share", "company": "Acme"})
    with pytest.raises(ValueError, match="no company 6"):
        action_from_json(game, 0, {"do": "buy-share", "company": 6})
    assert repr(action) == "Action('buy-share', company=5)"
    assert action != Action("buy-share", company=MOTION) and hash(action) == \
        hash(Action("buy-share", company=ACME))


def test_every_legal_action_round_trips_through_the_notation() -> None:
    """Actions of these rules, as legal_actions lists them, read back the same."""
    game = birthday_game()
    hold(game, 0, STEAM, 1, mortgaged=1)
    hold(game, 0, ACME, 1)
    stocks = new_game(2)
    seen = set()

    def round_trips(game: SpacesGame) -> None:
        for a in game.legal_actions(0):
            assert action_from_json(game, 0, action_to_json(game, a)) == a, a
            assert action_from_text(game, 0, action_to_text(game, a)) == a, a
            seen.add(a.do)

    round_trips(game)  # Ann's roll: she may manage
    land_on_birthday(game)
    round_trips(game)
    land_on_stock_exchange(stocks)
    round_trips(stocks)
    stocks.act(0, Action("decline-share"))
    round_trips(stocks)
    assert {"collect-gift", "take-voucher-gift", "mortgage-share", "unmortgage-share",
            "buy-share", "decline-share", "auction-share"} <= seen


# ==================================================================== scenarios

def test_scenarios_may_start_at_the_auction_space_and_the_stock_exchange() -> None:
    game = new_game(2)
    game.pose(Pose("stock-exchange", 0))
    game.act(0, Action("buy-share", company=MOTION))
    assert kinds(game) == ["end-turn"] and game.shares[0][MOTION] == 1
    game = new_game(2)
    game.pose(Pose("name-share", 0))
    game.act(0, Action("auction-share", company=MOTION))
    assert game.pending[0].kind == "bid"
    game = new_game(2)
    game.pose(Pose("auction-space", 0))
    assert kinds(game) == ["auction-space"]
    all_owned_by_ann(game)
    with pytest.raises(ValueError, match="needs an unowned property"):
        game.pose(Pose("auction-space", 0))
    with pytest.raises(ValueError, match="whose turn it is"):
        new_game(2).pose(Pose("stock-exchange", 1))


# ==================================================================== random play

def shares_whole(game: UltimateMonopolyGame) -> bool:
    for c in game.stocks:
        held = sum(row[c.index] for row in game.shares)
        if held + game.bank_shares[c.index] != c.shares:
            return False
        for row, mortgaged in zip(game.shares, game.shares_mortgaged, strict=True):
            if not 0 <= mortgaged[c.index] <= row[c.index]:
                return False
    return True


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_these_spaces_keep_money_and_shares_whole(seed: int) -> None:
    """Random legal play with these rules: money is conserved (bank, Pool, players), every
    company's shares add up to five (bank and holders), no more mortgaged than held, and a
    clone answered alike stays identical."""
    game = new_game(4, seed=seed)
    for p in game.players:  # start everyone on the spaces of this module's tracks
        p.position = (40, 55, 91, 96, 108)[(seed + p.seat) % 5]
    play_randomly(game, seed, 1500, shares_whole)


BEFORE = (115, 103, 86, 50, 91)
"""Five spaces (an odd 5 along the track) before Squeeze Play, Roll Three, Birthday Gift,
the Auction space and the Stock Exchange."""


@pytest.mark.parametrize("seed", range(4))
def test_random_games_sent_to_these_spaces_keep_everything_whole(seed: int) -> None:
    """Random legal play where, at half the throws, the thrower is first put five spaces
    before one of these spaces and throws 1-2 with a speed 2 (the copy alike): every space
    is landed on, their decisions asked, and money, shares and the copy stay whole."""
    rng = random.Random(seed)
    game = new_game(4, seed=seed)
    bots = [make_bot("random", seed * 10 + i) for i in range(4)]
    copy = game.clone()
    events: set[str] = set()
    asked: set[str] = set()
    game.listeners.append(lambda e: events.add(e.kind))
    for _ in range(5000):
        if game.over:
            break
        d = game.pending[0]
        asked.add(d.kind)
        action = bots[d.player].choose(game, d.player)
        if d.kind == "roll" and action.do == "roll" and not game.reverse_next[d.player] \
                and rng.random() < 0.5:
            start = rng.choice(BEFORE)
            for g in (game, copy):
                g.players[d.player].position = start
                g.dice.script([[1, 2, 2]])
        game.act(d.player, action)
        copy.act(d.player, action)
        assert game.ledger.conserved()
        assert shares_whole(game)
    assert snapshot(copy) == snapshot(game)
    assert {"squeeze-play", "roll-three", "birthday-gift"} <= events
    # (Birthday Gift asks only when a giver holds a voucher, and naming the share to auction
    # only after a random decline with several companies left: their own tests cover them)
    assert {"auction-space", "stock-exchange"} <= asked
