"""Ultimate Monopoly's board: how a token moves over three tracks joined by transit stations
(the rulebook's THE DICE, RAILROADS/TRANSIT STATIONS, TRAVEL VOUCHERS, COMMUNITY CHEST &
CHANCE and PAY CORNERS; rulings 3, 5 and 10-14), each test a rule with a worked example on
the edition's data file."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pennybags.editions.ultimate_monopoly.board import (
    UltimateMonopolyBoard,
    Walk,
    board_from_data,
    corner_pay,
    pay_corners_passed,
)
from pennybags.engine.board import Space
from pennybags.engine.data import EditionData, load_edition_data

DATA = Path(__file__).resolve().parents[1] / "src" / "pennybags" / "editions" / \
    "ultimate_monopoly" / "ultimate_monopoly.json"

EDITION: EditionData = load_edition_data(DATA)
BOARD: UltimateMonopolyBoard = board_from_data(EDITION)


def m(n: int) -> int:
    """The middle track's space ``n``."""
    return BOARD.index_of("middle", n)


def o(n: int) -> int:
    """The outer track's space ``n``."""
    return BOARD.index_of("outer", n)


def i(n: int) -> int:
    """The inner track's space ``n``."""
    return BOARD.index_of("inner", n)


def names(walk: Walk | None) -> list[str]:
    assert walk is not None
    return BOARD.names(walk.steps)


def unowned(owned: set[int]) -> set[int]:
    return {d for d in BOARD.deeds if d not in owned}


# -- the tracks ---------------------------------------------------------------------------


def test_three_tracks_on_one_board_of_120_spaces() -> None:
    assert BOARD.size == 120
    assert BOARD.track_names == ("middle", "outer", "inner")
    assert (m(0), o(0), i(0)) == (0, 40, 96)
    assert [BOARD[x].name for x in (m(0), o(0), i(0))] == ["GO", "Stock Exchange",
                                                           "Squeeze Play"]
    assert (BOARD.track_of(61), BOARD.track_index(61)) == ("outer", 21)
    assert (BOARD.track_of(119), BOARD.track_index(119)) == ("inner", 23)
    assert BOARD.index_of("inner", 24) == i(0) and BOARD.index_of("outer", -1) == o(55)
    assert [BOARD.side_length(t) for t in BOARD.track_names] == [10, 14, 6]


def test_each_track_wraps_round_its_corner_lining_up_with_go() -> None:
    assert BOARD.next_space(m(39)) == m(0) and BOARD.next_space(m(0), backwards=True) == m(39)
    assert BOARD.next_space(o(55)) == o(0) and BOARD.next_space(o(0), backwards=True) == o(55)
    assert BOARD.next_space(i(23)) == i(0) and BOARD.next_space(i(0), backwards=True) == i(23)
    # Boardwalk's neighbour is GO, not the outer track's first space
    assert BOARD.walk(m(38), 3, even=False).steps == (m(39), m(0), m(1))
    assert BOARD.walk(o(54), 3, even=False).steps == (o(55), o(0), o(1))
    assert BOARD.walk(i(22), 3, even=False).steps == (i(23), i(0), i(1))
    # an odd throw goes all the way round the inner track and on
    assert BOARD.walk(i(1), 25, even=False).end == i(2)


def test_transit_stations_are_twins_across_tracks_and_the_middle_railroad_is_the_deed() -> None:
    pairs = {"Reading Railroad": (m(5), o(7)), "Pennsylvania Railroad": (m(15), i(9)),
             "B&O Railroad": (m(25), o(35)), "Short Line": (m(35), i(21))}
    for name, (railroad, twin) in pairs.items():
        assert BOARD[railroad].name == BOARD[twin].name == name
        assert (BOARD[railroad].kind, BOARD[twin].kind) == ("railroad", "transit")
        assert BOARD.station_twin(railroad) == twin and BOARD.station_twin(twin) == railroad
        assert BOARD.deed_at(railroad) == BOARD.deed_at(twin) == railroad
        assert BOARD.is_station(railroad) and BOARD.is_station(twin)
    assert BOARD.station_twin(m(13)) == -1 and BOARD.deed_at(m(7)) == -1


