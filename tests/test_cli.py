"""The ``pennybags`` command: editions, scenario run/check, replay and every --help.

Most tests call ``pennybags.cli.main`` in-process; two run the installed command.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from pennybags import history
from pennybags.cli import main
from pennybags.engine.game import Game
from pennybags.engine.snapshot import snapshot

SCENARIO = """\
edition: classic
players:
  - {name: Ann, cash: 1500, at: Illinois Avenue, owns: [Boardwalk, {deed: Park Place, houses: 2}]}
  - {name: Bob, cash: 200, in_jail: true}
turn: Bob
dice: [[6, 6]]
decks: {chance: [go-to-jail]}
actions:
  - {player: Bob, do: pay-bail}
  - {player: Bob, do: roll}
expect:
  players: {Bob: {cash: 150, at: Jail, in_jail: true}}
  deeds: {Park Place: {owner: Ann, houses: 2}}
"""

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Run:
    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err
    return run


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.yaml"
    path.write_text(SCENARIO)
    return path


@pytest.fixture
def unmet(tmp_path: Path) -> Path:
    path = tmp_path / "unmet.yaml"
    path.write_text(SCENARIO.replace("cash: 150", "cash: 999")
                    .replace("houses: 2}}", "houses: 3}}"))
    return path


@pytest.fixture
def saved(tmp_path: Path, classic: Callable[..., Game], bots: Callable[..., Game]) -> Path:
    game = bots(classic(["Ann", "Bob", "Cy"], seed=5, options={"max-rounds": 30}),
                ["simple", "random", "simple"], seed=9)
    path = tmp_path / "game.json"
    history.save(path, game)
    return path


def one_clear_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert lines and lines[0].startswith("pennybags: ")
    return lines[0]


def test_editions_json(cli: Run) -> None:
    code, out, _ = cli("editions", "--json")
    assert code == 0
    rows = json.loads(out)
    classic = next(r for r in rows if r["id"] == "classic")
    assert classic["name"] == "Monopoly (classic, US board)"
    assert (classic["min_players"], classic["max_players"]) == (2, 8)
    assert {o["name"] for o in classic["options"]} >= {"free-parking-pot", "no-auctions",
                                                       "double-go", "max-rounds"}
    for row in rows:
        assert {"id", "name", "min_players", "max_players"} <= set(row)
        assert row["min_players"] <= row["max_players"]


def test_editions_text(cli: Run) -> None:
    code, out, _ = cli("editions")
    assert code == 0
    assert "classic" in out and "(2-8 players)" in out and "-o max-rounds=<int>" in out


def test_scenario_run_json_prints_the_snapshot(cli: Run, good: Path) -> None:
    code, out, err = cli("scenario", "run", str(good), "--json")
    assert code == 0 and err == ""
    snap = json.loads(out)
    bob = snap["players"][1]
    assert (bob["name"], bob["cash"], bob["at"], bob["in_jail"]) == ("Bob", 150, "Jail", True)
    assert snap["deeds"]["Park Place"]["houses"] == 2
    assert snap["dice"] == [6, 6]
    assert snap["bank"]["houses"] == 30


def test_scenario_run_text_and_unmet_expectations(cli: Run, good: Path, unmet: Path) -> None:
    code, out, _ = cli("scenario", "run", str(good))
    assert code == 0 and "Bob" in out and "Ann" in out
    code, _, err = cli("scenario", "run", str(unmet), "--json")
    assert code == 1
    assert "unmet: players.Bob.cash: expected 999, got 150" in err


def test_scenario_run_tells_what_happens(cli: Run, good: Path) -> None:
    """A rules lawyer reads, in words, what the scripted answers led to."""
    code, out, _ = cli("scenario", "run", str(good))
    assert code == 0
    told = out.split("What happens:")[1]
    assert "Bob pays $50 to the bank (the jail fine)." in told
    assert "Bob rolls 6+6 (doubles) and moves to Chance." in told
    assert "Bob goes to Jail." in told
    code, out, _ = cli("scenario", "run", str(good), "--json")
    assert "What happens" not in out


def test_scenario_check_exit_codes_and_diffs(cli: Run, good: Path, unmet: Path) -> None:
    code, out, _ = cli("scenario", "check", str(good))
    assert code == 0
    assert f"ok   {good}" in out and "1 passed, 0 failed" in out
    code, out, _ = cli("scenario", "check", str(good), str(unmet))
    assert code == 1
    assert f"FAIL {unmet}" in out
    assert "  - players.Bob.cash: expected 999, got 150" in out
    assert "  - deeds.Park Place.houses: expected 3, got 2" in out
    assert "1 passed, 1 failed" in out


@pytest.mark.parametrize("name, text, words", [
    ("missing.yaml", None, "cannot read"),
    ("broken.yaml", "players: [Ann, Bob\nturn: {", "is not valid YAML"),
    ("list.yaml", "- Ann\n- Bob\n", "should hold a mapping"),
    ("field.yaml", SCENARIO + "colour: blue\n", "line 14: colour: unknown scenario field"),
    ("deed.yaml", SCENARIO.replace("Boardwalk,", "Bordwalk,"), "did you mean 'Boardwalk'?"),
    ("dice.yaml", SCENARIO.replace("[[6, 6]]", "[[6, 9]]"),
     "roll 1 must be 2 whole numbers from 1 to 6; got [6, 9]"),
    ("illegal.yaml", SCENARIO.replace("do: pay-bail", "do: buy"),
     "action 1 (player=Bob buy) was refused: 'buy' does not answer 'jail'"),
    ("broken.json", '{"players": [', "is not valid JSON"),
])
def test_bad_scenario_files_fail_cleanly(cli: Run, tmp_path: Path, name: str,
                                         text: str | None, words: str) -> None:
    path = tmp_path / name
    if text is not None:
        path.write_text(text)
    code, out, err = cli("scenario", "run", str(path))
    assert code == 2 and out == ""
    assert words in one_clear_line(err)
    code, out, err = cli("scenario", "check", str(path))
    assert code == 1 and "Traceback" not in out + err
    assert out.startswith(f"FAIL {path}: ") and words in out


def test_illegal_scenario_action_names_the_decision_and_legal_actions(
        cli: Run, tmp_path: Path) -> None:
    path = tmp_path / "illegal.yaml"
    path.write_text(SCENARIO.replace("do: pay-bail", "do: buy"))
    _, _, err = cli("scenario", "run", str(path))
    assert "pending: Bob must answer 'jail'; legal: " in err
    assert "pay-bail" in err.splitlines()[-1]


def test_replay_verify_and_json(cli: Run, saved: Path) -> None:
    code, out, _ = cli("replay", str(saved), "--verify")
    rec = history.load(saved)
    assert code == 0
    assert out.strip() == f"verified: {len(rec['actions'])} actions replay to the recorded " \
                          "final state"
    code, out, _ = cli("replay", str(saved), "--json")
    assert code == 0
    assert json.loads(out) == rec["final"]
    code, out, _ = cli("replay", str(saved))
    assert code == 0 and "Game over" in out


def test_replay_verify_reports_differences(cli: Run, saved: Path) -> None:
    rec = history.load(saved)
    rec["final"]["players"][0]["cash"] += 10
    saved.write_text(json.dumps(rec))
    code, out, _ = cli("replay", str(saved), "--verify")
    assert code == 1
    assert out.startswith("replay differs from the record:")
    assert "  - players[0].cash: recorded" in out


@pytest.mark.parametrize("text, words", [
    (None, "cannot read"),
    ("{", "is not valid JSON"),
    ('{"format": "pennybags-record/2", "edition": "classic", "players": ["A", "B"], '
     '"seed": 1, "actions": [{"player": "B", "do": "end-turn"}]}',
     "action 1 of the record (player B, do end-turn) cannot be replayed"),
])
def test_replay_of_a_bad_file(cli: Run, tmp_path: Path, text: str | None, words: str) -> None:
    path = tmp_path / "rec.json"
    if text is not None:
        path.write_text(text)
    for extra in ((), ("--verify",), ("--json",)):
        if extra == ("--verify",) and text is not None and "actions" in text:
            continue  # without a final state there is nothing to verify
        code, out, err = cli("replay", str(path), *extra)
        assert code == 2 and out == ""
        assert words in one_clear_line(err)


@pytest.mark.parametrize("content, words", [
    ("Bj\xf6rn".encode("latin-1"), "is not UTF-8 text"),
    (b"[" * 50_000 + b"]" * 50_000, "nested too deeply"),
    (b'{"format": "pennybags-record/1", "edition": "classic", "players": ["A", "B"], '
     b'"seed": 1, "actions": []}', "this record is format 1"),
])
@pytest.mark.parametrize("command", [["replay"], ["replay", "--verify"], ["resume"]])
def test_replay_and_resume_refuse_what_is_not_a_record(
        cli: Run, tmp_path: Path, content: bytes, words: str, command: list[str]) -> None:
    """Review finding 6: non-UTF-8 and deeply nested files gave tracebacks; a record of an
    older format is refused, not replayed differently."""
    path = tmp_path / "rec.json"
    path.write_bytes(content)
    code, out, err = cli(command[0], str(path), *command[1:])
    assert code == 2 and out == ""
    assert words in one_clear_line(err)


def test_resume_refuses_a_record_that_replays_differently(cli: Run, tmp_path: Path) -> None:
    from pennybags import history, scenario
    from pennybags.engine.actions import Action

    spec = {"players": ["Ann", "Bob"], "dice": [[1, 2]]}
    game = scenario.set_up(spec)
    game.act(0, Action("roll"))
    path = tmp_path / "rec.json"
    history.save(path, game, setup=spec)
    rec = json.loads(path.read_text())
    rec["final"]["players"][0]["cash"] = 1
    path.write_text(json.dumps(rec))
    for command in (["resume"], ["replay"]):
        code, out, err = cli(command[0], str(path))
        assert code == 2 and out == ""
        line = one_clear_line(err)
        assert "does not replay to the result it saved" in line
        assert "players[0].cash: recorded 1, replayed 1500" in line


@pytest.mark.parametrize("argv", [
    [], ["play"], ["resume"], ["replay"], ["scenario"], ["scenario", "run"],
    ["scenario", "check"], ["editions"],
])
def test_every_command_has_help(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([*argv, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: pennybags" + "".join(f" {a}" for a in argv))


def test_version_and_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0 and capsys.readouterr().out.startswith("pennybags ")
    for argv in ([], ["fly"], ["scenario"], ["replay"]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
        assert "usage: pennybags" in capsys.readouterr().err


def installed() -> str:
    path = Path(sys.executable).with_name("pennybags")
    if not path.exists():
        pytest.skip("the pennybags command is not installed next to this Python")
    return str(path)


def test_installed_command_lists_editions() -> None:
    done = subprocess.run([installed(), "editions", "--json"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0
    assert any(r["id"] == "classic" for r in json.loads(done.stdout))


def test_installed_command_checks_and_replays(tmp_path: Path, good: Path, saved: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [")
    done = subprocess.run([installed(), "scenario", "check", str(good), str(bad)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "1 passed, 1 failed" in done.stdout
    done = subprocess.run([installed(), "replay", str(saved), "--verify"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("verified: ")
    done = subprocess.run([installed(), "scenario", "run", str(bad)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("pennybags: ") and "Traceback" not in done.stderr
    rec = history.load(saved)
    assert rec["final"] == json.loads(json.dumps(snapshot(history.replay(rec))))


def test_scenario_check_searches_folders(cli: Run, tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    (folder / "jail").mkdir(parents=True)
    (folder / "jail" / "a.yaml").write_text(SCENARIO)
    (folder / "b.yml").write_text(SCENARIO)
    (folder / "notes.txt").write_text("not a scenario")
    code, out, _ = cli("scenario", "check", str(folder))
    assert code == 0
    assert out.splitlines() == [f"ok   {folder / 'b.yml'}", f"ok   {folder / 'jail' / 'a.yaml'}",
                                "2 passed, 0 failed"]
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = cli("scenario", "check", str(empty))
    assert code == 2
    assert one_clear_line(err) == f"pennybags: no scenario files (*.yaml, *.yml, *.json) in " \
                                  f"{empty}"


def test_a_closed_pipe_is_not_an_error(saved: Path, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """``pennybags replay FILE --json | head -1``: the reader goes away, the command stops
    quietly with the status of a closed pipe."""

    class ClosedPipe:
        def __init__(self, fd: int) -> None:
            self.fd = fd

        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            return None

        def fileno(self) -> int:
            return self.fd

    with open(tmp_path / "stdout", "w") as sink:
        monkeypatch.setattr(sys, "stdout", ClosedPipe(sink.fileno()))
        assert main(["replay", str(saved), "--json"]) == 141


def test_the_play_scripts_variables_apply_although_the_parser_is_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The parser is made once a process for each setting of the ./play script's
    variables: setting them later still changes the defaults and the names in the help."""
    from pennybags.cli import build_parser

    plain = build_parser().parse_args(["play"])
    assert (plain.edition, plain.players) == ("classic", "Player,bot,bot")
    assert build_parser() is build_parser()
    monkeypatch.setenv("PENNYBAGS_EDITION", "ultimate-banking")
    monkeypatch.setenv("PENNYBAGS_PLAYERS", "Ann,bot")
    monkeypatch.setenv("PENNYBAGS_LAUNCHER", "./play")
    scripted = build_parser()
    args = scripted.parse_args(["play"])
    assert (args.edition, args.players) == ("ultimate-banking", "Ann,bot")
    play = next(a for a in scripted._actions if isinstance(a, argparse._SubParsersAction))
    assert play.choices["play"].prog == "./play"
    monkeypatch.delenv("PENNYBAGS_EDITION")
    monkeypatch.delenv("PENNYBAGS_PLAYERS")
    monkeypatch.delenv("PENNYBAGS_LAUNCHER")
    assert build_parser().parse_args(["play", "-o", "a=1"]).option == ["a=1"]
    assert build_parser().parse_args(["play"]).option == []  # (the default list untouched)
