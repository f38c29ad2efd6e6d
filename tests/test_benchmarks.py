"""The benchmark scripts run and print their figures (their speed is not tested here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_classic.py"), *args],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bench_classic_prints_player_turns_and_games_per_second() -> None:
    out = run("--games", "3", "--bot", "standard")
    assert re.search(r"^bot=standard games=3 player_turns=\d+ seconds=", out, re.M)
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


def test_bench_classic_refuses_a_run_of_no_games() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "bench_classic.py"), "--games",
                           "0"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "at least 1" in done.stderr
