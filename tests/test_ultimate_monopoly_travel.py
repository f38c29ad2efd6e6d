"""Ultimate Monopoly's Travel Vouchers and taxi rides (editions/ultimate_monopoly/travel.py),
each test named after the rule it checks, with scripted dice.

The games are the edition's, set up by ``um_helpers``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pennybags import scenario
from pennybags.bots import make_bot
from pennybags.editions.ultimate_monopoly import EDITION
from pennybags.editions.ultimate_monopoly.game import POOL, VOUCHERS, UltimateMonopolyGame
from pennybags.editions.ultimate_monopoly.travel import (
    BONUS_MOVE,
    TAXI,
    draw_voucher,
    expire_all_but,
    expiring_vouchers,
    give_voucher,
    held_vouchers,
    return_voucher,
    taxi_destinations,
    voucher_count,
)
from pennybags.engine.actions import Action, IllegalAction
from pennybags.engine.game import Event
from pennybags.engine.snapshot import snapshot
from um_helpers import at, kinds, new_game, own, place, throw
from um_helpers import hold_vouchers as hold

DATA = EDITION.data
ALL_VOUCHERS = 36


def voucher(game: UltimateMonopolyGame, index: int, space: str, seat: int = 0) -> None:
    game.act(seat, Action("play-voucher", card=(VOUCHERS, index), space=at(game, space)))


def can_play_voucher(game: UltimateMonopolyGame, seat: int = 0) -> bool:
    return any(a.do == "play-voucher" for a in game.legal_actions(seat))


def in_pile_or_held(game: UltimateMonopolyGame) -> int:
    return len(game.decks[VOUCHERS].order) + sum(voucher_count(game, p.seat)
                                                 for p in game.players)


# ==================================================================== playing vouchers

def test_one_voucher_per_turn() -> None:
    """Only one Travel Voucher may be played per turn: after one, none before the throw
    nor after it; the next turn may play one again."""
    game = new_game()
    hold(game, 0, 0, 1)
    own(game, 0, "Baltic Avenue", "Vermont Avenue")
    voucher(game, 0, "Baltic Avenue")
    assert game.players[0].position == at(game, "Baltic Avenue")
    assert kinds(game) == ["roll"]  # the throw is still to come
    assert not can_play_voucher(game)
    with pytest.raises(IllegalAction, match="one Travel Voucher a turn"):
        voucher(game, 1, "Vermont Avenue")
    throw(game, 1, 2, 2)  # 5, odd: from Baltic to Vermont Avenue
    assert game.players[0].position == at(game, "Vermont Avenue")
    assert kinds(game) == ["end-turn"] and not can_play_voucher(game)
    game.act(0, Action("end-turn"))
    assert can_play_voucher(game, 1)  # Bob's turn: his own voucher
    own(game, 1, "Connecticut Avenue")
    throw(game, 3, 4, 2)  # 9, odd: GO to Connecticut Avenue (Bob's own)
    game.act(1, Action("end-turn"))
    assert game.current == 0 and can_play_voucher(game)  # Ann's next turn


def test_voucher_before_the_throw_then_the_throw_moves_from_there() -> None:
    game = new_game()
    hold(game, 0, 0)
    own(game, 0, "Oriental Avenue", "St. Charles Place")
    voucher(game, 0, "Oriental Avenue")
    throw(game, 2, 1, 2)  # 5, odd: Oriental (6) to St. Charles Place (11)
    assert game.players[0].position == at(game, "St. Charles Place")
    assert voucher_count(game, 0) == 0


def test_voucher_after_the_last_throw_at_the_end_of_the_turn() -> None:
    """"Before or after a dice roll": after the turn's last throw the voucher may still be
    played; then the turn ends."""
    game = new_game()
    hold(game, 0, 0)
    own(game, 0, "Connecticut Avenue")
    place(game, 0, "Income Tax")
    throw(game, 1, 3, 1)  # 5, odd: Income Tax (4) to Connecticut Avenue (9)
    assert kinds(game) == ["end-turn"] and can_play_voucher(game)
    voucher(game, 0, "Jail / Just Visiting")
    assert game.players[0].position == at(game, "Jail / Just Visiting")
    assert not game.players[0].in_jail
    assert kinds(game) == ["end-turn"] and not can_play_voucher(game)


def test_voucher_between_the_pips_and_the_mr_monopoly_move() -> None:
    """MOVEMENT ORDER: after the pips' space, before the Mr. Monopoly bonus move, a
    voucher may be played; the bonus move then starts where the voucher left the token."""
    went_on = new_game()
    hold(went_on, 0, 0)
    own(went_on, 0, "Baltic Avenue", "Reading Railroad", "Oriental Avenue")
    throw(went_on, 1, 2, "mr_monopoly")  # 3: Baltic Avenue (Ann's own)
    assert kinds(went_on) == [BONUS_MOVE]
    went_on.act(0, Action("go-on"))
    assert went_on.players[0].position == at(went_on, "Vermont Avenue")  # next unowned
    assert kinds(went_on) == ["buy"]
    played = new_game()
    hold(played, 0, 0)
    own(played, 0, "Baltic Avenue", "Reading Railroad", "Oriental Avenue")
    throw(played, 1, 2, "mr_monopoly")
    voucher(played, 0, "Jail / Just Visiting")
    # the bonus move from Just Visiting: the next unowned property, St. Charles Place
    assert played.players[0].position == at(played, "St. Charles Place")
    assert kinds(played) == ["buy"]


def test_voucher_between_the_pips_and_the_bus_move() -> None:
    game = new_game()
    hold(game, 0, 0)
    own(game, 0, "Baltic Avenue", "Oriental Avenue")
    throw(game, 1, 2, "bus")
    assert kinds(game) == [BONUS_MOVE]
    voucher(game, 0, "Oriental Avenue")
    assert kinds(game) == ["bus"]  # the Bus's choice comes from the voucher's space
    game.act(0, Action("take-voucher"))
    assert voucher_count(game, 0) == 1 and kinds(game) == ["end-turn"]


def test_the_bonus_move_question_is_the_throwers_at_every_seat() -> None:
    """Each seat's ``bonus-move`` question is made once with the game: it asks the player
    who threw, and only them."""
    game = new_game(("Ann", "Bob", "Cal"))
    for seat in range(3):
        assert game.current == seat
        hold(game, seat, seat)
        own(game, seat, "Baltic Avenue")
        place(game, seat, "GO")
        throw(game, 1, 2, "mr_monopoly")  # 3: Baltic Avenue, the thrower's own
        assert kinds(game) == [BONUS_MOVE] and game.pending[0].player == seat
        assert game.decision_for(seat) is not None
        assert all(game.decision_for(q) is None for q in range(3) if q != seat)
        game.act(seat, Action("go-on"))
        while game.current == seat:
            game.act(seat, Action("buy" if kinds(game) == ["buy"] else "end-turn"))


def test_no_bonus_move_question_without_a_voucher_to_play() -> None:
    game = new_game()
    hold(game, 0)
    own(game, 0, "Baltic Avenue", "Reading Railroad", "Oriental Avenue")
    throw(game, 1, 2, "mr_monopoly")
    assert game.players[0].position == at(game, "Vermont Avenue")
    assert kinds(game) == ["buy"]


def test_no_voucher_after_triples() -> None:
    """"TRIPLES are taken immediately, and this ends the movement part of your turn. No
    TRAVEL VOUCHERS can be used after rolling TRIPLES.\""""
    game = new_game()
    hold(game, 0, 0)
    throw(game, 2, 2, 2)
    assert kinds(game) == ["triples"] and not can_play_voucher(game)
    game.act(0, Action("move-to", space=at(game, "Free Parking")))
    assert kinds(game) == ["end-turn"] and not can_play_voucher(game)
    with pytest.raises(IllegalAction, match="none after triples"):
        voucher(game, 0, "Kentucky Avenue")


def test_no_voucher_on_the_move_after_landing_on_reverse_direction() -> None:
    """"If you land on REVERSE DIRECTION, then you may not use a TRAVEL VOUCHER on your
    next move; you must roll dice and move backwards that move.\""""
    game = new_game()
    hold(game, 0, 0)
    game.reverse_next[0] = True
    assert kinds(game) == ["roll"] and not can_play_voucher(game)
    with pytest.raises(IllegalAction, match="Reverse Direction"):
        voucher(game, 0, "Baltic Avenue")
    # Landing on it with the pips: the Mr. Monopoly move goes backwards at once, and no
    # voucher may come before it either.
    other = new_game()
    hold(other, 0, 0)
    place(other, 0, "Miami Avenue")
    throw(other, 1, 2, "mr_monopoly")  # 3, odd: past Short Line to Reverse Direction
    assert BONUS_MOVE not in kinds(other)
    # backwards to the previous unowned property: Short Line (its inner space)
    assert other.players[0].position == at(other, "inner 21")
    assert kinds(other) == ["buy"]


def test_voucher_onto_a_pay_corner_pays_its_highest_amount() -> None:
    """Ruling 12: a voucher reaching a pay corner pays its highest amount (Pay Day $400,
    Bonus $300 for landing, GO $200), whatever was thrown."""
    for start, corner, pay in (("Cullen Boulevard", "Pay Day", 400),
                               ("Squeeze Play", "Bonus", 300), ("Short Line", "GO", 200)):
        game = new_game()
        hold(game, 0, 0)
        place(game, 0, start)
        voucher(game, 0, corner)
        assert game.players[0].position == at(game, corner)
        assert game.cash(0) == 3200 + pay, corner


def test_voucher_through_a_station_rides_it_or_not() -> None:
    """"If you come to a TRANSIT STATION, you have the option to change to the linked
    track or remain on your current track" (ruling 14: on along the linked track up to the
    corner ending the same side)."""
    rode = new_game()
    hold(rode, 0, 0)
    place(rode, 0, "States Avenue")
    own(rode, 0, "Fifth Avenue")
    voucher(rode, 0, "Fifth Avenue")
    assert rode.players[0].position == at(rode, "Fifth Avenue")
    assert rode.tracks.track_of(rode.players[0].position) == "inner"
    stayed = new_game()
    hold(stayed, 0, 0)
    place(stayed, 0, "States Avenue")
    own(stayed, 0, "St. James Place")
    voucher(stayed, 0, "St. James Place")
    assert stayed.players[0].position == at(stayed, "St. James Place")
    other = new_game()
    place(other, 0, "States Avenue")
    hold(other, 0, 0)
    with pytest.raises(IllegalAction, match="does not take you"):
        voucher(other, 0, "Kentucky Avenue")  # beyond Free Parking, the side's end


def test_used_voucher_goes_out_of_play() -> None:
    """"All used or expired TRAVEL VOUCHERS are 'out of play'": not back under the pile."""
    game = new_game()
    hold(game, 0, 5)
    own(game, 0, "Baltic Avenue")
    pile = list(game.decks[VOUCHERS].order)
    voucher(game, 5, "Baltic Avenue")
    assert list(game.decks[VOUCHERS].order) == pile and 5 not in pile
    assert held_vouchers(game, 0) == []


def test_expiring_voucher_expires_every_other_held_voucher_of_all_players() -> None:
    """An expiring Bus Ticket, when played, expires the TRAVEL VOUCHERS "owned by everyone,
    including the person playing the card ... not ... unowned TRAVEL VOUCHERS"."""
    events: list[Event] = []
    game = new_game(("Ann", "Bob", "Cy"), events=events)
    hold(game, 0, 12, 0)
    hold(game, 1, 1, 2)
    hold(game, 2, 20)
    own(game, 0, "Baltic Avenue")
    pile = list(game.decks[VOUCHERS].order)
    voucher(game, 12, "Baltic Avenue")
    assert [voucher_count(game, s) for s in range(3)] == [0, 0, 0]
    assert list(game.decks[VOUCHERS].order) == pile  # the pile's vouchers stay
    expired = [e.data["card"] for e in events if e.kind == "voucher-expired"]
    assert len(expired) == 4
    assert in_pile_or_held(game) == ALL_VOUCHERS - 5


