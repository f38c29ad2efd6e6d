"""Every scenario file under tests/scenarios/ is a rule test; plus the checker's own tests.

The scenario files name the rule they test in their ``rule:`` field (docs/scenarios.md).
The tests at the end make sure the checker can fail: an unmet expectation, an illegal
scripted action and an action marked ``refused`` that the engine accepts are all reported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from pennybags import cli, scenario
from pennybags.editions import get_edition
from pennybags.editions.classic.game import ClassicGame

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("**/*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 60


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    spec = scenario.load(path)
    assert isinstance(spec.get("rule"), str) and spec["rule"].strip(), \
        f"{path.name} should name the rule it tests in 'rule:'"
    assert spec.get("expect") or any(
        isinstance(a, dict) and ("expect" in a or "refused" in a)
        for a in spec.get("actions") or []
    ), f"{path.name} checks nothing"
    outcome = scenario.run(spec)
    assert not outcome.failures, f"{path.name} ({spec['rule']}):\n  " + "\n  ".join(
        outcome.failures)


# ------------------------------------------------------------------ order of play


def _new_game(names: list[str]) -> ClassicGame:
    game = get_edition("classic").new_game(names, seed=3, start=False, decide_order=False)
    assert isinstance(game, ClassicGame)
    return game


def test_order_of_play_decided_by_dice() -> None:
    """Each player rolls; the highest total goes first, then play passes to the left."""
    game = _new_game(["Ann", "Bob", "Cy"])
    events: list[tuple[str, dict[str, Any]]] = []
    game.listeners.append(lambda e: events.append((e.kind, e.data)))
    # Ann 7, Bob 11, Cy 4; then Bob's first roll (2+3) onto Reading Railroad.
    game.dice.script([[3, 4], [6, 5], [2, 2], [2, 3]])
    game.decide_order()
    game.begin_turn()
    assert game.current == 1 and game.first == 1
    assert ("order-roll", {"totals": {0: 7, 1: 11, 2: 4}}) in events
    assert game.pending[0].kind == "roll" and game.pending[0].player == 1
    game.act(1, game.legal_actions(1)[0])  # roll
    game.act(1, next(a for a in game.legal_actions(1) if a.do == "auction"))
    for seat in (2, 0, 1):
        game.act(seat, next(a for a in game.legal_actions(seat) if a.do == "pass"))
    game.act(1, next(a for a in game.legal_actions(1) if a.do == "end-turn"))
    assert game.current == 2 and game.round == 1  # to Bob's left: Cy
    game.dice.script([[1, 2]])  # Cy onto Baltic Avenue
    game.act(2, game.legal_actions(2)[0])
    game.act(2, next(a for a in game.legal_actions(2) if a.do == "buy"))
    game.act(2, next(a for a in game.legal_actions(2) if a.do == "end-turn"))
    assert game.current == 0 and game.round == 1
    game.dice.script([[1, 3]])  # Ann onto Income Tax
    game.act(0, game.legal_actions(0)[0])
    game.act(0, next(a for a in game.legal_actions(0) if a.do == "end-turn"))
    assert game.current == 1 and game.round == 2  # back to the first player: a new round


def test_order_of_play_ties_roll_again() -> None:
    """Only the players tied for the highest total roll again."""
    game = _new_game(["Ann", "Bob", "Cy"])
    totals: list[dict[int, int]] = []
    game.listeners.append(lambda e: totals.append(e.data["totals"])
                          if e.kind == "order-roll" else None)
    game.dice.script([[6, 6], [6, 6], [1, 1], [1, 2], [3, 3]])
    game.decide_order()
    game.begin_turn()
    assert totals == [{0: 12, 1: 12, 2: 2}, {0: 3, 1: 6}]
    assert game.current == 1
    assert game.pending[0].player == 1 and game.pending[0].kind == "roll"


# ------------------------------------------------------------------ the checker can fail

BASE = """
edition: classic
players: [Ann, Bob]
turn: Ann
dice: [[2, 3]]
"""


def _spec(extra: str) -> dict[str, Any]:
    data = yaml.safe_load(BASE + extra)
    assert isinstance(data, dict)
    return data


def test_unmet_expectation_is_reported() -> None:
    outcome = scenario.run(_spec("""
