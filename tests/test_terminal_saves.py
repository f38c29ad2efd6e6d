"""Nothing lost (issue 15): every game is saved by default in the data folder, a file that
cannot be written is refused or asked for again, Ctrl-C and Ctrl-D say where the game is,
``pennybags resume`` lists the saved games and resumes the newest, and the ``play`` script
keeps its defaults, resumes games and names itself in the hints.

Every test saves under a temporary data folder (XDG_DATA_HOME), never in the home
directory."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.console import Console

from pennybags import history, scenario
from pennybags.banking import companion, ultimate
from pennybags.paths import data_dir, games_dir
from pennybags.terminal import saves
from pennybags.terminal.app import Seat, Session
from pty_driver import in_pty
from test_terminal import PENNYBAGS, lines, recorded, run_cli

REPO = Path(__file__).resolve().parent.parent
PLAY = REPO / "play"
HAS_VENV = (REPO / ".venv" / "bin" / "pennybags").exists()
needs_venv = pytest.mark.skipif(not HAS_VENV, reason="the play script's .venv is not set up "
                                                       "(it would create one)")
SPEC = {"players": ["Ann", "Bob"], "dice": [[3, 4], [1, 2], [2, 3]]}
SEATS = [Seat("Ann"), Seat("Bob", "simple")]
STAMPED = re.compile(r"classic-\d{4}-\d\d-\d\d-\d{6}(-\d+)?\.json")


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of this test's own (the games folder is ``data_home/pennybags/games``)."""
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def blocked(tmp_path: Path) -> Path:
    """A regular file: nothing can be created under it, even by root."""
    path = tmp_path / "a-file"
    path.write_text("not a folder\n")
    return path


def session(text: str, save: Path | None = None) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    s = Session(scenario.set_up(SPEC), SEATS, console=Console(file=out, no_color=True,
                                                                width=120),
                infile=io.StringIO(text), save_path=save, setup=SPEC)
    return s, out


# ------------------------------------------------------------------ 1. the quit prompt


def test_quit_prompt_asks_again_until_the_file_can_be_written(tmp_path: Path) -> None:
    under_a_file = blocked(tmp_path) / "sub" / "g.json"
    good = tmp_path / "good.json"
    s, out = session(lines("1", "q", str(under_a_file), str(tmp_path), str(good)))
    assert s.run() == 0
    text = out.getvalue()
    assert f"Could not save to {under_a_file}: " in text
    assert f"Could not save to {tmp_path}: Is a directory." in text
    assert text.count("Type another file name, or press Enter to quit without saving: ") == 2
    assert f"Saved to {good}." in text
    assert "Quit without saving" not in text
    assert [a["do"] for a in recorded(good)["actions"]] == ["roll"]


def test_quit_prompt_enter_after_a_failure_quits_without_saving(tmp_path: Path) -> None:
    s, out = session(lines("1", "q", str(blocked(tmp_path) / "g.json"), ""))
    assert s.run() == 0
    text = out.getvalue()
    assert "Could not save to" in text
    assert text.rstrip().endswith("Quit without saving.")


