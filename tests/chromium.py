"""What the browser tests share: Playwright driving Debian's Chromium (``apt-get install
chromium``; Playwright's own browser download is not used), and skipping a test module,
saying why, when Chromium or the playwright package is missing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT = 20_000
"""Milliseconds a page may take to show what the server sent (a loaded machine is slow)."""


def playwright_or_skip() -> Any:
    """Playwright's sync API; called at a test module's top, it skips the whole module
    (saying why) when the package or Chromium is missing."""
    api = pytest.importorskip("playwright.sync_api",
                              reason="the playwright package is not installed")
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)",
                    allow_module_level=True)
    return api


def launched_chromium(sync_api: Any) -> Iterator[Any]:
    """A running Chromium for a fixture to yield, closed afterwards."""
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()
