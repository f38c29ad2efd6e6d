"""The benchmark scripts run and print their figures (their speed is not tested here)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import load_script

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_classic.py"), *args],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bench_classic_prints_player_turns_and_games_per_second() -> None:
    out = run("--games", "3", "--bot", "standard")
    assert re.search(r"^edition=classic bot=standard games=3 player_turns=\d+ seconds=", out,
                     re.M)
    assert re.search(r"^player-turns/s: [\d,]+$", out, re.M)
    assert re.search(r"^games/s: [\d,.]+$", out, re.M)
    ended = re.search(r"^ended: (.*)$", out, re.M)
    assert ended and sum(int(part.split()[-1]) for part in ended.group(1).split(", ")) == 3


def test_bench_classic_repeat_prints_each_run_the_best_and_the_median() -> None:
    out = run("--games", "2", "--bot", "standard", "--repeat", "3")
    runs = re.findall(r"^run (\d): seconds=[\d.]+ player-turns/s=([\d,]+)$", out, re.M)
    assert [n for n, _ in runs] == ["1", "2", "3"]
    rates = sorted(int(rate.replace(",", "")) for _, rate in runs)
    summary = re.search(r"^player-turns/s: best ([\d,]+), median ([\d,]+)$", out, re.M)
    assert summary is not None
    assert int(summary.group(1).replace(",", "")) == rates[-1]
    assert int(summary.group(2).replace(",", "")) == rates[1]


def test_bench_classic_edition_plays_that_editions_games() -> None:
    out = run("--games", "2", "--bot", "standard", "--edition", "ultimate-monopoly")
    assert re.search(r"^edition=ultimate-monopoly bot=standard games=2 player_turns=\d+ "
                     r"seconds=[\d.]+$", out, re.M)
    assert re.search(r"^player-turns/s: [\d,]+$", out, re.M)
    ended = re.search(r"^ended: (.*)$", out, re.M)
    assert ended and sum(int(part.split()[-1]) for part in ended.group(1).split(", ")) == 2


def test_bench_classic_refuses_an_unknown_edition() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_classic.py"), "--edition",
                           "monopoly-junior"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "invalid choice: 'monopoly-junior'" in done.stderr


def test_bench_classic_refuses_a_run_of_no_games() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_classic.py"), "--games",
                           "0"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "at least 1" in done.stderr


def bench_bots(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCHMARKS / "bench_bots.py"), *args],
                          capture_output=True, text=True, timeout=300)


def test_bench_bots_prints_games_per_second_for_each_edition_and_bot() -> None:
    done = bench_bots("--games", "1", "--max-rounds", "20", "--bots", "random,standard",
                      "--editions", "classic,ultimate-banking")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("games per edition and bot: 1, seed 1, round cap 20")
    pairs = []
    for line in lines[1:]:
        m = re.fullmatch(r"edition=(\S+) bot=(\S+) players=(\d+) games=1 player_turns=\d+ "
                         r"seconds=[\d.]+ games/s=[\d,.]+ player-turns/s=[\d,]+ "
                         r"ended=((?:[a-z-]+:\d+,?)+)", line)
        assert m, line
        assert sum(int(part.split(":")[1]) for part in m.group(4).split(",")) == 1
        pairs.append((m.group(1), m.group(2), m.group(3)))
    assert pairs == [("classic", "random", "4"), ("classic", "standard", "4"),
                     ("ultimate-banking", "random", "4"), ("ultimate-banking", "standard", "4")]


def test_bench_bots_refuses_unknown_bots_and_no_games() -> None:
    for args, words in ((["--bots", "cheater"], "unknown or missing edition or bot: cheater"),
                        (["--games", "0"], "--games and --players must be at least 1")):
        done = bench_bots(*args)
        assert done.returncode == 2 and words in done.stderr, done.stderr


def test_bench_clone_prints_microseconds_per_copy_for_each_edition() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_clone.py"), "--copies",
                           "5", "--games", "1"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = re.findall(r"^(\S+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)$", done.stdout, re.M)
    assert {r[0] for r in rows} == {"classic", "electronic-banking", "monopoly-2.3",
                                    "ultimate-banking", "ultimate-monopoly"}
    assert all(float(x) > 0 for r in rows for x in r[1:])


def test_bench_clone_refuses_no_copies() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_clone.py"), "--copies",
                           "0"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "at least 1" in done.stderr


def bench_instructions(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCHMARKS / "bench_instructions.py"), *args],
                          capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("loop", ["play_out", "simulate"])
def test_bench_instructions_scripts_play_the_games_and_count_their_turns(loop: str) -> None:
    # The scripts bench_instructions runs under valgrind, run here without it (a run under
    # valgrind costs half a minute or more; the next test makes the one it needs): no game
    # plays no turn, and two games play more turns than the first alone.
    bench = load_script(BENCHMARKS / "bench_instructions.py")
    script = bench.SIMULATE if loop == "simulate" else bench.PLAY

    def turns(games: int) -> int:
        done = subprocess.run([sys.executable, "-c", script, "classic", str(games), "random"],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        found = re.fullmatch(r"turns (\d+)\n", done.stdout)
        assert found is not None, done.stdout
        return int(found.group(1))

    assert turns(0) == 0
    one, two = turns(1), turns(2)
    assert 0 < one < two


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_bench_instructions_bot_no_warm_up_and_simulates_loop() -> None:
    # (one command under valgrind for the three knobs: it runs valgrind twice, each run
    # costs half a minute or more)
    done = bench_instructions("--games", "1", "--bot", "random", "--warm-up", "0",
                              "--loop", "simulate")
    assert done.returncode == 0, done.stderr
    assert re.search(r"^edition=classic bot=random build=(pure|compiled) games=1 warm_up=0 "
                     r"loop=simulate player_turns=\d+$", done.stdout, re.M)
    assert re.search(r"^instructions per player-turn: [\d,]+$", done.stdout, re.M)


@pytest.mark.parametrize("loop", ["play_out", "simulate"])
def test_bench_instructions_counts_calls_a_player_turn_without_valgrind(loop: str) -> None:
    done = bench_instructions("--games", "1", "--calls", "--top", "5", "--loop", loop)
    assert done.returncode == 0, done.stderr
    shown = "" if loop == "play_out" else " loop=simulate"  # (the default is not named)
    assert re.search(r"^edition=classic bot=standard build=(pure|compiled) games=1 warm_up=1"
                     rf"{shown} player_turns=[1-9]\d*$", done.stdout, re.M)
    found = re.search(r"^calls per player-turn: ([\d.]+) \(Python functions ([\d.]+), "
                      r"built-ins ([\d.]+)\)$", done.stdout, re.M)
    assert found is not None
    total, python, builtin = (float(x) for x in found.groups())
    assert total > 0 and abs(total - python - builtin) < 0.02
    assert len(re.findall(r"^ +[\d.]+  \S", done.stdout, re.M)) == 5


def test_bench_instructions_refuses_a_negative_warm_up() -> None:
    done = bench_instructions("--warm-up", "-1")
    assert done.returncode == 2 and "--warm-up at least 0" in done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="the benchmark reads wait4 (POSIX)")
def test_bench_simulate_memory_prints_the_peak_memory_of_a_run_and_of_ten_times_it() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_simulate_memory.py"),
                           "--games", "3", "--build", "pure", "--edition", "ultimate-banking"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = re.findall(r"^\s+([\d,]+)\s+([\d.]+)\s+([\d,]+)\s+pure$", done.stdout, re.M)
    assert [games for games, _, _ in rows] == ["3", "30"]
    assert all(float(peak) > 5 for _, peak, _ in rows)


def test_speed_table_prints_a_row_per_cell_and_writes_between_its_markers(
        tmp_path: Path) -> None:
    docs = tmp_path / "benchmarks.md"
    docs.write_text("# Benchmarks\n\n<!-- speed-table: begin (written by "
                    "benchmarks/speed_table.py --write) -->\nold\n<!-- speed-table: end -->\n"
                    "after\n")
    done = subprocess.run([sys.executable, str(BENCHMARKS / "speed_table.py"), "--edition",
                           "ultimate-banking", "--build", "pure", "--workers", "1",
                           "--repeat", "2", "--scale", "0.0025", "--write", "--docs", str(docs)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    text = docs.read_text()
    assert "#### ultimate-banking" in text, text
    row = re.search(r"^\| pure \| 1 \| 6 \| ([\d,]+) \| ([\d,]+), ([\d,]+) \| - \|$", text, re.M)
    assert row, text
    assert sorted(int(x.replace(",", "")) for x in row.group(2, 3))[0] <= int(
        row.group(1).replace(",", "")), text
    assert "old" not in docs.read_text() and docs.read_text().endswith("after\n")
    assert "the median of 2 runs" in docs.read_text()


def test_speed_table_gives_each_edition_as_classic_player_turns() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "speed_table.py"), "--edition",
                           "classic", "--edition", "ultimate-banking", "--build", "pure",
                           "--workers", "1", "--repeat", "1", "--scale", "0.0025"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    tables = done.stdout.split("#### ")
    rates = []
    for edition, table in zip(("classic", "ultimate-banking"), tables[-2:], strict=True):
        assert table.startswith(edition), done.stdout
        row = re.search(r"^\| pure \| 1 \| \d+ \| ([\d,]+) \| [\d,]+ \| ([\d.]+) \|$", table,
                        re.M)
        assert row, done.stdout
        rates.append((int(row.group(1).replace(",", "")), float(row.group(2))))
    assert rates[0][1] == 1.0
    assert abs(rates[1][1] - rates[0][0] / rates[1][0]) < 0.006, done.stdout


# A stand-in for a checkout of gamescomputersplay/monopoly: the same entry points (their
# settings module, LogSettings, monopoly_game((number, seed)), Player.make_a_move calling
# itself after doubles), a small seeded game, and a file where each game writes how many
# turns its loop gave players (the count the benchmark must find).
_THEIR_GAME = '''
import os, random
from monopoly.core.player import Player
from monopoly.log_settings import LogSettings

def monopoly_game(pair):
    number, seed = pair
    rng = random.Random(seed)
    players = [Player(rng) for _ in range(4)]
    given = 0
    for turn in range(1, 40):
        for player in players:
            if player.is_bankrupt:
                continue
            given += 1
            player.make_a_move()
    with open(os.environ["FAKE_TURNS"], "a") as f:
        f.write(f"{given} {LogSettings.KEEP_GAME_LOG}\\n")
'''
_THEIR_PLAYER = '''
class Player:
    def __init__(self, rng):
        self.rng = rng
        self.is_bankrupt = False

    def make_a_move(self):
        a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
        if self.rng.random() < 0.05:
            self.is_bankrupt = True
            return
        if a == b:
            self.make_a_move()
'''


def test_bench_gamescomputersplay_counts_their_turns_as_ours(tmp_path: Path) -> None:
    theirs = tmp_path / "gcp"
    (theirs / "monopoly" / "core").mkdir(parents=True)
    (theirs / "settings.py").write_text("")
    (theirs / "monopoly" / "__init__.py").write_text("")
    (theirs / "monopoly" / "core" / "__init__.py").write_text("")
    (theirs / "monopoly" / "log_settings.py").write_text(
        "class LogSettings:\n    KEEP_GAME_LOG = True\n    BANKRUPTCIES_PATH = None\n")
    (theirs / "monopoly" / "core" / "game.py").write_text(_THEIR_GAME)
    (theirs / "monopoly" / "core" / "player.py").write_text(_THEIR_PLAYER)
    turns_file = tmp_path / "turns.txt"
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bench_gamescomputersplay.py"), "--path",
         str(theirs), "--games", "5", "--pure-games", "1", "--repeat", "1", "--no-compiled"],
        capture_output=True, text=True, timeout=600,
        env={**os.environ, "FAKE_TURNS": str(turns_file)})
    assert done.returncode == 0, done.stderr
    lines = turns_file.read_text().split("\n")[:-1]
    assert len(lines) == 10  # the timed games, then the same games counted
    assert {line.split()[1] for line in lines} == {"False"}  # their game log off
    given = [int(line.split()[0]) for line in lines]
    assert given[:5] == given[5:]
    theirs_run = re.search(r"^run 1 theirs +5 games +(\d+) player-turns", done.stdout, re.M)
    assert theirs_run and int(theirs_run.group(1)) == sum(given[:5])
    assert re.search(r"^run 1 pure +1 games +\d+ player-turns .* player-turns/s", done.stdout,
                     re.M)
    assert re.search(r"^ours pure / theirs: [\d.]+x \(by CPU time [\d.]+x\)$", done.stdout,
                     re.M)


def test_bench_gamescomputersplay_refuses_a_folder_that_is_not_their_checkout(
        tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bench_gamescomputersplay.py"), "--path",
         str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "is not a checkout of gamescomputersplay" in done.stderr