def test_each_title_deed_counts_once_and_cab_companies_have_deeds() -> None:
    assert BOARD.groups["railroad"] == (m(5), m(15), m(25), m(35))
    assert BOARD.group_of[o(7)] == BOARD.groups["railroad"]
    assert BOARD.groups["cab_company"] == (o(6), o(22), o(34), o(50))
    assert all(BOARD.deed_at(c) == c for c in BOARD.groups["cab_company"])
    assert len(BOARD.deeds) == 64 + 8 + 4 + 4  # properties, utilities, railroads, cabs
    assert BOARD.find_deed("outer 7") == m(5)
    assert BOARD.find_deed("Checker Cab Co.") == o(6)
    with pytest.raises(ValueError, match="no title deed"):
        BOARD.find_deed("Bus Ticket")


def test_holland_tunnel_twins_move_only_a_token_that_lands() -> None:
    assert BOARD[o(14)].kind == BOARD[i(18)].kind == "holland_tunnel"
    assert BOARD.tunnel_twin(o(14)) == i(18) and BOARD.tunnel_twin(i(18)) == o(14)
    assert BOARD.station_twin(o(14)) == -1 and BOARD.tunnel_twin(m(5)) == -1
    # passing over it, even or odd, stays on the track: the tunnel is the rules' business
    assert BOARD.walk(o(12), 4, even=True).steps == (o(13), o(14), o(15), o(16))
    assert BOARD.walk(i(17), 2, even=True).steps == (i(18), i(19))


# -- the dice ---------------------------------------------------------------------------------


def test_rulebook_example_states_avenue_four_rides_the_pennsylvania_railroad() -> None:
    walk = BOARD.walk(m(13), 4, even=True)
    assert names(walk) == ["Virginia Avenue", "Pennsylvania Railroad", "Fifth Avenue",
                           "Madison Avenue"]
    assert walk.steps == (m(14), m(15), i(10), i(11))
    assert walk.rides == (m(15),)
    assert walk.end == i(11) and BOARD.track_of(walk.end) == "inner"


def test_odd_throw_stays_on_its_track_past_a_station() -> None:
    walk = BOARD.walk(m(13), 5, even=False)
    assert names(walk) == ["Virginia Avenue", "Pennsylvania Railroad", "St. James Place",
                           "Community Chest", "Tennessee Avenue"]
    assert walk.rides == ()
    assert BOARD.walk(o(33), 3, even=False).steps == (o(34), o(35), o(36))
    assert BOARD.walk(i(20), 3, even=False).steps == (i(21), i(22), i(23))


def test_even_throw_ending_on_a_station_stops_on_it() -> None:
    walk = BOARD.walk(m(13), 2, even=True)
    assert walk.steps == (m(14), m(15)) and walk.rides == ()
    assert BOARD.walk(o(5), 2, even=True).end == o(7)


def test_ruling_3_leaving_a_station_next_turn_even_rides_odd_stays() -> None:
    # landed on the Pennsylvania Railroad last turn (middle track)
    assert BOARD.walk(m(15), 2, even=True).steps == (i(10), i(11))
    assert BOARD.walk(m(15), 3, even=False).steps == (m(16), m(17), m(18))
    # the same station from the inner track
    assert BOARD.walk(i(9), 4, even=True).steps == (m(16), m(17), m(18), m(19))
    assert BOARD.walk(i(9), 3, even=False).steps == (i(10), i(11), i(12))
    # Reading on the outer track
    assert BOARD.walk(o(7), 2, even=True).steps == (m(6), m(7))
    assert BOARD.walk(o(7), 5, even=False).end == o(12)