def test_plain_voucher_expires_nothing() -> None:
    game = new_game()
    hold(game, 0, 0, 1)
    hold(game, 1, 2)
    own(game, 0, "Baltic Avenue")
    voucher(game, 0, "Baltic Avenue")
    assert held_vouchers(game, 0) == [1] and held_vouchers(game, 1) == [2]


def test_expiring_vouchers_option_picks_the_last_n_bus_tickets() -> None:
    """Ruling 5 (option expiring-vouchers=N): the last N Bus Tickets of the pile's cards;
    4 are the printed expiring ones."""
    game = new_game()
    cards = game.decks[VOUCHERS].cards
    assert [cards[i].kind for i in expiring_vouchers(game)] == ["voucher_expiring"] * 4
    assert all(cards[i].kind == "voucher" for i in range(len(cards))
               if i not in expiring_vouchers(game))
    assert expiring_vouchers(new_game(expiring_vouchers=0)) == ()
    assert expiring_vouchers(new_game(expiring_vouchers=1)) == (15,)
    six = new_game(expiring_vouchers=6)
    assert expiring_vouchers(six) == (10, 11, 12, 13, 14, 15)
    hold(six, 0, 10, 0)
    own(six, 0, "Baltic Avenue")
    voucher(six, 10, "Baltic Avenue")
    assert voucher_count(six, 0) == 0 and voucher_count(six, 1) == 0
    none = new_game(expiring_vouchers=0)
    hold(none, 0, 12, 0)
    own(none, 0, "Baltic Avenue")
    voucher(none, 12, "Baltic Avenue")
    assert held_vouchers(none, 0) == [0]


