"""``pennybags simulate``: the summary and its JSON, determinism whatever the number of
workers, the command line (errors, options, no progress bar when piped) and ``--landing``,
including its statistical agreement with the exact odds of :mod:`pennybags.lab.odds`.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pennybags.cli import main
from pennybags.editions import get_edition
from pennybags.engine.game import Event, Game
from pennybags.lab import simulate
from pennybags.lab.landing import LandingCounter
from pennybags.lab.odds import TokenChain
from pennybags.lab.simulate import Setup, play_one, run_games, summarise

PENNYBAGS = str(Path(sys.executable).with_name("pennybags"))
TIMING = {"seconds", "player_turns_per_second"}


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["simulate", *args, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.count("\n") == 1, "one JSON object on one line"
    result: dict[str, Any] = json.loads(out)
    return result


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMING}


# ------------------------------------------------------------------------------ the summary


def test_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    s = simulate_json(capsys, "--players", "standard,random,simple", "--games", "8",
                      "--seed", "3", "--max-rounds", "150")
    assert {"games", "player_turns", "seconds", "wins", "ended", "rounds"} <= set(s)
    assert s["games"] == 8
    assert s["players"] == ["standard", "random", "simple"] and s["max_rounds"] == 150
    assert set(s["wins"]) == {"0", "1", "2"}
    assert sum(s["wins"].values()) + s["draws"] == 8
    assert sum(s["wins_by_bot"].values()) == sum(s["wins"].values())
    assert s["wins_by_bot"].get("standard", 0) == s["wins"]["0"]
    assert sum(s["ended"].values()) == 8 and set(s["ended"]) <= {"bankruptcy", "round-cap"}
    assert set(s["rounds"]) == {"mean", "median", "p90"}
    assert 1 <= s["rounds"]["median"] <= s["rounds"]["p90"] <= 150
    assert s["player_turns"] >= 8 * 3 and s["seconds"] > 0
    # The same run through the library: the figures are those of the games.
    setup = Setup("classic", ("standard", "random", "simple"), seed=3, max_rounds=150)
    results = run_games(setup, 8)
    rounds = [r.rounds for r in results]
    assert s["rounds"]["mean"] == round(statistics.fmean(rounds), 2)
    assert s["rounds"]["median"] == statistics.median(rounds)
    assert s["player_turns"] == sum(r.player_turns for r in results)
    assert untimed(summarise(setup, results, 1.0)) == untimed(s)


def test_percentiles_and_draws() -> None:
    setup = Setup("classic", ("simple", "simple"), seed=1, max_rounds=0)
    made = [simulate.GameResult(index=i, seed=i, rounds=r, player_turns=2 * r,
                                end_reason=reason, winner=w, seconds=0.0, assets=[0, 0])
            for i, (r, reason, w) in enumerate([(10, "bankruptcy", 0), (20, "bankruptcy", 1),
                                                (30, "round-cap", None), (40, "bankruptcy", 1),
                                                (100, "round-cap", 0)])]
    s = summarise(setup, made, 2.0)
    assert s["wins"] == {"0": 2, "1": 2} and s["draws"] == 1
    assert s["ended"] == {"bankruptcy": 3, "round-cap": 2}
    assert s["rounds"] == {"mean": 40.0, "median": 30, "p90": 76.0}
    assert s["player_turns"] == 400 and s["player_turns_per_second"] == 200


def test_human_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "standard,random,random", "--games", "6",
                 "--seed", "2", "--max-rounds", "200"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("6 games of classic")
    assert "player-turns" in out
    rows = [line.translate(str.maketrans("│┃|", "   ")).split() for line in out.splitlines()]
    wins = {int(r[0]): (r[1], int(r[2])) for r in rows if len(r) == 4 and r[0].isdigit()}
    assert [bot for bot, _ in wins.values()] == ["standard", "random", "random"]
    assert sum(w for _, w in wins.values()) <= 6
    assert "wins by bot: " in out and "standard" in out.split("wins by bot: ")[1]
    assert "ended: " in out
    assert "rounds per game: mean " in out and "median" in out and "p90" in out
    assert "landing" not in out


# ------------------------------------------------------------------------------ determinism


def test_same_seed_same_results_whatever_the_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--players", "standard,random,simple?reserve=50", "--games", "12", "--seed", "5",
            "--max-rounds", "120"]
    one = simulate_json(capsys, *args, "--workers", "1")
    two = simulate_json(capsys, *args, "--workers", "2")
    assert untimed(one) == untimed(two)
    other = simulate_json(capsys, *args[:-4], "--seed", "6", "--max-rounds", "120")
    assert untimed(other) != untimed(one)


def test_game_results_do_not_depend_on_the_split() -> None:
    setup = Setup("classic", ("random", "standard"), seed=9, max_rounds=60, landing=True)
    alone = [play_one(setup, i) for i in reversed(range(6))]
    together = run_games(setup, 6, workers=2)
    assert [r.index for r in together] == list(range(6))
    for r in alone:
        r.seconds = 0.0
    for r in together:
        r.seconds = 0.0
    assert together == sorted(alone, key=lambda r: r.index)
    assert len({r.seed for r in together}) == 6


# ------------------------------------------------------------------------------ options


def test_house_rules_reach_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    s = simulate_json(capsys, "--games", "5", "-o", "max-rounds=5")
    assert s["ended"] == {"round-cap": 5} and s["max_rounds"] == 5
    assert s["rounds"] == {"mean": 5.0, "median": 5, "p90": 5.0}
    capped = simulate_json(capsys, "--games", "5", "--max-rounds", "7")
    assert capped["ended"] == {"round-cap": 5} and capped["rounds"]["median"] == 7
    plain = simulate_json(capsys, "--games", "5", "--seed", "4", "--max-rounds", "400")
    pot = simulate_json(capsys, "--games", "5", "--seed", "4", "--max-rounds", "400",
                        "-o", "free-parking-pot")
    assert untimed(plain) != untimed(pot)


def test_free_parking_pot_option_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A house rule given to a run changes how money moves in its games: with the pot,
    taxes and fees go to it (payee -2)."""
    payees: set[int] = set()

    class Watch(LandingCounter):
        def __call__(self, event: Event) -> None:
            if event.kind == "paid":
                payees.add(event.data["payee"])
            super().__call__(event)

    monkeypatch.setattr(simulate, "LandingCounter", Watch)
    for options in ({}, {"free-parking-pot": "true"}):
        payees.clear()
        setup = Setup("classic", ("standard",) * 3, seed=2, max_rounds=100, options=options,
                      landing=True)
        play_one(setup, 0)
        assert -1 in payees
        assert (-2 in payees) == bool(options), options


