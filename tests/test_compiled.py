"""The compiled build (setup.py, ``PENNYBAGS_COMPILE=1``) is the same rules, only faster.

mypyc compiles the engine, the editions' rules and the standard bot (its classic and Ultimate
Monopoly strategies) from the same source. These tests compile them into a copy of the
package, then check that the compiled modules are the ones loaded, that they play exactly the
games the pure-Python package plays (same seeds, same bots, every edition), and that every
scenario file passes with them.

Compiling takes about a minute, so the build is kept in a cache, under
``.pytest_cache/pennybags-compiled/<key>`` (git ignores it; ``PENNYBAGS_COMPILED_CACHE``
names another folder), and made again only when its key changes. The key is a hash of
everything the build depends on: every file of the copied tree (the compiled modules
import the uncompiled ones, which run from the same copy), setup.py (its COMPILED list),
the versions of mypy (mypyc), setuptools and Python, the platform, the compiler settings
and this file's build recipe. A changed source is a new key, so a stale build is never
used; a cached build whose sources no longer hash to its key is thrown away. A build is
made in a temporary folder and renamed into place when it is done, so an interrupted
build leaves no half cache.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "pennybags"

HAS_COMPILER = shutil.which(os.environ.get("CC", "cc")) is not None or \
    shutil.which("gcc") is not None

needs_mypyc = pytest.mark.skipif(
    importlib.util.find_spec("mypyc") is None or not HAS_COMPILER,
    reason="the compiled build needs mypyc (installed with mypy) and a C compiler",
)

RECIPE = "python -m mypyc <COMPILED> in a copy of src/pennybags; build/ and .mypy_cache removed"
"""How the cached tree is made: change this text when the recipe changes."""
KEEP = 3
"""Cached builds kept (the newest), so that switching branches does not rebuild at once."""

PLAY = r"""
import json, sys
from pennybags.bots import make_bot
from pennybags.editions import get_edition
import pennybags.engine.game, pennybags.editions.classic.game, pennybags.bots.standard
import pennybags.bots.ultimate_monopoly, pennybags.bots.ultimate_income
compiled = [m.__file__.endswith((".so", ".pyd")) for m in
            (pennybags.engine.game, pennybags.editions.classic.game, pennybags.bots.standard,
             pennybags.bots.ultimate_monopoly, pennybags.bots.ultimate_income)]
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


