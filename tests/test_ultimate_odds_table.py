"""The landing table the standard bot of Ultimate Monopoly reads
(:mod:`pennybags.bots.ultimate_odds`) is the lab's exact chain's, to the stored precision:
the bot may not import the lab, so tools/make_ultimate_odds.py writes the numbers, and this
test fails when the chain (or the rules under it) moves them."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from conftest import load_script
from pennybags.bots import ultimate_odds

TOOL = Path(__file__).resolve().parent.parent / "tools" / "make_ultimate_odds.py"


def tool() -> ModuleType:
    return load_script(TOOL)


def test_the_stored_table_is_the_chains_to_its_precision() -> None:
    rent, thrown, fresh, visits = tool().tables()
    for stored, solved in ((ultimate_odds.RENT_LANDINGS, rent),
                           (ultimate_odds.THROWN, thrown),
                           (ultimate_odds.FRESH_THROW, fresh),
                           (ultimate_odds.VISITS, visits)):
        assert len(stored) == len(solved) == 120
        for a, b in zip(stored, solved, strict=True):
            assert a == pytest.approx(b, rel=1e-5, abs=1e-12)


def test_the_module_is_what_the_tool_writes() -> None:
    assert tool().render() == Path(ultimate_odds.__file__).read_text(encoding="utf-8")


def test_the_table_makes_sense() -> None:
    from pennybags.lab.odds_ultimate import landing_probabilities

    # Every deed but the utilities has landings; other spaces none; visits are per turn
    # over every space (more than one: doubles and bonus moves add throws).
    assert sum(ultimate_odds.VISITS) > 1.0
    assert sum(1 for x in ultimate_odds.RENT_LANDINGS if x > 0) > 60
    assert len(landing_probabilities("turn")) == 120
