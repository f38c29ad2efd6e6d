"""The package, and its compiled build: ``PENNYBAGS_COMPILE=1 pip install --no-build-isolation .``.

The rules engine, the editions' rules and the bots are plain, fully typed Python. With
``PENNYBAGS_COMPILE=1`` the modules listed in ``src/pennybags/fastbuild.py`` (``COMPILED``)
are also compiled to C extensions with mypyc (the same source, so still one rules
implementation). Without it this file changes nothing: the package is pure Python, and
``pennybags simulate`` and ``pennybags lab run`` make the same compiled build by themselves
in the user's cache (see src/pennybags/fastbuild.py and docs/benchmarks.md).
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from setuptools import setup


def compiled_modules() -> list[str]:
    """``COMPILED`` of src/pennybags/fastbuild.py (read, not imported: nothing is installed
    yet), as paths from this folder."""
    tree = ast.parse((Path(__file__).parent / "src/pennybags/fastbuild.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                and node.target.id == "COMPILED" and node.value is not None:
            return [f"src/pennybags/{path}" for path in ast.literal_eval(node.value)]
    raise SystemExit("src/pennybags/fastbuild.py has no COMPILED list")


if os.environ.get("PENNYBAGS_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(compiled_modules(), opt_level="3"))
else:
    setup()
