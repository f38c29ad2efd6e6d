"""Ultimate Monopoly's Chance and Community Chest cards, one test (at least) per effect,
named after the card: a pile stacked with the card, Ann's token placed five spaces before a
Chance or Community Chest space, and a scripted throw of 5 (1, 2 and a speed-die 2) onto it.

The games are the edition's (:class:`CardGame`, not registered yet), with its rulebook.
"""

from __future__ import annotations

import pytest

from pennybags.editions.ultimate_monopoly import EDITION, cards
from pennybags.editions.ultimate_monopoly.cards import CardGame
from pennybags.editions.ultimate_monopoly.game import POOL, VOUCHERS
from pennybags.editions.ultimate_monopoly.rules import RULEBOOK
from pennybags.engine.actions import Action, CardRef
from pennybags.engine.game import Event
from um_helpers import at, kinds, new_game, own, play_randomly, throw, vouchers
from um_helpers import deal as give

Game = CardGame
"""The edition's game."""


RULES = RULEBOOK
"""The edition's rulebook (it has the cards' rules)."""


def land(game: Game, name: str) -> None:
    """Ann throws 5 (1, 2 and a speed-die 2) onto ``name`` from five spaces before it."""
    board = game.tracks
    s = at(game, name)
    game.players[0].position = board.index_of(board.track_of(s), board.track_index(s) - 5)
    throw(game, 1, 2, 2)


def draw(game: Game, card_id: str, space: int | str = 7,
         then: list[list[int | str]] | None = None) -> None:
    """Ann lands on ``space`` (a Chance or Community Chest) with a throw of 5 from five
    spaces before it on its track, ``card_id`` on top of its pile; ``then``: the dice the
    card throws."""
    s = space if isinstance(space, int) else at(game, space)
    board = game.tracks
    game.decks[board.spaces[s].kind].stack([card_id])
    game.players[0].position = board.index_of(board.track_of(s), board.track_index(s) - 5)
    game.dice.script([[1, 2, 2], *(then or [])])
    game.act(0, Action("roll"))


def pool(game: Game) -> int:
    return game.ledger.balance(POOL)


def holds(game: Game, seat: int, card_id: str) -> bool:
    return any(game.decks[k].cards[i].id == card_id for k, i in game.players[seat].cards)


def play(game: Game, seat: int, ref: CardRef) -> None:
    game.act(seat, Action("play-card", card=ref))


def end_turn(game: Game, seat: int = 0) -> None:
    game.act(seat, Action("end-turn"))


# ==================================================================== drawing

def test_chance_space_draws_and_obeys_the_top_card_which_goes_under_its_pile() -> None:
    game = new_game()
    draw(game, "loan-matures")
    pile = game.decks["chance"]
    assert pile.cards[pile.order[-1]].id == "loan-matures"
    assert game.cash(0) == 3200 + 150
    assert kinds(game) == ["end-turn"]


def test_a_keep_until_used_card_goes_to_the_player() -> None:
    game = new_game()
    draw(game, "get-out-of-jail-free")
    assert holds(game, 0, "get-out-of-jail-free")
    assert all(game.decks["chance"].cards[i].id != "get-out-of-jail-free"
               for i in game.decks["chance"].order)


# ==================================================================== advance to

def test_advance_to_illinois_ave_buy_or_auction_if_unowned() -> None:
    game = new_game()
    draw(game, "advance-to-illinois-ave")
    assert game.players[0].position == at(game, "Illinois Avenue")
    assert game.pending[0].kind == "buy" and game.pending[0].deed == at(game, "Illinois Avenue")


def test_advance_to_the_stock_exchange_pays_300_for_passing_pay_day() -> None:
    """From the Chance before Short Line: round GO ($200), Reading Railroad to the outer
    track, past Pay Day ($300 as the card prints, not $400), to the Stock Exchange."""
    game = new_game()
    draw(game, "advance-to-the-stock-exchange", 36)
    assert game.players[0].position == at(game, "Stock Exchange")
    assert game.cash(0) == 3200 + 200 + 300
    assert kinds(game) == ["stock-exchange"]


def test_advance_to_boylston_street_takes_the_next_closest_transit_station() -> None:
    """From middle Chance 7 the next station toward the inner track is Pennsylvania
    Railroad; on round the inner track past Bonus ($250 passing) to Boylston Street."""
    game = new_game()
    draw(game, "advance-to-boylston-street")
    assert game.players[0].position == at(game, "Boylston Street")
    assert game.cash(0) == 3200 + 250


def test_get_rollin_advances_to_roll_three_and_rolls() -> None:
    game = new_game()
    draw(game, "get-rollin", then=[[6, 6, 6]])
    assert game.players[0].position == at(game, "Roll Three")
    assert sum(1 for k, _ in game.players[0].cards if k == "roll_three") == 2


def test_garbage_day_rolls_two_dice_and_pays_ten_times() -> None:
    game = new_game()
    own(game, 1, "Trash Collector")
    draw(game, "garbage-day", then=[[3, 4]])
    assert game.players[0].position == at(game, "Trash Collector")
    assert game.cash(1) == 3200 + 70


def test_advance_to_tax_refund_collects_half_the_pool_then_pays_each_player_50() -> None:
    game = new_game()
    game.pay(1, POOL, 101, "tax")
    draw(game, "advance-to-tax-refund")
    assert game.players[0].position == at(game, "Tax Refund")
    assert pool(game) == 50
    assert game.cash(0) == 3200 + 51 - 50
    assert game.cash(1) == 3200 - 101 + 50


