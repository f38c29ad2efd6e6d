"""Ultimate Monopoly's turn (work in progress): the speed die, movement on three tracks, pay
corners and the spaces built so far, each test named after the rule it checks.

The edition is not registered yet, so these tests make games from its ``EDITION`` directly
and place tokens by hand; scenario files come once the edition is registered.
"""

from __future__ import annotations

import pytest

import um_helpers as um
from pennybags.editions.ultimate_monopoly.game import POOL, VOUCHERS, UltimateMonopolyGame
from pennybags.engine.actions import Action
from um_helpers import at, kinds, new_game, place, play_randomly, vouchers


def throw(game: UltimateMonopolyGame, *dice: int | str) -> None:
    """The player whose turn it is throws these dice, going on with the bonus move."""
    um.throw(game, *dice)
    if game.pending and game.pending[0].kind == "bonus-move":
        game.act(game.current, Action("go-on"))  # (no Travel Voucher before the bonus move)


def test_setup_3200_each_a_voucher_and_a_roll_three_card() -> None:
    """Each player begins with $3,200, one Travel Voucher and one Roll Three card."""
    game = new_game(("Ann", "Bob", "Cy"))
    for seat in range(3):
        assert game.cash(seat) == 3200
        assert sorted(key for key, _ in game.players[seat].cards) == ["roll_three", VOUCHERS]


def test_pips_on_all_three_dice_move_the_total() -> None:
    """Pips on all three dice: move the total (2 + 3 + 2 = 7, odd: past Reading Railroad
    on the same track, to Chance)."""
    game = new_game()
    throw(game, 2, 3, 2)
    assert game.players[0].position == 7
    assert game.tracks.track_of(7) == "middle"


def test_even_throw_rides_the_transit_station_it_passes() -> None:
    """Transit stations: an even throw passing one rides to the linked track (the
    rulebook's example: States Avenue with a four ends on Madison Avenue, inner track)."""
    game = new_game()
    place(game, 0, "States Avenue")
    throw(game, 1, 2, 1)
    assert game.players[0].position == at(game, "Madison Avenue")


def test_odd_throw_stays_on_its_track_past_a_station() -> None:
    game = new_game()
    place(game, 0, "States Avenue")
    throw(game, 2, 1, 2)  # 5, odd: Virginia, Pennsylvania RR, St. James, Community Chest, Tennessee
    assert game.players[0].position == at(game, "Tennessee Avenue")


def test_landing_on_a_transit_station_draws_a_voucher_and_offers_the_railroad() -> None:
    """Landing exactly on a transit station: draw a Travel Voucher; the railroad is one
    property on both tracks."""
    game = new_game()
    throw(game, 1, 2, 2)  # 5: Reading Railroad
    assert game.players[0].position == at(game, "Reading Railroad")
    assert vouchers(game, 0) == 2
    assert game.pending[0].kind == "buy" and game.pending[0].deed == at(game, "Reading Railroad")


def test_doubles_count_the_regular_dice_only_and_roll_again() -> None:
    game = new_game()
    throw(game, 3, 3, 1)  # doubles on the regular dice: 7, Chance
    assert game.doubles == 1
    assert kinds(game) == ["roll"]


def test_three_doubles_go_to_jail_and_end_the_turn() -> None:
    game = new_game()
    game.dice.script([[1, 1, 3], [2, 2, 3], [3, 3, 1]])
    for _ in range(3):
        while game.pending[0].kind == "buy":
            game.act(0, Action("auction"))
            while game.pending[0].kind == "bid":
                game.act(game.pending[0].player, Action("pass"))
        game.act(0, Action("roll"))
    assert game.players[0].in_jail and game.players[0].position == at(game, "Jail")
    assert kinds(game) == ["end-turn"]


def test_triples_move_to_any_space_and_end_the_movement() -> None:
    """Triples (1s, 2s, 3s): move to any space of any track; no more rolls this turn, and
    no jail for the doubles before."""
    game = new_game()
    throw(game, 2, 2, 2)
    assert kinds(game) == ["triples"]
    game.act(0, Action("move-to", space=at(game, "Free Parking")))
    assert game.players[0].position == at(game, "Free Parking")
    assert kinds(game) == ["end-turn"]


def test_triples_landing_on_a_pay_corner_pays_its_highest_landing_amount() -> None:
    game = new_game()
    throw(game, 1, 1, 1)
    game.act(0, Action("move-to", space=at(game, "Pay Day")))
    assert game.cash(0) == 3200 + 400