# ------------------------------------------------------------------------------ errors


@pytest.mark.parametrize(("args", "words"), [
    (["--edition", "nosuch"], ["nosuch", "classic"]),
    (["--players", "standard,nosuchbot"], ["nosuchbot", "standard"]),
    (["--players", "standard?reserve=x,random"], ["reserve", "'x'"]),
    (["--players", "standard?color=red,random"], ["color"]),
    (["--players", "standard"], ["2 to 8", "not 1"]),
    (["--players", ",".join(["random"] * 9)], ["2 to 8", "not 9"]),
    (["--games", "0"], ["--games"]),
    (["--workers", "0"], ["--workers"]),
    (["--max-rounds", "-3"], ["--max-rounds"]),
    (["-o", "nosuch=1"], ["nosuch", "max-rounds"]),
    (["-o", "max-rounds=many"], ["max-rounds", "many"]),
    (["-o", "max-rounds=5", "--max-rounds", "6"], ["once"]),
])
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                             words: list[str]) -> None:
    assert main(["simulate", "--games", "1", *args]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("pennybags: "), err
    for word in words:
        assert word in err, f"{err!r} should mention {word!r}"


def test_errors_from_the_real_command() -> None:
    for args in (["--edition", "nosuch"], ["--players", "x,y"], ["--games", "0"],
                 ["-o", "bad"]):
        done = subprocess.run([PENNYBAGS, "simulate", *args], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stdout == ""
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr


# ------------------------------------------------------------------------------ progress


def test_no_progress_bar_when_piped() -> None:
    done = subprocess.run([PENNYBAGS, "simulate", "--games", "40", "--players",
                           "standard,standard", "--max-rounds", "300"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert done.stderr == ""
    assert done.stdout.startswith("40 games of classic")
    assert "\x1b" not in done.stdout and "\r" not in done.stdout
    assert "simulating" not in done.stdout


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_progress_bar_on_a_terminal_goes_to_stderr() -> None:
    """With stderr on a terminal the bar is drawn there, and the piped summary stays clean."""
    master, slave = os.openpty()
    drawn = bytearray()

    def read() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            drawn.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    env = dict(os.environ, TERM="xterm", COLUMNS="100")
    env.pop("NO_COLOR", None)
    done = subprocess.run([PENNYBAGS, "simulate", "--games", "60", "--players",
                           "standard,random", "--max-rounds", "300"], stdout=subprocess.PIPE,
                          stderr=slave, env=env, timeout=120)
    os.close(slave)
    reader.join(timeout=10)
    os.close(master)
    assert done.returncode == 0
    out = done.stdout.decode()
    assert out.startswith("60 games of classic"), out[:80]
    assert "simulating" in drawn.decode(errors="replace")


# ------------------------------------------------------------------------------ --landing


class CheckedCounter(LandingCounter):
    """A landing counter that also keeps its own tally from the game's state (not from the
    events' positions): when a roll is resolved it looks where the roller's token is."""

    made: ClassVar[list[CheckedCounter]] = []

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.game = game
        self.tally = [0] * game.board.size
        self.jail_tally = 0
        self.roller = -1
        CheckedCounter.made.append(self)

    def __call__(self, event: Event) -> None:
        kind = event.kind
        if kind in ("turn", "game-over") or (
                kind == "rolled" and not event.data.get("for_rent")
                and not event.data.get("for_card")):
            if self.roller >= 0:
                player = self.game.players[self.roller]
                if player.in_jail:
                    self.jail_tally += 1
                else:
                    self.tally[player.position] += 1
            self.roller = event.data["player"] if kind == "rolled" else -1
        super().__call__(event)


def test_landing_counts_every_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    CheckedCounter.made.clear()
    monkeypatch.setattr(simulate, "LandingCounter", CheckedCounter)
    setup = Setup("classic", ("standard", "random", "simple", "standard?jail=long"), seed=4,
                  max_rounds=150, landing=True)
    results = [play_one(setup, i) for i in range(4)]
    assert len(CheckedCounter.made) == 4
    for r, checked in zip(results, CheckedCounter.made, strict=True):
        assert r.landing == checked.tally and r.landing_jail == checked.jail_tally
        assert r.landing_rolls == sum(checked.tally) + checked.jail_tally > 0
    summary = summarise(setup, results, 1.0)["landing"]
    frequencies = [sq["frequency"] for sq in summary["squares"]]
    assert len(frequencies) == 40
    assert math.fsum(frequencies) + summary["in_jail"]["frequency"] == pytest.approx(1.0)
    assert summary["rolls"] == sum(r.landing_rolls for r in results)
    assert summary["squares"][30]["count"] == 0  # Go To Jail sends the token on
    assert summary["in_jail"]["count"] > 0


def test_landing_counts_every_roll_on_three_tracks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ultimate Monopoly: the counts follow the tokens over the three tracks (bonus moves,
    triples, vouchers, taxis and cards included) as the game's own positions say."""
    CheckedCounter.made.clear()
    monkeypatch.setattr(simulate, "LandingCounter", CheckedCounter)
    setup = Setup("ultimate-monopoly", ("standard", "random", "standard"), seed=2,
                  max_rounds=60, landing=True)
    results = [play_one(setup, i) for i in range(3)]
    for r, checked in zip(results, CheckedCounter.made, strict=True):
        assert r.landing == checked.tally and r.landing_jail == checked.jail_tally
        assert r.landing_rolls == sum(checked.tally) + checked.jail_tally > 0
    assert sum(1 for c in results[0].landing or [] if c) > 40  # not the middle track alone


def test_a_card_that_throws_the_dice_belongs_to_the_roll_that_drew_it() -> None:
    """Be Kind, Rewind ("roll again and move BACKWARDS"): the card's throw is no roll of its
    own; the roll that drew the card counts where the card's move ends."""
    counter = LandingCounter(get_edition("ultimate-monopoly").new_game(["A", "B"], seed=0))
    for event in (Event("rolled", {"player": 0}), Event("moved", {"player": 0, "to": 7}),
                  Event("rolled", {"player": 0, "for_card": True}),
                  Event("moved", {"player": 0, "to": 3}), Event("turn", {"player": 1})):
        counter(event)
    assert counter.rolls == 1 and counter.counts[3] == 1 and counter.counts[7] == 0


def test_landing_output(capsys: pytest.CaptureFixture[str]) -> None:
    s = simulate_json(capsys, "--games", "3", "--landing", "--max-rounds", "200")
    land = s["landing"]
    assert land["rolls"] > 100
    assert [sq["index"] for sq in land["squares"]] == list(range(40))
    assert land["squares"][0]["name"] == "GO" and land["squares"][39]["name"] == "Boardwalk"
    total = sum(sq["count"] for sq in land["squares"]) + land["in_jail"]["count"]
    assert total == land["rolls"]
    assert math.fsum(sq["frequency"] for sq in land["squares"]) + \
        land["in_jail"]["frequency"] == pytest.approx(1.0)
    assert main(["simulate", "--games", "3", "--landing", "--max-rounds", "200"]) == 0
    out = capsys.readouterr().out
    assert f"landing frequencies over {land['rolls']:,} rolls" in out
    assert "in jail" in out and "Boardwalk" in out


def chi_square(summary: dict[str, Any], jail: str) -> tuple[float, float, int]:
    """Pearson's statistic of the counts against the exact odds, the largest |z| of a cell,
    and the degrees of freedom."""
    odds = TokenChain(get_edition("classic").data, jail).odds("roll")
    observed = [sq["count"] for sq in summary["squares"]] + [summary["in_jail"]["count"]]
    expected = [*odds.squares, odds.in_jail]
    n = summary["rolls"]
    stat = worst = 0.0
    cells = 0
    for o, p in zip(observed, expected, strict=True):
        if p == 0:
            assert o == 0
            continue
        cells += 1
        stat += (o - n * p) ** 2 / (n * p)
        worst = max(worst, abs(o - n * p) / math.sqrt(n * p * (1 - p)))
    return stat, worst, cells - 1


def test_landing_agrees_with_the_exact_odds() -> None:
    """About 95,000 rolls of ``standard?jail=short`` bots against the exact short-stay odds.

    The chain is the long-run distribution, so the games must be long: the bots keep a reserve
    so large that they never buy, nobody goes bankrupt, and every game runs its 1,000
    rounds. (Ordinary games of ~50 rounds start every token on GO and end with bankruptcies;
    over 77,000 rolls of them the squares 6 to 9 come out 3-5 standard errors high.) They
    always can pay to leave jail, and use a Get Out of Jail Free card at once, as the chain
    assumes. 39 degrees of freedom: 80.6 is the 1-in-10,000 level. The same counts must
    reject the long-stay odds."""
    setup = Setup("classic", ("standard?jail=short&reserve=100000",) * 4, seed=1,
                  max_rounds=1000, landing=True)
    results = run_games(setup, 20, workers=2)
    assert {r.end_reason for r in results} == {"round-cap"}
    summary = summarise(setup, results, 1.0)["landing"]
    assert summary["rolls"] > 90_000
    stat, worst, df = chi_square(summary, "short")
    assert df == 39
    assert stat < 80.6 and worst < 4.5, (stat, worst)
    assert chi_square(summary, "long")[0] > 1000


# ------------------------------------------------------------------------------ Ultimate Monopoly


def test_simulate_plays_ultimate_monopoly_like_any_edition(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--edition ultimate-monopoly`` with 2 and 12 bots, its house rules as ``-o``, the
    same results on one worker or two; 13 players is one line naming the limits."""
    for seats in (2, 12):
        args = ["--edition", "ultimate-monopoly", "--players", ",".join(["standard"] * seats),
                "--games", "2", "--seed", "4", "-o", "alternative-squeeze-play",
                "-o", "expiring-vouchers=0"]
        one = simulate_json(capsys, *args, "--workers", "1")
        assert one["edition"] == "ultimate-monopoly" and one["games"] == 2
        assert set(one["wins"]) == {str(s) for s in range(seats)}
        assert sum(one["wins"].values()) + one["draws"] == 2
        assert one["player_turns"] >= 2 * seats
    assert untimed(simulate_json(capsys, *args, "--workers", "2")) == untimed(one)
    # The house rules reach the games: the same seeds play other games without them.
    plain = simulate_json(capsys, "--edition", "ultimate-monopoly", "--games", "2",
                          "--seed", "4", "--players", ",".join(["standard"] * 12))
    assert untimed(plain) != untimed(one)
    assert main(["simulate", "--edition", "ultimate-monopoly", "--games", "1",
                 "--players", ",".join(["standard"] * 13)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Ultimate Monopoly is for 2 to 12 players, not 13" in err


def test_landing_names_each_space_of_a_board_of_several_tracks(
        capsys: pytest.CaptureFixture[str]) -> None:
    """On Ultimate Monopoly's 120 spaces a name can stand for a space on each track
    ("Reading Railroad" is a space of the middle track and of the outer one): each square
    also has its label, its track and number, and the table shows it."""
    s = simulate_json(capsys, "--edition", "ultimate-monopoly", "--games", "2", "--landing")
    squares = s["landing"]["squares"]
    assert [sq["index"] for sq in squares] == list(range(120))
    assert len({sq["label"] for sq in squares}) == 120
    reading = [sq for sq in squares if sq["name"] == "Reading Railroad"]
    assert [(sq["index"], sq["label"]) for sq in reading] == [(5, "middle:5"), (47, "outer:7")]
    assert squares[96]["label"] == "inner:0"
    assert sum(sq["count"] for sq in squares) + s["landing"]["in_jail"]["count"] == \
        s["landing"]["rolls"]
    assert main(["simulate", "--edition", "ultimate-monopoly", "--games", "2",
                 "--landing"]) == 0
    out = capsys.readouterr().out
    rows = [line.translate(str.maketrans("│┃", "  ")).split() for line in out.splitlines()]
    assert ["square", "space", "name", "frequency"] in rows
    assert any(r[:4] == ["47", "outer:7", "Reading", "Railroad"] for r in rows)
    # A board of one track keeps its three columns: the index names the space.
    classic = simulate_json(capsys, "--games", "1", "--landing", "--max-rounds", "20")
    assert [sq["label"] for sq in classic["landing"]["squares"]] == \
        [str(i) for i in range(40)]
    assert main(["simulate", "--games", "1", "--landing", "--max-rounds", "20"]) == 0
    out = capsys.readouterr().out
    rows = [line.translate(str.maketrans("│┃", "  ")).split() for line in out.splitlines()]
    assert ["square", "name", "frequency"] in rows


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=2000), min_size=1, max_size=60),
       st.sampled_from([0.0, 0.1, 0.5, 0.9, 1.0]))
def test_counted_figures_equal_the_figures_of_the_list(values: list[int], q: float) -> None:
    """simulate keeps counts, not the list of games: its median, mean and percentiles are
    those of the whole list."""
    counts = Counter(values)
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    assert simulate._percentile(counts, q) == ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)
    assert simulate._median(counts) == statistics.median(values)
    assert simulate._mean(counts) == round(statistics.fmean(values), 2)


def test_the_summary_does_not_depend_on_the_order_games_finish_in() -> None:
    setup = Setup("ultimate-banking", ("standard", "random", "standard"), seed=5,
                  max_rounds=120, landing=True)
    results = run_games(setup, 10)
    forward = summarise(setup, results, 1.0)
    assert summarise(setup, list(reversed(results)), 1.0) == forward
    assert summarise(setup, results[3:] + results[:3], 1.0) == forward
    assert forward["games"] == 10 and forward["landing"]["rolls"] > 0


# ------------------------------------------------------------------------------ per-game rows


@pytest.mark.parametrize("edition_id", ["classic", "monopoly-2.3"])
def test_bankruptcy_rounds_and_whole_groups_are_those_seen_at_every_round_end(
        edition_id: str) -> None:
    """``play_one`` looks at the groups only when owners changed, and then only at the
    groups of the deeds the game's log names (every group when the log does not account
    for every change, as in Monopoly 2.3, whose own rules count changes without logging
    them): it must note what looking at every group at every round's end notes (the groups
    each seat held whole at the end of a round before anyone went bankrupt, the round of
    each bankruptcy)."""
    from pennybags.bots import make_bot

    setup = Setup(edition_id, ("standard", "random", "standard", "simple"), seed=6,
                  max_rounds=200)
    edition = get_edition(edition_id)
    checked_groups = 0
    for index in range(6):
        result = play_one(setup, index)
        game = edition.new_game([f"p{i}" for i in range(4)], seed=result.seed,
                                options=simulate.run_options(edition_id, (), 200),
                                record=False)
        bots = [make_bot(spec, result.seed * 8 + seat) for seat, spec in enumerate(setup.bots)]
        gone: list[int | None] = [None] * 4
        whole: list[list[str]] = [[] for _ in range(4)]
        groups = [(g, deeds) for g, deeds in game.board.groups.items() if len(deeds) >= 2]
        while True:
            last = game.round
            if not game.over:
                game.play_out(bots, until_round=last + 1)
            for p in range(4):
                if game.players[p].bankrupt and gone[p] is None:
                    gone[p] = last
            if all(g is None for g in gone):
                for name, deeds in groups:
                    owners = {game.owner[d] for d in deeds}
                    if len(owners) == 1 and min(owners) >= 0 and \
                            name not in whole[min(owners)]:
                        whole[min(owners)].append(name)
            if game.over:
                break
        assert result.bankrupt_round == gone
        assert result.groups == whole
        checked_groups += sum(len(w) for w in whole)
    assert checked_groups > 0  # (the games did gather groups)


@pytest.mark.parametrize("edition_id", ["classic", "electronic-banking", "monopoly-2.3",
                                        "ultimate-banking", "ultimate-monopoly"])
def test_the_board_s_groups_as_bits_are_its_groups_of_two_deeds_or_more(
        edition_id: str) -> None:
    """The groups ``play_one`` notes, each deed's as bits of a 64-bit integer: the board's
    groups of two deeds or more, in order, on every edition's board (all within the 63
    groups such bits hold)."""
    board = get_edition(edition_id).data.board
    made = simulate.board_groups(board)
    expected = [(name, deeds) for name, deeds in board.groups.items() if len(deeds) >= 2]
    assert list(zip(made.names, made.groups, strict=True)) == expected
    assert 0 < len(expected) <= simulate.MOST_GROUPS
    for d in range(board.size):
        bits = 0
        for g, (_, deeds) in enumerate(expected):
            if d in deeds:
                bits |= 1 << g
        assert made.of_deed[d] == bits
    assert made.every == (1 << len(expected)) - 1


# ------------------------------------------------------------------------------ made once a run


def test_a_bot_factory_makes_the_bots_make_bot_makes() -> None:
    """``bot_factory`` reads a spec once; each bot it makes has the spec's parameters (a
    factory takes out the parameters it understands, so each bot gets its own copy) and
    plays as ``make_bot``'s bot of the same spec and seed."""
    from pennybags.bots import bot_factory, make_bot
    from pennybags.bots.simple import SimpleBot

    make = bot_factory("simple?reserve=300")
    first, second = make(0), make(1)
    assert isinstance(first, SimpleBot) and isinstance(second, SimpleBot)
    assert first.reserve == second.reserve == 300
    specs = ("random", "standard?reserve=80&jail=long", "simple?reserve=300", "standard")
    makers = [bot_factory(spec) for spec in specs]
    edition = get_edition("classic")
    for seed in range(3):
        games = []
        for bots in ([make_bot(spec, seed * 8 + i) for i, spec in enumerate(specs)],
                     [m(seed * 8 + i) for i, m in enumerate(makers)]):
            game = edition.new_game(["a", "b", "c", "d"], seed=seed,
                                    options={"max-rounds": 60}, record=True)
            game.play_out(bots)
            games.append(game)
        assert games[0].history == games[1].history
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        bot_factory("nobody")
    with pytest.raises(ValueError, match="should look like name=value"):
        bot_factory("simple?reserve")


def test_what_a_run_makes_once_is_made_again_for_another_run() -> None:
    """``play_one`` keeps what a run's games share (the edition, the names, the options,
    the bots' makers) for the last :class:`Setup` it played: games of two runs played in
    turn are those of each run played alone."""
    one = Setup("classic", ("standard", "random", "simple", "standard"), seed=3,
                max_rounds=150)
    other = Setup("monopoly-2.3", ("simple", "standard", "random", "simple"), seed=4,
                  max_rounds=80)

    def alone(setup: Setup, index: int) -> simulate.GameResult:
        simulate.LAST_RUN.made = None  # (made afresh for this game)
        return play_one(setup, index)

    alone_one = [alone(one, i) for i in range(3)]
    alone_other = [alone(other, i) for i in range(3)]
    in_turn = [(play_one(one, i), play_one(other, i)) for i in range(3)]

    def key(r: simulate.GameResult) -> tuple[Any, ...]:
        return (r.seed, r.rounds, r.player_turns, r.end_reason, r.winner, r.assets,
                r.bankrupt_round, r.deeds, r.groups)

    assert [key(a) for a, _ in in_turn] == [key(r) for r in alone_one]
    assert [key(b) for _, b in in_turn] == [key(r) for r in alone_other]
    assert [r.player_turns for r in alone_one] != [r.player_turns for r in alone_other]
