"""The docs cite files inside the repository only, and their links lead somewhere.

A reader of a fresh clone has the repository and nothing beside it: no path in the README,
the docs or a data file's ``source`` may point outside it (``../shared/...``), and every
relative link of a Markdown page names a file or folder that exists.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *ROOT.glob("docs/**/*.md"), *ROOT.glob("reference/*.md")])
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_page_cites_nothing_outside_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert "../shared" not in text, f"{page.name} points outside the repository"
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue  # a web address or an anchor on the page
        path = (page.parent / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT), f"{page.name} links outside: {target}"
        assert path.exists(), f"{page.name} links to a missing file: {target}"


@pytest.mark.parametrize("data", sorted(ROOT.glob("src/pennybags/editions/*/*.json")),
                         ids=lambda p: p.name)
def test_edition_data_names_a_source_in_the_repository(data: Path) -> None:
    source = json.loads(data.read_text(encoding="utf-8"))["source"]
    assert "../" not in source
    for cited in re.findall(r"reference/[\w.]+\.json", source):
        assert (ROOT / cited).exists(), cited


def test_readme_says_what_play_starts_and_how_to_leave_and_come_back() -> None:
    """Next to ./play: the default edition and what it lacks, hot seat, quit, save and
    resume; the board maps of every edition at two sizes."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    top = readme[:readme.index("## What you can do")]
    for words in ("./play", "Ultimate Banking", "no houses", "no trading", "Hot seat",
                  "`q`", "--continue", "./play resume", "--save FILE", "--no-save"):
        assert words in top, words
    for edition in ("classic", "electronic-banking", "ultimate-banking", "monopoly-2.3"):
        for size in ("80x24", "120x40"):
            image = f"docs/images/board-{edition}-{size}.png"
            assert image in readme and (ROOT / image).exists(), image


SPEED = re.compile(r"\b\d[\d,.]*\s+(?:player-turns|steps|games|actions|decisions)\s*"
                   r"(?:/\s*s\b|a second|per second)|(?:player-turns|steps|games|actions)/s\b")
"""A rate of play written as a figure: "61,910 player-turns a second", "| AEC steps/s |"."""


def test_speed_figures_live_in_one_place() -> None:
    """The README links to docs/benchmarks.md instead of quoting speeds, and no other page
    gives a rate of play: docs/benchmarks.md is the one place for speed figures. No page
    speaks of issues (internal words)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/benchmarks.md" in readme
    for figure in ("player_turns_per_second", "games/s", "player-turns/s"):
        assert figure not in readme, figure
    assert SPEED.search((ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8"))
    for page in PAGES:
        if page.name != "benchmarks.md":
            found = SPEED.search(page.read_text(encoding="utf-8"))
            assert not found, f"{page.relative_to(ROOT)} gives a speed: {found.group(0)!r}"
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"\b[Ii]ssue \d|the issue\b|this issue\b", text), page.name