def test_mr_monopoly_moves_on_to_the_next_unowned_property() -> None:
    """Mr. Monopoly: after the regular dice's move and its space, advance to the next
    unowned property (odd regular total: on the same track)."""
    game = new_game()
    game.set_owner(at(game, "Vermont Avenue"), 1)
    throw(game, 1, 2, "mr_monopoly")  # 3: Baltic Avenue
    assert game.players[0].position == at(game, "Baltic Avenue")
    game.act(0, Action("buy"))
    game.act(0, Action("go-on"))  # (no Travel Voucher before the bonus move)
    # then on to the next unowned property: Reading Railroad, past Income Tax
    assert game.players[0].position == at(game, "Reading Railroad")
    assert kinds(game) == ["buy"]


def test_mr_monopoly_stays_when_nothing_is_reached() -> None:
    """Ruling 10: when every property is owned and none owes rent ahead (all the player's
    own), the token stays where the bonus move began."""
    game = new_game()
    for deed in game.board.deeds:
        game.set_owner(deed, 0)
    throw(game, 1, 2, "mr_monopoly")
    assert game.players[0].position == at(game, "Baltic Avenue")
    assert kinds(game) == ["end-turn"]


def test_bus_takes_a_voucher_or_rides_to_the_nearest_chance_or_chest() -> None:
    game = new_game()
    game.set_owner(at(game, "Baltic Avenue"), 1)
    throw(game, 1, 2, "bus")  # 3: Baltic Avenue (Bob's: rent), then the Bus
    assert kinds(game) == ["bus"]
    game.act(0, Action("take-voucher"))
    assert vouchers(game, 0) == 2 and kinds(game) == ["end-turn"]
    other = new_game()
    other.set_owner(at(other, "Baltic Avenue"), 1)
    throw(other, 1, 2, "bus")
    other.act(0, Action("ride-bus"))
    assert other.board.spaces[other.players[0].position].kind in ("chance", "community_chest")


def test_passing_go_pays_200_and_bonus_pays_250_passing_300_landing() -> None:
    game = new_game()
    place(game, 0, "Boardwalk")
    throw(game, 1, 2, 2)  # 5, odd: from Boardwalk (39) past GO to Income Tax (4)
    assert game.players[0].position == at(game, "Income Tax")
    assert game.cash(0) == 3200 + 200 - 200
    assert game.ledger.balance(POOL) == 200
    bonus = new_game()
    place(bonus, 0, "inner 4")
    throw(bonus, 1, 2, 2)  # 5 from inner 4: Bonus (inner 6) passed
    assert bonus.cash(0) == 3200 + 250


def test_pay_day_pays_300_on_an_odd_throw_and_400_on_an_even_one() -> None:
    for dice, pay in (((1, 2, 2), 300), ((1, 2, 3), 400)):
        game = new_game()
        place(game, 0, "outer 25")
        throw(game, *dice)
        assert game.cash(0) == 3200 + pay, dice


def test_taxes_go_to_the_pool_and_tax_refund_pays_half_rounded_up() -> None:
    game = new_game()
    game.ledger.transfer(0, POOL, 75, "test: the Pool holds $75")
    place(game, 0, "inner 11")
    throw(game, 1, 1, 1)  # triples: move to Tax Refund directly
    game.act(0, Action("move-to", space=at(game, "Tax Refund")))
    assert game.cash(0) == 3200 - 75 + 38
    assert game.ledger.balance(POOL) == 37


def test_holland_tunnel_moves_directly_to_the_other_tunnel() -> None:
    game = new_game()
    place(game, 0, "outer 11")
    throw(game, 1, 1, 1)
    game.act(0, Action("move-to", space=at(game, "outer 14")))
    assert game.players[0].position == at(game, "inner 18")


def test_subway_makes_the_next_movement_a_direct_move_anywhere() -> None:
    """Ruling 13: landing on Subway replaces the next movement (here the doubles' extra
    move) with a direct move to any space; passing a pay corner on the way pays nothing."""
    game = new_game()
    place(game, 0, "outer 38")
    throw(game, 1, 1, 2)  # doubles, 4: Subway (outer 42)
    assert game.players[0].position == at(game, "Subway")
    assert kinds(game) == ["subway"]
    game.act(0, Action("move-to", space=at(game, "Mediterranean Avenue")))
    assert game.players[0].position == at(game, "Mediterranean Avenue")
    assert game.cash(0) == 3200  # no salary for the pay corners between
    assert not game.subway_next[0]


