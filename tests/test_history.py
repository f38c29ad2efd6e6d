"""Game records: save, load, replay, verify, undo-style replay and the errors on bad records."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pennybags import history, scenario
from pennybags.engine.actions import Action, Trade
from pennybags.engine.game import Game
from pennybags.engine.snapshot import snapshot
from pennybags.history import RecordError

POSITION: dict[str, Any] = {
    "edition": "classic",
    "seed": 4,
    "options": {"free-parking-pot": True},
    "players": [
        {"name": "Ann", "cash": 900, "at": "Pennsylvania Railroad",
         "owns": [{"deed": "Park Place", "houses": 3}, {"deed": "Boardwalk", "houses": 3}]},
        {"name": "Bob", "cash": 300, "owns": ["Baltic Avenue", {"deed": "Reading Railroad",
                                                                 "mortgaged": True}],
         "cards": ["chance"]},
        {"name": "Cy", "cash": 50, "in_jail": True},
    ],
    "turn": "Ann",
    "dice": [[1, 1], [2, 3]],
    "decks": {"community_chest": ["bank-error"]},
}


@pytest.fixture
def finished(classic: Callable[..., Game], bots: Callable[..., Game]) -> Game:
    return bots(classic(["Ann", "Bob", "Cy"], seed=21, options={"max-rounds": 40}),
                ["simple", "random", "simple?reserve=300"], seed=3)


def test_save_load_replay_gives_the_same_game(finished: Game, tmp_path: Path) -> None:
    path = tmp_path / "sub" / "game.json"
    history.save(path, finished, extra={"bots": {"Bob": "random"}})
    rec = history.load(path)
    assert rec["format"] == history.FORMAT
    assert rec["players"] == ["Ann", "Bob", "Cy"]
    assert rec["options"] == {"max-rounds": 40} and rec["seed"] == 21
    assert len(rec["actions"]) == len(finished.history)
    assert rec["extra"] == {"bots": {"Bob": "random"}}
    assert rec["final"] == json.loads(json.dumps(snapshot(finished)))
    again = history.replay(rec)
    assert snapshot(again) == snapshot(finished)
    assert again.history == finished.history
    assert again.ledger.transactions == finished.ledger.transactions
    assert history.verify(rec) == []


def test_a_game_in_progress_saves_and_continues(classic: Callable[..., Game],
                                                 bots: Callable[..., Game],
                                                 tmp_path: Path) -> None:
    game = bots(classic(["Ann", "Bob"], seed=8), "simple", seed=1, max_actions=60)
    assert not game.over
    path = tmp_path / "g.json"
    history.save(path, game)
    resumed = history.replay(history.load(path))
    assert snapshot(resumed) == snapshot(game)
    assert resumed.rng.getstate() == game.rng.getstate()
    # Both continue identically: the dice and decks are in the same state.
    for g in (game, resumed):
        bots(g, "simple", seed=1, max_actions=40)
    assert snapshot(resumed) == snapshot(game)


def test_verify_reports_a_tampered_final_state(finished: Game) -> None:
    history_rec = history.record(finished)
    rec = json.loads(json.dumps({**history_rec, "final": snapshot(finished)}))
    assert history.verify(rec) == []
    rec["final"]["players"][1]["cash"] += 1
    rec["final"]["deeds"]["Boardwalk"]["houses"] = 4
    problems = history.verify(rec)
    real = snapshot(finished)
    assert f"players[1].cash: recorded {real['players'][1]['cash'] + 1}, replayed " \
           f"{real['players'][1]['cash']}" in problems
    assert any(p.startswith("deeds.Boardwalk.houses: recorded 4") for p in problems)
    assert len(problems) == 2


def test_verify_without_a_final_state() -> None:
    assert history.verify({"format": history.FORMAT}) == [
        "the record has no final state to compare with"]


def test_a_tampered_action_is_caught(finished: Game) -> None:
    rec = history.record(finished)
    rec["final"] = snapshot(finished)
    rolls = [i for i, a in enumerate(rec["actions"]) if a["do"] == "roll"]
    rec["actions"][rolls[3]]["do"] = "end-turn"
    with pytest.raises(RecordError) as info:
        history.verify(rec)
    message = str(info.value)
    assert message.startswith(f"action {rolls[3] + 1} of the record (player ")
    assert "'end-turn' does not answer" in message


def test_record_with_an_illegal_action_names_it() -> None:
    rec = history.record(scenario.set_up(POSITION), setup=POSITION)
    rec["actions"] = [{"player": "Ann", "do": "roll"},
                      {"player": "Bob", "do": "build", "deed": "Baltic Avenue"}]
    with pytest.raises(RecordError) as info:
        history.replay(rec)
    assert str(info.value) == (
        "action 2 of the record (player Bob, do build, deed Baltic Avenue) cannot be "
        "replayed: Bob does not own the whole brown group")


def test_scenario_records_replay(tmp_path: Path) -> None:
    game = scenario.set_up(POSITION)
    ann, bob = game.seat_of("Ann"), game.seat_of("Bob")
    game.act(ann, Action("roll"))  # 1+1 from 15 to Community Chest (bank error), roll again
    game.act(bob, Action("propose-trade", trade=Trade(bob, ann, give=(5,), take_cash=150,
                                                      give_cards=("chance",))))
    game.act(ann, Action("accept"))
    game.act(ann, Action("unmortgage", 5))
    game.act(ann, Action("roll"))
    path = tmp_path / "scenario-game.json"
    history.save(path, game, setup=POSITION)
    rec = history.load(path)
    assert rec["setup"] == json.loads(json.dumps(POSITION))
    assert history.verify(rec) == []
    again = history.replay(rec)
    assert snapshot(again) == snapshot(game)
    assert again.owner[5] == ann and not again.mortgaged[5]
    assert [k for k, _ in again.players[ann].cards] == ["chance"]


def test_replay_upto_undoes_the_last_answers(finished: Game) -> None:
    rec = history.record(finished)
    n = len(rec["actions"])
    undone = history.replay(rec, upto=n - 1)
    assert len(undone.history) == n - 1
    assert not undone.over
    last_player, last_action = finished.history[-1]
    undone.act(last_player, last_action)
    assert snapshot(undone) == snapshot(finished)
    assert snapshot(history.replay(rec, upto=0))["turns"] == 1
    with pytest.raises(RecordError, match="cannot replay the first -1 actions"):
        history.replay(rec, upto=-1)


def test_save_is_atomic(finished: Game, tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "save.json"
    history.save(path, finished)
    old = path.read_bytes()

    def broken_dump(*args: Any, **kwargs: Any) -> None:
        args[1].write('{"format": "pennybags-rec')  # a half-written file
        raise OSError("disk full")

    monkeypatch.setattr(json, "dump", broken_dump)
    with pytest.raises(OSError, match="disk full"):
        history.save(path, finished)
    assert path.read_bytes() == old
    assert sorted(os.listdir(tmp_path)) == ["save.json"]  # no temporary file left behind
    monkeypatch.undo()
    assert history.verify(history.load(path)) == []


@pytest.mark.parametrize("change, words", [
    ({"format": "something-else/2"},
     "not a pennybags record (format 'something-else/2', expected 'pennybags-record/2')"),
    ({"format": None}, "not a pennybags record (format None"),
    ({"format": "pennybags-record/x"}, "not a pennybags record"),
    ({"format": "pennybags-record/1"}, "this record is format 1, written by pennybags"),
    ({"format": "pennybags-record/3"}, "use a newer pennybags to load it"),
    ({"edition": "chess"}, "cannot start the recorded game: unknown edition 'chess'"),
    ({"players": ["Solo"]},
     "cannot start the recorded game: Monopoly (classic, US board) is for 2 to 8 players, not 1"),
    ({"players": "Ann,Bob"}, "'players' should be a list of names"),
    ({"seed": "x"}, "'seed' should be a whole number, not 'x'"),
    ({"options": {"turbo": True}}, "unknown option 'turbo'"),
    ({"options": ["turbo"]}, "'options' should be a mapping"),
    ({"actions": {"do": "roll"}}, "the record's 'actions' should be a list"),
    ({"actions": ["roll"]}, "action 1 of the record should be a mapping like"),
    ({"actions": [{"do": "roll"}]}, "action 1 of the record (roll) does not say which player"),
    ({"actions": [{"player": "Dan", "do": "roll"}]}, "no player 'Dan'"),
    ({"actions": [{"player": "Ann", "do": "build", "deed": "Nowhere"}]},
     "there is no space called 'Nowhere'"),
    ({"setup": {"players": ["A", {"name": "B", "owns": ["Chance"]}]}},
     "'Chance' has no title deed"),
])
def test_bad_records_give_clear_errors(change: dict[str, Any], words: str) -> None:
    game = scenario.set_up({"players": ["Ann", "Bob"]})
    rec = {**history.record(game), **change}
    if "setup" not in change:
        rec.pop("setup", None)
    with pytest.raises(RecordError) as info:
        history.replay(rec)
    assert words in str(info.value)


def test_missing_keys_in_a_record() -> None:
    with pytest.raises(RecordError, match="the record has no edition, players, seed"):
        history.replay({"format": history.FORMAT})


def test_load_errors(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"cannot read .*nothing\.json: No such file"):
        history.load(tmp_path / "nothing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match=r"bad\.json is not valid JSON"):
        history.load(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(RecordError, match="is not a pennybags record"):
        history.load(bad)


def test_records_do_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    """Bit-for-bit determinism across processes, whatever PYTHONHASHSEED is."""
    code = (
        "import json, sys\n"
        "from pennybags.editions import get_edition\n"
        "from pennybags.bots import make_bot\n"
        "from pennybags.engine.snapshot import snapshot\n"
        "g = get_edition('classic').new_game(['Ann', 'Bob', 'Cy', 'Di'], seed=77,\n"
        "    options={'max-rounds': 40, 'free-parking-pot': True})\n"
        "bots = [make_bot(s, i) for i, s in enumerate(['simple', 'random', 'simple', 'random'])]\n"
        "while not g.over:\n"
        "    d = g.pending[0]\n"
        "    g.act(d.player, bots[d.player].choose(g, d.player))\n"
        "print(json.dumps(snapshot(g), sort_keys=True))\n"
    )
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True, timeout=120)
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and json.loads(outputs[0])["over"]


def test_record_is_plain_json(finished: Game) -> None:
    rec = history.record(finished)
    assert json.loads(json.dumps(rec)) == rec
    first = rec["actions"][0]
    assert set(first) <= {"player", "do", "deed", "amount", "to", "give", "take", "give_cash",
                          "take_cash", "give_cards", "take_cards"}
    copied = copy.deepcopy(rec)
    history.replay(copied)
    assert copied == rec  # replay does not modify the record it reads


# ------------------------------------------------------------------ records say what they are


def test_record_names_its_format_and_engine(finished: Game) -> None:
    from pennybags import __version__

    rec = history.record(finished)
    assert rec["format"] == "pennybags-record/2" == history.FORMAT
    assert rec["engine"] == __version__


def test_older_format_is_refused_naming_both_versions(finished: Game) -> None:
    """A format-1 record drew its dice another way: replaying it would give another game."""
    rec = {**history.record(finished), "format": "pennybags-record/1"}
    rec.pop("engine")
    with pytest.raises(RecordError) as info:
        history.replay(rec)
    message = str(info.value)
    assert "format 1" in message and "reads format 2 only" in message
    assert "an earlier pennybags" in message and "\n" not in message


def test_newer_format_is_refused_naming_its_writer(finished: Game) -> None:
    rec = {**history.record(finished), "format": "pennybags-record/7", "engine": "9.0.0"}
    with pytest.raises(RecordError, match=r"format 7, written by pennybags 9\.0\.0.*newer"):
        history.replay(rec)


def test_record_that_does_not_reach_its_saved_result_is_refused(finished: Game,
                                                                tmp_path: Path) -> None:
    """Nothing is silently replayed differently: a changed final state is named."""
    path = tmp_path / "game.json"
    history.save(path, finished)
    rec = history.load(path)
    rec["final"]["players"][1]["cash"] += 10
    with pytest.raises(RecordError) as info:
        history.replay(rec)
    message = str(info.value)
    assert "does not replay to the result it saved" in message
    assert "players[1].cash: recorded" in message
    # an undo (a replay of fewer actions) has no saved result to reach
    history.replay(rec, upto=len(rec["actions"]) - 1)
    # verify still lists the differences instead of refusing
    assert any(p.startswith("players[1].cash") for p in history.verify(rec))


def test_changed_action_is_caught_by_the_saved_result(tmp_path: Path) -> None:
    """An answer changed by hand that is still legal replays to another game: refused."""
    spec = {"players": ["Ann", "Bob"], "dice": [[1, 2]]}
    game = scenario.set_up(spec)
    game.act(0, Action("roll"))
    game.act(0, Action("buy"))
    path = tmp_path / "game.json"
    history.save(path, game, setup=spec)
    rec = history.load(path)
    rec["actions"][1]["do"] = "auction"
    rec["actions"].extend([{"player": "Bob", "do": "pass"}, {"player": "Ann", "do": "pass"}])
    with pytest.raises(RecordError, match="does not replay to the result it saved"):
        history.replay(rec)


@pytest.mark.parametrize(("content", "words"), [
    ("Bj\xf6rn".encode("latin-1"), "is not UTF-8 text"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"format": "pennybags-record/2", "seed": NaN}', "NaN is not a number"),
    (b"", "is not valid JSON"),
])
def test_files_that_are_not_records(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / "rec.json"
    path.write_bytes(content)
    with pytest.raises(RecordError) as info:
        history.load(path)
    assert words in str(info.value) and len(str(info.value)) < 300
