"""Where pennybags keeps its files: one data directory, shared by every front."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """``$XDG_DATA_HOME/pennybags``, or ``~/.local/share/pennybags`` when that variable is
    unset, empty or not an absolute path (as the XDG base directory specification says)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    if not base or not os.path.isabs(base):
        base = str(Path.home() / ".local" / "share")
    return Path(base) / "pennybags"


def games_dir() -> Path:
    """Where ``pennybags play`` saves games unless told otherwise."""
    return data_dir() / "games"
