"""The compiled build (src/pennybags/fastbuild.py) is the same rules, only faster.

mypyc compiles the engine, the editions' rules and the standard bot (its classic, Ultimate
Monopoly and Ultimate Banking strategies) from the same source. These tests compile them
into a copy of the package (the same recipe ``pennybags simulate`` uses for its fast build),
then check that the compiled modules are the ones loaded, that they play exactly the games
the pure-Python package plays (same seeds, same bots, every edition), that every scenario
file passes with them, and that ``simulate`` starts itself again in the compiled copy and
says so.

Compiling takes minutes, so the build is kept in a cache, under
``.pytest_cache/pennybags-compiled/<key>`` (git ignores it; ``PENNYBAGS_COMPILED_CACHE``
names another folder), and made again only when its key changes (fastbuild.py says what
the key covers).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import compiled_build
from compiled_build import ROOT, SOURCE, cache_root
from pennybags import fastbuild
from pennybags.fastbuild import KEEP, cache_key, cached_build, tools

needs_mypyc = pytest.mark.skipif(
    fastbuild.cannot_build() is not None,
    reason=f"the compiled build cannot be made here: {fastbuild.cannot_build()}",
)

PLAY = r"""
import json, sys
from pennybags.bots import make_bot
from pennybags.editions import get_edition
import pennybags.engine.game, pennybags.editions.classic.game, pennybags.bots.standard
import pennybags.bots.ultimate_monopoly, pennybags.bots.ultimate_income
import pennybags.bots.ultimate_banking, pennybags.bots.monopoly_2_3
import pennybags.lab.simulate, pennybags.lab.landing
compiled = [m.__file__.endswith((".so", ".pyd")) for m in
            (pennybags.engine.game, pennybags.editions.classic.game, pennybags.bots.standard,
             pennybags.bots.ultimate_monopoly, pennybags.bots.ultimate_income,
             pennybags.bots.ultimate_banking, pennybags.bots.monopoly_2_3,
             pennybags.lab.simulate, pennybags.lab.landing)]
games = []
for edition_id in ("classic", "electronic-banking", "ultimate-banking", "monopoly-2.3",
                   "ultimate-monopoly"):
    edition = get_edition(edition_id)
    for seed in range(6):
        game = edition.new_game(["A", "B", "C", "D"], seed=seed,
                                options={"max-rounds": 150})
        # Ultimate Monopoly's previous strategy too (a knob of that edition only).
        second = "standard?value=price" if edition_id == "ultimate-monopoly" else "standard"
        specs = ["standard", second, "standard", "random"]
        bots = [make_bot(specs[seat], seed * 8 + seat) for seat in range(4)]
        game.play_out(bots)
        games.append([edition_id, seed, game.turns, game.winner, game.end_reason,
                      list(game.ledger.balances), list(game.owner), list(game.houses),
                      len(game.history), game.ledger.conserved()])
print(json.dumps({"compiled": compiled, "games": games}))
"""

STATE = r"""
import json, random
from pennybags import history
from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.engine.snapshot import snapshot
from pennybags.engine.view import seat_view
out = []
for edition_id in ("classic", "electronic-banking", "ultimate-banking", "monopoly-2.3",
                   "ultimate-monopoly"):
    game = get_edition(edition_id).new_game(["A", "B", "C", "D"], seed=5)
    game.play_out([make_bot("standard", 40 + seat) for seat in range(4)], until_round=6)
    arrays = (game.owner, game.houses, game.mortgaged, game.ledger.balances)
    before = snapshot(game)
    clone = game.clone()
    guess = game.determinize(0, random.Random(7))
    same = snapshot(clone) == before
    clone.play_out([make_bot("standard", 50 + seat) for seat in range(4)], until_round=12)
    guess.play_out([make_bot("standard", 60 + seat) for seat in range(4)], until_round=12)
    try:
        game.owner = list(game.owner)
        refused = ""
    except TypeError:
        refused = "TypeError"
    out.append({"types": [type(a).__name__ for a in arrays], "refused": refused,
                "snapshot": before, "unchanged": snapshot(game) == before,
                "clone_same": same, "clone": snapshot(clone), "guess": snapshot(guess),
                "view": seat_view(game, 0), "record": history.record(game),
                "lists": [list(a) for a in arrays]})