def test_voucher_to_go_to_jail_jails_and_ends_the_turn() -> None:
    """"TRAVEL VOUCHERS can be used to move to GO TO JAIL (thus putting a player in
    jail)", which ends the turn at once: no throw after it, no bonus move."""
    game = new_game()
    hold(game, 0, 0)
    place(game, 0, "Free Parking")
    voucher(game, 0, "Go To Jail")
    assert game.players[0].in_jail and game.players[0].position == at(game, "Jail")
    assert kinds(game) == ["end-turn"]
    bonus = new_game()
    hold(bonus, 0, 0)
    place(bonus, 0, "Free Parking")
    own(bonus, 0, "Indiana Avenue")
    throw(bonus, 1, 2, "mr_monopoly")  # 3: Indiana Avenue, then the bonus move question
    assert kinds(bonus) == [BONUS_MOVE]
    voucher(bonus, 0, "Go To Jail")
    assert bonus.players[0].in_jail and kinds(bonus) == ["end-turn"]


def test_voucher_to_subway_makes_the_next_movement_a_subway_ride() -> None:
    """"TRAVEL VOUCHERS can be used to move to SUBWAY (thus allowing a player to move
    directly to any space)": here the throw still to come becomes the Subway ride."""
    game = new_game()
    hold(game, 0, 0)
    place(game, 0, "outer 30")
    voucher(game, 0, "Subway")
    assert game.players[0].position == at(game, "Subway")
    assert kinds(game) == ["subway"]


