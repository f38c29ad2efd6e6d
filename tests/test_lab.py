"""The lab: experiment files, the runner and its store, resuming, reports, the examples.

The example experiments run end to end at small size (a few dozen games each) once per
session; the report tests and the browser test (``test_lab_browser.py``) reuse them.
"""

from __future__ import annotations

import ast
import copy
import html
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("duckdb", reason="the lab needs duckdb (pip install 'pennybags[lab]')")
pytest.importorskip("scipy", reason="the lab needs scipy (pip install 'pennybags[lab]')")
pytest.importorskip("matplotlib", reason="the lab needs matplotlib (pip install "
                    "'pennybags[lab]')")

from pennybags.cli import main
from pennybags.lab.experiment import (
    Experiment,
    ExperimentError,
    load_experiment,
    parse_experiment,
    play_task,
    run_experiment,
)
from pennybags.lab.report import (
    board_rings,
    build_report,
    compare_lengths,
    median_interval,
    share,
    share_difference,
)
from pennybags.lab.simulate import Setup, play_one
from pennybags.lab.store import Store

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(p for p in (ROOT / "experiments").glob("*.toml")
                  if not p.name.startswith("search-"))
"""The example experiments run here at small size. The search bot's experiments
(``search-*.toml``, minutes of a core per game in some editions) are checked in
tests/test_bot_search.py instead."""
SMALL_TOTAL = 24
"""Games per example in the tests (split over its variants and line-ups)."""


