"""The fast build: the same source compiled to C with mypyc, for simulations.

The rules engine, the editions' rules and the standard bot are plain, fully typed Python.
mypyc (it comes with mypy) compiles the modules of :data:`COMPILED` to C extensions: still
one rules implementation, several times faster. ``pennybags simulate`` and ``pennybags lab
run`` use that build by themselves (``--build auto``, the default): the first run makes it
(a few minutes) in the user's cache folder, later runs find it there, and a run started
from pure Python starts again in the compiled copy. Without a C compiler, or when the build
fails, they say so in one line and play on in pure Python; their reports say which build ran.

A build is a compiled copy of the whole package, kept under a key: a hash of every file of
the package (the compiled modules import the others, which run from the same copy) and of
what else decides the result (the versions of mypy, setuptools and Python, the platform, the
C compiler settings and the recipe). A changed source is a new key, so a stale build is never
used; a cached copy whose files no longer hash to its key is thrown away. A build is made in
a temporary folder and renamed into place when done, so an interrupted build leaves nothing
half made. ``setup.py`` (``PENNYBAGS_COMPILE=1 pip install .``) compiles the same list.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

COMPILED: tuple[str, ...] = (
    "engine/actions.py",
    "engine/arrays.py",
    "engine/board.py",
    "editions/ultimate_monopoly/bankruptcy.py",
    "editions/ultimate_monopoly/board.py",
    "editions/ultimate_monopoly/buildings.py",
    "editions/ultimate_monopoly/cards.py",
    "editions/ultimate_monopoly/spaces.py",
    "editions/ultimate_monopoly/travel.py",
    "editions/ultimate_monopoly/trades.py",
    "editions/ultimate_monopoly/game.py",
    "editions/ultimate_monopoly/rules.py",
    "engine/decks.py",
    "engine/dice.py",
    "engine/game.py",
    "engine/ledger.py",
    "engine/rules.py",
    "engine/turn.py",
    "editions/classic/game.py",
    "editions/classic/rules.py",
    "editions/electronic_banking/game.py",
    "editions/monopoly_2_3/game.py",
    "editions/monopoly_2_3/rules.py",
    "editions/ultimate_banking/game.py",
    "editions/ultimate_banking/rules.py",
    "bots/standard.py",
    "bots/monopoly_2_3.py",
    "bots/ultimate_monopoly.py",
    "bots/ultimate_odds.py",
    "bots/ultimate_income.py",
    "bots/ultimate_banking.py",
    "lab/landing.py",
    "lab/simulate.py",
)
"""The compiled modules, as paths inside the package (setup.py reads this list too)."""

PACKAGE = Path(__file__).resolve().parent
RECIPE = ("setup.py of mypycify(<COMPILED>, opt_level, multi_file) build_ext --inplace in a "
          "copy of the package; build/ and .mypy_cache removed")
"""How a cached copy is made: change this text when the recipe changes."""
MULTI_FILE_ENV = "PENNYBAGS_MYPYC_MULTI_FILE"
"""``1``: mypyc writes a C file for each module instead of one for all of them. gcc then
compiles the build in half the time (at level 0: 101 s of a core against 219 s, the same
source), but cannot inline a call from one module into another. The tests' build uses it;
users' builds do not (unless set)."""
SETUP = """from setuptools import setup
from mypyc.build import mypycify

setup(name="pennybags-fast-build",
      ext_modules=mypycify({files!r}, opt_level={opt_level!r}, multi_file={multi_file!r}))
"""
"""The setup script a build runs (what ``python -m mypyc`` writes, with ``multi_file``)."""
KEEP = 3
"""Cached builds kept (the newest), so that switching versions does not rebuild at once."""
BUILD_ENV = "PENNYBAGS_BUILD"
"""``auto`` (the default), ``fast`` or ``pure``: what ``--build`` says when it is not given."""
_STARTED_ENV = "PENNYBAGS_FAST_BUILD_STARTED"
"""Set in a run started again in the compiled copy, so that it is not started a third time."""
BUILD_CHOICES = ("auto", "fast", "pure")


class BuildError(Exception):
    """The fast build could not be made (the reason in words)."""


def is_compiled() -> bool:
    """Whether this process runs the compiled build (its engine is a C extension)."""
    from pennybags.engine import game

    return (game.__file__ or "").endswith((".so", ".pyd"))


def build_name() -> str:
    """``compiled`` or ``pure``: what the reports write."""
    return "compiled" if is_compiled() else "pure"


def describe_build() -> str:
    """This process's build in words, for ``pennybags --version``."""
    if is_compiled():
        return "compiled build (mypyc)"
    ready = ""
    with contextlib.suppress(OSError, BuildError):
        if cached_copy(cache_root(), PACKAGE) is not None:
            ready = "; simulate and the lab run the compiled build, which is ready"
        elif cannot_build() is None:
            ready = "; simulate and the lab make the compiled build on their first run"
    return "pure Python build" + ready