def test_excellent_accounting_is_kept_then_collects_all_the_pool_before_a_throw() -> None:
    game = new_game()
    game.pay(1, POOL, 101, "tax")
    ref = give(game, 0, "chance", "excellent-accounting")
    play(game, 0, ref)
    assert game.players[0].position == at(game, "Tax Refund")
    assert pool(game) == 0 and game.cash(0) == 3200 + 101
    assert kinds(game) == ["roll"]  # the throw is still to come
    assert not holds(game, 0, "excellent-accounting")


def test_excellent_accounting_is_played_only_before_a_throw_of_your_turn() -> None:
    game = new_game()
    ref = give(game, 1, "chance", "excellent-accounting")
    assert game.why_illegal(1, Action("play-card", card=ref)) is not None


def test_advance_to_the_pay_corner_of_the_outer_track_pays_400() -> None:
    game = new_game()
    draw(game, "advance-to-the-pay-corner", 61)
    assert game.players[0].position == at(game, "Pay Day")
    assert game.cash(0) == 3200 + 400


def test_advance_to_this_tracks_pay_corner_on_the_inner_track_pays_300() -> None:
    game = new_game()
    draw(game, "advance-to-this-tracks-pay-corner", 100)
    assert game.players[0].position == at(game, "Bonus")
    assert game.cash(0) == 3200 + 300


def test_advance_to_the_nearest_utility_rolls_and_pays_ten_times() -> None:
    game = new_game()
    own(game, 1, "Electric Company")
    draw(game, "advance-to-the-nearest-utility", then=[[3, 4]])
    assert game.players[0].position == at(game, "Electric Company")
    assert game.cash(1) == 3200 + 70


def test_advance_to_the_nearest_railroad_pays_twice_the_rent_and_draws_a_voucher() -> None:
    game = new_game()
    own(game, 1, "Pennsylvania Railroad")
    draw(game, "advance-to-the-nearest-railroad")
    assert game.players[0].position == at(game, "Pennsylvania Railroad")
    assert game.cash(1) == 3200 + 50
    assert vouchers(game, 0) == 2


# ==================================================================== taxi wars

def test_taxi_wars_are_not_fare_takes_a_cab_company_and_advances_to_it() -> None:
    game = new_game()
    cab = at(game, "Checker Cab Co.")
    own(game, 1, "Checker Cab Co.")
    draw(game, "taxi-wars-are-not-fare")
    assert game.owner[cab] == 0
    assert game.players[0].position == cab
    assert kinds(game) == ["taxi"]  # your own cab company offers a ride


def test_taxi_wars_just_say_no_keeps_the_cab_and_the_taxi_still_comes() -> None:
    game = new_game()
    cab = at(game, "Checker Cab Co.")
    own(game, 1, "Checker Cab Co.")
    no = give(game, 1, "chance", "just-say-no")
    draw(game, "taxi-wars-are-not-fare")
    assert kinds(game) == ["against-steal"] and game.pending[0].player == 1
    play(game, 1, no)
    assert game.owner[cab] == 1
    assert game.players[0].position == cab
    assert game.cash(1) == 3200 + 30  # rent on arrival
    assert not holds(game, 1, "just-say-no")


def test_taxi_wars_with_no_cab_company_owned_picks_one_to_buy() -> None:
    game = new_game()
    draw(game, "taxi-wars-are-not-fare")
    assert kinds(game) == ["taxi-wars"]
    game.act(0, Action("choose-deed", at(game, "Yellow Cab Co.")))
    assert game.players[0].position == at(game, "Yellow Cab Co.")
    assert game.pending[0].kind == "buy"


# ==================================================================== direct moves

def test_ride_the_subway_moves_directly_to_subway() -> None:
    game = new_game()
    draw(game, "ride-the-subway")
    assert game.players[0].position == at(game, "Subway")
    assert game.subway_next[0]


def test_shopping_spree_goes_directly_to_rodeo_drive_and_pays_150_to_the_pool() -> None:
    game = new_game()
    own(game, 1, "Rodeo Drive")
    draw(game, "shopping-spree", 17)
    assert game.players[0].position == at(game, "Rodeo Drive")
    assert game.cash(1) == 3200 + 90
    assert pool(game) == 150 and game.cash(0) == 3200 - 90 - 150


def test_april_15_taxes_due_pay_income_tax_or_go_to_jail() -> None:
    game = new_game()
    draw(game, "april-15-taxes-due", 17)
    assert kinds(game) == ["taxes-due"]
    game.act(0, Action("pay-tax"))
    assert game.players[0].position == at(game, "Income Tax")
    assert pool(game) == 200
    other = new_game()
    draw(other, "april-15-taxes-due", 17)
    other.act(0, Action("go-to-jail"))
    assert other.players[0].in_jail and pool(other) == 0


def test_vehicle_impounded_pays_50_moves_to_just_visiting_and_loses_a_turn() -> None:
    game = new_game()
    draw(game, "vehicle-impounded", 17)
    assert pool(game) == 50
    assert game.players[0].position == at(game, "Jail") and not game.players[0].in_jail
    assert game.lose_turns[0] == 1
    end_turn(game)
    assert game.current == 1
    game.dice.script([[1, 2, 2]])
    game.act(1, Action("roll"))
    while game.pending[0].kind != "end-turn":
        game.act(game.pending[0].player, Action("auction") if game.pending[0].kind == "buy"
                 else Action("pass"))
    end_turn(game, 1)
    assert game.current == 1 and game.lose_turns[0] == 0  # Ann's turn was lost