def test_voucher_with_a_subway_ride_due_is_that_ride() -> None:
    """Ruling 13: after landing on Subway, the next movement (the next throw, or an extra
    move this turn: a voucher) is a direct move to any space; no salary for passing."""
    game = new_game()
    hold(game, 0, 0)
    place(game, 0, "outer 38")
    own(game, 0, "Boardwalk")
    throw(game, 1, 2, 1)  # 4: Subway
    assert game.subway_next[0] and kinds(game) == ["end-turn"]
    voucher(game, 0, "Boardwalk")
    assert game.players[0].position == at(game, "Boardwalk") and not game.subway_next[0]
    assert game.cash(0) == 3200 and kinds(game) == ["end-turn"]
    ride = new_game()
    hold(ride, 0, 0)
    own(ride, 0, "Boardwalk")
    place(ride, 0, "Subway")
    ride.subway_next[0] = True  # landed on Subway last turn
    ride.ask_roll()
    assert kinds(ride) == ["subway"]
    voucher(ride, 0, "Boardwalk")
    assert kinds(ride) == ["roll"]  # the voucher was the ride; the throw is still to come


# ==================================================================== the helpers

def test_give_draw_return_and_expire_helpers() -> None:
    game = new_game()
    hold(game, 0, 3)
    hold(game, 1, 4)
    give_voucher(game, 1, 0, 4)
    assert held_vouchers(game, 0) == [3, 4] and voucher_count(game, 1) == 0
    with pytest.raises(ValueError):
        give_voucher(game, 1, 0, 4)
    top = game.decks[VOUCHERS].order[0]
    assert draw_voucher(game, 1) == top and held_vouchers(game, 1) == [top]
    return_voucher(game, 0, 3)
    assert game.decks[VOUCHERS].order[-1] == 3 and held_vouchers(game, 0) == [4]
    assert expire_all_but(game, 4) == 1
    assert held_vouchers(game, 0) == [4] and held_vouchers(game, 1) == []
    game.decks[VOUCHERS].order.clear()
    assert draw_voucher(game, 1) == -1


# ==================================================================== taxi rides

def cab_game(owner: int, **options: Any) -> UltimateMonopolyGame:
    """Ann two spaces before Checker Cab Co. (outer 6), owned by ``owner``; no vouchers."""
    game = new_game(**options)
    hold(game, 0)
    hold(game, 1)
    place(game, 0, "outer 2")
    if owner >= 0:
        own(game, owner, "Checker Cab Co.")
    return game