print(json.dumps(out))
"""
"""A game part played in every edition, as JSON: its snapshot, a seat's view and its record;
a clone's and a determinized copy's snapshots, each played on (the original unchanged);
the types of its arrays (see src/pennybags/engine/arrays.py) and whether a list is refused
in their place."""


@pytest.fixture(scope="module")
def compiled_src() -> Iterator[Path]:
    with compiled_build.settings():  # (the processes these tests start too)
        yield compiled_build.make()


# ------------------------------------------------------------------------ the cache's tests

def _fake_package(tmp: Path) -> Path:
    package = tmp / "pkg" / "pennybags"
    shutil.copytree(SOURCE, package, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    return package


def test_the_cache_key_covers_every_copied_file_the_compiled_list_and_the_tools(
        tmp_path: Path) -> None:
    package = _fake_package(tmp_path)
    info = tools()
    key = cache_key(package, info)
    assert cache_key(package, info) == key

    def changed(change: Callable[[], object]) -> bool:
        nonlocal key
        change()
        new = cache_key(package, info)
        was, key = key, new
        return new != was

    compiled = package / "engine" / "game.py"
    not_compiled = package / "lab" / "report.py"  # imported by the compiled copy's users
    data = next(package.glob("editions/*/*.json"))
    assert changed(lambda: compiled.write_text(compiled.read_text() + "\n# changed\n"))
    assert changed(lambda: not_compiled.write_text(not_compiled.read_text() + "\n"))
    assert changed(lambda: data.write_bytes(data.read_bytes() + b" "))
    assert changed(lambda: (package / "lab" / "new_module.py").write_text("X = 1\n"))
    assert changed(lambda: (package / "lab" / "new_module.py").rename(
        package / "lab" / "renamed.py"))
    listing = package / "fastbuild.py"  # its COMPILED list
    assert changed(lambda: listing.write_text(listing.read_text().replace(
        '    "bots/standard.py",\n', "")))
    # What the copy leaves out does not count.
    assert not changed(lambda: (package / "engine" / "__pycache__").mkdir())
    assert not changed(lambda: (package / "engine" / "__pycache__" / "game.pyc").write_text("x"))
    assert not changed(lambda: (package / "engine" / "game.cpython-311.so").write_text("x"))
    for tool in ("mypy", "setuptools", "librt", "python", "platform", "cc", "opt_level",
                 "multi_file", "recipe"):
        assert cache_key(package, {**info, tool: info[tool] + "!"}) != key, tool


def _fake_build(calls: list[str], fail: bool = False) -> Callable[[Path, list[str]], None]:
    """Stands for mypyc: writes a "compiled" file beside each module, or dies half way."""
    def build(src: Path, files: list[str]) -> None:
        calls.append("build")
        for i, name in enumerate(files):
            if fail and i == len(files) // 2:
                raise KeyboardInterrupt  # Ctrl-C in the middle of the build
            (src / name).with_suffix(".fake.so").write_text("compiled")
    return build


def test_the_cache_is_reused_until_a_source_changes_and_never_half_built(
        tmp_path: Path) -> None:
    package = _fake_package(tmp_path)
    root = tmp_path / "cache"
    info = tools()
    calls: list[str] = []

    with pytest.raises(KeyboardInterrupt):
        cached_build(root, package, _fake_build(calls, fail=True), info)
    assert calls == ["build"] and list(root.iterdir()) == []  # nothing half made is kept

    first = cached_build(root, package, _fake_build(calls), info)
    assert calls == ["build", "build"]
    assert (first / "pennybags" / "engine" / "game.fake.so").read_text() == "compiled"
    assert first.parent.name == cache_key(package, info)
    assert cached_build(root, package, _fake_build(calls), info) == first
    assert calls == ["build", "build"]  # reused

    module = package / "lab" / "report.py"
    module.write_text(module.read_text() + "\n# a change\n")
    second = cached_build(root, package, _fake_build(calls), info)
    assert calls == ["build", "build", "build"] and second != first
    assert (second / "pennybags" / "lab" / "report.py").read_text() == module.read_text()

    # A cached copy whose sources were edited in place is thrown away, not used.
    cached = second / "pennybags" / "lab" / "report.py"
    cached.write_text(cached.read_text() + "\n# edited in the cache\n")
    third = cached_build(root, package, _fake_build(calls), info)
    assert calls == ["build"] * 4 and third == second
    assert (third / "pennybags" / "lab" / "report.py").read_text() == module.read_text()
    assert not [p for p in root.iterdir() if p.name.startswith(".building")]


def test_a_build_asked_for_while_another_makes_it_waits_and_takes_that_one(
        tmp_path: Path) -> None:
    """``./test`` makes the tests' build in a process of its own while ruff and mypy run;
    the tests that ask for it meanwhile wait for the cache folder's lock, then find it."""
    package = _fake_package(tmp_path)
    root = tmp_path / "cache"
    info = tools()
    calls: list[str] = []
    started, release = threading.Event(), threading.Event()

    def slow(src: Path, files: list[str]) -> None:
        started.set()
        assert release.wait(30)
        _fake_build(calls)(src, files)

    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(fastbuild.locked_build, root, package, slow, info)
        assert started.wait(30)
        second = pool.submit(fastbuild.locked_build, root, package, _fake_build(calls), info)
        time.sleep(0.3)
        assert not second.done()  # waiting for the lock
        release.set()
        assert first.result(30) == second.result(30)
    assert calls == ["build"]  # made once