def test_quit_with_a_save_file_that_broke_offers_another(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    save = gone / "g.json"
    s, out = session(lines("1", "q", str(tmp_path / "other.json")), save=save)
    gone.rmdir()
    (tmp_path / "gone").write_text("now a file\n")  # the save folder became a file
    assert s.run() == 0
    text = out.getvalue()
    assert "Save the game before quitting?" in text
    assert f"Saved to {tmp_path / 'other.json'}." in text
    assert recorded(tmp_path / "other.json")["actions"]


# ------------------------------------------------------------------ 2. --save and s


@pytest.mark.parametrize("where", ["under-a-file", "a-folder"])
def test_play_refuses_an_unwritable_save_file_before_the_game_starts(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path, where: str) -> None:
    path = blocked(tmp_path) / "g.json" if where == "under-a-file" else tmp_path
    code, out, err = run_cli(monkeypatch, capsys,
                             ["play", "--players", "Ann,bot", "--seed", "1", "--save",
                              str(path)], lines("1", "other.json"))
    assert code == 2
    assert out == ""  # the game never started
    assert err.startswith(f"pennybags: cannot save the game to {path}: ")
    assert err.count("\n") == 1
    assert "--no-save" in err


def test_the_installed_command_refuses_an_unwritable_save_file(tmp_path: Path) -> None:
    path = blocked(tmp_path) / "g.json"
    proc = subprocess.run([PENNYBAGS, "play", "--players", "Ann,bot", "--save", str(path)],
                          input="1\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("pennybags: cannot save the game to ")


def test_save_command_after_a_failed_save_asks_for_another_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.mkdir()  # a folder where the save file should be
    good = tmp_path / "good.json"
    s, out = session(lines("s", str(blocked(tmp_path) / "x.json"), str(good), "1", "1"),
                     save=broken)
    assert s.run() == 0  # the input ends
    text = out.getvalue()
    assert "Save to which file?" in text
    assert "Type another file name, or press Enter to cancel: " in text
    assert f"Saved to {good}. From now on the game is saved there" in text
    assert "is not a number" not in text  # no file name was read as a menu answer
    assert [a["do"] for a in recorded(good)["actions"]][:2] == ["roll", "end-turn"]


def test_save_command_enter_cancels(tmp_path: Path) -> None:
    s, out = session(lines("s", str(blocked(tmp_path) / "x.json"), "", "1"))
    assert s.run() == 0
    text = out.getvalue()
    assert "Not saved." in text
    assert [a.do for _, a in s.game.history][:1] == ["roll"]


def test_an_autosave_that_fails_says_so_once(tmp_path: Path) -> None:
    folder = tmp_path / "folder.json"
    folder.mkdir()
    s, out = session(lines("1", "1", "1", "1"), save=folder)
    assert s.run() == 0
    text = out.getvalue()
    assert text.count("Autosave is off: could not save to") == 1
    assert "Is a directory" in text
    assert "Could not save" not in text
    assert "Input ended. The game was not saved." in text


# ------------------------------------------------------------------ 3. saved by default


def test_play_saves_every_game_in_the_data_folder_by_default(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        data_home: Path) -> None:
    code, out, err = run_cli(monkeypatch, capsys,
                             ["play", "--players", "Ann,bot", "--seed", "1"], lines("1"))
    assert code == 0, err
    folder = data_home / "pennybags" / "games"
    [path] = list(folder.iterdir())
    assert STAMPED.fullmatch(path.name)
    assert f"The game is saved in {path} after every answer" in out
    assert f"Input ended. The game is saved in {path}." in out
    assert f"Continue later with: pennybags resume {path}" in out
    rec = recorded(path)
    assert [a["do"] for a in rec["actions"] if a["player"] == "Ann"] == ["roll"]
    assert history.verify(rec) == []


def test_no_save_writes_no_file(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str], data_home: Path) -> None:
    code, out, _ = run_cli(monkeypatch, capsys,
                           ["play", "--players", "Ann,bot", "--seed", "1", "--no-save"],
                           lines("1"))
    assert code == 0
    assert not data_home.exists()
    assert "saved in" not in out
    assert "Input ended. The game was not saved." in out


def test_a_data_folder_that_cannot_be_written_turns_autosave_off(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked(tmp_path)))
    code, out, err = run_cli(monkeypatch, capsys,
                             ["play", "--players", "Ann,bot", "--seed", "1"],
                             lines("1", "q", ""))
    assert code == 0 and err == ""
    assert out.count("Autosave is off: cannot save games in ") == 1
    assert "Not a directory" in out
    assert "Save the game before quitting?" in out
    assert "Quit without saving." in out


def test_default_file_names_are_unique_even_in_the_same_second(data_home: Path) -> None:
    now = time.mktime((2026, 11, 25, 10, 15, 30, 0, 0, -1))
    names = [saves.new_game_path("classic", now).name for _ in range(3)]
    assert names == ["classic-2026-11-25-101530.json", "classic-2026-11-25-101530-2.json",
                     "classic-2026-11-25-101530-3.json"]
    assert saves.new_game_path("monopoly-2.3", now).name == \
        "monopoly-2.3-2026-11-25-101530.json"