def test_mardi_gras_moves_all_players_directly_to_canal_street() -> None:
    game = new_game(("Ann", "Bob", "Cy"))
    game.players[2].in_jail = True
    game.players[2].position = at(game, "Jail")
    draw(game, "mardi-gras")
    canal = at(game, "Canal Street")
    assert game.players[0].position == canal and game.players[1].position == canal
    assert game.players[2].position == at(game, "Jail")
    assert game.pending[0].kind == "buy" and game.pending[0].player == 0


def test_get_taken_for_a_ride_pays_double_rent_at_the_nearest_cab_company() -> None:
    """From middle Chance 7 the nearest cab company by a card's walk is Ute Cab Co. (by
    B&O Railroad); the move is direct."""
    game = new_game()
    own(game, 1, "Ute Cab Co.")
    draw(game, "get-taken-for-a-ride")
    assert game.players[0].position == at(game, "Ute Cab Co.")
    assert game.cash(1) == 3200 + 60


def test_get_taken_for_a_ride_to_an_unowned_cab_company_does_nothing() -> None:
    game = new_game()
    draw(game, "get-taken-for-a-ride")
    assert game.players[0].position == at(game, "Ute Cab Co.")
    assert kinds(game) == ["end-turn"]


def test_changing_lanes_below_and_above() -> None:
    game = new_game()
    draw(game, "changing-lanes-below")
    assert game.players[0].position == at(game, "Canal Street")
    game = new_game()
    draw(game, "changing-lanes-above")
    assert game.players[0].position == game.board.spaces[7].extra["inward"]


def test_changing_lanes_below_on_the_outer_track_does_nothing() -> None:
    game = new_game()
    draw(game, "changing-lanes-below", 50)
    assert game.players[0].position == 50


def test_gps_is_not_working_the_player_on_your_left_moves_your_token() -> None:
    game = new_game()
    draw(game, "gps-is-not-working")
    assert kinds(game) == ["gps"] and game.pending[0].player == 1
    game.act(1, Action("choose-space", space=at(game, "GO")))
    assert game.players[0].position == 0
    assert game.cash(0) == 3200 + 200  # a direct landing on GO


# ==================================================================== jail

def test_go_to_jail_goes_directly_to_jail() -> None:
    game = new_game()
    draw(game, "go-to-jail")
    assert game.players[0].in_jail and kinds(game) == ["end-turn"]


def test_pay_back_sends_rent_due_to_you_to_the_pool_while_in_jail() -> None:
    game = new_game()
    own(game, 0, "Oriental Avenue")
    draw(game, "pay-back")
    assert game.players[0].in_jail and game.pay_back[0]
    end_turn(game)
    game.players[1].position = at(game, "Mediterranean Avenue")
    game.dice.script([[1, 2, 2]])  # 5, odd: Oriental Avenue
    game.act(1, Action("roll"))
    assert game.players[1].position == at(game, "Oriental Avenue")
    assert game.cash(0) == 3200 and pool(game) == 6
    game.act(1, Action("end-turn"))
    game.act(0, Action("pay-bail"))
    assert not game.pay_back[0]


def test_get_out_of_jail_free_is_kept_and_used_in_jail() -> None:
    game = new_game()
    draw(game, "get-out-of-jail-free")
    game.send_to_jail(0)
    game.ask_roll()
    assert kinds(game) == ["jail"]
    game.act(0, Action("use-card"))
    assert not game.players[0].in_jail and not holds(game, 0, "get-out-of-jail-free")


# ==================================================================== money

def test_school_fees_pay_150_to_the_pool() -> None:
    game = new_game()
    draw(game, "school-fees")
    assert pool(game) == 150 and game.cash(0) == 3200 - 150


def test_loan_matures_collects_150_from_the_bank() -> None:
    game = new_game()
    draw(game, "loan-matures")
    assert game.cash(0) == 3350 and pool(game) == 0


def test_win_the_marathon_laps_the_track_and_collects_its_pay_corner() -> None:
    game = new_game()
    draw(game, "win-the-marathon", 61)
    assert game.players[0].position == 61
    assert game.cash(0) == 3200 + 400  # Pay Day, passed by a card


def test_you_are_elected_as_the_chairperson_pays_each_player_50() -> None:
    game = new_game(("Ann", "Bob", "Cy"))
    draw(game, "you-are-elected-as-the-chairperson")
    assert game.cash(0) == 3100 and game.cash(1) == 3250 and game.cash(2) == 3250


def test_shouldnt_the_train_be_here_already_only_for_railroad_or_stock_owners() -> None:
    game = new_game()
    draw(game, "shouldnt-the-train-be-here-already")
    assert game.cash(0) == 3200
    game = new_game()
    game.shares[0][cards.company_index(game, "United Railways")] = 1
    draw(game, "shouldnt-the-train-be-here-already")
    assert game.cash(0) == 3150 and game.cash(1) == 3250


def test_go_back_three_spaces_lands_on_income_tax() -> None:
    game = new_game()
    draw(game, "go-back-three-3-spaces")
    assert game.players[0].position == at(game, "Income Tax")
    assert pool(game) == 200


def test_forward_thinker_advances_3_spaces_on_the_track() -> None:
    game = new_game()
    draw(game, "forward-thinker")
    assert game.players[0].position == at(game, "Jail")


def test_property_taxes_pay_25_per_unmortgaged_property() -> None:
    game = new_game()
    own(game, 0, "Baltic Avenue", "Oriental Avenue", "Reading Railroad")
    game.mortgaged[at(game, "Oriental Avenue")] = True
    draw(game, "property-taxes")
    assert pool(game) == 50