def test_a_build_killed_outright_leaves_nothing_once_the_lock_is_taken(tmp_path: Path) -> None:
    """A build killed outright (``kill -9``, the machine stopped) cannot remove its own
    temporary folder; the next build in that cache folder, holding the lock, does."""
    package = _fake_package(tmp_path)
    root = tmp_path / "cache"
    dead = root / ".building-0123-dead"
    (dead / "src").mkdir(parents=True)
    (dead / "src" / "big.c").write_text("int x;\n")
    calls: list[str] = []
    made = fastbuild.locked_build(root, package, _fake_build(calls), tools())
    assert not dead.exists() and made.is_dir() and calls == ["build"]
    assert [p.name for p in root.iterdir() if p.name.startswith(".building")] == []


def test_old_builds_are_pruned_to_the_newest_few(tmp_path: Path) -> None:
    package = _fake_package(tmp_path)
    root = tmp_path / "cache"
    info = tools()
    made = []
    for n in range(KEEP + 2):
        made.append(cached_build(root, package, _fake_build([]),
                                 {**info, "recipe": f"r{n}"}).parent)
        os.utime(made[-1], (n + 1, n + 1))  # each one newer than the last
    assert sorted(p.name for p in root.iterdir()) == sorted(p.name for p in made[-KEEP:])


def test_the_cache_folder_is_ignored_by_git() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    if not cache_root().resolve().is_relative_to(ROOT.resolve()):
        pytest.skip(f"the cache folder is outside the checkout: {cache_root()}")
    probe = cache_root() / ("0" * 32) / "src" / "pennybags" / "engine" / "game.py"
    done = subprocess.run(["git", "check-ignore", "-q", str(probe)], cwd=ROOT)
    assert done.returncode == 0, f"git does not ignore {cache_root()}"


# ------------------------------------------------------------------------ the compiled build

def run_with(src: Path | None, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True,
                          timeout=600, cwd=ROOT)


@needs_mypyc
def test_compiled_build_plays_the_same_games_as_pure_python(compiled_src: Path) -> None:
    pure = run_with(None, "-c", PLAY)
    fast = run_with(compiled_src, "-c", PLAY)
    assert pure.returncode == 0, pure.stderr
    assert fast.returncode == 0, fast.stderr
    pure_out, fast_out = json.loads(pure.stdout), json.loads(fast.stdout)
    assert pure_out["compiled"] == [False] * 9
    assert fast_out["compiled"] == [True] * 9
    assert len(fast_out["games"]) == 30
    assert fast_out["games"] == pure_out["games"]
    assert all(game[-1] for game in fast_out["games"])  # money conserved