def test_even_throw_reaches_the_outer_track_by_reading_and_by_b_and_o() -> None:
    assert BOARD.walk(m(3), 4, even=True).steps == (m(4), m(5), o(8), o(9))
    assert names(BOARD.walk(m(3), 4, even=True))[-1] == "Canal Street"
    assert BOARD.walk(m(23), 4, even=True).steps == (m(24), m(25), o(36), o(37))
    assert names(BOARD.walk(m(23), 4, even=True))[-1] == "South Temple"


def test_even_throw_reaches_the_inner_track_by_pennsylvania_and_by_short_line() -> None:
    assert BOARD.walk(m(11), 6, even=True).steps == (m(12), m(13), m(14), m(15), i(10), i(11))
    assert BOARD.walk(m(33), 4, even=True).steps == (m(34), m(35), i(22), i(23))
    assert names(BOARD.walk(m(33), 4, even=True))[-2:] == ["Reverse Direction",
                                                           "Lombard Street"]


def test_even_throw_from_outer_and_inner_tracks_rides_back_to_the_middle() -> None:
    assert BOARD.walk(o(5), 4, even=True).steps == (o(6), o(7), m(6), m(7))
    assert BOARD.walk(o(33), 4, even=True).steps == (o(34), o(35), m(26), m(27))
    assert BOARD.walk(i(8), 2, even=True).steps == (i(9), m(16))
    assert BOARD.walk(i(19), 4, even=True).steps == (i(20), i(21), m(36), m(37))


def test_even_throw_rides_every_station_it_passes() -> None:
    walk = BOARD.walk(i(19), 14, even=True)
    assert walk.rides == (i(21), m(5))
    assert walk.steps == (i(20), i(21), m(36), m(37), m(38), m(39), m(0), m(1), m(2), m(3),
                          m(4), m(5), o(8), o(9))
    assert walk.passed == (m(0),)
    # an even walk goes through every space of the board before coming back
    assert sorted((m(13), *BOARD.orbit(m(13), even=True))) == list(range(120))
    assert BOARD.orbit(o(3), even=False) == tuple(o(n) for n in (*range(4, 56), *range(3)))


# -- backwards (Reverse Direction) ----------------------------------------------------------


def test_backwards_walk_goes_counter_clockwise_and_rides_stations_by_parity() -> None:
    # from Reverse Direction (inner 22): the Short Line is the first space behind
    even = BOARD.walk(i(22), 4, even=True, backwards=True)
    assert even.steps == (i(21), m(34), m(33), m(32)) and even.rides == (i(21),)
    assert names(even)[-1] == "North Carolina Avenue"
    odd = BOARD.walk(i(22), 3, even=False, backwards=True)
    assert odd.steps == (i(21), i(20), i(19))
    # a table keeping backwards moves on their track
    keep = board_from_data(EDITION, ride_backwards=False)
    assert keep.walk(i(22), 4, even=True, backwards=True).steps == (i(21), i(20), i(19), i(18))
    assert keep.walk(m(13), 4, even=True).end == i(11)  # forward moves still ride


def test_backwards_walk_wraps_and_passing_a_pay_corner_backwards_pays_nothing() -> None:
    walk = BOARD.walk(m(2), 3, even=False, backwards=True)
    assert walk.steps == (m(1), m(0), m(39)) and walk.passed == (m(0),)
    assert pay_corners_passed(walk) == ()
    assert BOARD.salary(walk, even=False) == 0
    onto = BOARD.walk(i(8), 2, even=True, backwards=True)
    assert onto.steps == (i(7), i(6)) and onto.landed == i(6)
    assert BOARD.salary(onto, even=True) == 300  # landing on Bonus pays either way


# -- bonus moves ------------------------------------------------------------------------------


def test_mr_monopoly_goes_to_the_next_unowned_property_riding_stations_when_even() -> None:
    owned = {m(13), m(14), m(15)}
    free = unowned(owned)

    def wanted(x: int) -> bool:
        return BOARD.deed_at(x) in free

    even = BOARD.first_forward(m(12), True, wanted)
    assert names(even) == ["States Avenue", "Virginia Avenue", "Pennsylvania Railroad",
                           "Fifth Avenue"]
    odd = BOARD.first_forward(m(12), False, wanted)
    assert names(odd)[-1] == "St. James Place"
    # an unowned railroad stops the walk on either of its spaces
    walk = BOARD.first_forward(o(5), True, lambda x: BOARD.deed_at(x) == m(5))
    assert walk is not None and walk.end == o(7)