def test_make_general_repairs_per_building() -> None:
    game = new_game()
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue", "Reading Railroad")
    game.houses[at(game, "Mediterranean Avenue")] = 2
    game.houses[at(game, "Baltic Avenue")] = 5
    game.houses[at(game, "Reading Railroad")] = 1
    draw(game, "make-general-repairs")
    assert pool(game) == 2 * 25 + 100 + 25


def test_the_insiders_edge_by_track() -> None:
    game = new_game()
    draw(game, "the-insiders-edge", 100)
    assert game.cash(0) == 3200 + 250
    game = new_game()
    draw(game, "the-insiders-edge", 64)
    assert pool(game) == 50
    game = new_game()
    draw(game, "the-insiders-edge", 17)
    assert game.cash(0) == 3200


def test_opening_night_tickets_collect_50_from_each_player() -> None:
    game = new_game(("Ann", "Bob", "Cy"))
    draw(game, "opening-night-tickets", 17)
    assert game.cash(0) == 3300 and game.cash(1) == 3150 and game.cash(2) == 3150


def test_opening_night_tickets_just_say_no_cancels_one_players_share() -> None:
    game = new_game(("Ann", "Bob", "Cy"))
    no = give(game, 2, "community_chest", "just-say-no")
    draw(game, "opening-night-tickets", 17)
    assert kinds(game) == ["against-pay"] and game.pending[0].player == 2
    play(game, 2, no)
    assert game.cash(0) == 3250 and game.cash(1) == 3150 and game.cash(2) == 3200


def test_happy_birthday_collects_10_then_follows_birthday_gift() -> None:
    game = new_game()
    draw(game, "happy-birthday", 17)
    assert game.cash(0) == 3210
    assert game.players[0].position == at(game, "Birthday Gift")
    assert kinds(game) == ["birthday-gift"]


def test_always_tip_your_driver_pays_cab_company_owners() -> None:
    game = new_game(("Ann", "Bob", "Cy"))
    own(game, 2, "Yellow Cab Co.")
    draw(game, "always-tip-your-driver", 17)
    assert game.cash(0) == 3150 and game.cash(1) == 3200 and game.cash(2) == 3250


def test_game_night_the_higher_roller_collects_200() -> None:
    game = new_game()
    draw(game, "game-night", 17, then=[[2, 2], [2, 2], [1, 2], [5, 6]])
    assert game.cash(1) == 3200 + 200 and game.cash(0) == 3200


def test_be_kind_rewind_moves_backwards_and_pays_double_rent() -> None:
    """Roll 2 (even) back from Community Chest 17: St. James Place, then Pennsylvania
    Railroad (owned: $25 twice; a transit station landed on exactly draws a voucher)."""
    game = new_game()
    own(game, 1, "Pennsylvania Railroad")
    draw(game, "be-kind-rewind", 17, then=[[1, 1]])
    assert game.players[0].position == at(game, "Pennsylvania Railroad")
    assert game.cash(1) == 3200 + 50
    assert vouchers(game, 0) == 2


def test_be_kind_rewind_odd_stays_on_the_track_and_obeys_the_space() -> None:
    game = new_game()
    draw(game, "be-kind-rewind", 17, then=[[1, 2]])
    assert game.players[0].position == at(game, "Virginia Avenue")
    assert game.pending[0].kind == "buy"


# ==================================================================== nearest unowned, any

def test_discount_travel_buys_the_nearest_unowned_transit_property_at_half_price() -> None:
    game = new_game()
    draw(game, "discount-travel", 17)
    bo = at(game, "B&O Railroad")
    assert game.players[0].position == bo
    assert kinds(game) == ["card-buy"] and game.pending[0].amount == 100
    game.act(0, Action("buy-for"))
    assert game.owner[bo] == 0 and game.cash(0) == 3200 - 100


def test_discount_travel_declined_goes_to_auction() -> None:
    game = new_game()
    draw(game, "discount-travel", 17)
    game.act(0, Action("auction"))
    assert kinds(game) == ["bid"]


def test_a_moving_experience_moves_to_a_railroad_of_your_choice() -> None:
    game = new_game()
    draw(game, "a-moving-experience", 17)
    assert kinds(game) == ["moving-experience"]
    game.act(0, Action("choose-space", space=at(game, "Reading Railroad")))
    assert game.players[0].position == at(game, "Reading Railroad")
    assert game.cash(0) == 3200 + 200  # round GO
    assert game.pending[0].kind == "buy" and vouchers(game, 0) == 2


# ==================================================================== vouchers

def test_business_trip_takes_travel_vouchers() -> None:
    game = new_game()
    draw(game, "business-trip")
    assert vouchers(game, 0) == 2
    game = new_game()
    draw(game, "business-trip-2", 17)
    assert vouchers(game, 0) == 3


def test_finders_keepers_takes_a_voucher_from_another_player() -> None:
    game = new_game()
    draw(game, "finders-keepers", 17)
    assert vouchers(game, 0) == 2 and vouchers(game, 1) == 0


def test_losers_weepers_puts_a_voucher_back_under_the_pile() -> None:
    game = new_game()
    draw(game, "losers-weepers", 17)
    assert vouchers(game, 0) == 0
    assert game.decks[VOUCHERS].order[-1] in range(len(game.decks[VOUCHERS].cards))


# ==================================================================== buildings

def test_hurricane_makes_landfall_on_another_players_group() -> None:
    game = new_game()
    own(game, 1, "Mediterranean Avenue", "Baltic Avenue")
    game.houses[at(game, "Mediterranean Avenue")] = 2
    game.houses[at(game, "Baltic Avenue")] = 5
    game.bank_houses -= 2
    game.bank_hotels -= 1
    draw(game, "hurricane-makes-landfall")
    assert game.houses[at(game, "Mediterranean Avenue")] == 1
    assert game.houses[at(game, "Baltic Avenue")] == 4


