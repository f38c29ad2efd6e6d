"""Ultimate Monopoly's scenario fields (docs/scenarios.md, "Ultimate Monopoly"): each sets up
what it says, and a wrong one is refused naming the file, line and field."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from pennybags import scenario
from pennybags.editions.ultimate_monopoly.game import POOL, UltimateMonopolyGame
from pennybags.engine.snapshot import snapshot

DOCS = Path(__file__).resolve().parent.parent / "docs" / "scenarios.md"


def _game(**spec: Any) -> UltimateMonopolyGame:
    spec.setdefault("players", ["Ann", "Bob"])
    game = scenario.set_up({"edition": "ultimate-monopoly", **spec})
    assert isinstance(game, UltimateMonopolyGame)
    return game


def _refused(match: str, **spec: Any) -> None:
    with pytest.raises(scenario.ScenarioError, match=match):
        _game(**spec)


def test_the_documented_example_runs_and_meets_its_expectations() -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## Ultimate Monopoly"):]
    block = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert block is not None


    spec = yaml.safe_load(block.group(1))
    outcome = scenario.run(spec)
    assert outcome.failures == []


def test_players_hold_only_what_the_scenario_gives_them() -> None:
    """The voucher and Roll Three card dealt at the start go back under their piles."""
    game = _game()
    assert all(not p.cards for p in game.players)
    for key in ("travel_vouchers", "roll_three"):
        deck = game.decks[key]
        assert sorted(deck.order) == list(range(len(deck.cards)))


def test_vouchers_roll_three_cards_and_kept_cards_are_given() -> None:
    game = _game(players=[{"name": "Ann", "vouchers": ["travel-card", "bus-ticket-expiring"],
                           "roll_three": ["1-2-3", "roll-three-4-5-6"],
                           "hand": ["chance:just-say-no"], "cards": ["community_chest"]},
                          "Bob"])
    snap = snapshot(game)
    ann = snap["players"][0]
    assert ann["vouchers"] == ["travel-card", "bus-ticket-expiring"]
    assert ann["roll_three"] == ["roll-three-1-2-3", "roll-three-4-5-6"]
    assert sorted(c.split("@")[0] for c in ann["cards"]) == sorted(
        ["travel-card", "bus-ticket-expiring", "roll-three-1-2-3", "roll-three-4-5-6",
         "just-say-no", "get-out-of-jail-free"])


def test_a_card_that_is_not_kept_cannot_be_held() -> None:
    _refused("keeps only", players=[{"name": "Ann", "hand": ["chance:go-to-jail"]}, "Bob"])


def test_an_unknown_voucher_is_refused_with_its_field() -> None:
    _refused(r"players\[0\]\.vouchers\[0\]",
             players=[{"name": "Ann", "vouchers": ["magic-carpet"]}, "Bob"])


def test_shares_and_mortgaged_shares_come_from_the_bank() -> None:
    game = _game(players=[{"name": "Ann", "shares": {"acme-motors": 2,
                                                    "Motion Pictures": {"held": 3,
                                                                        "mortgaged": 1}}},
                          {"name": "Bob", "shares": {"acme-motors": 1}}])
    acme = next(c for c in game.stocks if c.id == "acme-motors")
    movies = next(c for c in game.stocks if c.id == "motion-pictures")
    assert game.shares[0][acme.index] == 2 and game.shares[1][acme.index] == 1
    assert game.bank_shares[acme.index] == acme.shares - 3
    assert game.shares[0][movies.index] == 3 and game.shares_mortgaged[0][movies.index] == 1
    assert snapshot(game)["players"][0]["shares"]["motion-pictures"] == {
        "held": 3, "mortgaged": 1}


@pytest.mark.parametrize(("shares", "match"), [
    ({"no-such-company": 1}, "no company"),
    ({"acme-motors": 99}, "only"),
    ({"acme-motors": {"held": 1, "mortgaged": 2}}, "mortgaged is at most 1"),
    ({"acme-motors": {"held": 1, "owed": 2}}, "unknown shares field"),
    ({"acme-motors": -1}, "at least 0"),
])
def test_impossible_shares_are_refused(shares: dict[str, Any], match: str) -> None:
    _refused(match, players=[{"name": "Ann", "shares": shares}, "Bob"])


def test_skyscrapers_depots_and_cab_stands_on_owned_deeds() -> None:
    game = _game(players=[{"name": "Ann", "owns": [
        {"deed": "Boardwalk", "skyscraper": True}, "Park Place",
        {"deed": "Reading Railroad", "depot": True},
        {"deed": "Checker Cab Co.", "stand": True}]}, "Bob"],
        bank={"skyscrapers": 5, "depots": 2, "stands": 1, "houses": 10})
    board = game.board
    assert game.houses[board.find("Boardwalk")] == 6
    assert game.houses[board.find("Reading Railroad")] == 1
    assert game.houses[board.find("Checker Cab Co.")] == 1
    assert (game.bank_skyscrapers, game.bank_depots, game.bank_stands, game.bank_houses) == (
        5, 2, 1, 10)


@pytest.mark.parametrize(("owns", "match"), [
    ([{"deed": "Boardwalk", "depot": True}], "a depot stands on a railroad"),
    ([{"deed": "Reading Railroad", "stand": True}], "a stand stands on a cab company"),
    ([{"deed": "Boardwalk", "skyscraper": True}], "neither a majority ownership nor a "
                                                    "monopoly"),
    ([{"deed": "Reading Railroad", "depot": True, "mortgaged": True}], "mortgaged"),
])
def test_impossible_buildings_are_refused(owns: list[Any], match: str) -> None:
    _refused(match, players=[{"name": "Ann", "owns": owns}, "Bob"])


def test_the_bank_cannot_have_more_skyscrapers_than_are_left() -> None:
    _refused(r"bank\.skyscrapers: the bank has 16 skyscrapers left",
             bank={"skyscrapers": 17})


def test_the_pool_holds_what_the_scenario_says() -> None:
    game = _game(pool=375)
    assert game.ledger.balance(POOL) == 375
    assert game.ledger.conserved()
    assert snapshot(game)["pool"] == 375


def test_a_negative_pool_is_refused() -> None:
    _refused("the Pool is at least 0", pool=-5)


def test_a_name_several_spaces_share_is_refused_naming_each_way_to_write_them() -> None:
    _refused(r"'Chance' names .* spaces; say which: middle:7, ",
             players=[{"name": "Ann", "at": "Chance"}, "Bob"])
    _refused(r"say which: middle:5, outer:7",
             players=[{"name": "Ann", "at": "Reading Railroad"}, "Bob"])


def test_a_space_by_track_and_number_or_track_and_name() -> None:
    game = _game(players=[{"name": "Ann", "at": "outer:7"},
                          {"name": "Bob", "at": "outer:Reading Railroad"}])
    assert game.players[0].position == game.players[1].position == 47


def test_starting_the_turn_on_subway_rides_it() -> None:
    game = _game(players=[{"name": "Ann", "at": "Subway"}, "Bob"])
    assert [d.kind for d in game.pending] == ["subway"]


def test_starting_the_turn_on_reverse_direction_moves_backwards() -> None:
    game = _game(players=[{"name": "Ann", "at": "Reverse Direction"}, "Bob"],
                 dice=[[1, 2, 1]])
    start = game.players[0].position
    game.act(0, game.legal_actions(0)[0])
    walk = game.tracks.walk(start, 4, True, True)
    assert game.players[0].position == walk.end
    assert not game.reverse_next[0]


def test_a_player_with_turns_to_lose_loses_the_first_one() -> None:
    game = _game(players=[{"name": "Ann", "lose_turns": 1}, "Bob"])
    assert game.current == 1 and game.lose_turns[0] == 0


def test_unknown_fields_list_the_editions_own() -> None:
    _refused("the fields are: .*roll_three.*shares.*vouchers",
             players=[{"name": "Ann", "voucher": ["travel-card"]}, "Bob"])
    _refused("unknown scenario field; the fields are: .*pool", pol=3)


def test_the_common_fields_stay_refused_in_other_editions() -> None:
    with pytest.raises(scenario.ScenarioError, match="unknown scenario field"):
        scenario.set_up({"players": ["Ann", "Bob"], "pool": 3})
    with pytest.raises(scenario.ScenarioError, match="unknown player field"):
        scenario.set_up({"players": [{"name": "Ann", "vouchers": []}, "Bob"]})
