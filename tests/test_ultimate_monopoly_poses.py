"""Ultimate Monopoly's own decisions set up by a scenario (``pending:``,
:mod:`pennybags.editions.ultimate_monopoly.poses`): each refused position is refused with its
reason, every set-up has its scenario file, and every set-up leaves a game that plays on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pennybags import scenario
from pennybags.editions.ultimate_monopoly.game import POOL, UltimateMonopolyGame
from pennybags.editions.ultimate_monopoly.poses import POSES, REACHED_BY_ACTIONS
from pennybags.engine.actions import Action
from pennybags.engine.ledger import BANK

SCENARIOS = Path(__file__).parent / "scenarios" / "ultimate-monopoly"
ADDED = sorted(POSES)
"""The decision kinds the module sets up."""


def refused(players: list[Any], pending: dict[str, Any], **more: Any) -> str:
    """The reason a position with that ``pending:`` is refused."""
    spec = {"edition": "ultimate-monopoly", "players": players, "pending": pending, **more}
    with pytest.raises(scenario.ScenarioError) as info:
        scenario.set_up(spec)
    return str(info.value)


def money(game: Any) -> int:
    ledger = game.ledger
    total: int = sum(ledger.balance(p) for p in range(len(game.players))) + \
        ledger.balance(BANK) + ledger.balance(POOL)
    return total


# ------------------------------------------------------------------ every set-up


@pytest.mark.parametrize("kind", ADDED)
def test_every_set_up_has_its_scenario_file(kind: str) -> None:
    """Each decision the module sets up is shown, set up and answered, in
    ``pose-<kind>.yaml``."""
    text = (SCENARIOS / f"pose-{kind}.yaml").read_text(encoding="utf-8")
    assert f"kind: {kind}" in text


@pytest.mark.parametrize("kind", ADDED)
def test_every_set_up_plays_on_with_any_answer(kind: str) -> None:
    """Set up as its scenario file does, the decision is asked of the player named, and
    every legal answer leaves a game that goes on with the money conserved."""
    spec = scenario.load(SCENARIOS / f"pose-{kind}.yaml")
    position = {k: v for k, v in spec.items() if k not in ("actions", "expect")}
    game = scenario.set_up(position)
    pending = spec["pending"]
    asked = [d for d in game.pending if d.kind == kind]
    assert asked and game.name(asked[0].player) == pending["player"]
    total = money(game)
    legal = game.legal_actions(asked[0].player)
    assert legal
    for action in legal:
        copy = game.clone()
        copy.act(asked[0].player, action)
        assert money(copy) == total


@pytest.mark.parametrize("kind", sorted(REACHED_BY_ACTIONS))
def test_decisions_reached_by_actions_are_refused_as_set_ups(kind: str) -> None:
    """The decisions no set-up reaches say so: a scenario reaches them with its actions."""
    message = refused(["Ann", "Bob"], {"player": "Ann", "kind": kind})
    assert "reach it with the scenario's actions" in message


# ------------------------------------------------------------------ the throw


def test_triples_asked_of_the_player_whose_turn_it_is() -> None:
    assert "whose turn it is" in refused(["Ann", "Bob"], {"player": "Bob", "kind": "triples"})


def test_triples_not_asked_in_jail() -> None:
    message = refused([{"name": "Ann", "in_jail": True}, "Bob"],
                      {"player": "Ann", "kind": "triples"})
    assert "not asked of a player in jail" in message


def test_triples_not_thrown_when_the_movement_is_a_subway_ride() -> None:
    message = refused([{"name": "Ann", "at": "Subway"}, "Bob"],
                      {"player": "Ann", "kind": "triples"})
    assert "the movement is a Subway ride" in message


def test_triples_number_is_three_six_or_nine() -> None:
    message = refused(["Ann", "Bob"], {"player": "Ann", "kind": "triples", "amount": 7})
    assert "3, 6 or 9" in message


def test_triples_throw_shows_on_the_dice() -> None:
    """The triples are thrown with the dice: the last throw and its number are theirs, and
    the scenario's own dice come after them."""
    game = scenario.set_up({"edition": "ultimate-monopoly", "players": ["Ann", "Bob"],
                            "dice": [[1, 2, 3]],
                            "pending": {"player": "Ann", "kind": "triples", "amount": 9}})
    assert isinstance(game, UltimateMonopolyGame)
    assert game.dice.last_json() == [3, 3, 3]
    assert game.throw_total == 9 and game.pending[0].amount == 9
    assert game.dice.scripted == [(1, 2, 3)]


def test_subway_needs_the_player_on_subway() -> None:
    message = refused(["Ann", "Bob"], {"player": "Ann", "kind": "subway"})
    assert "needs Ann on Subway (at:)" in message