def test_hurricane_just_say_no() -> None:
    game = new_game()
    own(game, 1, "Mediterranean Avenue", "Baltic Avenue")
    game.houses[at(game, "Baltic Avenue")] = 1
    no = give(game, 1, "chance", "just-say-no")
    draw(game, "hurricane-makes-landfall")
    play(game, 1, no)
    assert game.houses[at(game, "Baltic Avenue")] == 1


def test_tornado_hits_one_of_your_own_groups() -> None:
    game = new_game()
    own(game, 0, "Reading Railroad", "Pennsylvania Railroad")
    game.houses[at(game, "Reading Railroad")] = 1
    game.houses[at(game, "Pennsylvania Railroad")] = 1
    game.bank_depots -= 2
    draw(game, "tornado-hits", 17)
    assert kinds(game) == ["tornado"]
    game.act(0, Action("choose-deed", at(game, "Pennsylvania Railroad")))
    assert game.houses[at(game, "Pennsylvania Railroad")] == 0
    assert game.houses[at(game, "Reading Railroad")] == 1
    assert game.bank_depots == game.data.rules["train_depots"] - 1


def test_tornado_hits_without_buildings_does_nothing() -> None:
    game = new_game()
    draw(game, "tornado-hits", 17)
    assert kinds(game) == ["end-turn"]


def test_assets_seized_surrenders_a_property_or_goes_to_jail() -> None:
    game = new_game()
    draw(game, "assets-seized")
    assert game.players[0].in_jail
    game = new_game()
    own(game, 0, "Baltic Avenue")
    draw(game, "assets-seized")
    assert game.owner[at(game, "Baltic Avenue")] == -1


def test_assets_seized_one_building() -> None:
    game = new_game()
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue")
    game.houses[at(game, "Mediterranean Avenue")] = 1
    game.houses[at(game, "Baltic Avenue")] = 2
    game.bank_houses -= 3
    draw(game, "assets-seized")
    assert game.houses[at(game, "Baltic Avenue")] == 1 and game.cash(0) == 3200


def test_house_condemned_sells_a_house_at_half_price() -> None:
    game = new_game()
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue")
    game.houses[at(game, "Baltic Avenue")] = 1
    game.bank_houses -= 1
    draw(game, "house-condemned", 17)
    assert game.houses[at(game, "Baltic Avenue")] == 0 and game.cash(0) == 3225


def test_zero_dollars_down_builds_a_free_house() -> None:
    game = new_game()
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue")
    ref = give(game, 0, "chance", "zero-dollars-down")
    play(game, 0, ref)
    assert kinds(game) == ["free-house"]
    game.act(0, Action("choose-deed", at(game, "Baltic Avenue")))
    assert game.houses[at(game, "Baltic Avenue")] == 1 and game.cash(0) == 3200
    assert kinds(game) == ["roll"]


# ==================================================================== kept cards on your turn

def test_strong_armed_deal_swaps_a_property() -> None:
    game = new_game()
    own(game, 0, "Baltic Avenue")
    own(game, 1, "Oriental Avenue")
    ref = give(game, 0, "chance", "strong-armed-deal")
    play(game, 0, ref)
    assert game.owner[at(game, "Oriental Avenue")] == 0
    assert game.owner[at(game, "Baltic Avenue")] == 1
    assert kinds(game) == ["roll"]


def test_see_you_in_court_takes_250() -> None:
    game = new_game()
    ref = give(game, 0, "chance", "see-you-in-court")
    play(game, 0, ref)
    assert game.cash(0) == 3450 and game.cash(1) == 2950


def test_see_you_in_court_lawyer_on_retainer_avoids_it() -> None:
    game = new_game()
    ref = give(game, 0, "chance", "see-you-in-court")
    lawyer = give(game, 1, "community_chest", "lawyer-on-retainer")
    play(game, 0, ref)
    assert kinds(game) == ["against-court"]
    play(game, 1, lawyer)
    assert game.cash(0) == 3200 and kinds(game) == ["roll"]


def test_see_you_in_court_allowed_keeps_the_no() -> None:
    game = new_game()
    ref = give(game, 0, "chance", "see-you-in-court")
    give(game, 1, "chance", "just-say-no")
    play(game, 0, ref)
    game.act(1, Action("allow"))
    assert game.cash(1) == 2950 and holds(game, 1, "just-say-no")


def test_slick_move_steals_a_property_not_part_of_a_monopoly() -> None:
    game = new_game()
    own(game, 1, "Mediterranean Avenue", "Baltic Avenue", "Oriental Avenue")
    ref = give(game, 0, "chance", "slick-move")
    play(game, 0, ref)  # the purple pair is a monopoly: Oriental is the only choice
    assert game.owner[at(game, "Oriental Avenue")] == 0


def test_hostile_takeover_a_mortgaged_property_comes_with_its_mortgage() -> None:
    game = new_game()
    own(game, 1, "Oriental Avenue")
    game.mortgaged[at(game, "Oriental Avenue")] = True
    ref = give(game, 0, "community_chest", "hostile-takeover")
    play(game, 0, ref)
    assert game.owner[at(game, "Oriental Avenue")] == 0
    assert game.cash(0) == 3200 - 5  # 10% of the $50 mortgage
    assert kinds(game) == ["mortgaged-deeds"]