@needs_mypyc
def test_a_compiled_games_state_copies_and_json_equal_pure_pythons(compiled_src: Path) -> None:
    """The game's arrays are packed ``vec`` arrays compiled and lists in pure Python: the
    snapshots, views, records, clones and determinized copies are the same all the same,
    and the compiled build takes nothing else in their place."""
    pure = run_with(None, "-c", STATE)
    fast = run_with(compiled_src, "-c", STATE)
    assert pure.returncode == 0, pure.stderr
    assert fast.returncode == 0, fast.stderr
    pure_out, fast_out = json.loads(pure.stdout), json.loads(fast.stdout)
    assert len(pure_out) == len(fast_out) == 5
    for p, f in zip(pure_out, fast_out, strict=True):
        assert p.pop("types") == ["list"] * 4 and p.pop("refused") == ""
        assert f.pop("types") == ["vec[i64]", "vec[i64]", "vec[bool]", "vec[i64]"]
        assert f.pop("refused") == "TypeError"
        assert p["unchanged"] and p["clone_same"]
        assert p["clone"] != p["snapshot"] and p["guess"] != p["snapshot"]  # (played on)
        assert f == p


@needs_mypyc
def test_every_scenario_passes_with_the_compiled_build(compiled_src: Path) -> None:
    scenarios = sorted(str(p) for p in (ROOT / "tests" / "scenarios").glob("*/*.yaml"))
    assert len(scenarios) > 250
    result = run_with(compiled_src, "-m", "pennybags", "scenario", "check", *scenarios)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


# ------------------------------------------------------------------------ simulate runs it

