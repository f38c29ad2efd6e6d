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