def test_foreclosed_property_sale_pays_the_mortgage_value_to_the_bank() -> None:
    game = new_game()
    own(game, 1, "Oriental Avenue")
    game.mortgaged[at(game, "Oriental Avenue")] = True
    ref = give(game, 0, "chance", "foreclosed-property-sale")
    play(game, 0, ref)
    assert game.owner[at(game, "Oriental Avenue")] == 0
    assert not game.mortgaged[at(game, "Oriental Avenue")]
    assert game.cash(0) == 3150 and pool(game) == 0


def test_elected_district_attorney_sends_another_player_to_jail() -> None:
    game = new_game()
    ref = give(game, 0, "community_chest", "elected-district-attorney")
    play(game, 0, ref)
    assert game.players[1].in_jail and not game.players[0].in_jail


def test_elected_district_attorney_just_say_no() -> None:
    game = new_game()
    ref = give(game, 0, "community_chest", "elected-district-attorney")
    no = give(game, 1, "community_chest", "just-say-no")
    play(game, 0, ref)
    assert kinds(game) == ["against-jail"]
    play(game, 1, no)
    assert not game.players[1].in_jail
    assert game.decks["community_chest"].cards[game.decks["community_chest"].order[-1]].id \
        == "just-say-no"


def test_kept_cards_of_your_turn_are_not_played_on_anothers() -> None:
    game = new_game()
    ref = give(game, 1, "chance", "see-you-in-court")
    assert game.why_illegal(1, Action("play-card", card=ref)) is not None


def test_buyers_market_buys_an_outer_property_at_half_price() -> None:
    game = new_game()
    ref = give(game, 0, "chance", "buyers-market")
    play(game, 0, ref)
    assert kinds(game) == ["buyers-market"]
    rodeo = at(game, "Rodeo Drive")
    game.act(0, Action("choose-space", space=rodeo))
    assert game.players[0].position == rodeo
    assert kinds(game) == ["card-buy"] and game.pending[0].amount == 255
    game.act(0, Action("buy-for"))  # by Reading Railroad, round the outer track past Pay Day
    assert game.owner[rodeo] == 0 and game.cash(0) == 3200 + 400 - 255
    assert kinds(game) == ["roll"]


# ==================================================================== kept cards at a moment

def test_comped_room_pays_no_rent() -> None:
    game = new_game()
    own(game, 1, "Oriental Avenue")
    ref = give(game, 0, "chance", "comped-room")
    land(game, "Oriental Avenue")
    assert kinds(game) == ["rent-due"] and game.pending[0].amount == 6
    play(game, 0, ref)
    assert game.cash(0) == 3200 and game.cash(1) == 3200


def test_comped_room_kept_by_paying_the_rent() -> None:
    game = new_game()
    own(game, 1, "Oriental Avenue")
    give(game, 0, "chance", "comped-room")
    land(game, "Oriental Avenue")
    game.act(0, Action("pay-rent"))
    assert game.cash(1) == 3206 and holds(game, 0, "comped-room")


def test_special_online_pricing_pays_half_a_railroads_rent() -> None:
    game = new_game()
    own(game, 1, "Reading Railroad", "Pennsylvania Railroad")
    ref = give(game, 0, "community_chest", "special-online-pricing")
    throw(game, 1, 2, 2)  # 5: Reading Railroad ($50)
    play(game, 0, ref)
    assert game.cash(1) == 3225


def test_reverse_rent_the_owner_pays_you() -> None:
    game = new_game()
    own(game, 1, "Oriental Avenue")
    ref = give(game, 0, "community_chest", "reverse-rent")
    land(game, "Oriental Avenue")
    play(game, 0, ref)
    assert game.cash(0) == 3206 and game.cash(1) == 3194


def test_the_rent_is_too_darn_high_pays_only_50() -> None:
    game = new_game()
    own(game, 1, "Oriental Avenue")
    game.houses[at(game, "Oriental Avenue")] = 2  # $90
    ref = give(game, 0, "community_chest", "the-rent-is-too-darn-high")
    land(game, "Oriental Avenue")
    assert game.pending[0].amount == 90
    play(game, 0, ref)
    assert game.cash(1) == 3250


def test_the_rent_is_too_darn_high_is_not_offered_on_a_rent_of_50_or_less() -> None:
    game = new_game()
    own(game, 1, "Oriental Avenue")
    give(game, 0, "community_chest", "the-rent-is-too-darn-high")
    land(game, "Oriental Avenue")
    assert kinds(game) == ["end-turn"] and game.cash(1) == 3206


def test_renovation_success_collects_50_extra_from_the_next_lander() -> None:
    game = new_game()
    own(game, 1, "Oriental Avenue")
    give(game, 1, "community_chest", "renovation-success")
    land(game, "Oriental Avenue")
    assert game.cash(1) == 3200 + 6 + 50 and not holds(game, 1, "renovation-success")


def test_bargain_business_buys_the_property_landed_on_for_100() -> None:
    game = new_game()
    ref = give(game, 0, "community_chest", "bargain-business")
    land(game, "Boardwalk")
    assert game.pending[0].kind == "buy"
    play(game, 0, ref)
    assert game.owner[at(game, "Boardwalk")] == 0 and game.cash(0) == 3100


def test_deal_buster_buys_the_property_another_player_is_about_to_buy() -> None:
    game = new_game()
    ref = give(game, 1, "community_chest", "deal-buster")
    land(game, "Oriental Avenue")  # Ann may buy it
    play(game, 1, ref)
    assert game.owner[at(game, "Oriental Avenue")] == 1 and game.cash(1) == 3100
    assert kinds(game) == ["end-turn"]


