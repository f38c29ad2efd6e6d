"""The lab: experiment files, the runner and its store, resuming, reports, the examples.

The example experiments run end to end at small size (a few dozen games each) once per
session; the report tests and the browser test (``test_lab_browser.py``) reuse them.
"""

from __future__ import annotations

import json
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
from pennybags.lab.report import build_report, compare_lengths, share
from pennybags.lab.simulate import Setup, play_one
from pennybags.lab.store import Store

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "experiments").glob("*.toml"))
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
                     "ultimate-banking-buy-or-auction"}
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


# ------------------------------------------------------------------------ the examples

@pytest.fixture(scope="session")
def example_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each example experiment run at small size, and its report."""
    out: dict[str, Path] = {}
    base = tmp_path_factory.mktemp("examples")
    for path in EXAMPLES:
        exp = small(load_experiment(path))
        summary = run_experiment(exp, base / path.stem, workers=2)
        assert summary.played == exp.total_games
        page = base / path.stem / "report.html"
        page.write_text(build_report(base / path.stem), encoding="utf-8")
        out[path.stem] = page
    return out


def _answers(page: str) -> str:
    start = page.index("<h2>The answers</h2>")
    return page[start:page.index("<h2>", start + 5)]


def test_reports_are_self_contained(example_reports: dict[str, Path]) -> None:
    assert len(example_reports) == 4
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