@needs_mypyc
def test_simulate_starts_itself_again_in_the_compiled_build(compiled_src: Path) -> None:
    """``--build auto`` in a pure-Python process finds the compiled copy in the cache and
    runs the same command there: the same games, and the summary says which build ran."""
    args = ["-m", "pennybags", "simulate", "--games", "12", "--seed", "3", "--players",
            "standard,random,standard", "--json"]
    env = {**os.environ, "PENNYBAGS_FAST_CACHE": str(compiled_src.parent.parent)}
    fast = subprocess.run([sys.executable, *args, "--build", "auto"], env=env,
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    pure = subprocess.run([sys.executable, *args, "--build", "pure"], env=env,
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    # Two worker processes of the compiled build (the simulate loop compiled too: what the
    # workers are handed and hand back is plain values), with the landing counts.
    two = subprocess.run([sys.executable, *args, "--build", "auto", "--workers", "2"],
                         env=env, capture_output=True, text=True, timeout=600, cwd=ROOT)
    landing = [[sys.executable, *args, "--landing", "--build", build, "--workers", workers]
               for build, workers in (("pure", "1"), ("auto", "2"))]
    landed = [subprocess.run(command, env=env, capture_output=True, text=True, timeout=600,
                             cwd=ROOT) for command in landing]
    for run in (fast, pure, two, *landed):
        assert run.returncode == 0, run.stderr
    assert fast.stderr == ""  # found in the cache: nothing compiled, nothing to say
    fast_out, pure_out, two_out, *landed_out = (json.loads(run.stdout) for run in
                                                (fast, pure, two, *landed))
    assert (fast_out.pop("build"), pure_out.pop("build"), two_out.pop("build")) == \
        ("compiled", "pure", "compiled")
    assert [out.pop("build") for out in landed_out] == ["pure", "compiled"]
    for out in (fast_out, pure_out, two_out, *landed_out):
        del out["seconds"], out["player_turns_per_second"]
    assert fast_out == pure_out == two_out
    assert landed_out[0] == landed_out[1] and landed_out[0]["landing"]["rolls"] > 0
    version = subprocess.run([sys.executable, "-m", "pennybags", "--version"], env=env,
                             capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert "pure Python build; simulate and the lab run the compiled build, which is ready" \
        in version.stdout


def _start(choice: str, root: Path, build: Callable[[Path, list[str]], None],
           monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[Path, list[str]]], str]:
    """start_in_fast_build with a fake compiler: what it restarted in, and what it said."""
    import io

    monkeypatch.setenv("PENNYBAGS_FAST_CACHE", str(root))
    monkeypatch.delenv("PENNYBAGS_FAST_BUILD_STARTED", raising=False)
    restarts: list[tuple[Path, list[str]]] = []
    err = io.StringIO()
    fastbuild.start_in_fast_build(choice, ["simulate", "--games", "3"], err, build,
                                  lambda src, argv: restarts.append((src, argv)))
    return restarts, err.getvalue()


def test_auto_builds_once_then_restarts_in_the_copy(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fastbuild, "cannot_build", lambda: None)
    calls: list[str] = []
    restarts, said = _start("auto", tmp_path, _fake_build(calls), monkeypatch)
    assert calls == ["build"] and "compiling pennybags with mypyc" in said
    assert restarts == [(fastbuild.cached_copy(tmp_path), ["simulate", "--games", "3"])]
    again, said = _start("auto", tmp_path, _fake_build(calls), monkeypatch)
    assert calls == ["build"] and said == "" and again == restarts  # found: no build
    # pure never builds nor restarts; nor does a run that was restarted already.
    assert _start("pure", tmp_path / "other", _fake_build(calls), monkeypatch) == ([], "")
    monkeypatch.setenv("PENNYBAGS_FAST_BUILD_STARTED", "1")
    restarts = []
    fastbuild.start_in_fast_build("auto", [], None, _fake_build(calls),
                                  lambda src, argv: restarts.append((src, argv)))
    assert restarts == [] and calls == ["build"]


def test_a_failed_build_plays_on_in_pure_python_and_is_not_retried_by_auto(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fastbuild, "cannot_build", lambda: None)
    calls: list[str] = []

    def broken(src: Path, files: list[str]) -> None:
        calls.append("build")
        raise fastbuild.BuildError("mypyc failed:\nerror: the compiler broke")

    restarts, said = _start("auto", tmp_path, broken, monkeypatch)
    assert restarts == [] and calls == ["build"]
    assert "running pure Python: the fast build failed (details in" in said
    log = next(tmp_path.glob("failed-*.log"))
    assert "the compiler broke" in log.read_text()
    restarts, said = _start("auto", tmp_path, broken, monkeypatch)
    assert restarts == [] and calls == ["build"] and "failed before" in said  # not again
    with pytest.raises(fastbuild.BuildError, match="the compiler broke"):
        _start("fast", tmp_path, broken, monkeypatch)  # fast tries again, and says why
    assert calls == ["build", "build"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".building")]


def test_without_a_compiler_auto_says_so_and_fast_refuses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fastbuild, "cannot_build",
                        lambda: "no C compiler was found (install gcc or clang)")
    calls: list[str] = []
    restarts, said = _start("auto", tmp_path, _fake_build(calls), monkeypatch)
    assert restarts == [] and calls == []
    assert said.startswith("pennybags: running pure Python: no C compiler was found")
    with pytest.raises(fastbuild.BuildError, match="cannot be made here: no C compiler"):
        _start("fast", tmp_path, _fake_build(calls), monkeypatch)


def test_the_build_choice_is_checked(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    from pennybags.cli import main

    monkeypatch.setenv("PENNYBAGS_BUILD", "turbo")
    assert main(["simulate", "--games", "1"]) == 2
    assert "the build is one of auto, fast, pure, not 'turbo' (from $PENNYBAGS_BUILD)" in \
        capsys.readouterr().err
    monkeypatch.setenv("PENNYBAGS_BUILD", "pure")
    assert main(["simulate", "--games", "1", "--build", "pure", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["build"] == "pure"
