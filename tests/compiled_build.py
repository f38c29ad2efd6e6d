"""The compiled build the tests check (tests/test_compiled.py), and a command that makes it
ahead of them: ``./test`` starts ``python tests/compiled_build.py`` beside ruff and mypy,
which leave a core free, and the tests wait for it (the cache folder's lock) and take it.

Run by itself it makes the build (or finds it in the cache) and says where, or says in one
line why this machine cannot make it; it always exits 0, since the tests report a build
that fails (they make it again, and fail saying why).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pennybags import fastbuild

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "pennybags"

SETTINGS = {"MYPYC_OPT_LEVEL": "0", fastbuild.MULTI_FILE_ENV: "1"}
"""How the tests' build is made. Users get mypyc's level 3 and one C file for all the
modules, the defaults. What the tests check (which modules are compiled, the games they
play, the scenarios, simulate's restart) is mypyc's translation, which neither the C
compiler's optimisation nor the split into files should change (short of a compiler fault),
and both take less time (measured on the same source, one build after the other on a busy
machine: 256 s of a core at level 1, 202 s at level 0, 415 s at level 3; at level 0, 219 s
in one file and 101 s in a file for each module). Both are part of the cache key, so the
builds are never taken for each other."""


def cache_root() -> Path:
    named = os.environ.get("PENNYBAGS_COMPILED_CACHE")
    return Path(named) if named else ROOT / ".pytest_cache" / "pennybags-compiled"


@contextmanager
def settings() -> Iterator[None]:
    """The tests' build settings in this process's environment (and so in the processes it
    starts), put back as they were afterwards."""
    before = {name: os.environ.get(name) for name in SETTINGS}
    os.environ.update(SETTINGS)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def make() -> Path:
    """The ``src`` folder of the tests' compiled copy: from the cache, else built (a process
    that asks while another builds it waits and takes that one)."""
    with settings():
        return fastbuild.locked_build(cache_root(), SOURCE)


def main() -> int:
    why = fastbuild.cannot_build()
    if why is not None:
        print(f"the compiled build cannot be made here: {why}")
        return 0
    start = time.monotonic()
    try:
        made = make()
    except fastbuild.BuildError as e:
        print(f"the compiled build failed (the tests will make it again and say why): {e}")
        return 0
    print(f"the compiled build is ready in {time.monotonic() - start:.0f} s: {made}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