actions: [{player: Ann, do: roll}]
expect:
  players: {Ann: {cash: 1000, at: Boardwalk}}
  deeds: {Reading Railroad: {owner: Bob}}
  pending: {kind: end-turn}
  bank: {houses: 31}
"""))
    text = "\n".join(outcome.failures)
    assert "players.Ann.cash: expected 1000, got 1500" in text
    assert "players.Ann.at: expected 'Boardwalk', got 'Reading Railroad'" in text
    assert "deeds.Reading Railroad.owner: expected 'Bob', got None" in text
    assert "pending[0].kind: expected 'end-turn', got 'buy'" in text
    assert "bank.houses: expected 31, got 32" in text
    assert len(outcome.failures) == 5


def test_unmet_expectation_after_an_action_is_reported() -> None:
    outcome = scenario.run(_spec("""
actions: [{player: Ann, do: roll, expect: {players: {Ann: {cash: 1}}}}]
"""))
    assert outcome.failures == [
        "after action 1 (player=Ann roll): players.Ann.cash: expected 1, got 1500"
    ]


def test_illegal_scripted_action_stops_the_run() -> None:
    spec = _spec("actions: [{player: Ann, do: buy}]")
    with pytest.raises(scenario.ScenarioError) as info:
        scenario.run(spec)
    message = str(info.value)
    assert "action 1 (player=Ann buy) was refused" in message
    assert "'buy' does not answer 'roll'" in message
    assert "pending: Ann must answer 'roll'; legal: roll" in message


def test_refused_action_that_is_accepted_is_a_failure() -> None:
    outcome = scenario.run(_spec("""
actions:
  - {player: Ann, do: roll, refused: true}
  - {player: Ann, do: buy}
expect: {players: {Ann: {cash: 1}}}
"""))
    assert outcome.failures == [
        "action 1 (player=Ann roll): should have been refused but was accepted; "
        "the 1 action(s) after it were not played"
    ]


def test_refused_for_another_reason_is_a_failure() -> None:
    outcome = scenario.run(_spec("""
actions:
  - {player: Ann, do: buy, refused: "no money"}
  - {player: Ann, do: roll}
expect: {players: {Ann: {at: Reading Railroad}}}
"""))
    assert len(outcome.failures) == 1
    assert "refused for another reason" in outcome.failures[0]
    assert "'no money'" in outcome.failures[0]


def test_refused_action_leaves_the_state_unchanged_and_the_run_goes_on() -> None:
    outcome = scenario.run(_spec("""
actions:
  - {player: Bob, do: roll, refused: "not Bob's turn"}
  - {player: Ann, do: roll}
expect: {players: {Ann: {at: Reading Railroad}}, pending: {player: Ann, kind: buy}}
"""))
    assert outcome.failures == []


def test_decks_expectation() -> None:
    outcome = scenario.run(_spec("""
decks: {chance: [go-back-3, bank-dividend]}
expect: {decks: {chance: {top: [bank-dividend, go-back-3]}, community_chest: {bottom: x}}}
"""))
    assert outcome.failures == [
        "decks.chance.top: expected ['bank-dividend', 'go-back-3'], got "
        "['go-back-3', 'bank-dividend']",
        f"decks.community_chest.bottom: expected ['x'], got "
        f"[{outcome.snapshot['decks']['community_chest'][-1]!r}]",
    ]


def test_check_command_exits_non_zero_listing_unmet(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(BASE + "expect: {players: {Ann: {cash: 1500}}}\n", encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(BASE + "expect: {players: {Ann: {cash: 7}}}\n", encoding="utf-8")
    assert cli.main(["scenario", "check", str(good)]) == 0
    assert cli.main(["scenario", "check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL {bad}" in out
    assert "players.Ann.cash: expected 7, got 1500" in out
    assert "1 passed, 1 failed" in out
