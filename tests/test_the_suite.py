"""The suite's own arrangements (tests/conftest.py): the files it hands out first exist."""

from __future__ import annotations

from pathlib import Path

from conftest import LAST, LONGEST_FIRST

TESTS = Path(__file__).resolve().parent


def test_the_files_handed_out_first_and_last_exist() -> None:
    listed = [*LONGEST_FIRST, LAST]
    assert len(set(listed)) == len(listed)
    assert [name for name in listed if not (TESTS / name).is_file()] == []