def test_deal_buster_just_say_no_gives_the_purchase_back() -> None:
    game = new_game()
    ref = give(game, 1, "community_chest", "deal-buster")
    no = give(game, 0, "chance", "just-say-no")
    land(game, "Oriental Avenue")
    play(game, 1, ref)
    assert kinds(game) == ["against-deal-buster"]
    play(game, 0, no)
    assert kinds(game) == ["buy"] and game.pending[0].player == 0


def test_always_bank_on_family_pays_100_of_your_winning_bid() -> None:
    game = new_game()
    give(game, 1, "chance", "always-bank-on-family")
    land(game, "Oriental Avenue")
    game.act(0, Action("auction"))
    game.act(1, Action("bid", amount=150))
    game.act(0, Action("pass"))
    assert game.owner[at(game, "Oriental Avenue")] == 1 and game.cash(1) == 3150
    assert not holds(game, 1, "always-bank-on-family")


def test_always_bank_on_family_the_auction_won_event_tells_the_bid_and_the_price() -> None:
    """ "the bank adds $100 to your final bid": the bid won is $150 and Bob pays $50; the
    event tells both (without the card, only the bid: nothing else was paid)."""
    game = new_game()
    events: list[Event] = []
    game.listeners.append(events.append)
    give(game, 1, "chance", "always-bank-on-family")
    land(game, "Oriental Avenue")
    game.act(0, Action("auction"))
    game.act(1, Action("bid", amount=150))
    game.act(0, Action("pass"))
    won = [e.data for e in events if e.kind == "auction-won"]
    assert won == [{"player": 1, "deed": at(game, "Oriental Avenue"), "amount": 150,
                    "paid": 50}]
    paid = [e.data["amount"] for e in events
            if e.kind == "paid" and e.data["reason"] == "auction"]
    assert paid == [50]
    used = [e.data for e in events if e.kind == "card-used"]
    assert used == [{"player": 1, "deck": "chance", "card": "always-bank-on-family"}]
    plain = new_game()
    plain.listeners.append(events.append)
    events.clear()
    land(plain, "Oriental Avenue")
    plain.act(0, Action("auction"))
    plain.act(1, Action("bid", amount=150))
    plain.act(0, Action("pass"))
    assert [e.data for e in events if e.kind == "auction-won"] == [
        {"player": 1, "deed": at(plain, "Oriental Avenue"), "amount": 150}]


def test_always_bank_on_family_pays_100_of_a_winning_share_bid() -> None:
    game = new_game()
    events: list[Event] = []
    game.listeners.append(events.append)
    give(game, 1, "chance", "always-bank-on-family")
    game.players[0].position = at(game, "Birthday Gift")
    throw(game, 1, 2, 2)  # 5: the Stock Exchange
    game.act(0, Action("decline-share"))
    game.act(0, Action("auction-share", company=0))
    while game.auction is not None:
        seat = game.pending[0].player
        game.act(seat, Action("bid", amount=120) if seat == 1 and game.auction.high < 120
                 else Action("pass"))
    (share,) = [e.data for e in events if e.kind == "share-auction-won"]
    assert share == {"player": 1, "company": game.stocks[0].id, "amount": 120, "paid": 20}
    assert game.cash(1) == 3200 - 20 and game.shares[1][0] == 1
    assert not holds(game, 1, "always-bank-on-family")


def test_insider_trading_buys_a_share_at_half_par() -> None:
    game = new_game()
    ref = give(game, 0, "community_chest", "insider-trading")
    game.players[0].position = at(game, "Birthday Gift")
    throw(game, 1, 2, 2)  # 5: the Stock Exchange
    assert kinds(game) == ["stock-exchange"]
    play(game, 0, ref)
    assert kinds(game) == ["insider-trading"]
    game.act(0, Action("choose-company", company=0))
    assert game.shares[0][0] == 1 and game.cash(0) == 3200 - 50


def test_share_in_their_good_fortune_takes_half_a_roll_three_win() -> None:
    game = Game(EDITION.data, ["Ann", "Bob"], 1, EDITION.options({}),
                rulebook=RULES,
                decide_order=False)
    ref = give(game, 1, "community_chest", "share-in-their-good-fortune")
    game.players[0].cards = [c for c in game.players[0].cards if c[0] != "roll_three"]
    game.players[1].cards = [c for c in game.players[1].cards if c[0] != "roll_three"]
    game.decks["roll_three"].stack(["roll-three-1-3-6"])
    game.players[0].position = at(game, "Roll Three") - 5
    game.dice.script([[1, 2, 2], [1, 3, 6]])
    game.act(0, Action("roll"))
    assert game.cash(0) == 3200 + 1500
    assert kinds(game) == ["good-fortune"] and game.pending[0].player == 1
    play(game, 1, ref)
    assert game.cash(0) == 3200 + 750 and game.cash(1) == 3200 + 750


# ==================================================================== stocks

def test_stock_market_crash_returns_half_the_shares_mortgaged_first() -> None:
    game = new_game()
    game.shares[1][0] = 3
    game.shares_mortgaged[1][0] = 1
    game.bank_shares[0] -= 3
    draw(game, "stock-market-crash")
    assert game.shares[1][0] == 1 and game.shares_mortgaged[1][0] == 0
    assert game.bank_shares[0] == 4


def test_video_killed_the_radio_star_halves_two_payouts() -> None:
    game = new_game()
    radio = cards.company_index(game, "General Radio")
    game.shares[1][radio] = 2
    draw(game, "video-killed-the-radio-star")
    assert game.halved_payouts[radio] == 2
    assert cards.paid_dividend(game, 1, radio) == 26