def small(exp: Experiment) -> Experiment:
    cells = len(exp.variants) * len(exp.lineups)
    return exp.with_games(max(4, -(-SMALL_TOTAL // cells)))


def rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every stored row, sorted, without the timing column."""
    store = Store.open(path)
    try:
        games = store.query("SELECT * EXCLUDE (seconds) FROM games ORDER BY variant, lineup, "
                            "game")
        players = store.query("SELECT * FROM players ORDER BY variant, lineup, game, seat")
        landings = store.query("SELECT * FROM landings ORDER BY variant, lineup, game")
    finally:
        store.close()
    return {"games": games, "players": players, "landings": landings}


def duplicates(path: Path) -> int:
    store = Store.open(path)
    try:
        row = store.query("SELECT count(*) - count(DISTINCT (variant, lineup, game)) "
                          "FROM games")[0]
    finally:
        store.close()
    return int(row[0])


SMALL_EXPERIMENT = {
    "title": "small",
    "games": 9,
    "seed": 7,
    "max_rounds": 60,
    "landing": True,
    "chunk": 2,
    "variant": [{"name": "plain", "edition": "classic"},
                {"name": "pot", "edition": "classic", "options": {"free-parking-pot": True}}],
    "lineup": [{"name": "mixed", "bots": ["standard", "random", "standard"], "rotate": True,
                "stronger": "standard"}],
}


# ------------------------------------------------------------------------ experiment files

def test_examples_load_and_each_names_its_question() -> None:
    names = {p.stem for p in EXAMPLES}
    assert names == {"monopoly-2.3-vs-classic", "first-player-advantage", "free-parking",
                     "ultimate-banking-buy-or-auction", "ultimate-monopoly-players",
                     "ultimate-monopoly-house-rules", "ultimate-monopoly-bots",
                     "ultimate-monopoly-plan"}
    for path in EXAMPLES:
        exp = load_experiment(path)
        assert exp.question.endswith("?")
        assert f"pennybags lab run experiments/{path.name}" in path.read_text()


@pytest.mark.parametrize(("change", "message"), [
    ({"games": 0}, "games must be at least 1"),
    ({"colour": "red"}, "unknown key(s) colour"),
    ({"variant": []}, "at least one [[variant]]"),
    ({"variant": [{"edition": "nope"}]}, "unknown edition 'nope'"),
    ({"variant": [{"edition": "classic", "options": {"no-such": True}}]}, "unknown option"),
    ({"variant": [{"edition": "classic", "options": {"max-rounds": 9}}]}, "max_rounds = N"),
    ({"variant": [{"edition": "classic"}, {"edition": "classic"}]},
     "two variants are called 'classic'"),
    ({"variant": [{"edition": "ultimate-banking"}],
      "lineup": [{"bots": ["standard"] * 5}]}, "is for 2 to 4 players"),
    ({"lineup": [{"bots": ["standard", "cheater"]}]}, "unknown bot 'cheater'"),
    ({"lineup": [{"bots": ["standard", "random"], "stronger": "simple"}]},
     "stronger = 'simple' is not one of its bots"),
    ({"lineup": [{"bots": ["standard", "standard"], "stronger": "standard"}]},
     "at least two different bots"),
    # Numbers the store cannot hold (game numbers and round counts are 32-bit integers in
    # it, seeds 64-bit).
    ({"games": 2**40}, "games must be at most 2147483647"),
    ({"chunk": 10**30}, "chunk must be at most 2147483647"),
    ({"max_rounds": 2**31}, "max_rounds must be at most 2147483647"),
    ({"seed": 2**70}, "seed must be at most 9223372036854775807"),
    ({"variant": [{"edition": "classic", "max_rounds": 2**63}]}, "max_rounds must be at most"),
    ({"games": 1e9}, "games takes a whole number, not 1000000000.0"),
    ({"games": "10"}, "games takes a whole number, not '10'"),
    # Words where words are due, not any value turned into text.
    ({"title": ["a", "list"]}, "title takes a string"),
    ({"question": {"a": 1}}, "question takes a string"),
    ({"variant": [{"edition": "classic", "name": 5}]}, "variant 1: name takes a string"),
    ({"variant": [{"edition": ["classic"]}]}, "variant 1: edition takes a string"),
    ({"lineup": [{"bots": ["standard", "random"], "name": True}]},
     "line-up 1: name takes a string"),
    ({"lineup": [{"bots": ["standard", "random"], "stronger": 3}]},
     "line-up 'standard,random': stronger takes a string"),
    ({"variant": "classic"}, "at least one [[variant]]"),
    # An option value that only a new game checks (not a type but one of a few words).
    ({"variant": [{"edition": "ultimate-banking", "options": {"set-bonus": "sometimes"}}]},
     "variant 'ultimate-banking': option 'set-bonus' takes rulebook or unit"),
    ({"lineup": [["standard", "random"]]}, "line-up 1 should be a table"),
    # A knob of another edition's standard bot.
    ({"lineup": [{"bots": ["standard?value=price", "random"], "name": "v"}]},
     "line-up 'v', variant 'plain': the standard bot has no parameter(s) value in classic"),
])
def test_bad_experiments_are_refused_with_a_reason(change: dict[str, Any], message: str) -> None:
    data = {**SMALL_EXPERIMENT, **change}
    with pytest.raises(ExperimentError) as err:
        parse_experiment(data, source="x.toml")
    assert message in str(err.value)
    assert str(err.value).startswith("x.toml: ")


def test_a_write_cut_short_by_an_interrupt_stores_no_game_twice(tmp_path: Path) -> None:
    """An interrupt can land after a batch is committed and before the runner forgets it;
    the runner then writes the batch again with write_unstored, which skips what is
    stored."""
    from pennybags.lab.experiment import Rows, Task

    exp = parse_experiment(SMALL_EXPERIMENT)
    variant, lineup = exp.variants[1], exp.lineups[0]
    first = play_task(Task(variant, lineup, exp.seed, True, 0, 2))
    later = play_task(Task(variant, lineup, exp.seed, True, 2, 3))
    store = Store.create(tmp_path / "out", exp)
    try:
        store.write(first)  # committed, then the interrupt
        batch = Rows()
        batch.extend(first)
        batch.extend(later)
        store.write_unstored(batch)
        store.write_unstored(batch)
        assert store.query("SELECT game, count(*) FROM games GROUP BY game ORDER BY game") \
            == [(0, 1), (1, 1), (2, 1)]
        assert store.query("SELECT count(*) FROM players")[0][0] == 3 * len(lineup.bots)
        assert store.query("SELECT count(*) FROM landings")[0][0] == 3
    finally:
        store.close()
    assert duplicates(tmp_path / "out") == 0


def test_rotation_seats_every_bot_everywhere() -> None:
    exp = parse_experiment(SMALL_EXPERIMENT)
    lineup = exp.lineups[0]
    assert [lineup.seated(i) for i in range(3)] == [
        ("standard", "random", "standard"), ("random", "standard", "standard"),
        ("standard", "standard", "random")]


# ------------------------------------------------------------------------ rows

def test_a_task_gives_the_rows_of_simulate(tmp_path: Path) -> None:
    exp = parse_experiment(SMALL_EXPERIMENT)
    variant, lineup = exp.variants[1], exp.lineups[0]
    from pennybags.lab.experiment import Task

    out = play_task(Task(variant, lineup, exp.seed, True, 4, 6))
    assert [g[2] for g in out.games] == [4, 5]
    setup = Setup("classic", lineup.seated(5), exp.seed, 60, {"free-parking-pot": True}, True)
    r = play_one(setup, 5)
    game = out.games[1]
    assert game[:10] == ("pot", "mixed", 5, "classic", r.seed, r.rounds, r.player_turns,
                         r.end_reason, r.winner,
                         None if r.winner is None else lineup.seated(5)[r.winner])
    players = [p for p in out.players if p[2] == 5]
    assert [p[3] for p in players] == [0, 1, 2]
    assert [p[4] for p in players] == list(lineup.seated(5))
    assert [p[6] for p in players] == r.assets
    assert [p[7] for p in players] == r.bankrupt_round
    assert [p[9] for p in players] == r.deeds
    assert [p[8] for p in players] == [len(d) for d in r.deeds]
    assert [p[10] for p in players] == r.groups  # held whole before anyone went bankrupt
    assert [p[5] for p in players].count(True) == (r.winner is not None)
    landing = out.landings[1]
    assert landing[3] == r.landing_rolls and landing[5] == r.landing
    assert sum(landing[5]) + landing[4] == landing[3]
    for p in players:
        if p[7] is not None:  # a bankrupt player holds nothing and is worth nothing
            assert p[6] == 0 and p[8] == 0


def test_same_seed_same_rows_whatever_the_workers(tmp_path: Path) -> None:
    exp = parse_experiment(SMALL_EXPERIMENT)
    one = run_experiment(exp, tmp_path / "one", workers=1)
    two = run_experiment(exp, tmp_path / "two", workers=2)
    assert one.played == two.played == exp.total_games == 18
    a, b = rows(one.results), rows(two.results)
    assert a == b
    assert len(a["games"]) == 18 and len(a["players"]) == 54 and len(a["landings"]) == 18
    # Bankruptcy rounds are within the game and the winner is never bankrupt.
    by_game = {(g[0], g[2]): g for g in a["games"]}
    for p in a["players"]:
        game = by_game[p[0], p[2]]
        if p[7] is not None:
            assert 1 <= p[7] <= game[5]
        if p[5]:
            assert game[8] == p[3] and p[7] is None
    # A bigger run later plays only the new games and keeps the old rows.
    more = run_experiment(exp.with_games(12), tmp_path / "one", workers=2)
    assert (more.stored_before, more.played) == (18, 6)
    grown = rows(more.results)
    assert set(a["games"]) < set(grown["games"])
    assert duplicates(more.results) == 0


def test_progress_is_reported_up_to_the_total(tmp_path: Path) -> None:
    exp = parse_experiment({**SMALL_EXPERIMENT, "landing": False, "games": 4})
    calls: list[tuple[int, int]] = []
    summary = run_experiment(exp, tmp_path / "p", workers=2,
                             progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 8) and calls[-1] == (8, 8) and all(t == 8 for _, t in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    status = json.loads((tmp_path / "p" / "status.json").read_text())
    assert status["stored"] == 8 and status["running"] is False
    assert summary.played == 8
    again = run_experiment(exp, tmp_path / "p", workers=2)
    assert (again.stored_before, again.played) == (8, 0)


def test_a_store_of_another_experiment_is_refused(tmp_path: Path) -> None:
    exp = parse_experiment({**SMALL_EXPERIMENT, "games": 1})
    run_experiment(exp, tmp_path / "s", workers=1)
    other = parse_experiment({**SMALL_EXPERIMENT, "games": 1, "seed": 8})
    with pytest.raises(ExperimentError, match=r"different experiment .*seed differs"):
        run_experiment(other, tmp_path / "s", workers=1)


# ------------------------------------------------------------------------ resuming

def _wait_stored(status: Path, more_than: int, proc: subprocess.Popen[str],
                 limit: float = 60.0) -> int:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if status.exists():
            stored = int(json.loads(status.read_text())["stored"])
            if stored > more_than:
                return stored
        if proc.poll() is not None:
            err = proc.stderr.read() if proc.stderr else ""
            raise AssertionError(f"the run ended before it could be interrupted "
                                 f"({proc.returncode}): {err}")
        time.sleep(0.02)
    raise AssertionError("no games were stored in time")


def _stored(path: Path) -> int:
    store = Store.open(path)
    try:
        return int(store.query("SELECT count(*) FROM games")[0][0])
    finally:
        store.close()


def test_interrupted_runs_resume_without_playing_a_game_twice(tmp_path: Path) -> None:
    spec = tmp_path / "resume.toml"
    spec.write_text("""
title = "resume"
games = 150
seed = 3
max_rounds = 30
chunk = 3
landing = true
[[variant]]
name = "plain"
edition = "classic"
[[variant]]
name = "pot"
edition = "classic"
options = { free-parking-pot = true }
[[lineup]]
name = "four"
bots = ["standard", "standard", "standard", "standard"]
""")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "pennybags", "lab", "run", str(spec), "--out", str(out),
               "--workers", "2", "--commit-every", "0.1"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}

    # 1. Ctrl-C: the finished games are written, the run says how to go on.
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    _wait_stored(out / "status.json", 0, proc)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "run the same command again" in err
    first = _stored(out)
    assert 0 < first < 300

    # 2. Killed outright: what was committed survives.
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    _wait_stored(out / "status.json", first, proc)
    proc.kill()
    proc.wait(timeout=30)
    second = _stored(out)
    assert first < second < 300
    assert duplicates(out) == 0

    # 3. The rest: only the missing games are played; no progress bar when not a terminal.
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    m = re.search(r"played (\d+) in .* (\d+) were already stored", done.stdout)
    assert m, done.stdout
    assert (int(m.group(1)), int(m.group(2))) == (300 - second, second)
    assert duplicates(out) == 0

    # The rows equal those of a run that was never interrupted.
    reference = run_experiment(load_experiment(spec), tmp_path / "reference", workers=2)
    assert rows(out) == rows(reference.results)


# ------------------------------------------------------------------------ statistics

def test_length_comparison_in_words() -> None:
    base = [60 + (i % 21) for i in range(210)]
    shorter = [42 + (i % 15) for i in range(210)]
    cmp = compare_lengths(base, shorter)
    assert (cmp.median_base, cmp.median_other) == (70, 49)
    assert cmp.difference == -21 and cmp.low <= -21 <= cmp.high and cmp.high < 0
    assert cmp.p < 0.001
    words = cmp.words("classic", "2.3")
    assert words.startswith("2.3 games are 30% shorter than classic games: median 49 vs 70")
    same = compare_lengths(base, list(reversed(base)))
    assert same.p > 0.5 and same.difference == 0
    assert "not clearly longer or shorter" in same.words("a", "b")


def test_wilson_interval() -> None:
    s = share(0, 10)
    assert s.value == 0 and s.low == 0 and s.high == pytest.approx(0.2775, abs=1e-4)
    half = share(50, 100)
    assert half.low == pytest.approx(0.4038, abs=1e-4)
    assert half.high == pytest.approx(0.5962, abs=1e-4)


def test_median_with_its_bootstrap_interval() -> None:
    median, low, high = median_interval([60 + (i % 21) for i in range(210)])
    assert median == 70 and low <= 70 <= high and high - low <= 6
    assert median_interval([40] * 9) == (40, 40, 40)
    assert all(math.isnan(x) for x in median_interval([]))


def test_difference_of_two_shares_with_newcombes_interval() -> None:
    """Newcombe (1998), method 10, his examples: 56/70 - 48/80 and 9/10 - 3/10."""
    d, low, high = share_difference(share(56, 70), share(48, 80))
    assert d == pytest.approx(0.2)
    assert [low, high] == pytest.approx([0.0524, 0.3339], abs=1e-4)
    d, low, high = share_difference(share(9, 10), share(3, 10))
    assert [low, high] == pytest.approx([0.1705, 0.8090], abs=1e-4)
    assert math.isnan(share_difference(share(0, 0), share(3, 10))[0])


def test_board_rings_draw_every_track_of_the_board() -> None:
    """The landing plot draws a board as its rings: classic's one track of four sides of
    10; Ultimate Monopoly's outer (14 a side), middle (10) and inner (6) tracks, every
    space once, each side from its corner."""
    classic = board_rings("classic")
    assert classic == [[list(range(k * 10, k * 10 + 10)) for k in range(4)]]
    rings = board_rings("ultimate-monopoly")
    assert rings is not None
    assert [[len(side) for side in ring] for ring in rings] == [[14] * 4, [10] * 4, [6] * 4]
    assert sorted(i for ring in rings for side in ring for i in side) == list(range(120))
    assert [ring[0][0] for ring in rings] == [40, 0, 96]  # Stock Exchange, GO, Squeeze Play


# ------------------------------------------------------------------------ the examples

@pytest.fixture(scope="session")
def example_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each example experiment run at small size, and its report. One worker each: a
    worker is a process that imports pennybags, and runs with two are checked elsewhere
    (the same rows whatever the workers)."""
    out: dict[str, Path] = {}
    base = tmp_path_factory.mktemp("examples")
    for path in EXAMPLES:
        exp = small(load_experiment(path))
        summary = run_experiment(exp, base / path.stem, workers=1)
        assert summary.played == exp.total_games
        page = base / path.stem / "report.html"
        page.write_text(build_report(base / path.stem), encoding="utf-8")
        out[path.stem] = page
    return out


def _answers(page: str) -> str:
    start = page.index("<h2>The answers</h2>")
    return page[start:page.index("<h2>", start + 5)]


def test_reports_are_self_contained(example_reports: dict[str, Path]) -> None:
    assert len(example_reports) == len(EXAMPLES) == 8
    for page_path in example_reports.values():
        page = page_path.read_text()
        assert page.startswith("<!DOCTYPE html>")
        # Nothing is fetched: no external scripts, styles, images or fonts.
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", page)
        assert "@import" not in page and "<link" not in page
        images = re.findall(r'<img class="plot" alt="([^"]+)" src="data:image/png;base64,',
                            page)
        assert len(images) >= 5, images
        for needed in ("game length", "win rate per seat", "how games ended"):
            assert any(needed in alt for alt in images), (needed, images)
        # The tests play in pure Python (tests/conftest.py); the report says which build ran.
        assert "<p class=\"note\">Played by pure Python.</p>" in page


def test_two_variants_answer_in_words(example_reports: dict[str, Path]) -> None:
    page = example_reports["monopoly-2.3-vs-classic"].read_text()
    answers = _answers(page)
    assert "Is it shorter?" in answers and "Is it more strategic?" in answers
    assert re.search(r"2\.3 games are (\d+% (shorter|longer) than|not clearly longer or "
                     r"shorter than) classic games: median", answers)
    assert "Mann-Whitney U" in answers and "95% CI" in answers
    assert "The stronger bot (standard" in answers and "Fisher&#x27;s exact test" in answers
    assert "landing frequencies on the board, classic" in page
    assert "landing frequencies on the board, 2.3" in page
    assert "colour groups the winners held whole" in page


def test_first_player_report_covers_every_edition(example_reports: dict[str, Path]) -> None:
    answers = _answers(example_reports["first-player-advantage"].read_text())
    for variant in ("classic", "electronic banking", "ultimate banking", "2.3"):
        assert re.search(rf"<li>{re.escape(variant)}: (no clear first-player advantage|the "
                         r"first player (has an advantage|is at a disadvantage))\. The first "
                         r"seat wins", answers), variant
    assert "chi-square test of equal seats" in answers


def test_free_parking_and_buy_or_auction_reports(example_reports: dict[str, Path]) -> None:
    answers = _answers(example_reports["free-parking"].read_text())
    assert re.search(r"free parking pot games (are|tend to be|are not)", answers)
    page = example_reports["ultimate-banking-buy-or-auction"].read_text()
    answers = _answers(page)
    assert "standard?reserve=0 (2 seats, fair share 50.0%) wins" in answers
    assert "standard?reserve=1000 (2 seats, fair share 50.0%) wins" in answers
    assert "win rate per bot" in page


def test_ultimate_monopoly_players_report(example_reports: dict[str, Path]) -> None:
    """Line-ups of 2 to 12 seats in one experiment: each line-up's games hold one player
    row per seat, and the report gives each table's game length with its interval."""
    page_path = example_reports["ultimate-monopoly-players"]
    store = Store.open(page_path.parent)
    try:
        seats = dict(store.query("SELECT lineup, max(seat) + 1 FROM players GROUP BY ALL"))
        per_game = store.query("SELECT DISTINCT lineup, count(*) FROM players "
                               "GROUP BY lineup, game")
    finally:
        store.close()
    assert seats == {f"{n} players": n for n in (2, 4, 6, 8, 12)}
    assert all(count == seats[lineup] for lineup, count in per_game)
    page = page_path.read_text()
    answers = _answers(page)
    assert "How long is a game?" in answers and "Is it shorter?" not in answers
    for n in (2, 4, 6, 8, 12):
        assert re.search(rf"<li>ultimate monopoly \[{n} players\]: median [\d.]+ rounds "
                         r"\(95% CI [\d.]+ to [\d.]+\), mean [\d.]+, 90th percentile "
                         r"[\d.]+; median [\d.]+ player-turns \(95% CI", answers), n
    assert f"where {100 / 12:.1f}% is its fair share" in answers
    # One length plot with every line-up; the board drawn as its three tracks.
    assert page.count('alt="game length distributions') == 1
    assert "landing frequencies on the board, ultimate monopoly" in page
    assert "<th>median player-turns</th>" in page


def test_ultimate_monopoly_house_rules_report(example_reports: dict[str, Path]) -> None:
    """Each house rule against the official rules: game length, and the first seat's share
    of the wins with the difference's interval and Fisher's exact test."""
    answers = _answers(example_reports["ultimate-monopoly-house-rules"].read_text())
    for variant in ("alternative squeeze play", "no expiring vouchers"):
        assert re.search(rf"{variant} games (are \d+% (shorter|longer) than|tend to be|are "
                         r"not clearly longer or shorter than) official rules games", answers)
        assert re.search(rf"<li>{variant}: (no clear first-player advantage|the first player "
                         r"(has an advantage|is at a disadvantage))\. The first seat wins",
                         answers), variant
        assert re.search(rf"({variant} does not clearly change the first seat&#x27;s share "
                         rf"of the wins against official rules|the first seat wins (more|less) "
                         rf"often in {variant} than in official rules): [\d.]+% vs [\d.]+% "
                         r"of the games with a winner, a difference of [+-][\d.]+ points "
                         r"\(95% CI [+-][\d.]+ to [+-][\d.]+\); Fisher&#x27;s exact test p",
                         answers), variant


def test_ultimate_monopoly_bots_report(example_reports: dict[str, Path]) -> None:
    """Each line-up's stronger bot, with its share of the wins and the fair share."""
    answers = _answers(example_reports["ultimate-monopoly-bots"].read_text())
    for lineup, seats in (("standard vs three random", "1 of 4 seats, a fair share of 25.0%"),
                          ("standard vs three previous", "1 of 4 seats, a fair share of 25.0%"),
                          ("standard vs previous, two players",
                           "1 of 2 seats, a fair share of 50.0%")):
        assert re.search(rf"\[{lineup}\] The stronger bot \(standard, {re.escape(seats)}\) "
                         r"wins in official rules [\d.]+% \(95% CI", answers), lineup


# ------------------------------------------------------------------------ command line

def test_lab_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "tiny.toml"
    spec.write_text('title = "tiny"\ngames = 3\nseed = 2\n[[variant]]\nedition = '
                    '"ultimate-banking"\n[[lineup]]\nbots = ["standard", "random"]\n')
    out = tmp_path / "res"
    assert main(["lab", "run", str(spec), "--out", str(out), "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert "tiny: 3 games" in text and "played 3" in text
    assert f"pennybags lab report {out}" in text
    assert main(["lab", "report", str(out), "--out", str(tmp_path / "r.html")]) == 0
    assert (tmp_path / "r.html").read_text().startswith("<!DOCTYPE html>")
    capsys.readouterr()
    # One command for the designer: play (nothing left to play here) and write the report.
    assert main(["lab", "run", str(spec), "--out", str(out), "--report"]) == 0
    text = capsys.readouterr().out
    assert "played 0" in text and f"report: {out / 'report.html'}" in text
    assert (out / "report.html").read_text().startswith("<!DOCTYPE html>")
    assert main(["lab", "run", str(tmp_path / "missing.toml")]) == 2
    assert "cannot read" in capsys.readouterr().err
    spec.write_text("games = [")
    assert main(["lab", "run", str(spec)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pennybags: ") and err.count("\n") == 1
    assert main(["lab", "report", str(tmp_path / "nothing")]) == 2
    assert "no results at" in capsys.readouterr().err
    spec.write_text('[[variant]]\nedition = "classic"\n[[lineup]]\nbots = ["random", "random"]\n')
    assert main(["lab", "run", str(spec), "--workers", "0", "--out", str(tmp_path / "w")]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err


# ------------------------------------------------------------------------ in a browser

def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def test_the_report_opens_in_a_headless_browser(example_reports: dict[str, Path],
                                                tmp_path: Path) -> None:
    browser = _chromium()
    if browser is None:
        pytest.skip("Chromium is not installed (apt-get install chromium), so the report "
                    "is not opened in a real browser here")
    page = example_reports["monopoly-2.3-vs-classic"]
    base = [browser, "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--hide-scrollbars",
            "--host-resolver-rules=MAP * ~NOTFOUND",  # no network: everything is inside
            "--virtual-time-budget=10000"]
    dom = subprocess.run([*base, f"--user-data-dir={tmp_path / 'a'}", "--dump-dom",
                          page.as_uri()], capture_output=True, text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    root = re.search(r"<html[^>]*>", dom.stdout)
    assert root, dom.stdout[:500]
    attrs = dict(re.findall(r'(data-[\w-]+)="([^"]*)"', root.group(0)))
    images = len(re.findall(r'<img class="plot"', page.read_text()))
    assert attrs.get("data-errors") == "0", attrs
    assert attrs.get("data-plots") == str(images), attrs
    assert attrs.get("data-plots-shown") == str(images), attrs

    shot = tmp_path / "report.png"
    done = subprocess.run([*base, f"--user-data-dir={tmp_path / 'b'}",
                           "--window-size=1100,2400", f"--screenshot={shot}", page.as_uri()],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and shot.exists(), done.stderr[-2000:]
    import matplotlib.image

    pixels = matplotlib.image.imread(str(shot))
    rgb = pixels[..., :3]
    coloured = ((rgb.max(axis=-1) - rgb.min(axis=-1)) > 0.15).mean()
    # Text is black and grey: the coloured pixels are the plots'.
    assert coloured > 0.003, "the screenshot shows no coloured plots"


# ------------------------------------------------------------------------ hostile input

_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(["classic", "ultimate-banking", "monopoly-2.3", "standard", "random",
                     "rulebook", "unit",
                     "standard?reserve=x", "standard?reserve=99999999999999999999", "?",
                     "bot:standard", "standard?=", "nope"]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)
_PLACES = st.sampled_from([
    ("top", "games"), ("top", "seed"), ("top", "max_rounds"), ("top", "chunk"),
    ("top", "landing"), ("top", "title"), ("top", "question"), ("top", "variant"),
    ("top", "lineup"), ("top", "extra"), ("variant", "name"), ("variant", "edition"),
    ("variant", "options"), ("variant", "max_rounds"), ("option", "free-parking-pot"),
    ("option", "no-auctions"), ("option", "max-rounds"), ("option", "starting-cash"),
    ("option", "set-bonus"), ("option", "card-limit"), ("option", "auction-timer"),
    ("lineup", "name"), ("lineup", "bots"), ("lineup", "rotate"), ("lineup", "stronger"),
    ("bot", "0")])


@settings(max_examples=250, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["classic", "electronic-banking", "ultimate-banking", "monopoly-2.3"]),
       st.lists(st.tuples(_PLACES, _VALUES), min_size=1, max_size=3))
def test_hostile_experiment_data_is_refused_in_one_line_or_fits_the_store(
        edition: str, changes: list[tuple[tuple[str, str], Any]]) -> None:
    """Any value in any place of an experiment: a one-line ExperimentError naming the file,
    or an experiment whose numbers the store can hold and whose games can be played."""
    from pennybags.lab.model import MAX_INT32, MAX_INT64

    def first(key: str) -> Any:
        tables = data.get(key)
        return tables[0] if isinstance(tables, list) and tables else None

    data = copy.deepcopy(SMALL_EXPERIMENT)
    data["variant"] = [{"name": "v", "edition": edition}]
    for (where, key), value in changes:
        if where == "top":
            data[key] = value
        elif where in ("variant", "option"):
            variant = first("variant")
            if isinstance(variant, dict) and where == "variant":
                variant[key] = value
            elif isinstance(variant, dict) and isinstance(variant.setdefault("options", {}),
                                                          dict):
                variant["options"][key] = value
        else:
            lineup = first("lineup")
            if isinstance(lineup, dict) and where == "lineup":
                lineup[key] = value
            elif isinstance(lineup, dict) and isinstance(lineup.get("bots"), list) and \
                    lineup["bots"]:  # (an earlier change may have emptied the list)
                lineup["bots"][0] = value
    try:
        exp = parse_experiment(data, source="x.toml")
    except ExperimentError as e:
        assert str(e).startswith("x.toml: ") and "\n" not in str(e)
        return
    assert 1 <= exp.games <= MAX_INT32 and 1 <= exp.chunk <= MAX_INT32
    assert 0 <= exp.seed <= MAX_INT64
    assert all(0 <= v.max_rounds <= MAX_INT32 for v in exp.variants)
    assert isinstance(exp.title, str) and isinstance(exp.question, str)
    assert all(isinstance(v.name, str) for v in exp.variants)
    assert all(isinstance(lu.name, str) for lu in exp.lineups)
    from dataclasses import replace

    from pennybags.lab.experiment import Task

    for cell in exp.cells:  # a short game of each cell plays
        variant = replace(cell.variant, max_rounds=min(cell.variant.max_rounds or 15, 15))
        assert len(play_task(Task(variant, cell.lineup, exp.seed, exp.landing, 0, 1))) == 1


TINY = """title = "tiny"
games = 6
seed = 2
max_rounds = 40
landing = true
[[variant]]
edition = "classic"
[[lineup]]
bots = ["standard", "random", "standard"]
"""


def _one_line_error(capsys: pytest.CaptureFixture[str], *parts: str) -> str:
    err = capsys.readouterr().err
    assert err.startswith("pennybags: ") and err.count("\n") == 1, err
    for part in parts:
        assert part in err, (part, err)
    return err


def test_an_experiment_file_that_is_not_utf8_is_one_line_naming_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "latin1.toml"
    spec.write_bytes('title = "Café"\n'.encode("latin-1") + TINY.encode())
    assert main(["lab", "run", str(spec), "--out", str(tmp_path / "o")]) == 2
    _one_line_error(capsys, str(spec), "UTF-8")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(("make", "words"), [
    (lambda p: p.write_bytes(b"\x00\xff\xfe binary"), "UTF-8"),
    (lambda p: p.write_text(""), "at least one [[variant]]"),
    (lambda p: p.mkdir(), "cannot read"),
    (lambda p: p.write_text(TINY.replace("games = 6", "games = 99999999999999999999")),
     "games must be at most"),
    (lambda p: p.write_text(TINY.replace("seed = 2", "seed = inf")), "seed takes a whole"),
    (lambda p: p.write_text(TINY.replace('"random"', '"random?x=1"')), "no parameter(s) x"),
])
def test_bad_experiment_files_are_one_line_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Any, words: str) -> None:
    spec = tmp_path / "bad.toml"
    make(spec)
    assert main(["lab", "run", str(spec), "--out", str(tmp_path / "o")]) == 2
    _one_line_error(capsys, str(spec), words)


def test_bad_command_line_values_are_one_line_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "tiny.toml"
    spec.write_text(TINY)
    assert main(["lab", "run", str(spec), "--games", str(2**40), "--out",
                 str(tmp_path / "g")]) == 2
    _one_line_error(capsys, "games must be at most")
    assert main(["lab", "run", str(spec), "--workers", "100000", "--out",
                 str(tmp_path / "w")]) == 2
    _one_line_error(capsys, "--workers 100000 is too many")
    assert not (tmp_path / "w").exists()
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    assert main(["lab", "run", str(spec), "--out", str(a_file)]) == 2
    _one_line_error(capsys, str(a_file))
    assert a_file.read_text() == "not a folder"
    out = tmp_path / "res"
    assert main(["lab", "run", str(spec), "--out", str(out), "--workers", "1"]) == 0
    capsys.readouterr()
    assert main(["lab", "report", str(out), "--out", str(a_file / "r.html")]) == 2
    _one_line_error(capsys, str(a_file / "r.html"))
    store = (out / "results.duckdb").read_bytes()
    assert main(["lab", "report", str(out), "--out", str(out / "results.duckdb")]) == 2
    _one_line_error(capsys, "would overwrite the results")
    assert (out / "results.duckdb").read_bytes() == store


# ------------------------------------------------------------------------ odd names

ODD_NAMES = {
    "title": "$odd$ <names> & co",
    "games": 5,
    "seed": 4,
    "max_rounds": 40,
    "landing": True,
    "variant": [{"name": "a $x^$ b", "edition": "classic"},
                {"name": "<b>a&b\"'</b> $5", "edition": "classic",
                 "options": {"free-parking-pot": True}}],
    "lineup": [{"name": "$std$ & <rnd> 🎲", "bots": ["standard", "random", "standard"],
                "rotate": True, "stronger": "standard"}],
}


@pytest.fixture(scope="module")
def odd_names_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[str]]:
    """The report of a small run whose names are full of $, <, & and quotes (and a
    character the plots' font lacks), and every text its plots draw as matplotlib reads
    it: math text is marked with "MATH:"; then the warnings, marked "WARNING:"."""
    import warnings

    import matplotlib.text

    from pennybags.lab import report

    out = tmp_path_factory.mktemp("odd") / "res"
    run_experiment(parse_experiment(ODD_NAMES), out, workers=1)
    drawn: list[str] = []
    real_png = report._png

    def spy(fig: Any) -> str:
        fig.canvas.draw()  # makes the tick labels and legends
        for text in fig.findobj(matplotlib.text.Text):
            if text.get_text():
                # What matplotlib draws: the text with "\$" unescaped, and whether it reads
                # it as math (between two unescaped "$").
                shown, math = text._preprocess_math(text.get_text())
                drawn.append(f"MATH:{shown}" if math else shown)
        return real_png(fig)

    with pytest.MonkeyPatch.context() as patch, warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        patch.setattr(report, "_png", spy)
        page = build_report(out)
    return page, drawn + [f"WARNING:{w.message}" for w in said]


def test_dollar_signs_in_names_are_drawn_literally_not_as_math(
        odd_names_report: tuple[str, list[str]]) -> None:
    _, drawn = odd_names_report
    assert drawn
    assert [t for t in drawn if t.startswith(("MATH:", "WARNING:"))] == []
    everything = "\n".join(drawn)
    for name in ("a $x^$ b", "<b>a&b\"'</b> $5", "$std$ & <rnd> 🎲"):
        assert name in everything, name


def test_names_are_html_escaped_once_in_the_report(
        odd_names_report: tuple[str, list[str]]) -> None:
    page, _ = odd_names_report
    for raw in ("<b>a", "<rnd>", "<names>"):
        assert raw not in page
    assert "&amp;amp;" not in page and "&amp;lt;" not in page and "&amp;#" not in page
    for name in ("a $x^$ b", "<b>a&b\"'</b> $5", "$std$ & <rnd> 🎲"):
        assert page.count(html.escape(name)) >= 3, name
    head = page[:page.index("</title>") + len("</title>")]
    assert f"<title>{html.escape(str(ODD_NAMES['title']))}</title>" in head
    alts = re.findall(r'alt="([^"]*)"', page)
    assert any(html.escape("<b>a&b\"'</b> $5") in alt for alt in alts), alts


# ------------------------------------------------------------------------ damaged stores

def _damage_table(file: Path, table: str) -> None:
    """Overwrite bytes that hold ``table``'s data in a DuckDB file: its block's checksum no
    longer matches."""
    import duckdb

    con = duckdb.connect(str(file), read_only=True)
    try:
        block_size = con.execute("SELECT block_size FROM pragma_database_size()").fetchall()
        where = con.execute(
            f"SELECT block_id, block_offset FROM pragma_storage_info('{table}') "
            "WHERE block_id >= 0 AND segment_type <> 'VALIDITY' "
            "ORDER BY block_id, block_offset LIMIT 1").fetchall()
    finally:
        con.close()
    (size,), ((block, offset),) = block_size[0], where
    header = 3 * 4096  # the main header and the two database headers
    with file.open("r+b") as f:
        f.seek(header + int(block) * int(size) + 8 + int(offset))  # 8: the block's checksum
        f.write(b"\xa5" * 64)


def _damage(file: Path, how: str) -> None:
    if how == "a block of players":
        _damage_table(file, "players")
        import duckdb

        con = duckdb.connect(str(file), read_only=True)  # the damage is real
        with pytest.raises(duckdb.Error, match="checksum"):
            con.execute("SELECT * FROM players").fetchall()
        con.close()
    elif how == "its first block":  # read when the file is opened: its catalog
        with file.open("r+b") as f:
            f.seek(3 * 4096 + 8 + 100)
            f.write(b"\xa5" * 64)
    elif how == "truncated":
        with file.open("r+b") as f:
            f.truncate(file.stat().st_size // 2)
    else:
        file.write_bytes(b"PK\x03\x04 not a database" * 100)


@pytest.mark.parametrize("how", ["a block of players", "its first block", "truncated",
                                 "not a database"])
def test_a_damaged_store_is_named_in_one_line_and_left_as_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str) -> None:
    spec = tmp_path / "tiny.toml"
    spec.write_text(TINY.replace("games = 6", "games = 40"))
    out = tmp_path / "res"
    assert main(["lab", "run", str(spec), "--out", str(out), "--workers", "1"]) == 0
    capsys.readouterr()
    file = out / "results.duckdb"
    _damage(file, how)
    damaged = file.read_bytes()
    for command in (["lab", "run", str(spec), "--out", str(out), "--workers", "1"],
                    ["lab", "run", str(spec), "--out", str(out), "--report"],
                    ["lab", "report", str(out)]):
        assert main(command) == 2, command
        captured = capsys.readouterr()
        assert "already stored" not in captured.out and "report:" not in captured.out
        assert captured.err.startswith("pennybags: ") and captured.err.count("\n") == 1
        assert str(file) in captured.err, captured.err
        assert "is damaged" in captured.err.replace(str(file), "FILE"), captured.err
    assert file.read_bytes() == damaged
    assert sorted(p.name for p in out.iterdir()) == ["results.duckdb", "status.json"]


def test_a_store_another_process_has_open_is_named_busy_not_damaged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "tiny.toml"
    spec.write_text(TINY)
    out = tmp_path / "res"
    assert main(["lab", "run", str(spec), "--out", str(out), "--workers", "1"]) == 0
    capsys.readouterr()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time\n"
         f"con = duckdb.connect({str(out / 'results.duckdb')!r})\n"
         "print('open', flush=True)\ntime.sleep(120)\n"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        for command in (["lab", "report", str(out)],
                        ["lab", "run", str(spec), "--out", str(out), "--workers", "1"]):
            assert main(command) == 2
            _one_line_error(capsys, str(out / "results.duckdb"), "another process is using it")
    finally:
        holder.kill()
        holder.wait()


def test_an_interrupt_during_a_write_waits_for_the_write_to_end(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while DuckDB writes would cut the query (it comes out as a RuntimeError or a
    failed rollback, with a traceback): the runner holds it back until the write is done."""
    from pennybags.lab.status import read_status

    spec = tmp_path / "tiny.toml"
    spec.write_text(TINY.replace("games = 6", "games = 30"))
    out = tmp_path / "res"
    real_insert = Store._insert
    seen: list[str] = []

    def insert(self: Store, table: str, data: list[tuple[Any, ...]]) -> None:
        try:
            if table == "players" and not seen:
                seen.append("Ctrl-C")
                os.kill(os.getpid(), signal.SIGINT)
            real_insert(self, table, data)
        except KeyboardInterrupt:
            seen.append("the write was cut")
            raise

    monkeypatch.setattr(Store, "_insert", insert)
    assert main(["lab", "run", str(spec), "--out", str(out), "--workers", "1"]) == 130
    assert seen == ["Ctrl-C"]
    err = capsys.readouterr().err
    assert "interrupted: the finished games are stored" in err and "Traceback" not in err
    status = read_status(out)
    stored = _stored(out)
    assert status is not None and (status.state, status.stored) == ("interrupted", stored)
    assert stored > 0 and duplicates(out) == 0


# ------------------------------------------------------------------------ honest status

def test_a_run_killed_outright_is_reported_as_interrupted_not_running(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pennybags.lab.status import read_status

    spec = tmp_path / "killed.toml"
    spec.write_text(TINY.replace("games = 6", "games = 200").replace("max_rounds = 40",
                                                                      "max_rounds = 30"))
    out = tmp_path / "out"
    command = [sys.executable, "-m", "pennybags", "lab", "run", str(spec), "--out", str(out),
               "--workers", "2", "--commit-every", "0.1"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    _wait_stored(out / "status.json", 0, proc)
    status = read_status(out)
    assert status is not None and status.state == "running" and status.pid == proc.pid
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)
    stored = _stored(out)
    assert 0 < stored < 200

    status = read_status(out)
    assert status is not None
    assert (status.state, status.pid, status.stored) == ("interrupted", proc.pid, stored)
    assert str(proc.pid) in status.words()

    # The report says the results are partial and why.
    assert main(["lab", "report", str(out)]) == 0
    said = capsys.readouterr().out
    assert "interrupted" in said and f"{stored} of 200 games" in said
    page = (out / "report.html").read_text()
    assert "interrupted" in page and f"{stored} of 200 games" in page

    # A second run says what it found, plays the rest and leaves an honest status.
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert re.search(rf"the previous run \(pid {proc.pid}\b.*\) was interrupted", done.stdout), \
        done.stdout
    assert f"{200 - stored} in" in done.stdout and f"{stored} were already stored" in done.stdout
    final = read_status(out)
    assert final is not None and (final.state, final.stored) == ("complete", 200)
    assert final.pid not in (None, proc.pid)


def _sleeper() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])


def test_a_second_run_refuses_a_store_that_a_live_run_is_writing(tmp_path: Path) -> None:
    from pennybags.lab.status import process_identity, read_status, write_status

    exp = parse_experiment({**SMALL_EXPERIMENT, "games": 2, "landing": False})
    out = tmp_path / "out"
    other = _sleeper()
    try:
        out.mkdir()
        write_status(out, title="small", games=exp.total_games, stored=0, state="running",
                     started=time.time(), owner=process_identity(other.pid))
        with pytest.raises(ExperimentError, match=rf"another run \(pid {other.pid}\b"):
            run_experiment(exp, out, workers=1)
    finally:
        other.kill()
        other.wait()
    status = read_status(out)
    assert status is not None and status.state == "interrupted"
    summary = run_experiment(exp, out, workers=1)
    assert summary.played == exp.total_games
    assert summary.previous is not None and str(other.pid) in summary.previous


def test_a_status_is_running_only_while_its_own_process_lives(tmp_path: Path) -> None:
    from pennybags.lab.status import process_identity, read_status, write_status

    def state(owner: dict[str, Any]) -> str:
        write_status(tmp_path, title="t", games=4, stored=1, state="running",
                     started=time.time(), owner=owner)
        status = read_status(tmp_path)
        assert status is not None
        return status.state

    me = process_identity()
    assert state(me) == "running"
    # The same pid, started at another time: the pid was reused by another process.
    assert state({**me, "start_ticks": (me["start_ticks"] or 0) + 12345}) == "interrupted"
    gone = _sleeper()
    identity = process_identity(gone.pid)
    gone.kill()
    gone.wait()
    assert state(identity) == "interrupted"
    # On another machine the process cannot be checked: still running as far as we know.
    assert state({**identity, "host": "elsewhere.invalid"}) == "running"
    (tmp_path / "status.json").write_text("{not json")
    assert read_status(tmp_path) is None


# ------------------------------------------------------------------------ imports

def test_the_lab_modules_import_each_other_without_a_cycle() -> None:
    """Every import counts: at the top, in functions, under TYPE_CHECKING."""
    lab = ROOT / "src" / "pennybags" / "lab"
    names = {p.stem for p in lab.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in lab.glob("*.py"):
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module == "pennybags.lab":
                    edges.update(a.name for a in node.names)
                elif node.module.startswith("pennybags.lab."):
                    edges.add(node.module.split(".")[2])
            elif isinstance(node, ast.ImportFrom) and node.level:
                edges.update([node.module.split(".")[0]] if node.module
                             else [a.name for a in node.names])
            elif isinstance(node, ast.Import):
                edges.update(a.name.split(".")[2] for a in node.names
                             if a.name.startswith("pennybags.lab."))
        graph[path.stem] = (edges & names) - {path.stem}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph[start]:
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    assert "experiment" in graph and "store" in graph["experiment"] | graph["report"]
    circles = sorted(m for m in graph if reaches(m, m, {m}))
    assert circles == [], {m: sorted(graph[m]) for m in circles}