def test_taxi_to_free_parking_pays_the_owner_50_after_the_rent() -> None:
    """"In addition to normal rent, pay $50 to the owner ... for transportation to FREE
    PARKING"."""
    game = cab_game(1)
    throw(game, 1, 2, 1)  # 4: Checker Cab Co. (Bob's): rent $30
    assert kinds(game) == [TAXI]
    assert game.cash(0) == 3200 - 30
    game.act(0, Action("take-taxi", space=at(game, "Free Parking")))
    assert game.players[0].position == at(game, "Free Parking")
    assert game.cash(0) == 3200 - 30 - 50 and game.cash(1) == 3200 + 80
    assert kinds(game) == ["end-turn"]


def test_taxi_from_your_own_cab_company_pays_20_to_the_pool() -> None:
    game = cab_game(0)
    throw(game, 1, 2, 1)
    assert kinds(game) == [TAXI] and game.pending[0].amount == 20
    game.act(0, Action("take-taxi", space=at(game, "Free Parking")))
    assert game.cash(0) == 3200 - 20 and game.ledger.balance(POOL) == 20


def test_no_taxi_stays_on_the_cab_company() -> None:
    game = cab_game(1)
    throw(game, 1, 2, 1)
    game.act(0, Action("no-taxi"))
    assert game.players[0].position == at(game, "Checker Cab Co.")
    assert game.cash(0) == 3200 - 30 and kinds(game) == ["end-turn"]


def test_taxi_to_another_cab_company_charges_no_rent_and_no_second_ride() -> None:
    game = cab_game(1)
    own(game, 1, "Black & White Cab Co.")
    throw(game, 1, 2, 1)  # rent $60 (Bob has two cab companies)
    game.act(0, Action("take-taxi", space=at(game, "Black & White Cab Co.")))
    assert game.players[0].position == at(game, "Black & White Cab Co.")
    assert game.cash(0) == 3200 - 60 - 50
    assert kinds(game) == ["end-turn"]


def test_taxi_goes_to_the_innermost_level_of_a_transit_station() -> None:
    """"Any TRANSIT STATION (staying on the top (innermost) level)": the inner track's
    space for Pennsylvania and Short Line, the middle railroad for Reading and B&O. No
    rent there; landing exactly on a station draws a Travel Voucher."""
    game = cab_game(1)
    names = [game.board.spaces[s].name + "/" + game.tracks.track_of(s)
             for s in taxi_destinations(game, at(game, "Checker Cab Co."))]
    assert names == ["Reading Railroad/middle", "Free Parking/middle", "B&O Railroad/middle",
                     "Black & White Cab Co./outer", "Yellow Cab Co./outer",
                     "Ute Cab Co./outer", "Pennsylvania Railroad/inner",
                     "Short Line/inner"]
    own(game, 1, "Pennsylvania Railroad")
    throw(game, 1, 2, 1)
    cash = game.cash(0)
    game.act(0, Action("take-taxi", space=at(game, "inner 9")))
    assert game.players[0].position == at(game, "inner 9")
    assert game.cash(0) == cash - 50 and voucher_count(game, 0) == 1
    again = cab_game(1)
    throw(again, 1, 2, 1)
    with pytest.raises(IllegalAction, match="innermost"):
        again.act(0, Action("take-taxi", space=at(again, "outer 7")))  # Reading, outer


def test_taxi_to_an_unowned_property_offers_it_for_sale() -> None:
    game = cab_game(1)
    throw(game, 1, 2, 1)
    game.act(0, Action("take-taxi", space=at(game, "Yellow Cab Co.")))
    assert kinds(game) == ["buy"] and game.pending[0].deed == at(game, "Yellow Cab Co.")
    game.act(0, Action("auction"))
    assert kinds(game) == ["bid"]


def test_no_taxi_from_an_unowned_cab_company() -> None:
    game = cab_game(-1)
    throw(game, 1, 2, 1)
    assert kinds(game) == ["buy"]
    game.act(0, Action("buy"))
    assert kinds(game) == ["end-turn"]


def test_taxi_fare_must_be_paid_in_cash() -> None:
    game = cab_game(1)
    game.ledger.transfer(0, POOL, 3200 - 60, "test: Ann keeps $60")
    throw(game, 1, 2, 1)  # rent $30: $30 left
    assert kinds(game) == [TAXI]
    assert [a.do for a in game.legal_actions(0) if a.do in ("take-taxi", "no-taxi")] == \
        ["no-taxi"]
    with pytest.raises(IllegalAction, match="fare"):
        game.act(0, Action("take-taxi", space=at(game, "Free Parking")))


