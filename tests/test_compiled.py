"""The compiled build (setup.py, ``PENNYBAGS_COMPILE=1``) is the same rules, only faster.

mypyc compiles the engine, the editions' rules and the standard bot from the same source.
These tests compile them into a temporary copy of the package, then check that the compiled
modules are the ones loaded, that they play exactly the games the pure-Python package plays
(same seeds, same bots, every edition), and that every scenario file passes with them.
Compiling takes about a minute.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HAS_COMPILER = shutil.which(os.environ.get("CC", "cc")) is not None or \
    shutil.which("gcc") is not None

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("mypyc") is None or not HAS_COMPILER,
    reason="the compiled build needs mypyc (installed with mypy) and a C compiler",
)

PLAY = r"""
import json, sys
from pennybags.bots import make_bot
from pennybags.editions import get_edition
import pennybags.engine.game, pennybags.editions.classic.game, pennybags.bots.standard
compiled = [m.__file__.endswith((".so", ".pyd")) for m in
            (pennybags.engine.game, pennybags.editions.classic.game, pennybags.bots.standard)]
games = []
for edition_id in ("classic", "electronic-banking", "ultimate-banking", "monopoly-2.3"):
    edition = get_edition(edition_id)
    for seed in range(6):
        game = edition.new_game(["A", "B", "C", "D"], seed=seed,
                                options={"max-rounds": 150})
        bots = [make_bot("standard" if seat < 3 else "random", seed * 8 + seat)
                for seat in range(4)]
        game.play_out(bots)
        games.append([edition_id, seed, game.turns, game.winner, game.end_reason,
                      list(game.ledger.balances), list(game.owner), list(game.houses),
                      len(game.history), game.ledger.conserved()])
print(json.dumps({"compiled": compiled, "games": games}))
"""


def compiled_sources() -> list[str]:
    """The module list from setup.py (one list for the build and this test)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            value: list[str] = ast.literal_eval(node.value)
            return value
    raise AssertionError("setup.py has no COMPILED list")


@pytest.fixture(scope="module")
def compiled_src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("compiled") / "src"
    shutil.copytree(ROOT / "src" / "pennybags", src / "pennybags",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    files = [path.removeprefix("src/") for path in compiled_sources()]
    result = subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=src,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return src


def run_with(src: Path | None, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True,
                          timeout=600, cwd=ROOT)


def test_compiled_build_plays_the_same_games_as_pure_python(compiled_src: Path) -> None:
    pure = run_with(None, "-c", PLAY)
    fast = run_with(compiled_src, "-c", PLAY)
    assert pure.returncode == 0, pure.stderr
    assert fast.returncode == 0, fast.stderr
    pure_out, fast_out = json.loads(pure.stdout), json.loads(fast.stdout)
    assert pure_out["compiled"] == [False, False, False]
    assert fast_out["compiled"] == [True, True, True]
    assert len(fast_out["games"]) == 24
    assert fast_out["games"] == pure_out["games"]
    assert all(game[-1] for game in fast_out["games"])  # money conserved


def test_every_scenario_passes_with_the_compiled_build(compiled_src: Path) -> None:
    scenarios = sorted(str(p) for p in (ROOT / "tests" / "scenarios").glob("*/*.yaml"))
    assert len(scenarios) > 250
    result = run_with(compiled_src, "-m", "pennybags", "scenario", "check", *scenarios)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
