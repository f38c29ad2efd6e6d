"""The training example (examples/train_classic.py) in a smoke run of a few hundred steps,
and the learning environments' benchmark (benchmarks/bench_rl.py) printing its figures."""

from __future__ import annotations

import csv
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_training_example_runs_and_saves_its_learning_curve(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib", reason="the rl extra (sb3-contrib, PyTorch)")
    pytest.importorskip("torch", reason="the rl extra (PyTorch)")
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_classic.py"), "--players", "2",
         "--steps", "256", "--n-steps", "128", "--batch-size", "64", "--eval-every", "128",
         "--eval-games", "1", "--final-games", "2", "--max-steps", "200",
         "--out", str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert re.search(r"^final: won \d/2 = [\d.]+% \(95% CI [\d.]+%-[\d.]+%\) against 1 random "
                     r"bots$", done.stdout, re.M), done.stdout
    with (tmp_path / "curve.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [int(r["steps"]) for r in rows] == [0, 128, 256]
    assert all(0 <= float(r["ci_low"]) <= float(r["win_rate"]) <= float(r["ci_high"]) <= 1
               for r in rows)
    assert (tmp_path / "curve.png").stat().st_size > 1000
    assert (tmp_path / "model.zip").exists()


def test_the_training_example_refuses_bad_arguments() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_classic.py"), "--players", "9",
         "--steps", "10"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stderr.strip()


def test_bench_rl_prints_steps_per_second() -> None:
    pytest.importorskip("pettingzoo")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_rl.py"),
                           "--edition", "ultimate-banking", "--episodes", "2"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    for env in ("aec", "single"):
        assert re.search(rf"^edition=ultimate-banking env={env} seats=4 episodes=2 "
                         r"steps=\d+ seconds=[\d.]+ steps/s=[\d,]+$", done.stdout, re.M), \
            done.stdout