def test_taxi_continues_doubles_from_the_destination() -> None:
    """"If a player has additional moves (DOUBLES, ...) when originally landing on the CAB
    COMPANY, the player should continue their turn from their destination.\""""
    game = cab_game(1)
    own(game, 0, "Illinois Avenue")
    throw(game, 1, 1, 2)  # doubles, 4: Checker Cab Co.
    game.act(0, Action("take-taxi", space=at(game, "Free Parking")))
    assert kinds(game) == ["roll"]
    throw(game, 1, 2, 1)  # 4 from Free Parking: Illinois Avenue
    assert game.players[0].position == at(game, "Illinois Avenue")


def test_taxi_continues_the_bonus_move_from_the_destination() -> None:
    game = cab_game(1)
    hold(game, 0, 0)
    place(game, 0, "outer 3")
    throw(game, 1, 2, "mr_monopoly")  # 3: Checker Cab Co.
    game.act(0, Action("take-taxi", space=at(game, "Free Parking")))
    assert kinds(game) == [BONUS_MOVE]
    game.act(0, Action("go-on"))
    assert game.players[0].position == at(game, "Kentucky Avenue")  # next unowned


# ==================================================================== random play

OUT_OF_PLAY = ("voucher-played", "voucher-expired", "missed-the-bus")


@pytest.mark.parametrize("seed", range(8))
def test_random_games_keep_money_and_vouchers_whole(seed: int) -> None:
    """Random legal play with vouchers and taxis: money is conserved, every voucher is in
    the pile, held or out of play (36 in all), and a clone answered alike stays equal."""
    events: list[Event] = []
    game = new_game(("Ann", "Bob", "Cy", "Dee"), seed=seed, events=events)
    bots = [make_bot("random", seed * 10 + i) for i in range(4)]
    copy = game.clone()
    played = {"play-voucher": 0, "take-taxi": 0}
    for _ in range(1500):
        if game.over:
            break
        d = game.pending[0]
        action = bots[d.player].choose(game, d.player)
        if action.do in played:
            played[action.do] += 1
        game.act(d.player, action)
        copy.act(d.player, action)
        assert game.ledger.conserved()
        out = sum(1 for e in events if e.kind in OUT_OF_PLAY)
        assert in_pile_or_held(game) + out == ALL_VOUCHERS
    assert snapshot(copy) == snapshot(game)
    assert played["play-voucher"] > 0


# ============================================================ why a voucher, which move


def scenario_events(name: str) -> list[Event]:
    """The events of a rule scenario of tests/scenarios/ultimate-monopoly, played through."""
    spec = scenario.load(Path(__file__).parent / "scenarios" / "ultimate-monopoly" /
                         f"{name}.yaml")
    game = scenario.set_up(spec)
    events: list[Event] = []
    game.listeners.append(events.append)
    assert scenario.play_actions(game, spec["actions"]) == []
    return events


def of_kind(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


@pytest.mark.parametrize(("name", "reason", "space"), [
    ("move-bus-take-voucher", "bus", None),
    ("move-transit-twin-rent-and-voucher", "station", "Reading Railroad"),
    ("move-bus-ticket-space", "bus-ticket", "Bus Ticket"),
    ("chance-business-trip", "card", None),
])
def test_a_voucher_event_says_why_the_voucher_was_drawn(name: str, reason: str,
                                                        space: str | None) -> None:
    (voucher,) = of_kind(scenario_events(name), "voucher")
    assert voucher["reason"] == reason
    if space is None:
        assert "space" not in voucher
    else:
        assert DATA.board.spaces[voucher["space"]].name == space


def test_no_voucher_left_says_why_one_was_due() -> None:
    game = new_game()
    events: list[Event] = []
    game.listeners.append(events.append)
    while draw_voucher(game, 1, "bus-ticket") >= 0:
        pass
    assert of_kind(events, "no-voucher-left") == [{"player": 1, "reason": "bus-ticket"}]
    assert {e["reason"] for e in of_kind(events, "voucher")} == {"bus-ticket"}


@pytest.mark.parametrize(("name", "bonus"), [
    ("move-order-space-then-bonus-move", "mr-monopoly"),
    ("move-bus-ride-odd-stays-on-track", "bus"),
])
def test_a_bonus_move_is_a_moved_event_of_its_kind(name: str, bonus: str) -> None:
    pips, extra = of_kind(scenario_events(name), "moved")
    assert "bonus" not in pips and pips["steps"] > 0
    assert extra["bonus"] == bonus and extra["start"] == pips["to"]