def test_entertainment_rocks_pays_dividends_now() -> None:
    game = new_game()
    radio = cards.company_index(game, "General Radio")
    pictures = cards.company_index(game, "Motion Pictures")
    game.shares[1][radio] = 1
    game.shares[1][pictures] = 2
    game.halved_payouts[radio] = 1
    draw(game, "entertainment-rocks")
    assert game.cash(1) == 3200 + 7 + 40
    assert game.halved_payouts[radio] == 0


def test_electric_car_shocking_success_the_electric_company_owner_collects_triple() -> None:
    game = new_game(("Ann", "Bob", "Cy"))
    acme = cards.company_index(game, "Acme Motors")
    game.shares[1][acme] = 1
    game.shares[2][acme] = 1
    own(game, 2, "Electric Company")
    draw(game, "electric-car-shocking-success")
    assert game.cash(1) == 3215 and game.cash(2) == 3245


def test_caught_insider_trading_fines_the_dividends_and_jails() -> None:
    game = new_game()
    game.shares[0][0] = 2
    draw(game, "caught-insider-trading")
    assert pool(game) == 40 and game.players[0].in_jail
    game = new_game()
    draw(game, "caught-insider-trading")
    assert pool(game) == 0 and not game.players[0].in_jail


def test_caught_insider_trading_avoided_by_lawyer_on_retainer() -> None:
    game = new_game()
    game.shares[0][0] = 2
    lawyer = give(game, 0, "community_chest", "lawyer-on-retainer")
    draw(game, "caught-insider-trading")
    assert kinds(game) == ["insider-fine"]
    play(game, 0, lawyer)
    assert pool(game) == 0 and not game.players[0].in_jail


def test_utility_regulation_holders_pay_a_fine_equal_to_their_dividends() -> None:
    game = new_game()
    utilities = cards.company_index(game, "National Utilities")
    game.shares[1][utilities] = 1
    draw(game, "utility-regulation", 17)
    assert pool(game) == 12 and game.cash(1) == 3188


def test_utility_regulation_avoided_by_lawyer_on_retainer() -> None:
    game = new_game()
    utilities = cards.company_index(game, "National Utilities")
    game.shares[1][utilities] = 1
    lawyer = give(game, 1, "community_chest", "lawyer-on-retainer")
    draw(game, "utility-regulation", 17)
    assert kinds(game) == ["stock-fine"] and game.pending[0].player == 1
    play(game, 1, lawyer)
    assert pool(game) == 0 and game.cash(1) == 3200


def test_just_say_no_is_not_played_on_its_own() -> None:
    game = new_game()
    no = give(game, 0, "chance", "just-say-no")
    assert "used when it applies" in str(game.why_illegal(0, Action("play-card", card=no)))


def test_only_the_holder_of_a_kept_card_may_play_it() -> None:
    """A card is played by the player who keeps it: not by another player holding a card of
    the same number from another pile, and a Travel Voucher or a Roll Three card is no kept
    card."""
    game = new_game()
    no = give(game, 1, "chance", "just-say-no")
    index = no[1]
    game.players[0].cards.append(("community_chest", index))
    held = game.players[0].cards[:2]  # (the voucher and Roll Three card dealt at the start)
    assert {k for k, _ in held} == {VOUCHERS, "roll_three"}
    for ref in (no, *held):
        assert game.why_illegal(0, Action("play-card", card=ref)) == \
            "Ann does not keep that card"
    assert "used when it applies" in str(game.why_illegal(1, Action("play-card", card=no)))


def test_inherit_stock_takes_a_free_share() -> None:
    game = new_game()
    draw(game, "inherit-stock", 17)
    assert kinds(game) == ["inherit-stock"]
    game.act(0, Action("choose-company", company=2))
    assert game.shares[0][2] == 1 and game.bank_shares[2] == 4 and game.cash(0) == 3200


def test_sale_of_stock_bonus_sells_a_share_for_par_plus_50() -> None:
    game = new_game()
    game.shares[1][0] = 1
    game.bank_shares[0] -= 1
    ref = give(game, 1, "community_chest", "sale-of-stock-bonus")
    play(game, 1, ref)  # at any time while managing: during Ann's roll decision
    assert game.shares[1][0] == 0 and game.cash(1) == 3200 + 150
    assert kinds(game) == ["roll"] and game.pending[0].player == 0


# ==================================================================== random play

def action_cards_whole(game: Game) -> bool:
    """Every Chance and Community Chest card is under its pile or held by a player."""
    for key in ("chance", "community_chest"):
        deck = game.decks[key]
        held = sum(1 for p in game.players for k, _ in p.cards if k == key)
        if sorted(list(deck.order) + [i for p in game.players for k, i in p.cards
                                       if k == key]) != list(range(len(deck.cards))):
            return False
        if held + len(deck.order) != len(deck.cards):
            return False
    return True


@pytest.mark.parametrize("seed", range(8))
def test_random_games_with_every_card_keep_money_and_cards_whole(seed: int) -> None:
    """Random legal play with the cards wired in: money is conserved (bank, Pool, players),
    every action card is under its pile or held, and a clone answered alike stays equal."""
    game = new_game(("Ann", "Bob", "Cy", "Dee"), seed=seed)
    for key in ("chance", "community_chest"):  # every card comes up early
        game.decks[key].shuffle(game.rng)
    play_randomly(game, seed, 2500, action_cards_whole)


def test_every_card_kind_of_both_decks_has_a_rule() -> None:
    game = new_game()
    for key in ("chance", "community_chest"):
        for card in game.decks[key].cards:
            assert card.kind in cards.CARDS, card.id
            then = card.get("then")
            if then:
                assert then["kind"] in cards.CARDS