def compiled_sources(setup_py: Path = ROOT / "setup.py") -> list[str]:
    """The module list from setup.py (one list for the build and this test)."""
    tree = ast.parse(setup_py.read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            value: list[str] = ast.literal_eval(node.value)
            return value
    raise AssertionError("setup.py has no COMPILED list")


# ------------------------------------------------------------------------ the cache

def _copied(path: Path) -> bool:
    """Whether a file of the package is part of the copy (and of the key)."""
    return "__pycache__" not in path.parts and path.suffix not in (".so", ".pyd", ".pyc")


def tree_hash(package: Path) -> str:
    """A hash of every copied file under ``package``: its path and its bytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in package.rglob("*") if p.is_file() and _copied(p)):
        rel = path.relative_to(package).as_posix().encode()
        data = path.read_bytes()
        digest.update(b"%d:%s%d:" % (len(rel), rel, len(data)))
        digest.update(data)
    return digest.hexdigest()


def tools() -> dict[str, str]:
    """What else decides the build: the tools' versions, Python, the platform, the C
    compiler settings and the recipe."""
    def version(name: str) -> str:
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            return "none"

    return {"mypy": version("mypy"), "setuptools": version("setuptools"),
            "python": sys.version, "implementation": sys.implementation.cache_tag or "",
            "platform": sysconfig.get_platform(),
            "ext_suffix": str(sysconfig.get_config_var("EXT_SUFFIX")),
            "cc": os.environ.get("CC", ""), "cflags": os.environ.get("CFLAGS", ""),
            "recipe": RECIPE}


def cache_key(package: Path = SOURCE, setup_py: Path = ROOT / "setup.py",
              tool_info: dict[str, str] | None = None) -> str:
    inputs = {"sources": tree_hash(package),
              "setup.py": hashlib.sha256(setup_py.read_bytes()).hexdigest(),
              "tools": tool_info if tool_info is not None else tools()}
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()[:32]


def cache_root() -> Path:
    named = os.environ.get("PENNYBAGS_COMPILED_CACHE")
    return Path(named) if named else ROOT / ".pytest_cache" / "pennybags-compiled"


def mypyc_build(src: Path, files: list[str]) -> None:
    """Compile ``files`` (paths under ``src``) in place with mypyc."""
    result = subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=src,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    for scratch in ("build", ".mypy_cache"):
        shutil.rmtree(src / scratch, ignore_errors=True)


def cached_build(root: Path, package: Path, setup_py: Path,
                 build: Callable[[Path, list[str]], None] = mypyc_build,
                 tool_info: dict[str, str] | None = None) -> Path:
    """The ``src`` folder of a compiled copy of ``package``: from the cache when its key is
    there (and its sources still hash to the key), else built in a temporary folder and
    renamed into place."""
    key = cache_key(package, setup_py, tool_info)
    sources = tree_hash(package)
    final = root / key
    if final.is_dir():
        manifest = final / "key.json"
        try:
            good = json.loads(manifest.read_text())["sources"] == sources == \
                tree_hash(final / "src" / "pennybags")
        except (OSError, ValueError, KeyError):
            good = False
        if good:
            os.utime(final)  # the newest is kept longest
            return final / "src"
        shutil.rmtree(final, ignore_errors=True)
    root.mkdir(parents=True, exist_ok=True)
    work = root / f".building-{key}-{uuid.uuid4().hex[:8]}"
    try:
        shutil.copytree(package, work / "src" / "pennybags",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.pyc"))
        files = [path.removeprefix("src/") for path in compiled_sources(setup_py)]
        build(work / "src", files)
        (work / "key.json").write_text(json.dumps({"sources": sources, "key": key,
                                                   "tools": tool_info or tools()}))
        try:
            os.rename(work, final)
        except OSError:
            if not final.is_dir():  # (another run that renamed first is fine)
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    _prune(root)
    return final / "src"


def _prune(root: Path) -> None:
    """Keep the :data:`KEEP` newest builds; drop temporary folders of builds that died."""
    builds = sorted((p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in builds[KEEP:]:
        shutil.rmtree(old, ignore_errors=True)


@pytest.fixture(scope="module")
def compiled_src() -> Path:
    return cached_build(cache_root(), SOURCE, ROOT / "setup.py")


# ------------------------------------------------------------------------ the cache's tests

def _fake_package(tmp: Path) -> tuple[Path, Path]:
    package = tmp / "pkg" / "pennybags"
    shutil.copytree(SOURCE, package, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    setup_py = tmp / "setup.py"
    shutil.copy(ROOT / "setup.py", setup_py)
    return package, setup_py


def test_the_cache_key_covers_every_copied_file_setup_py_and_the_tools(
        tmp_path: Path) -> None:
    package, setup_py = _fake_package(tmp_path)
    info = tools()
    key = cache_key(package, setup_py, info)
    assert cache_key(package, setup_py, info) == key

    def changed(change: Callable[[], object]) -> bool:
        nonlocal key
        change()
        new = cache_key(package, setup_py, info)
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
    assert changed(lambda: setup_py.write_text(setup_py.read_text().replace(
        '    "src/pennybags/bots/standard.py",\n', "")))
    # What the copy leaves out does not count.
    assert not changed(lambda: (package / "engine" / "__pycache__").mkdir())
    assert not changed(lambda: (package / "engine" / "__pycache__" / "game.pyc").write_text("x"))
    assert not changed(lambda: (package / "engine" / "game.cpython-311.so").write_text("x"))
    for tool in ("mypy", "setuptools", "python", "platform", "cc", "recipe"):
        assert cache_key(package, setup_py, {**info, tool: info[tool] + "!"}) != key, tool


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
    package, setup_py = _fake_package(tmp_path)
    root = tmp_path / "cache"
    info = tools()
    calls: list[str] = []

    with pytest.raises(KeyboardInterrupt):
        cached_build(root, package, setup_py, _fake_build(calls, fail=True), info)
    assert calls == ["build"] and list(root.iterdir()) == []  # nothing half made is kept

    first = cached_build(root, package, setup_py, _fake_build(calls), info)
    assert calls == ["build", "build"]
    assert (first / "pennybags" / "engine" / "game.fake.so").read_text() == "compiled"
    assert first.parent.name == cache_key(package, setup_py, info)
    assert cached_build(root, package, setup_py, _fake_build(calls), info) == first
    assert calls == ["build", "build"]  # reused

    module = package / "lab" / "report.py"
    module.write_text(module.read_text() + "\n# a change\n")
    second = cached_build(root, package, setup_py, _fake_build(calls), info)
    assert calls == ["build", "build", "build"] and second != first
    assert (second / "pennybags" / "lab" / "report.py").read_text() == module.read_text()

    # A cached copy whose sources were edited in place is thrown away, not used.
    cached = second / "pennybags" / "lab" / "report.py"
    cached.write_text(cached.read_text() + "\n# edited in the cache\n")
    third = cached_build(root, package, setup_py, _fake_build(calls), info)
    assert calls == ["build"] * 4 and third == second
    assert (third / "pennybags" / "lab" / "report.py").read_text() == module.read_text()
    assert not [p for p in root.iterdir() if p.name.startswith(".building")]


def test_old_builds_are_pruned_to_the_newest_few(tmp_path: Path) -> None:
    package, setup_py = _fake_package(tmp_path)
    root = tmp_path / "cache"
    info = tools()
    made = []
    for n in range(KEEP + 2):
        made.append(cached_build(root, package, setup_py, _fake_build([]),
                                 {**info, "recipe": f"r{n}"}).parent)
        os.utime(made[-1], (n + 1, n + 1))  # each one newer than the last
    assert sorted(p.name for p in root.iterdir()) == sorted(p.name for p in made[-KEEP:])


def test_the_cache_folder_is_ignored_by_git() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
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
    assert pure_out["compiled"] == [False] * 5
    assert fast_out["compiled"] == [True] * 5
    assert len(fast_out["games"]) == 30
    assert fast_out["games"] == pure_out["games"]
    assert all(game[-1] for game in fast_out["games"])  # money conserved


@needs_mypyc
def test_every_scenario_passes_with_the_compiled_build(compiled_src: Path) -> None:
    scenarios = sorted(str(p) for p in (ROOT / "tests" / "scenarios").glob("*/*.yaml"))
    assert len(scenarios) > 250
    result = run_with(compiled_src, "-m", "pennybags", "scenario", "check", *scenarios)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