# ------------------------------------------------------------------------ the key

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
    compiler settings (with mypyc's optimisation level and whether it writes a C file for
    each module) and the recipe."""
    import importlib.metadata  # (here: every `pennybags` command imports this module)

    def version(name: str) -> str:
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            return "none"

    return {"mypy": version("mypy"), "setuptools": version("setuptools"),
            "librt": version("librt"),  # (the compiled arrays link against its vec)
            "python": sys.version, "implementation": sys.implementation.cache_tag or "",
            "platform": sysconfig.get_platform(),
            "ext_suffix": str(sysconfig.get_config_var("EXT_SUFFIX")),
            "cc": os.environ.get("CC", ""), "cflags": os.environ.get("CFLAGS", ""),
            "opt_level": opt_level(), "multi_file": str(multi_file()), "recipe": RECIPE}


def cache_key(package: Path = PACKAGE, tool_info: dict[str, str] | None = None,
              sources: str | None = None) -> str:
    inputs = {"sources": sources if sources is not None else tree_hash(package),
              "tools": tool_info if tool_info is not None else tools()}
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()[:32]


def cache_root() -> Path:
    """Where compiled copies are kept: ``$PENNYBAGS_FAST_CACHE``, else
    ``$XDG_CACHE_HOME/pennybags/fast``, else ``~/.cache/pennybags/fast``."""
    named = os.environ.get("PENNYBAGS_FAST_CACHE")
    if named:
        return Path(named).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pennybags" / "fast"


# ------------------------------------------------------------------------ the cache

def cannot_build() -> str | None:
    """Why this machine cannot make the fast build, or None when it can."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy: pip install mypy)"
    compiler = os.environ.get("CC", "").split()
    if not any(shutil.which(c) for c in ([compiler[0]] if compiler else ["cc", "gcc", "clang"])):
        return "no C compiler was found (install gcc or clang)"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"the Python headers are missing ({headers}; e.g. apt install python3-dev)"
    return None


def opt_level() -> str:
    """mypyc's optimisation level: ``MYPYC_OPT_LEVEL``, 3 unless set."""
    return os.environ.get("MYPYC_OPT_LEVEL") or "3"


def multi_file() -> bool:
    """Whether the build writes a C file for each module (:data:`MULTI_FILE_ENV`)."""
    return os.environ.get(MULTI_FILE_ENV) == "1"


