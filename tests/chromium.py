"""What the browser tests share: Playwright driving Debian's Chromium (``apt-get install
chromium``; Playwright's own browser download is not used), and skipping a test module,
saying why, when Chromium or the playwright package is missing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from web_process import Server, free_port

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


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A running Chromium, shared by a module's tests (which call playwright_or_skip at
    their top, so this runs only where it can)."""
    from playwright import sync_api

    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real ``pennybags serve`` on a free port with its own SQLite file, for a module."""
    db = tmp_path_factory.mktemp("site") / "rooms.sqlite3"
    server = Server(str(db), free_port()).start()
    try:
        yield server
    finally:
        server.kill()
