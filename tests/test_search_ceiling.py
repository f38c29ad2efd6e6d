"""tools/search_ceiling.py: the oracle (a search bot whose playouts start from the true
game) as a yardstick for what searching can win, and the control in the same games."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from conftest import load_script
from pennybags.bots import make_bot
from pennybags.bots.search import SearchBot
from pennybags.editions import get_edition
from pennybags.engine.snapshot import snapshot

TOOL = Path(__file__).resolve().parent.parent / "tools" / "search_ceiling.py"


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_script(TOOL)


def test_the_oracle_plays_out_the_true_game_and_the_search_bot_a_drawn_one(
        tool: ModuleType) -> None:
    """The oracle's playout starts from the game itself (its dice and decks to come); the
    search bot's from a copy with them drawn afresh, so their next rolls differ."""
    game = get_edition("ultimate-banking").new_game(["Ann", "Bob", "Cy", "Di"], seed=3)
    oracle = tool._make_oracle(1, {})
    search = make_bot("search?playouts=2", 1, edition="ultimate-banking")
    assert isinstance(search, SearchBot)
    seen = tool.Oracle(1).playout_start(game, 0)
    assert snapshot(seen) == snapshot(game)
    assert seen.rng.getstate() == game.rng.getstate()
    drawn = search.playout_start(game, 0)
    rolls = [drawn.rng.random() for _ in range(4)]
    truth = [game.clone().rng.random() for _ in range(4)]
    assert rolls != truth
    assert (oracle.playouts, oracle.horizon, oracle.z) == (1, 100, 0.0)


def test_a_short_run_prints_both_shares_and_the_paired_count(
        tool: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert tool.main(["--games", "4", "--players", "2", "--horizon", "4"]) == 0
    out = capsys.readouterr().out
    assert "ultimate-banking, 2 players, 4 games (seed 1, seats rotated)" in out
    assert "oracle " in out and "control " in out and "of 4)" in out
    assert "won by the oracle only" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "9"], "--players takes 2 to 8"),
    (["--games", "0"], "--games takes 1 to 100000"),
    (["--horizon", "0"], "--horizon takes 1 to 1000"),
    (["--edition", "chess"], "invalid choice"),
])
def test_bad_arguments_are_refused_with_the_reason(
        tool: ModuleType, capsys: pytest.CaptureFixture[str], args: list[str],
        message: str) -> None:
    with pytest.raises(SystemExit) as stop:
        tool.main(args)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_the_oracle_and_the_control_sit_where_the_lineup_seats_its_first_bot(
        tool: ModuleType) -> None:
    """Both line-ups are the lab's: game ``i`` turns the seats by ``i`` places, and the
    wins counted are those of the seat the first bot (the oracle, or the standard bot in
    its place) sits in."""
    for players in (2, 3, 4, 6):
        lineup = tool.Lineup("x", ("first",) + ("other",) * (players - 1), rotate=True)
        for index in range(2 * players + 1):
            seated = lineup.seated(index)
            assert seated[tool.first_seat(index, players)] == "first"
            assert seated.count("first") == 1