def test_subway_amount_is_how_the_game_asks_it() -> None:
    message = refused([{"name": "Ann", "at": "Subway"}, "Bob"],
                      {"player": "Ann", "kind": "subway", "amount": 1})
    assert "'subway' amount is 0" in message


def test_bus_on_subway_is_the_subway_ride() -> None:
    message = refused([{"name": "Ann", "at": "Subway"}, "Bob"],
                      {"player": "Ann", "kind": "bus"})
    assert "the Bus bonus move is the Subway ride" in message


def test_bus_amount_is_the_regular_dice() -> None:
    message = refused(["Ann", "Bob"], {"player": "Ann", "kind": "bus", "amount": 13})
    assert "2 to 12" in message


def test_bonus_move_amount_names_the_face() -> None:
    message = refused([{"name": "Ann", "vouchers": ["travel-card"]}, "Bob"],
                      {"player": "Ann", "kind": "bonus-move", "amount": 3})
    assert "1 Mr. Monopoly, 2 the Bus" in message


def test_bonus_move_needs_a_voucher() -> None:
    message = refused(["Ann", "Bob"], {"player": "Ann", "kind": "bonus-move"})
    assert "may play a Travel Voucher now: Ann holds none" in message


def test_bonus_move_not_after_reverse_direction() -> None:
    message = refused([{"name": "Ann", "at": "Reverse Direction", "vouchers": ["travel-card"]},
                       "Bob"], {"player": "Ann", "kind": "bonus-move"})
    assert "after landing on Reverse Direction" in message


def test_bonus_move_before_the_bus_then_asks_the_bus() -> None:
    """``amount: 2``: the bonus move to come is the Bus's (its own choice follows)."""
    game = scenario.set_up({"edition": "ultimate-monopoly",
                            "players": [{"name": "Ann", "vouchers": ["travel-card"]}, "Bob"],
                            "pending": {"player": "Ann", "kind": "bonus-move", "amount": 2}})
    game.act(0, Action("go-on"))
    assert [d.kind for d in game.pending] == ["bus"]


# ------------------------------------------------------------------ the spaces


def test_taxi_needs_a_cab_company() -> None:
    message = refused(["Ann", "Bob"], {"player": "Ann", "kind": "taxi"})
    assert "needs Ann on a cab company (at:)" in message


def test_taxi_needs_an_owned_cab_company() -> None:
    message = refused([{"name": "Ann", "at": "Checker Cab Co."}, "Bob"],
                      {"player": "Ann", "kind": "taxi"})
    assert "is the bank's" in message


def test_birthday_gift_names_the_giver() -> None:
    message = refused([{"name": "Ann", "at": "Birthday Gift"}, "Bob"],
                      {"player": "Ann", "kind": "birthday-gift"})
    assert "names the player who gives (creditor:)" in message


def test_birthday_gift_giver_is_another_player() -> None:
    message = refused([{"name": "Ann", "at": "Birthday Gift", "vouchers": ["travel-card"]},
                       "Bob"], {"player": "Ann", "kind": "birthday-gift", "creditor": "Ann"})
    assert "another player still in the game" in message


def test_birthday_gift_asked_only_of_a_giver_with_a_voucher() -> None:
    message = refused([{"name": "Ann", "at": "Birthday Gift"}, "Bob"],
                      {"player": "Ann", "kind": "birthday-gift", "creditor": "Bob"})
    assert "Bob holds none (they give $100)" in message


def test_rent_due_needs_another_players_property() -> None:
    message = refused([{"name": "Ann", "at": "Boardwalk",
                        "hand": ["chance:comped-room"]}, "Bob"],
                      {"player": "Ann", "kind": "rent-due"})
    assert "on another player's unmortgaged property" in message


def test_rent_due_is_about_the_property_stood_on() -> None:
    message = refused([{"name": "Ann", "at": "Boardwalk", "hand": ["chance:comped-room"]},
                       {"name": "Bob", "owns": ["Boardwalk", "Park Place"]}],
                      {"player": "Ann", "kind": "rent-due", "deed": "Park Place"})
    assert "about the property Ann stands on (Boardwalk)" in message


def test_rent_due_on_a_utility_names_the_rent() -> None:
    message = refused([{"name": "Ann", "at": "Electric Company",
                        "hand": ["chance:comped-room"]},
                       {"name": "Bob", "owns": ["Electric Company"]}],
                      {"player": "Ann", "kind": "rent-due"})
    assert "a utility's rent counts the throw" in message


def test_rent_due_needs_a_rent_card_that_applies() -> None:
    message = refused([{"name": "Ann", "at": "Boardwalk",
                        "hand": ["community_chest:special-online-pricing"]},
                       {"name": "Bob", "owns": ["Boardwalk"]}],
                      {"player": "Ann", "kind": "rent-due"})
    assert "Ann keeps none for this rent" in message