def mypyc_build(src: Path, files: list[str]) -> None:
    """Compile ``files`` (paths under ``src``) in place with mypyc; BuildError if it fails."""
    setup = src / "build" / "setup.py"
    setup.parent.mkdir(exist_ok=True)
    setup.write_text(SETUP.format(files=files, opt_level=opt_level(), multi_file=multi_file()))
    try:
        result = subprocess.run([sys.executable, str(setup), "build_ext", "--inplace"],
                                cwd=src, capture_output=True, text=True, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise BuildError(f"mypyc did not run: {e}") from None
    if result.returncode != 0:
        raise BuildError("mypyc failed:\n" + result.stdout[-3000:] + result.stderr[-3000:])
    for scratch in ("build", ".mypy_cache"):
        shutil.rmtree(src / scratch, ignore_errors=True)


def cached_copy(root: Path, package: Path = PACKAGE,
                tool_info: dict[str, str] | None = None) -> Path | None:
    """The ``src`` folder of a good compiled copy of ``package`` in the cache, or None."""
    sources = tree_hash(package)
    final = root / cache_key(package, tool_info, sources)
    if not final.is_dir():
        return None
    try:
        good = json.loads((final / "key.json").read_text())["sources"] == sources == \
            tree_hash(final / "src" / "pennybags")
    except (OSError, ValueError, KeyError):
        good = False
    if not good:
        shutil.rmtree(final, ignore_errors=True)
        return None
    os.utime(final)  # the newest is kept longest
    return final / "src"


def cached_build(root: Path, package: Path = PACKAGE,
                 build: Callable[[Path, list[str]], None] = mypyc_build,
                 tool_info: dict[str, str] | None = None) -> Path:
    """The ``src`` folder of a compiled copy of ``package``: from the cache when its key is
    there (and its files still hash to the key), else built in a temporary folder and
    renamed into place."""
    found = cached_copy(root, package, tool_info)
    if found is not None:
        return found
    sources = tree_hash(package)
    key = cache_key(package, tool_info, sources)
    final = root / key
    root.mkdir(parents=True, exist_ok=True)
    work = root / f".building-{key}-{uuid.uuid4().hex[:8]}"
    try:
        shutil.copytree(package, work / "src" / "pennybags",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.pyc"))
        build(work / "src", [f"pennybags/{path}" for path in COMPILED])
        (work / "key.json").write_text(json.dumps({"sources": sources, "key": key,
                                                   "tools": tool_info or tools()}))
        try:
            os.rename(work, final)
        except OSError:
            if not final.is_dir():  # (another run that renamed first is fine)
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    prune(root)
    return final / "src"


def prune(root: Path) -> None:
    """Keep the :data:`KEEP` newest builds."""
    builds = sorted((p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in builds[KEEP:]:
        shutil.rmtree(old, ignore_errors=True)


def drop_dead_builds(root: Path) -> None:
    """Remove the temporary folders of builds that died (killed outright: an interrupted
    build removes its own). Only with the lock held (not on Windows, which has none): every
    build in a cache folder takes it, so none is under way."""
    for work in root.glob(".building-*"):
        shutil.rmtree(work, ignore_errors=True)


def locked_build(root: Path, package: Path = PACKAGE,
                 build: Callable[[Path, list[str]], None] = mypyc_build,
                 tool_info: dict[str, str] | None = None) -> Path:
    """:func:`cached_build` with the cache folder's lock held: a process that asks while
    another builds the same copy waits for it and takes its copy."""
    with _locked(root) as held:
        if held:
            drop_dead_builds(root)
        return cached_build(root, package, build, tool_info)


@contextlib.contextmanager
def _locked(root: Path) -> Iterator[bool]:
    """One build at a time in a cache folder (two simulations started together); gives
    whether the lock is held."""
    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".lock", "w") as handle:
        try:
            import fcntl
        except ImportError:  # (Windows: no lock; a second build renames into place too)
            yield False
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


# ------------------------------------------------------------------------ the command line

def chosen_build(flag: str | None) -> str:
    """The ``--build`` choice, else ``$PENNYBAGS_BUILD``, else ``auto``; ValueError if bad."""
    choice = (flag or os.environ.get(BUILD_ENV) or "auto").strip().lower()
    if choice not in BUILD_CHOICES:
        raise ValueError(f"the build is one of {', '.join(BUILD_CHOICES)}, not '{choice}' "
                         f"(from {'--build' if flag else '$' + BUILD_ENV})")
    return choice


def start_in_fast_build(choice: str, argv: list[str], err: TextIO | None = None,
                        build: Callable[[Path, list[str]], None] = mypyc_build,
                        restart: Callable[[Path, list[str]], None] | None = None) -> None:
    """For ``simulate`` and ``lab run``: with ``choice`` ``auto`` or ``fast``, in a pure
    Python process, make (or find) the fast build and run the same command again in it
    (``restart``, by default replacing this process). Returns when this process should go on
    as it is: it is compiled already, ``pure`` was chosen, or (``auto`` only) the build
    cannot be made here, which it says on ``err`` in one line. ``fast`` that cannot be made
    raises BuildError."""
    err = err if err is not None else sys.stderr
    if choice == "pure" or is_compiled() or os.environ.get(_STARTED_ENV):
        return
    why = cannot_build()
    if why is not None:
        if choice == "fast":
            raise BuildError(f"the fast build cannot be made here: {why}")
        print(f"pennybags: running pure Python: {why} (--build pure: no such note)", file=err)
        return
    root = cache_root()
    try:
        found = cached_copy(root)
        if found is None:
            failed = root / f"failed-{cache_key()}.log"
            if failed.is_file() and choice == "auto":
                print(f"pennybags: running pure Python: the fast build of this version failed "
                      f"before ({failed}); --build fast tries again", file=err)
                return
            found = _build_with_progress(root, build, err, failed)
    except BuildError:
        if choice == "fast":
            raise
        return
    except OSError as e:
        if choice == "fast":
            raise BuildError(f"the fast build's cache folder {root}: {e.strerror}") from None
        print(f"pennybags: running pure Python: the cache folder {root}: {e.strerror}",
              file=err)
        return
    (restart or _exec_again)(found, argv)


def _build_with_progress(root: Path, build: Callable[[Path, list[str]], None], err: TextIO,
                         failed: Path) -> Path:
    message = ("compiling pennybags with mypyc for speed (once per version, a few minutes; "
               "--build pure skips it)")
    with _locked(root) as held:
        found = cached_copy(root)  # (made while this run waited for the lock)
        if found is not None:
            return found
        if held:
            drop_dead_builds(root)
        try:
            if err.isatty():
                from rich.console import Console

                with Console(file=err).status(message):
                    made = cached_build(root, build=build)
            else:
                print(f"pennybags: {message}...", file=err, flush=True)
                made = cached_build(root, build=build)
        except BuildError as e:
            failed.write_text(str(e))
            print(f"pennybags: running pure Python: the fast build failed (details in "
                  f"{failed})", file=err)
            raise
        with contextlib.suppress(OSError):
            failed.unlink()
        return made


def _exec_again(src: Path, argv: list[str]) -> None:
    env = dict(os.environ)
    env[_STARTED_ENV] = "1"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(src), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "pennybags", *argv]
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execve(sys.executable, command, env)
    raise SystemExit(subprocess.run(command, env=env).returncode)  # (no exec on Windows)