def test_mr_monopoly_stays_when_no_property_is_reached_before_returning_to_the_start() -> None:
    # everything is owned but Lombard Street (inner track)
    lombard = BOARD.find("Lombard Street")
    free = {lombard}

    def wanted(x: int) -> bool:
        return BOARD.deed_at(x) in free

    # odd: stays on the middle track, comes back to Kentucky Avenue: stay (ruling 10)
    assert BOARD.first_forward(m(21), False, wanted) is None
    # even: rides the Short Line and reaches it
    assert names(BOARD.first_forward(m(21), True, wanted))[-3:] == [
        "Short Line", "Reverse Direction", "Lombard Street"]
    # nothing wanted anywhere: stay, whatever the parity
    assert BOARD.first_forward(m(21), True, lambda x: False) is None
    assert BOARD.first_forward(m(21), False, lambda x: False) is None
    # the start itself is not reached by going round
    assert BOARD.first_forward(m(21), False, lambda x: x == m(21)) is None


def test_mr_monopoly_after_reverse_direction_goes_back_to_the_previous_unowned() -> None:
    free = {BOARD.find("Biscayne Avenue"), BOARD.find("Pennsylvania Avenue")}

    def wanted(x: int) -> bool:
        return BOARD.deed_at(x) in free

    assert names(BOARD.first_forward(i(22), False, wanted, backwards=True)) == [
        "Short Line", "Biscayne Avenue"]
    assert names(BOARD.first_forward(i(22), True, wanted, backwards=True)) == [
        "Short Line", "Pennsylvania Avenue"]


def test_bus_goes_to_the_nearest_chance_or_community_chest_ahead() -> None:
    def card_space(x: int) -> bool:
        return BOARD[x].kind in ("chance", "community_chest")

    assert names(BOARD.first_forward(m(3), False, card_space)) == [
        "Income Tax", "Reading Railroad", "Oriental Avenue", "Chance"]
    # even: rides the Reading Railroad past middle 7's Chance to the outer track's
    even = BOARD.first_forward(m(3), True, card_space)
    assert even is not None and even.steps == (m(4), m(5), o(8), o(9), o(10))
    assert BOARD[even.end].kind == "chance"


def test_walk_to_a_space_follows_the_parity_rule() -> None:
    madison = BOARD.find("Madison Avenue")
    assert BOARD.walk_to(m(13), madison, even=True) == BOARD.walk(m(13), 4, even=True)
    assert BOARD.walk_to(m(13), madison, even=False) is None  # stays on the middle track
    assert BOARD.walk_to(m(13), m(13), even=False) is None
    walk = BOARD.walk_to(m(13), m(12), even=False)
    assert walk is not None and len(walk.steps) == 39 and walk.passed == (m(0),)


# -- cards ------------------------------------------------------------------------------------


def test_card_from_the_inner_track_to_an_outer_target_rides_through_the_middle_and_pays_go(
) -> None:
    walk = BOARD.card_walk(i(13), o(0))  # Wall Street: "Advance to the Stock Exchange"
    assert walk.rides == (i(21), m(5))  # Short Line to the middle, Reading to the outer
    assert walk.steps[:9] == (i(14), i(15), i(16), i(17), i(18), i(19), i(20), i(21), m(36))
    assert walk.end == o(0)
    assert pay_corners_passed(walk) == (m(0), o(28))  # GO and Pay Day
    assert BOARD.salary(walk, even=False, by_dice=False) == 200 + 400  # ruling 12