def test_rent_due_on_a_utility_charges_the_rent_given() -> None:
    game = scenario.set_up({"edition": "ultimate-monopoly", "players": [
        {"name": "Ann", "at": "Electric Company", "hand": ["chance:comped-room"]},
        {"name": "Bob", "owns": ["Electric Company"]}],
        "pending": {"player": "Ann", "kind": "rent-due", "amount": 28}})
    assert game.pending[0].amount == 28 and game.pending[0].creditor == 1


def good_fortune(**pending: Any) -> str:
    return refused([{"name": "Ann", "at": "inner:Roll Three"},
                    {"name": "Bob", "roll_three": ["1-2-3"]},
                    {"name": "Cy", "hand": ["community_chest:share-in-their-good-fortune"]}],
                   {"player": "Cy", "kind": "good-fortune", "creditor": "Bob", "amount": 200,
                    **pending})


def test_good_fortune_follows_a_landing_on_roll_three() -> None:
    message = refused([{"name": "Ann"}, {"name": "Bob", "roll_three": ["1-2-3"]},
                       {"name": "Cy", "hand": ["community_chest:share-in-their-good-fortune"]}],
                      {"player": "Cy", "kind": "good-fortune", "creditor": "Bob",
                       "amount": 200})
    assert "needs Ann on Roll Three (at:)" in message


def test_good_fortune_winner_holds_a_roll_three_card() -> None:
    assert "Ann holds none" in good_fortune(creditor="Ann")


def test_good_fortune_amount_is_a_roll_three_prize() -> None:
    assert "$50, $200, $1,000, $1,500" in good_fortune(amount=100)


def test_good_fortune_asked_of_a_holder_of_the_card() -> None:
    message = refused([{"name": "Ann", "at": "inner:Roll Three"},
                       {"name": "Bob", "roll_three": ["1-2-3"]}, "Cy"],
                      {"player": "Cy", "kind": "good-fortune", "creditor": "Bob",
                       "amount": 200})
    assert "Cy does not" in message


# ------------------------------------------------------------------ cards


def test_card_decision_needs_its_card() -> None:
    message = refused([{"name": "Ann", "at": "middle:2"}, "Bob"],
                      {"player": "Ann", "kind": "inherit-stock"})
    assert "needs the Chance or Community Chest card that asks it" in message


def test_card_decision_needs_an_action_card() -> None:
    message = refused([{"name": "Ann", "at": "middle:2"}, "Bob"],
                      {"player": "Ann", "kind": "inherit-stock",
                       "card": "travel_vouchers:travel-card"})
    assert "needs the Chance or Community Chest card that asks it" in message


def test_drawn_card_needs_its_drawer_on_a_space_of_its_deck() -> None:
    message = refused([{"name": "Ann", "at": "middle:7"}, "Bob"],
                      {"player": "Ann", "kind": "inherit-stock",
                       "card": "community_chest:inherit-stock"})
    assert "drawn by the player whose turn it is, on a Community Chest space" in message


def test_drawn_card_asking_another_decision_says_which() -> None:
    message = refused([{"name": "Ann", "at": "middle:2"}, "Bob"],
                      {"player": "Ann", "kind": "game-night",
                       "card": "community_chest:inherit-stock"})
    assert "Inherit Stock does not ask 'game-night' of Ann here: it asks 'inherit-stock' " \
           "of Ann" in message


def test_drawn_card_with_one_answer_asks_nothing() -> None:
    """A choice with one possible answer is made at once: nothing is asked."""
    message = refused([{"name": "Ann", "at": "middle:2"}, "Bob"],
                      {"player": "Ann", "kind": "game-night",
                       "card": "community_chest:game-night"}, dice=[[3, 4], [1, 2]])
    assert "asks nothing" in message


def test_kept_card_decision_needs_the_card_kept() -> None:
    message = refused(["Ann", {"name": "Bob", "owns": ["Baltic Avenue"]},
                       {"name": "Cy", "owns": ["Oriental Avenue"]}],
                      {"player": "Ann", "kind": "steal", "card": "chance:slick-move"})
    assert "Ann does not keep Slick Move (hand:)" in message


def test_kept_card_decision_only_when_the_card_may_be_played() -> None:
    message = refused([{"name": "Ann"},
                       {"name": "Bob", "hand": ["chance:slick-move"]},
                       {"name": "Cy", "owns": ["Oriental Avenue", "Baltic Avenue"]}],
                      {"player": "Bob", "kind": "steal", "card": "chance:slick-move"})
    assert "Bob cannot play Slick Move now: Slick Move is played on your own turn" in message