def test_the_data_folder_follows_xdg_and_is_shared_with_the_banking_units(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    for unset in ("", "relative/path"):  # unset or not absolute: the default
        monkeypatch.setenv("XDG_DATA_HOME", unset)
        assert data_dir() == tmp_path / ".local" / "share" / "pennybags"
        assert ultimate.default_state_path() == data_dir() / "bank-ultimate-banking.json"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "pennybags"
    assert games_dir() == data_dir() / "games"
    assert ultimate.default_state_path() == data_dir() / "bank-ultimate-banking.json"
    assert companion.default_state_path("electronic-banking") == \
        data_dir() / "bank-electronic-banking.sqlite3"


def test_the_test_suite_never_saves_in_the_home_directory(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    base = tmp_path_factory.getbasetemp()
    assert data_dir().is_relative_to(base)


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          argv: Sequence[str], text: str = "") -> Path:
    """Play a game (saved by default) and return its file."""
    before = set(games_dir().glob("*.json")) if games_dir().exists() else set()
    code, _, err = run_cli(monkeypatch, capsys, ["play", *argv], text)
    assert code == 0, err
    [path] = set(games_dir().glob("*.json")) - before
    return path


def test_resume_without_a_file_lists_the_saved_games_newest_first(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        data_home: Path) -> None:
    code, out, err = run_cli(monkeypatch, capsys, ["resume"], "")
    assert code == 0 and err == ""
    assert out == (f"No saved games in {games_dir()}. Games are saved there as they are "
                   "played (unless 'play --no-save' or 'play --save FILE' is given).\n")
    done = _play(monkeypatch, capsys, ["--players", "bot,bot", "--seed", "2",
                                       "-o", "max-rounds=5"])
    open_ = _play(monkeypatch, capsys, ["--players", "Ann,Bob", "--seed", "1"], lines("1"))
    os.utime(done, (1_800_000_000, 1_800_000_000))  # the finished game was saved last
    os.utime(open_, (1_700_000_000, 1_700_000_000))
    (games_dir() / "junk.json").write_text("{")
    os.utime(games_dir() / "junk.json", (1_600_000_000, 1_600_000_000))
    code, out, err = run_cli(monkeypatch, capsys, ["resume"], "")
    assert code == 0 and err == ""
    rows = out.splitlines()
    assert rows[0] == f"Saved games in {games_dir()}, the most recent first:"
    assert rows[1].split() == ["FILE", "EDITION", "PLAYERS", "ROUND", "STATE", "SAVED"]
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(1_800_000_000))
    assert rows[2].split()[:5] == [done.name, "classic", "Bot", "1,", "Bot"]
    assert rows[2].split()[6:] == ["5", "finished", *when.split()]
    assert rows[3].split()[:5] == [open_.name, "classic", "Ann,", "Bob", "1"]
    assert "unfinished" in rows[3]
    assert rows[4].split()[:3] == ["junk.json", "not", "a"]
    assert rows[5] == "Resume one: pennybags resume FILE (a name from this list is enough)"
    assert rows[6] == "Resume the most recent unfinished game: pennybags resume --latest"


def test_resume_latest_takes_the_newest_unfinished_game(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        data_home: Path) -> None:
    code, _, err = run_cli(monkeypatch, capsys, ["resume", "--latest"], "")
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("pennybags: no unfinished saved game in ")
    older = _play(monkeypatch, capsys, ["--players", "Ann,bot", "--seed", "1"], lines("1"))
    newer = _play(monkeypatch, capsys, ["--players", "Ann,bot", "--seed", "5"], "")
    done = _play(monkeypatch, capsys, ["--players", "bot,bot", "--seed", "2",
                                       "-o", "max-rounds=5"])
    for i, path in enumerate((older, newer, done)):
        os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))
    code, out, _ = run_cli(monkeypatch, capsys, ["resume", "--latest"], lines("q"))
    assert code == 0
    assert out.startswith(f"Resuming {newer}: 0 answers replayed.")
    code, out, _ = run_cli(monkeypatch, capsys, ["resume", "--continue"], lines("q"))
    assert out.startswith(f"Resuming {newer}")
    # A name from the list is enough.
    code, out, _ = run_cli(monkeypatch, capsys, ["resume", older.name], lines("q"))
    assert code == 0 and out.startswith(f"Resuming {older}: ")