def test_reverse_direction_moves_the_next_throw_backwards() -> None:
    game = new_game()
    game.reverse_next[0] = True
    place(game, 0, "Oriental Avenue")
    throw(game, 1, 2, 2)  # 5 backwards from 6: 1 (Mediterranean)
    assert game.players[0].position == at(game, "Mediterranean Avenue")
    assert game.cash(0) == 3200  # GO not passed going backwards


def test_reverse_direction_with_the_bus_missed_the_bus() -> None:
    """A Bus on a Reverse Direction move: no voucher; one of yours expires."""
    game = new_game()
    game.reverse_next[0] = True
    game.set_owner(at(game, "Baltic Avenue"), 0)
    place(game, 0, "Oriental Avenue")
    throw(game, 1, 2, "bus")  # 3 backwards: Baltic Avenue (Ann's own)
    assert game.players[0].position == at(game, "Baltic Avenue")
    assert vouchers(game, 0) == 0
    assert kinds(game) == ["end-turn"]


def test_rent_majority_doubles_and_monopoly_triples_unimproved() -> None:
    """Majority ownership (all but one of a group of three or more) doubles an unimproved
    property's rent; a monopoly triples it."""
    game = new_game()
    oriental, vermont, connecticut = (at(game, n) for n in (
        "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"))
    base = game.board.spaces[oriental].rents[0]
    game.set_owner(oriental, 1)
    assert game.rent(oriental) == base
    game.set_owner(vermont, 1)
    assert game.rent(oriental) == base * 2
    game.set_owner(connecticut, 1)
    assert game.rent(oriental) == base * 3


def test_railroad_and_cab_rents_by_count_owned_doubled_by_depot_or_stand() -> None:
    game = new_game()
    reading, pennsylvania = at(game, "Reading Railroad"), at(game, "Pennsylvania Railroad")
    game.set_owner(reading, 1)
    assert game.rent(reading) == 25
    game.set_owner(pennsylvania, 1)
    assert game.rent(reading) == 50
    game.houses[reading] = 1  # a train depot
    assert game.rent(reading) == 100
    cab = at(game, "Checker Cab Co.")
    game.set_owner(cab, 1)
    assert game.rent(cab) == 30


def test_rent_on_a_station_twin_goes_to_the_railroads_owner() -> None:
    game = new_game()
    game.set_owner(at(game, "Reading Railroad"), 1)
    place(game, 0, "outer 3")
    throw(game, 1, 2, 1)  # 4: outer 7, the station's twin on the outer track
    assert game.players[0].position == at(game, "outer 7")
    assert game.cash(1) == 3200 + 25


def test_utility_rent_counts_all_three_dice_with_named_faces_as_zero() -> None:
    game = new_game()
    electric = at(game, "Electric Company")
    game.set_owner(electric, 1)
    place(game, 0, "Connecticut Avenue")  # 9: three spaces before Electric Company (12)
    throw(game, 1, 2, "mr_monopoly")  # 3 (Mr. Monopoly counts 0): 4 x 3
    assert game.cash(1) == 3200 + 12


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_money_and_tokens_whole(seed: int) -> None:
    """Random legal play: money is conserved (bank, Pool, players), every token stands on a
    real space, and a clone answered alike stays identical."""
    game = new_game(("Ann", "Bob", "Cy", "Dee"), seed=seed)
    play_randomly(game, seed, 1500, lambda game: all(0 <= p.position < game.board.size
                                                     for p in game.players))


def test_mr_monopoly_after_landing_on_reverse_direction_goes_backwards() -> None:
    """Landing on Reverse Direction with the regular dice of a Mr. Monopoly throw: the bonus
    move goes backwards to the first previous unowned property, and the reversal is used."""
    game = new_game()
    place(game, 0, "inner 19")
    throw(game, 1, 2, "mr_monopoly")  # 3, odd: inner 22, Reverse Direction
    assert game.players[0].position != at(game, "Reverse Direction")
    assert game.tracks.track_of(game.players[0].position) == "inner"
    assert game.tracks.track_index(game.players[0].position) < 22
    assert not game.reverse_next[0]


def test_mr_monopoly_on_reverse_direction_with_nothing_behind_keeps_the_reversal() -> None:
    """If the backwards bonus move would come back to Reverse Direction without finding a
    property, the token stays and moves backwards on the next turn."""
    game = new_game()
    for deed in game.board.deeds:
        game.set_owner(deed, 0)
    place(game, 0, "inner 19")
    throw(game, 1, 2, "mr_monopoly")
    assert game.players[0].position == at(game, "Reverse Direction")
    assert game.reverse_next[0]