def test_card_takes_the_next_station_leading_to_the_targets_track() -> None:
    # from Baltic Avenue to the inner track: not Reading (it leads outward), Pennsylvania
    walk = BOARD.card_walk(m(3), BOARD.find("Wall Street"))
    assert walk.rides == (m(15),) and walk.end == i(13)
    # from St. James Place: not B&O, the Short Line
    assert BOARD.card_walk(m(16), i(2)).rides == (m(35),)
    # from the outer track to the inner one: through the middle
    walk = BOARD.card_walk(o(30), i(1))
    assert walk.rides == (o(35), m(35))
    assert walk.steps[-4:] == (i(22), i(23), i(0), i(1))
    # standing on a station that leads there: ride it at once
    assert BOARD.card_walk(m(15), i(11)).steps == (i(10), i(11))
    # to the other space of a station reached on the way: ride onto it and stop
    walk = BOARD.card_walk(m(3), o(7))
    assert walk.steps == (m(4), m(5), o(7)) and walk.rides == (m(5),)


def test_card_on_the_same_track_goes_forward_without_riding() -> None:
    walk = BOARD.card_walk(m(13), BOARD.find("Boardwalk"))
    assert walk.rides == () and walk.end == m(39) and len(walk.steps) == 26
    lap = BOARD.card_walk(m(0), m(0))  # "Advance to GO" on GO: once round
    assert len(lap.steps) == 40 and lap.landed == m(0) and lap.passed == ()
    assert BOARD.card_walk(i(5), i(7)).passed == (i(6),)


# -- travel vouchers ----------------------------------------------------------------------


def test_voucher_targets_on_the_middle_track_with_and_without_the_station() -> None:
    targets = BOARD.voucher_targets(m(13))
    # the side runs to Free Parking; riding Pennsylvania, to Roll Three on the inner track
    assert BOARD.names(targets) == [
        "Virginia Avenue", "Pennsylvania Railroad", "St. James Place", "Community Chest",
        "Tennessee Avenue", "New York Avenue", "Free Parking",
        "Fifth Avenue", "Madison Avenue", "Roll Three"]
    assert BOARD.voucher_walk(m(13), i(11)).steps == (m(14), m(15), i(10), i(11))
    assert BOARD.voucher_walk(m(13), m(18)).rides == ()
    # past the station on this side: no ride left
    assert BOARD.voucher_targets(m(16)) == (m(17), m(18), m(19), m(20))


def test_voucher_targets_on_the_outer_track_from_a_corner_to_the_next() -> None:
    targets = BOARD.voucher_targets(o(0))  # Stock Exchange begins the bottom side
    assert targets[:14] == tuple(o(n) for n in range(1, 15))
    assert BOARD[targets[13]].name == "Holland Tunnel"
    # riding Reading (outer 7) onto the middle track: up to Jail, that track's corner
    assert targets[14:] == tuple(m(n) for n in range(6, 11))
    assert BOARD.voucher_targets(o(20)) == tuple(o(n) for n in range(21, 29))
    walk = BOARD.voucher_walk(o(20), o(28))
    assert walk.landed == o(28) and BOARD.salary(walk, even=False, by_dice=False) == 400


def test_voucher_targets_on_the_inner_track_and_a_corner_is_first_and_last() -> None:
    # the inner Holland Tunnel begins the last side; Squeeze Play ends it
    targets = BOARD.voucher_targets(i(18))
    assert targets == (i(19), i(20), i(21), i(22), i(23), i(0), m(36), m(37), m(38), m(39),
                       m(0))
    assert BOARD.voucher_targets(i(22)) == (i(23), i(0))
    assert BOARD.voucher_targets(i(5)) == (i(6),)  # Beacon Street to Bonus
    walk = BOARD.voucher_walk(i(18), m(0))
    assert walk.rides == (i(21),) and walk.landed == m(0)
    assert BOARD.salary(walk, even=True, by_dice=False) == 200


def test_voucher_from_a_station_may_ride_it_or_not() -> None:
    assert BOARD.voucher_targets(m(15)) == (m(16), m(17), m(18), m(19), m(20),
                                            i(10), i(11), i(12))
    assert BOARD.voucher_targets(i(9)) == (i(10), i(11), i(12),
                                           m(16), m(17), m(18), m(19), m(20))
    with pytest.raises(ValueError, match="Travel Voucher"):
        BOARD.voucher_walk(m(15), m(21))