def test_resume_hint_names_the_launcher_and_quotes_the_path(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "my game.json"
    argv = ["play", "--players", "Ann,bot", "--seed", "1", "--save", str(save)]
    _, out, _ = run_cli(monkeypatch, capsys, argv, lines("q"))
    assert f"Continue later with: pennybags resume '{save}'" in out
    monkeypatch.setenv("PENNYBAGS_LAUNCHER", "./play")
    _, out, _ = run_cli(monkeypatch, capsys, argv, lines("q"))
    assert f"Continue later with: ./play resume '{save}'" in out
    assert saves.resume_command(latest=True) == "./play --continue"


# ------------------------------------------------------------------ Ctrl-C and Ctrl-D


def test_ctrl_c_on_a_terminal_says_where_the_game_is_saved(data_home: Path) -> None:
    code, out = in_pty([PENNYBAGS, "play", "--players", "Ann,bot", "--seed", "1"],
                       [("Choose 1-", b"1\n"), ("Choose 1-3", b"\x03")], cwd=data_home.parent)
    assert code == 130, out
    [path] = list(games_dir().iterdir())
    assert f"Interrupted. The game is saved in {path}." in out
    assert f"Continue later with: pennybags resume {path}" in out
    assert "Traceback" not in out
    assert [a["do"] for a in recorded(path)["actions"] if a["player"] == "Ann"] == ["roll"]


@needs_venv
def test_ctrl_d_in_the_play_script_says_where_and_how_to_resume(data_home: Path) -> None:
    code, out = in_pty(["./play", "--seed", "1"], [("Choose 1-", b"\x04")], cwd=REPO)
    assert code == 0, out
    [path] = list(games_dir().iterdir())
    assert path.name.startswith("ultimate-banking-")
    assert f"Input ended. The game is saved in {path}." in out
    assert f"Continue later with: ./play resume {path}" in out
    assert "Traceback" not in out


# ------------------------------------------------------------------ 4. the play script


def run_play(args: Sequence[str], text: str = "",
             cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """The play script, run as ./play from the repository (or by its path elsewhere)."""
    return subprocess.run([str(PLAY) if cwd != REPO else "./play", *args], input=text,
                          capture_output=True, text=True, timeout=120, cwd=cwd)


@needs_venv
def test_the_play_script_keeps_its_defaults_with_other_arguments(
        tmp_path: Path, data_home: Path) -> None:
    save = tmp_path / "game.json"
    proc = run_play(["--save", str(save), "--seed", "4"])
    assert proc.returncode == 0, proc.stderr
    rec = json.loads(save.read_text())
    assert rec["edition"] == "ultimate-banking"
    assert rec["players"] == ["Player", "Bot 1", "Bot 2"]
    proc = run_play(["-e", "classic", "--save", str(save)])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(save.read_text())["edition"] == "classic"
    proc = run_play(["--players", "Ann,bot", "--save", str(save)])
    rec = json.loads(save.read_text())
    assert (rec["edition"], rec["players"]) == ("ultimate-banking", ["Ann", "Bot 1"])
    # A relative --save is relative to where ./play is run from.
    proc = run_play(["--save", "here.json"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "here.json").is_file()
    assert f"Continue later with: {PLAY} resume here.json" in proc.stdout


@needs_venv
def test_the_play_script_help_names_its_default_edition() -> None:
    proc = run_play(["--help"])
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split()).replace("- ", "-")  # argparse wraps at hyphens
    assert text.startswith("usage: ./play ")
    assert "Without options: the ultimate-banking edition, players 'Player,bot,bot'" in text
    assert "--edition and --players choose others" in text
    assert "(default: ultimate-banking)" in text
    assert "./play resume [FILE]" in text and "./play --continue" in text


@needs_venv
def test_the_play_script_resumes_and_continues(tmp_path: Path, data_home: Path) -> None:
    proc = run_play(["-e", "classic", "--players", "Ann,bot", "--seed", "1"], "1\n")
    assert proc.returncode == 0, proc.stderr
    [path] = list(games_dir().iterdir())
    assert f"Continue later with: ./play resume {path}" in proc.stdout
    proc = run_play(["resume", str(path)], "q\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"Resuming {path}: ")
    proc = run_play(["--continue"], "q\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"Resuming {path}")
    proc = run_play(["resume"])
    assert proc.returncode == 0, proc.stderr
    assert path.name in proc.stdout
    assert "Resume one: ./play resume FILE" in proc.stdout
    assert "Resume the most recent unfinished game: ./play --continue" in proc.stdout