def test_voucher_ending_on_a_pay_corner_pays_its_highest_landing_amount() -> None:
    # pay corners are corners, so a voucher move can end on one but never pass one
    assert BOARD.voucher_targets(m(37)) == (m(38), m(39), m(0))
    assert BOARD.salary(BOARD.voucher_walk(m(37), m(0)), even=False, by_dice=False) == 200
    assert BOARD.salary(BOARD.voucher_walk(i(5), i(6)), even=False, by_dice=False) == 300
    assert BOARD.salary(BOARD.voucher_walk(o(27), o(28)), even=False, by_dice=False) == 400
    assert all(BOARD.voucher_walk(x, t).passed == () for x in range(BOARD.size)
               for t in BOARD.voucher_targets(x))


# -- sides and the board map --------------------------------------------------------------


def test_sides_start_at_their_corners_and_line_up_across_tracks() -> None:
    middle = BOARD.sides("middle")
    assert [side[0] for side in middle] == [m(0), m(10), m(20), m(30)]
    assert [len(side) for side in middle] == [10, 10, 10, 10]
    assert [x for side in BOARD.sides("outer") for x in side] == list(range(40, 96))
    assert [side[0] for side in BOARD.sides("inner")] == list(BOARD.corners("inner"))
    assert [BOARD[c].name for c in BOARD.corners("outer")] == [
        "Stock Exchange", "Holland Tunnel", "Pay Day", "Subway"]
    assert list(BOARD.layouts()) == ["inner", "middle", "outer"]
    for station in (m(5), m(15), m(25), m(35)):
        assert BOARD.side_of(station) == BOARD.side_of(BOARD.station_twin(station))
    assert BOARD.side_of(m(10)) == 1 and BOARD.side_of(m(9)) == 0


# -- pay corners ------------------------------------------------------------------------------


def test_pay_corners_passed_and_landed_on() -> None:
    landed = BOARD.walk(m(38), 2, even=True)
    assert (landed.passed, landed.landed) == ((), m(0))
    passed = BOARD.walk(m(38), 3, even=False)
    assert (pay_corners_passed(passed), passed.landed) == ((m(0),), -1)
    assert BOARD.salary(landed, even=True) == BOARD.salary(passed, even=False) == 200
    bonus = BOARD.walk(i(4), 2, even=True)
    assert bonus.landed == i(6) and BOARD.salary(bonus, even=True) == 300
    assert BOARD.salary(BOARD.walk(i(4), 3, even=False), even=False) == 250
    # Pay Day: odd $300, even $400, passing or landing
    assert BOARD.salary(BOARD.walk(o(25), 3, even=False), even=False) == 300
    assert BOARD.salary(BOARD.walk(o(25), 4, even=True), even=True) == 400
    assert BOARD.salary(BOARD.walk(o(26), 2, even=True), even=True) == 400
    assert BOARD.salary(BOARD.walk(o(25), 5, even=False), even=False) == 300
    # a move the dice did not make (card, voucher, Mr. Monopoly): the highest amounts
    assert BOARD.salary(BOARD.walk(o(25), 5, even=False), even=False, by_dice=False) == 400
    assert BOARD.salary(BOARD.walk(i(4), 3, even=False), even=False, by_dice=False) == 250


def test_corner_pay_reads_the_figures_of_each_pay_corner() -> None:
    go, bonus, pay_day = BOARD[m(0)], BOARD[i(6)], BOARD[o(28)]
    assert [corner_pay(go, how, even) for how in ("pass", "land", "direct")
            for even in (False, True)] == [200] * 6
    assert [corner_pay(bonus, how, False) for how in ("pass", "land", "direct")] == [
        250, 300, 300]
    assert corner_pay(pay_day, "pass", False) == corner_pay(pay_day, "land", False) == 300
    assert corner_pay(pay_day, "pass", True) == corner_pay(pay_day, "land", True) == 400
    assert corner_pay(pay_day, "direct", False) == 400
    assert corner_pay(pay_day, "pass", False, by_dice=False) == 400
    assert corner_pay(BOARD[o(0)], "land", True) == 0
    # the data file carries every figure the helper reads
    assert {k: pay_day.extra[k] for k in ("odd", "even", "direct")} == {
        "odd": 300, "even": 400, "direct": 400}
    assert (go.extra["pass"], go.extra["land"], bonus.extra["pass"], bonus.extra["land"]) == (
        200, 200, 250, 300)


# -- the Board API ----------------------------------------------------------------------------


def test_advance_and_nearest_keep_the_single_track_board_api() -> None:
    assert BOARD.advance(m(13), 4) == (i(11), False)
    assert BOARD.advance(m(38), 3) == (m(1), True)
    assert BOARD.advance(m(38), 2) == (m(0), True)
    assert BOARD.advance(i(22), -3) == (i(19), False)
    assert BOARD.advance(i(22), -4) == (m(32), False)
    assert BOARD.nearest(m(36), "utility") == BOARD.find("Electric Company")
    assert BOARD.nearest(o(36), "utility") == BOARD.find("Trash Collector")
    assert BOARD.nearest(o(1), "railroad") == m(15)  # none on the outer track: ride
    with pytest.raises(ValueError):
        BOARD.nearest(m(0), "no such kind")
    assert BOARD.find("Reading Railroad") == m(5) and BOARD.find("outer 7") == o(7)


def test_a_board_with_inconsistent_twins_is_refused() -> None:
    spaces = [Space(index=n, name=f"s{n}", kind="street") for n in range(8)]
    spaces[1] = Space(index=1, name="a", kind="railroad", extra={"twin": 5})
    spaces[5] = Space(index=5, name="b", kind="transit", extra={"twin": 2})
    tracks = {"one": {"start": 0, "size": 4}, "two": {"start": 4, "size": 4}}
    with pytest.raises(ValueError, match="twins"):
        UltimateMonopolyBoard(spaces, {}, tracks)
    with pytest.raises(ValueError, match="cover"):
        UltimateMonopolyBoard(spaces, {}, {"one": {"start": 0, "size": 4}})


@settings(max_examples=300, deadline=None)
@given(start=st.integers(0, 119), throw=st.integers(2, 15), even=st.booleans(),
       backwards=st.booleans())
def test_any_walk_steps_to_neighbours_or_station_twins_and_counts_the_throw(
        start: int, throw: int, even: bool, backwards: bool) -> None:
    walk = BOARD.walk(start, throw, even, backwards)
    assert len(walk.steps) == throw
    assert 0 <= walk.end < BOARD.size
    here = start
    for there in walk.steps:
        ways = {BOARD.next_space(here, backwards)}
        twin = BOARD.station_twin(here)
        if twin >= 0 and even:
            ways.add(BOARD.next_space(twin, backwards))
        assert there in ways
        here = there
    assert (walk.rides != ()) <= even
    assert set(walk.passed) | ({walk.landed} - {-1}) == {
        s for s in walk.steps if BOARD[s].kind in ("go", "bonus", "pay_day")}


def test_the_boards_salary_table_is_what_corner_pay_gives() -> None:
    """The salaries the board reads from its table (made once with the board) are
    :func:`corner_pay`'s for every space, way of arriving, parity and mover; the ledger's
    reason names the space."""
    paid = 0
    for space in BOARD.spaces:
        for how in ("pass", "land", "direct"):
            for even in (False, True):
                for by_dice in (False, True):
                    amount = BOARD.corner_salary(space.index, how, even, by_dice)
                    assert amount == corner_pay(space, how, even, by_dice=by_dice)
                    paid += amount > 0
        assert BOARD.salary_reasons[space.index] == f"{space.name} salary"
    assert paid == 3 * 12  # (the three pay corners pay on every way of arriving)
