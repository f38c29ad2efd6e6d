"""The report of an experiment: ``pennybags lab report RESULTS [--out FILE.html]``.

One self-contained HTML file: the plots are PNG images inside it (matplotlib), the only
script is a few lines that check the images are shown; nothing is fetched from anywhere.

It has, for the stored results of an experiment:

* the answers in words, with the statistics behind them (SciPy): game lengths of each
  variant against the first one (Mann-Whitney U test, bootstrap 95% confidence interval of
  the difference of the medians); how often the stronger bot wins (Wilson intervals,
  Fisher's exact test between variants); whether the first seat wins more than its share
  (binomial test, and a chi-square test over all seats); which bot style wins more than its
  share of the seats (binomial test);
* plots: game lengths per variant, win rate per seat and per bot with 95% intervals, how
  games ended, the colour groups the winners held whole, landing frequencies on the board;
* a table per variant and line-up, and the experiment itself.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
import warnings
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pennybags.lab.model import ExperimentError
from pennybags.lab.status import read_status
from pennybags.lab.store import Store, StoreDamaged, require_lab_packages, results_file

ALPHA = 0.05
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_MAX = 20_000
"""Longest sample the bootstrap resamples (a random subsample beyond), to bound its time."""


# ------------------------------------------------------------------------ statistics

def fmt_p(p: float) -> str:
    if math.isnan(p):
        return "p = n/a"
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def pct(x: float, digits: int = 1) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.{digits}f}%"


def num(x: float) -> str:
    if math.isnan(x):
        return "n/a"
    x = round(float(x), 1)
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


@dataclass(frozen=True)
class Share:
    """``k`` of ``n`` with its Wilson 95% interval."""

    k: int
    n: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else math.nan

    def words(self) -> str:
        if not self.n:
            return "n/a (no games)"
        return (f"{pct(self.value)} (95% CI {pct(self.low)} to {pct(self.high)}, "
                f"{self.k} of {self.n})")


def share(k: int, n: int) -> Share:
    from scipy.stats import binomtest

    if n <= 0:
        return Share(k, 0, math.nan, math.nan)
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    return Share(k, n, float(ci.low), float(ci.high))


def binom_p(k: int, n: int, p: float) -> float:
    from scipy.stats import binomtest

    if n <= 0:
        return math.nan
    return float(binomtest(k, n, p).pvalue)


@dataclass(frozen=True)
class LengthComparison:
    """Game lengths of ``other`` against ``base``."""

    n_base: int
    n_other: int
    median_base: float
    median_other: float
    difference: float
    """median(other) - median(base), in rounds."""
    low: float
    high: float
    """Bootstrap 95% interval of the difference."""
    u: float
    p: float

    @property
    def relative(self) -> float:
        return self.difference / self.median_base if self.median_base else math.nan

    def words(self, base: str, other: str, unit: str = "rounds") -> str:
        if not self.n_base or not self.n_other:
            return f"{other} vs {base}: not enough games to compare."
        stats = (f"median {num(self.median_other)} vs {num(self.median_base)} {unit}, "
                 f"difference {num(self.difference)} (95% CI {num(self.low)} to "
                 f"{num(self.high)}); Mann-Whitney U = {self.u:.0f}, {fmt_p(self.p)}, "
                 f"{self.n_other} and {self.n_base} games")
        if math.isnan(self.p) or self.p >= ALPHA:
            return (f"{other} games are not clearly longer or shorter than {base} games: "
                    f"{stats}.")
        way = "shorter" if self.difference < 0 else "longer"
        if self.difference == 0:
            way = "shorter" if self.u < self.n_base * self.n_other / 2 else "longer"
            return f"{other} games tend to be {way} than {base} games ({stats})."
        return (f"{other} games are {pct(abs(self.relative), 0)} {way} than {base} games: "
                f"{stats}.")


def compare_lengths(base: Sequence[int], other: Sequence[int],
                    seed: int = 0) -> LengthComparison:
    import numpy as np
    from scipy.stats import bootstrap, mannwhitneyu

    x = np.asarray(base, dtype=float)
    y = np.asarray(other, dtype=float)
    if len(x) == 0 or len(y) == 0:
        nan = math.nan
        return LengthComparison(len(x), len(y), nan, nan, nan, nan, nan, nan, nan)
    mx, my = float(np.median(x)), float(np.median(y))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        test = mannwhitneyu(y, x, alternative="two-sided")
        u, p = float(test.statistic), float(test.pvalue)
        if len(x) >= 2 and len(y) >= 2:
            rng = np.random.default_rng(seed)
            xs = rng.choice(x, BOOTSTRAP_MAX, replace=False) if len(x) > BOOTSTRAP_MAX else x
            ys = rng.choice(y, BOOTSTRAP_MAX, replace=False) if len(y) > BOOTSTRAP_MAX else y

            def diff(a: Any, b: Any, axis: int = -1) -> Any:
                return np.median(a, axis=axis) - np.median(b, axis=axis)

            res = bootstrap((ys, xs), diff, vectorized=True, n_resamples=BOOTSTRAP_RESAMPLES,
                            method="percentile", rng=rng, batch=200)
            low, high = float(res.confidence_interval.low), float(res.confidence_interval.high)
        else:
            low = high = my - mx
    if math.isnan(p):
        p = 1.0  # identical samples
    return LengthComparison(len(x), len(y), mx, my, my - mx, low, high, u, p)


def median_interval(values: Sequence[int], seed: int = 0) -> tuple[float, float, float]:
    """The median of ``values`` and its bootstrap 95% confidence interval (percentile
    method, as :func:`compare_lengths`)."""
    import numpy as np
    from scipy.stats import bootstrap

    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return math.nan, math.nan, math.nan
    median = float(np.median(x))
    if len(x) < 2 or float(x.min()) == float(x.max()):
        return median, median, median
    rng = np.random.default_rng(seed)
    if len(x) > BOOTSTRAP_MAX:
        x = rng.choice(x, BOOTSTRAP_MAX, replace=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = bootstrap((x,), np.median, vectorized=True, n_resamples=BOOTSTRAP_RESAMPLES,
                        method="percentile", rng=rng, batch=200)
    return median, float(res.confidence_interval.low), float(res.confidence_interval.high)


def share_difference(a: Share, b: Share) -> tuple[float, float, float]:
    """``a - b`` with its 95% confidence interval (Newcombe's hybrid score interval, made
    of the two shares' Wilson intervals)."""
    if not a.n or not b.n:
        return math.nan, math.nan, math.nan
    d = a.value - b.value
    low = d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    high = d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return d, low, high


def points(x: float) -> str:
    """A difference of two shares in percentage points, with its sign."""
    return "n/a" if math.isnan(x) else f"{100 * x:+.1f}"


# ------------------------------------------------------------------------ the data

@dataclass
class Cell:
    variant: str
    lineup: str
    edition: str
    bots: list[str]
    rotate: bool
    stronger: str | None
    games: int = 0
    rounds: list[int] | None = None
    seconds: float = 0.0
    player_turns: int = 0
    turns: list[int] | None = None
    """Player-turns per game, in game order."""


class Results:
    """What the report needs, read from the store with SQL."""

    def __init__(self, store: Store) -> None:
        self.exp = store.experiment()
        try:
            builds = json.loads(store.meta().get("builds", "[]"))
        except ValueError:
            builds = []
        self.builds = [b for b in builds if isinstance(b, str)] if isinstance(builds, list) \
            else []
        self.variants: list[dict[str, Any]] = self.exp["variants"]
        self.lineups: list[dict[str, Any]] = self.exp["lineups"]
        self.variant_names = [v["name"] for v in self.variants]
        self.lineup_names = [lu["name"] for lu in self.lineups]
        self.edition_of = {v["name"]: v["edition"] for v in self.variants}
        self.cells: dict[tuple[str, str], Cell] = {}
        for v in self.variants:
            for lu in self.lineups:
                self.cells[v["name"], lu["name"]] = Cell(
                    v["name"], lu["name"], v["edition"], list(lu["bots"]),
                    bool(lu.get("rotate")), lu.get("stronger"))
        for variant, lineup, n, secs, turns, rounds, per_game in store.query(
                "SELECT variant, lineup, count(*), sum(seconds), sum(player_turns), "
                "list(rounds ORDER BY game), list(player_turns ORDER BY game) FROM games "
                "GROUP BY ALL"):
            cell = self.cells.get((variant, lineup))
            if cell is not None:
                cell.games, cell.seconds, cell.player_turns = int(n), float(secs), int(turns)
                cell.rounds = [int(r) for r in rounds]
                cell.turns = [int(t) for t in per_game]
        self.ended: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
        for variant, lineup, ended, n in store.query(
                "SELECT variant, lineup, ended, count(*) FROM games GROUP BY ALL ORDER BY ALL"):
            self.ended[variant, lineup][ended] = int(n)
        self.seat_wins: dict[tuple[str, str], dict[int, int]] = defaultdict(dict)
        for variant, lineup, seat, n in store.query(
                "SELECT variant, lineup, winner, count(*) FROM games WHERE winner IS NOT NULL "
                "GROUP BY ALL"):
            self.seat_wins[variant, lineup][int(seat)] = int(n)
        self.bot_wins: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
        for variant, lineup, bot, n in store.query(
                "SELECT variant, lineup, winner_bot, count(*) FROM games "
                "WHERE winner_bot IS NOT NULL GROUP BY ALL"):
            self.bot_wins[variant, lineup][str(bot)] = int(n)
        self.won_games: dict[str, int] = {}
        for variant, n in store.query(
                "SELECT variant, count(*) FROM games WHERE winner IS NOT NULL GROUP BY ALL"):
            self.won_games[str(variant)] = int(n)
        self.winner_groups: dict[str, dict[str, int]] = defaultdict(dict)
        for variant, group, n in store.query(
                "SELECT variant, g, count(*) FROM (SELECT variant, unnest(groups) AS g "
                "FROM players WHERE won) GROUP BY ALL"):
            self.winner_groups[str(variant)][str(group)] = int(n)
        self.landing: dict[str, tuple[list[int], int, int]] = {}
        totals = {str(v): (int(r), int(j)) for v, r, j in store.query(
            "SELECT variant, sum(rolls), sum(in_jail) FROM landings GROUP BY ALL")}
        per_space: dict[str, dict[int, int]] = defaultdict(dict)
        for variant, i, c in store.query(
                "SELECT variant, i, sum(c) FROM (SELECT variant, unnest(counts) AS c, "
                "generate_subscripts(counts, 1) AS i FROM landings) GROUP BY ALL"):
            per_space[str(variant)][int(i) - 1] = int(c)
        for variant, (rolls, jail) in totals.items():
            spaces = per_space[variant]
            size = max(spaces) + 1 if spaces else 0
            self.landing[variant] = ([spaces.get(i, 0) for i in range(size)], rolls, jail)

    def cell(self, variant: str, lineup: str) -> Cell:
        return self.cells[variant, lineup]

    def played(self) -> Iterator[Cell]:
        for v in self.variant_names:
            for lu in self.lineup_names:
                c = self.cells[v, lu]
                if c.games:
                    yield c

    @property
    def total_games(self) -> int:
        return sum(c.games for c in self.cells.values())


def seat_fair(cell: Cell) -> bool:
    """Whether wins per seat measure the seat alone: the same bot in every seat. (With
    rotated mixed bots every seat gets every bot equally often, which hides the seat's own
    effect behind the bots'.)"""
    return len(set(cell.bots)) == 1


# ------------------------------------------------------------------------ the answers

def _label(res: Results, c: Cell) -> str:
    """A cell's name in the answers: its variant, and its line-up when there are several."""
    return c.variant if len(res.lineup_names) == 1 else f"{c.variant} [{c.lineup}]"


def duration_answers(res: Results) -> list[str]:
    """How long each cell's games last: the medians of rounds and of player-turns with
    their bootstrap 95% intervals, the mean and the 90th percentile."""
    import numpy as np

    out = []
    for c in res.played():
        rounds = c.rounds or []
        median, low, high = median_interval(rounds)
        text = (f"{_label(res, c)}: median {num(median)} rounds (95% CI {num(low)} to "
                f"{num(high)}), mean {float(np.mean(rounds)):.1f}, 90th percentile "
                f"{float(np.percentile(rounds, 90)):.1f}")
        if c.turns:
            t_median, t_low, t_high = median_interval(c.turns)
            text += (f"; median {num(t_median)} player-turns (95% CI {num(t_low)} to "
                     f"{num(t_high)})")
        text += f"; {c.games:,} games"
        capped = res.ended[c.variant, c.lineup].get("round-cap", 0)
        if capped:
            text += (f", {capped:,} of which ({pct(capped / c.games)}) stopped at the round "
                     "cap (their length is the cap, a lower bound)")
        out.append(text + ".")
    return out


def length_answers(res: Results) -> list[str]:
    out = []
    base = res.variant_names[0]
    for lineup in res.lineup_names:
        b = res.cell(base, lineup)
        for other in res.variant_names[1:]:
            o = res.cell(other, lineup)
            if not b.games or not o.games:
                continue
            cmp = compare_lengths(b.rounds or [], o.rounds or [])
            text = cmp.words(base, other)
            if len(res.lineup_names) > 1:
                text = f"[{lineup}] {text}"
            capped = [(name, res.ended[name, lineup].get("round-cap", 0), c.games)
                      for name, c in ((base, b), (other, o))]
            notes = [f"{pct(k / n)} of {name} games stopped at the round cap"
                     for name, k, n in capped if k]
            if notes:
                text += " (" + "; ".join(notes) + ": their length is the cap, a lower bound.)"
            out.append(text)
    return out


def strategy_answers(res: Results) -> list[str]:
    from scipy.stats import fisher_exact

    out = []
    base = res.variant_names[0]
    for lineup in res.lineups:
        strong = lineup.get("stronger")
        if not strong:
            continue
        name = lineup["name"]
        seats = sum(1 for b in lineup["bots"] if b == strong)
        fair = seats / len(lineup["bots"])
        shares = {}
        for v in res.variant_names:
            c = res.cell(v, name)
            if c.games:
                shares[v] = share(res.bot_wins[v, name].get(strong, 0), c.games)
        if not shares:
            continue
        parts = [f"in {v} {s.words()}" for v, s in shares.items()]
        out.append(f"[{name}] The stronger bot ({strong}, {seats} of {len(lineup['bots'])} "
                   f"seats, a fair share of {pct(fair)}) wins " + "; ".join(parts) +
                   " of the games.")
        if base not in shares:
            continue
        b = shares[base]
        for v, s in shares.items():
            if v == base:
                continue
            _, p = fisher_exact([[s.k, s.n - s.k], [b.k, b.n - b.k]])
            p = float(p)
            if p < ALPHA:
                more = s.value > b.value
                verdict = (f"{v} is more strategic than {base}: skill decides more of its "
                           f"games" if more else
                           f"{v} is less strategic than {base}: skill decides fewer of its "
                           f"games")
                out.append(f"{verdict} (the stronger bot wins {pct(s.value)} vs "
                           f"{pct(b.value)}; Fisher's exact test {fmt_p(p)}).")
            else:
                out.append(f"{v} and {base} are not clearly different in how much skill "
                           f"decides (the stronger bot wins {pct(s.value)} vs "
                           f"{pct(b.value)}; Fisher's exact test {fmt_p(p)}).")
    return out


def seat_answers(res: Results) -> list[str]:
    from scipy.stats import chisquare

    out = []
    for c in res.played():
        if not seat_fair(c):
            continue
        wins = res.seat_wins[c.variant, c.lineup]
        n_seats = len(c.bots)
        won = sum(wins.values())
        if not won:
            continue
        first = share(wins.get(0, 0), won)
        p_first = binom_p(first.k, won, 1 / n_seats)
        counts = [wins.get(s, 0) for s in range(n_seats)]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            chi = chisquare(counts)
        p_all = float(chi.pvalue)
        label = c.variant if len(res.lineup_names) == 1 else f"{c.variant} [{c.lineup}]"
        if p_first < ALPHA:
            verdict = ("the first player has an advantage" if first.value > 1 / n_seats
                       else "the first player is at a disadvantage")
        else:
            verdict = "no clear first-player advantage"
        if p_all < ALPHA:
            best = max(range(n_seats), key=lambda s: counts[s])
            seats = (f"the seats do differ: seat {best + 1} wins most (wins by seat "
                     f"{', '.join(map(str, counts))}; chi-square test of equal seats "
                     f"{fmt_p(p_all)})")
        else:
            seats = (f"wins by seat {', '.join(map(str, counts))} (chi-square test of equal "
                     f"seats {fmt_p(p_all)})")
        out.append(f"{label}: {verdict}. The first seat wins {first.words()} of the games "
                   f"with a winner, where {pct(1 / n_seats)} is its fair share (binomial test "
                   f"{fmt_p(p_first)}); {seats}.")
    out.extend(first_seat_comparisons(res))
    return out


def first_seat_comparisons(res: Results) -> list[str]:
    """With two variants or more: does the first seat's share of the wins differ from the
    first variant's (per line-up with the same bot in every seat)? The difference with its
    95% interval (Newcombe) and Fisher's exact test."""
    from scipy.stats import fisher_exact

    out: list[str] = []
    base = res.variant_names[0]
    for lineup in res.lineup_names:
        b_cell = res.cell(base, lineup)
        if not seat_fair(b_cell):
            continue
        b_wins = res.seat_wins[base, lineup]
        b = share(b_wins.get(0, 0), sum(b_wins.values()))
        if not b.n:
            continue
        for other in res.variant_names[1:]:
            o_wins = res.seat_wins[other, lineup]
            o = share(o_wins.get(0, 0), sum(o_wins.values()))
            if not o.n:
                continue
            _, p = fisher_exact([[o.k, o.n - o.k], [b.k, b.n - b.k]])
            p = float(p)
            d, low, high = share_difference(o, b)
            if p < ALPHA:
                verdict = (f"the first seat wins {'more' if d > 0 else 'less'} often in "
                           f"{other} than in {base}")
            else:
                verdict = (f"{other} does not clearly change the first seat's share of the "
                           f"wins against {base}")
            where = "" if len(res.lineup_names) == 1 else f"[{lineup}] "
            out.append(f"{where}{verdict}: {pct(o.value)} vs {pct(b.value)} of the games "
                       f"with a winner, a difference of {points(d)} points (95% CI "
                       f"{points(low)} to {points(high)}); Fisher's exact test {fmt_p(p)}, "
                       f"{o.n} and {b.n} games.")
    return out


def bot_answers(res: Results) -> list[str]:
    out = []
    for c in res.played():
        kinds = sorted(set(c.bots))
        if len(kinds) < 2:
            continue
        label = c.variant if len(res.variant_names) == 1 else f"{c.variant} [{c.lineup}]"
        parts = []
        best: tuple[float, str, float] | None = None
        for bot in kinds:
            seats = c.bots.count(bot)
            fair = seats / len(c.bots)
            s = share(res.bot_wins[c.variant, c.lineup].get(bot, 0), c.games)
            p = binom_p(s.k, s.n, fair)
            parts.append(f"{bot} ({seats} seat{'s' if seats > 1 else ''}, fair share "
                         f"{pct(fair)}) wins {s.words()}, binomial test {fmt_p(p)}")
            lift = s.value - fair
            if p < ALPHA and lift > 0 and (best is None or lift > best[0]):
                best = (lift, bot, p)
        seating = "" if c.rotate else " (seats not rotated: a bot's seat counts too)"
        head = (f"{label}: {best[1]} wins more than its share of the seats"
                if best else f"{label}: no bot wins clearly more than its share of the seats")
        out.append(f"{head}{seating}. " + "; ".join(parts) + ".")
    return out


def ended_answers(res: Results) -> list[str]:
    from scipy.stats import chi2_contingency

    out = []
    for lineup in res.lineup_names:
        rows = [(v, res.ended[v, lineup]) for v in res.variant_names if res.ended[v, lineup]]
        reasons = sorted({r for _, counts in rows for r in counts})
        for v, counts in rows:
            total = sum(counts.values())
            # The count too: a share rounded to 100.0% can stand beside one game in 2,000.
            text = ", ".join(f"{r} {counts[r]:,} ({pct(counts[r] / total)})" for r in reasons
                             if counts.get(r))
            label = v if len(res.lineup_names) == 1 else f"{v} [{lineup}]"
            out.append(f"{label}: {text}.")
        if len(rows) >= 2 and len(reasons) >= 2:
            table = [[counts.get(r, 0) for r in reasons] for _, counts in rows]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                chi = chi2_contingency(table)
            differ = "differs" if chi.pvalue < ALPHA else "does not clearly differ"
            out.append(f"How games end {differ} between the variants"
                       f"{'' if len(res.lineup_names) == 1 else f' [{lineup}]'} (chi-square "
                       f"test {fmt_p(float(chi.pvalue))}).")
    return out


# ------------------------------------------------------------------------ the plots

def _lit(text: str) -> str:
    """``text`` as matplotlib should draw it: literally. (Between two "$" it would read
    math text, and fail on names such as "a $x^$ b"; "\\$" is a literal dollar.)"""
    return text.replace("$", r"\$")


PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf"]


def _png(fig: Any) -> str:
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def plot_lengths(res: Results) -> str:
    import matplotlib.pyplot as plt
    import numpy as np

    lineups = [lu for lu in res.lineup_names
               if any(res.cell(v, lu).games for v in res.variant_names)]
    # One variant and several line-ups (tables of different sizes, say): the line-ups side
    # by side in one plot. Otherwise a plot per line-up with its variants.
    together = len(res.variant_names) == 1 and len(lineups) > 1
    plots: list[tuple[str, list[tuple[str, list[int] | None]]]]
    if together:
        v = res.variant_names[0]
        plots = [(v, [(lu, res.cell(v, lu).rounds) for lu in lineups])]
    else:
        plots = [(lu, [(v, res.cell(v, lu).rounds) for v in res.variant_names])
                 for lu in lineups]
    fig, axes = plt.subplots(len(plots), 1, figsize=(9, 3.2 * len(plots)), squeeze=False)
    for ax, (title, series) in zip(axes[:, 0], plots, strict=True):
        everything = [r for _, rs in series for r in (rs or [])]
        top = float(np.percentile(everything, 99)) if everything else 1.0
        bins = np.linspace(0, max(top, 1.0) + 1, 40)
        for i, (v, rounds) in enumerate(series):
            if not rounds:
                continue
            colour = PALETTE[i % len(PALETTE)]
            ax.hist(np.clip(rounds, 0, bins[-1]), bins=bins, histtype="stepfilled", alpha=0.25,
                    color=colour, density=True)
            ax.hist(np.clip(rounds, 0, bins[-1]), bins=bins, histtype="step", color=colour,
                    density=True, linewidth=1.5,
                    label=_lit(f"{v} (median {num(float(np.median(rounds)))}, "
                               f"n={len(rounds)})"))
            ax.axvline(float(np.median(rounds)), color=colour, linestyle="--", linewidth=1)
        ax.set_title(_lit(f"Game length — {title}"), fontsize=11)
        ax.set_xlabel("rounds (dashed: median; the last bin gathers the longest 1%)")
        ax.set_ylabel("share of games")
        ax.legend(fontsize=8)
    fig.tight_layout()
    return _png(fig)


def _bars(ax: Any, groups: list[str], series: list[tuple[str, list[Share]]],
          fair: list[float] | float | None) -> None:
    import numpy as np

    width = 0.8 / max(1, len(series))
    xs = np.arange(len(groups))
    for i, (name, shares) in enumerate(series):
        vals = [s.value if s.n else 0.0 for s in shares]
        lo = [max(0.0, s.value - s.low) if s.n else 0.0 for s in shares]
        hi = [max(0.0, s.high - s.value) if s.n else 0.0 for s in shares]
        ax.bar(xs + (i - (len(series) - 1) / 2) * width, vals, width * 0.95, yerr=[lo, hi],
               capsize=3, label=_lit(name), color=PALETTE[i % len(PALETTE)], alpha=0.85)
    if isinstance(fair, float):
        ax.axhline(fair, color="black", linestyle=":", linewidth=1, label="fair share")
    elif fair is not None:
        for x, f in zip(xs, fair, strict=True):
            ax.hlines(f, x - 0.45, x + 0.45, color="black", linestyle=":", linewidth=1.2)
    ax.set_xticks(xs, [_lit(g) for g in groups], fontsize=8)
    ax.set_ylim(0, 1.0)
    ax.yaxis.set_major_formatter(_percent_formatter())
    ax.legend(fontsize=8)


def _percent_formatter() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0)


def plot_seats(res: Results) -> str:
    import matplotlib.pyplot as plt

    lineups = [lu for lu in res.lineup_names
               if any(res.cell(v, lu).games for v in res.variant_names)]
    fig, axes = plt.subplots(len(lineups), 1, figsize=(9, 3.2 * len(lineups)), squeeze=False)
    for ax, lineup in zip(axes[:, 0], lineups, strict=True):
        series = []
        n_seats = 0
        for v in res.variant_names:
            c = res.cell(v, lineup)
            if not c.games:
                continue
            n_seats = len(c.bots)
            wins = res.seat_wins[v, lineup]
            series.append((v, [share(wins.get(s, 0), c.games) for s in range(n_seats)]))
        seat_names = [f"seat {s + 1}" + ("" if res.cell(res.variant_names[0], lineup).rotate
                                         else f"\n{res.cell(res.variant_names[0], lineup).bots[s]}")
                      for s in range(n_seats)]
        _bars(ax, seat_names, series, 1 / n_seats if n_seats else None)
        ax.set_title(_lit(f"Win rate per seat (95% CI) — {lineup}"), fontsize=11)
        ax.set_ylabel("share of games won")
    fig.tight_layout()
    return _png(fig)


def plot_bots(res: Results) -> str | None:
    import matplotlib.pyplot as plt

    mixed = [lu for lu in res.lineups if len(set(lu["bots"])) > 1
             and any(res.cell(v, lu["name"]).games for v in res.variant_names)]
    if not mixed:
        return None
    fig, axes = plt.subplots(len(mixed), 1, figsize=(9, 3.2 * len(mixed)), squeeze=False)
    for ax, lineup in zip(axes[:, 0], mixed, strict=True):
        name = lineup["name"]
        kinds = sorted(set(lineup["bots"]))
        fair = [lineup["bots"].count(b) / len(lineup["bots"]) for b in kinds]
        series = []
        for v in res.variant_names:
            c = res.cell(v, name)
            if c.games:
                series.append((v, [share(res.bot_wins[v, name].get(b, 0), c.games)
                                   for b in kinds]))
        _bars(ax, [f"{b}\n({lineup['bots'].count(b)} seat(s))" for b in kinds], series, fair)
        ax.set_title(_lit(f"Win rate per bot (95% CI; dotted: its share of the seats) — "
                          f"{name}"), fontsize=11)
        ax.set_ylabel("share of games won")
    fig.tight_layout()
    return _png(fig)


def plot_ended(res: Results) -> str:
    import matplotlib.pyplot as plt
    import numpy as np

    cells = list(res.played())
    reasons = sorted({r for c in cells for r in res.ended[c.variant, c.lineup]})
    fig, ax = plt.subplots(figsize=(9, 0.5 * len(cells) + 1.4))
    labels = [_lit(c.variant if len(res.lineup_names) == 1 else f"{c.variant} · {c.lineup}")
              for c in cells]
    left = np.zeros(len(cells))
    for i, reason in enumerate(reasons):
        vals = np.array([res.ended[c.variant, c.lineup].get(reason, 0) / c.games for c in cells])
        ax.barh(labels, vals, left=left, color=PALETTE[i % len(PALETTE)], label=_lit(reason))
        for y, (x0, w) in enumerate(zip(left, vals, strict=True)):
            if w >= 0.06:
                ax.text(x0 + w / 2, y, pct(float(w), 0), ha="center", va="center",
                        fontsize=8, color="white")
        left += vals
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(_percent_formatter())
    ax.invert_yaxis()
    ax.set_title("How games ended", fontsize=11)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=len(reasons))
    fig.tight_layout()
    return _png(fig)


def _group_colour(edition: str, group: str) -> str:
    from pennybags.editions import get_edition

    info = get_edition(edition).data.board.group_info.get(group, {})
    colour = info.get("color") if isinstance(info, dict) else None
    return str(colour) if colour else "#7f7f7f"


def plot_groups(res: Results) -> str | None:
    import matplotlib.pyplot as plt
    import numpy as np

    from pennybags.editions import get_edition

    variants = [v for v in res.variant_names if res.won_games.get(v)]
    if not variants:
        return None
    fig, axes = plt.subplots(len(variants), 1, figsize=(9, 3.0 * len(variants)), squeeze=False)
    for ax, v in zip(axes[:, 0], variants, strict=True):
        edition = res.edition_of[v]
        board = get_edition(edition).data.board
        groups = [g for g, deeds in board.groups.items() if len(deeds) >= 2]
        won = res.won_games[v]
        vals = np.array([res.winner_groups[v].get(g, 0) / won for g in groups])
        ax.bar(range(len(groups)), vals, color=[_group_colour(edition, g) for g in groups],
               edgecolor="black", linewidth=0.6)
        for x, val in enumerate(vals):
            ax.text(x, val + 0.02, pct(float(val), 0), ha="center", fontsize=8)
        # Many groups (Ultimate Monopoly has 23): slanted names, so they do not overlap.
        slant = {"rotation": 35, "ha": "right"} if len(groups) > 12 else {}
        ax.set_xticks(range(len(groups)), [_lit(g.replace("_", " ")) for g in groups],
                      fontsize=8, **slant)
        ax.set_ylim(0, 1.12)
        ax.yaxis.set_major_formatter(_percent_formatter())
        ax.set_title(_lit(f"Groups the winner gathered whole before any bankruptcy\n{v} "
                          f"({won} games with a winner)"), fontsize=11)
    fig.tight_layout()
    return _png(fig)


def _board_xy(i: int, side: int) -> tuple[int, int]:
    """Grid cell of space ``i`` on a square board of ``4 * side`` spaces, GO at the bottom
    right, moving left along the bottom row, up, right along the top, down."""
    if i <= side:
        return side - i, 0
    if i <= 2 * side:
        return 0, i - side
    if i <= 3 * side:
        return i - 2 * side, side
    return side, side - (i - 3 * side)


def _short(name: str) -> str:
    words = name.replace(",", "").split()
    lines: list[str] = []
    for w in words:
        if lines and len(lines[-1]) + 1 + len(w) <= 11:
            lines[-1] += " " + w
        elif len(lines) < 2:
            lines.append(w[:11])
        else:
            break
    return "\n".join(lines)


def board_rings(edition: str) -> list[list[list[int]]] | None:
    """The board as a map draws it: its rings from the outside in (one for a board of one
    track; Ultimate Monopoly's outer, middle and inner tracks), each as four sides of space
    indices from the corner lining up with GO, clockwise, each side starting with its
    corner (the edition's ``Words.track_layouts()``, else ``Words.layout()``). None when
    the rings are not four equal sides each or do not hold every space once."""
    from pennybags.editions import get_edition, words_for

    ed = get_edition(edition)
    game = ed.new_game([f"P{n + 1}" for n in range(ed.players[0])], seed=0, record=False)
    words = words_for(game)
    tracks = words.track_layouts()
    rings = list(reversed(list(tracks.values()))) if tracks else [words.layout()]
    seen = [i for ring in rings for side in ring for i in side]
    if sorted(seen) != list(range(game.board.size)):
        return None
    for ring in rings:
        if len(ring) != 4 or any(len(side) != len(ring[0]) or not side for side in ring):
            return None
    return rings


def plot_board(res: Results, variant: str) -> str | None:
    import matplotlib.pyplot as plt
    from matplotlib import colormaps
    from matplotlib.collections import PatchCollection
    from matplotlib.colors import Normalize

    from pennybags.editions import get_edition

    if variant not in res.landing:
        return None
    counts, rolls, jail = res.landing[variant]
    if not rolls:
        return None
    edition = res.edition_of[variant]
    board = get_edition(edition).data.board
    size = board.size
    counts = (counts + [0] * size)[:size]
    freq = [c / rolls for c in counts]
    cmap = colormaps["YlOrRd"]
    top = max(freq) if max(freq) > 0 else 1.0
    norm = Normalize(vmin=0, vmax=top)
    rings = board_rings(edition)
    if rings is None:
        fig, ax = plt.subplots(figsize=(9, 3))
        ax.bar(range(size), freq, color=[cmap(norm(f)) for f in freq])
        ax.set_title(_lit(f"Landing frequency per space — {variant}"))
        return _png(fig)
    # Concentric rings of square spaces, centred on the outermost: a ring whose sides hold
    # ``side`` spaces is ``side + 1`` spaces wide.
    width = len(rings[0][0]) + 1
    scale = max(1.0, width / 11)  # classic's 11 spaces a side fill the usual figure
    fig = plt.figure(figsize=(9.4 * scale, 8.6 * scale))
    ax = fig.add_axes((0.02, 0.02, 0.83, 0.96 if len(rings) == 1 else 0.9))
    bar_ax = fig.add_axes((0.87, 0.2, 0.025, 0.6))
    squares: list[Any] = []
    strips: list[Any] = []
    for ring in rings:
        side = len(ring[0])
        offset = (width - (side + 1)) / 2
        for k, spaces in enumerate(ring):
            for j, i in enumerate(spaces):
                lx, ly = _board_xy(k * side + j, side)
                _draw_space(ax, board, edition, i, lx, ly, side, offset, freq[i],
                            norm(freq[i]), cmap, squares, strips)
    # (as two collections, squares under strips: one artist each, not one a rectangle)
    ax.add_collection(PatchCollection(squares, match_original=True))
    ax.add_collection(PatchCollection(strips, match_original=True))
    stats = (f"{rolls:,} rolls · in jail {pct(jail / rolls, 2)}\n"
             f"(the jail corner shows 'just visiting')\n"
             f"fair share of one space: {pct(1 / size, 2)}")
    if len(rings) == 1:
        ax.text(width / 2, width / 2 + 0.9, _lit(f"Where rolls leave the token\n{variant}"),
                ha="center", va="center", fontsize=13)
        ax.text(width / 2, width / 2 - 0.3, stats, ha="center", va="center", fontsize=9)
    else:
        # The middle of the innermost ring is too small for the words: they go above.
        ax.set_title(_lit(f"Where rolls leave the token — {variant}\n") +
                     stats.replace("\n", " · ", 1).replace("\n", " · "), fontsize=12)
    ax.set_xlim(0, width)
    ax.set_ylim(0, width)
    ax.set_aspect("equal")
    ax.axis("off")
    mappable = plt.cm.ScalarMappable(norm=norm, cmap=cmap)
    bar = fig.colorbar(mappable, cax=bar_ax)
    bar.ax.yaxis.set_major_formatter(_percent_formatter())
    bar.set_label("share of rolls")
    return _png(fig)


def _draw_space(ax: Any, board: Any, edition: str, i: int, lx: int, ly: int, side: int,
                offset: float, freq: float, shade: float, cmap: Any, squares: list[Any],
                strips: list[Any]) -> None:
    """Space ``i`` at ``(lx, ly)`` of its ring (``side`` spaces a side), the ring drawn
    ``offset`` spaces in from the board's edge: its words drawn on ``ax``, its square and
    its group's strip added to ``squares`` and ``strips``."""
    from matplotlib.patches import Rectangle

    space = board.spaces[i]
    x, y = lx + offset, ly + offset
    squares.append(Rectangle((x, y), 1, 1, facecolor=cmap(shade), edgecolor="black",
                             linewidth=0.6))
    if space.group and len(board.groups.get(space.group, ())) >= 2:
        colour = _group_colour(edition, space.group)
        if colour != "#7f7f7f":
            # A strip of the group's colour on the edge that faces the middle.
            if ly == 0:
                strip = Rectangle((x, y + 0.82), 1, 0.18)
            elif ly == side:
                strip = Rectangle((x, y), 1, 0.18)
            elif lx == 0:
                strip = Rectangle((x + 0.82, y), 0.18, 1)
            else:
                strip = Rectangle((x, y), 0.18, 1)
            strip.set_facecolor(colour)
            strip.set_edgecolor("black")
            strip.set_linewidth(0.4)
            strips.append(strip)
    ink = "white" if shade > 0.62 else "black"
    ax.text(x + 0.5, y + 0.6, _lit(_short(space.name)), ha="center", va="center",
            fontsize=5.4, color=ink)
    ax.text(x + 0.5, y + 0.24, pct(freq, 2), ha="center", va="center", fontsize=6.8,
            fontweight="bold", color=ink)


# ------------------------------------------------------------------------ the page

_CSS = """
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 2em auto;
       max-width: 62em; padding: 0 1em; color: #222; line-height: 1.45; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em;
margin-top: 1.8em; }
.question { font-size: 1.15em; color: #444; margin-top: 0; }
.answers li { margin-bottom: 0.5em; }
img.plot { max-width: 100%; height: auto; display: block; margin: 0.8em 0; }
table { border-collapse: collapse; font-size: 0.9em; margin: 0.8em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child, th:nth-child(2), td:nth-child(2) { text-align: left; }
.muted { color: #666; font-size: 0.9em; }
.note { background: #fff4d6; border-left: 4px solid #e0a800; padding: 0.5em 0.8em; }
pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; font-size: 0.85em; }
"""

_CHECK = """
(function () {
  var root = document.documentElement;
  root.dataset.errors = "0";
  window.addEventListener("error", function () {
    root.dataset.errors = String(Number(root.dataset.errors) + 1);
  });
  window.addEventListener("load", function () {
    var imgs = document.querySelectorAll("img.plot"), shown = 0;
    for (var i = 0; i < imgs.length; i++) {
      if (imgs[i].complete && imgs[i].naturalWidth > 0) { shown++; }
    }
    root.dataset.plots = String(imgs.length);
    root.dataset.plotsShown = String(shown);
  });
})();
"""


def _img(data: str, alt: str) -> str:
    return f'<img class="plot" alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _list(items: Sequence[str]) -> str:
    return "<ul class=\"answers\">" + "".join(f"<li>{html.escape(t)}</li>" for t in items) + \
        "</ul>"


def _table(res: Results) -> str:
    import numpy as np

    head = ("<tr><th>variant</th><th>line-up</th><th>games</th><th>median rounds</th>"
            "<th>mean</th><th>p90</th><th>median player-turns</th><th>player-turns</th>"
            "<th>ms per game</th></tr>")
    rows = []
    for c in res.played():
        r = np.asarray(c.rounds or [0])
        t = np.asarray(c.turns or [0])
        rows.append(
            f"<tr><td>{html.escape(c.variant)}</td><td>{html.escape(c.lineup)}</td>"
            f"<td>{c.games}</td><td>{num(float(np.median(r)))}</td>"
            f"<td>{float(np.mean(r)):.1f}</td><td>{float(np.percentile(r, 90)):.1f}</td>"
            f"<td>{num(float(np.median(t)))}</td>"
            f"<td>{c.player_turns:,}</td><td>{1000 * c.seconds / c.games:.1f}</td></tr>")
    return f"<table>{head}{''.join(rows)}</table>"


def completeness(results: Path | str, res: Results) -> str | None:
    """A line saying that the results are partial and why (the run is still going, was
    interrupted or killed), from ``status.json``; None when every game is stored."""
    cells = len(res.variant_names) * len(res.lineup_names)
    wanted = int(res.exp.get("games", 0)) * cells
    stored = res.total_games
    status = read_status(results_file(results).parent)
    if status is not None and status.state == "running":
        return (f"A run is still writing these results: {stored} of {wanted} games were "
                f"stored when the report was made (the run: {status.who()}"
                f"{', on another machine' if status.unchecked else ''}).")
    if stored >= wanted:
        return None
    why = (f"; the run ({status.who()}) was interrupted ({status.why()})"
           if status is not None and status.state == "interrupted" else "")
    return (f"Partial results: {stored} of {wanted} games are stored{why}. Run the same "
            f"'pennybags lab run' command again to play the rest.")


def read_results(results: Path | str) -> Results:
    """The stored results, read whole (:class:`StoreDamaged` if they cannot be)."""
    import duckdb

    store = Store.open(results)
    try:
        return Results(store)
    except duckdb.Error as e:
        raise StoreDamaged(f"{store.path} is damaged: {str(e).strip().splitlines()[0]}") \
            from None
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise StoreDamaged(f"{store.path} is damaged: its description of the experiment is "
                           f"not the lab's ({type(e).__name__}: {e})") from None
    finally:
        store.close()


def build_report(results: Path | str) -> str:
    """The report's HTML for the results in ``results`` (a folder or a .duckdb file)."""
    require_lab_packages()
    res = read_results(results)
    return render_report(res, results, completeness(results, res))


def render_report(res: Results, results: Path | str, note: str | None) -> str:
    """The report's HTML; ``note``: a line shown at the top (:func:`completeness`)."""
    import matplotlib

    matplotlib.use("Agg")
    if not res.total_games:
        raise ExperimentError(f"no games are stored in {results} yet")
    with warnings.catch_warnings():
        # Names in characters the plots' font lacks show as boxes in the plots (the page's
        # text shows them); no warning per character and plot.
        warnings.filterwarnings("ignore", r"Glyph \d+ .* missing from font")
        return _render(res, results, note)


def _render(res: Results, results: Path | str, note: str | None) -> str:
    exp = res.exp
    title = str(exp.get("title") or "Experiment")
    parts = [f"<h1>{html.escape(title)}</h1>"]
    if exp.get("question"):
        parts.append(f"<p class=\"question\">{html.escape(str(exp['question']))}</p>")
    parts.append(
        f"<p class=\"muted\">{res.total_games:,} games stored: "
        f"{len(res.variant_names)} variant(s) × {len(res.lineup_names)} line-up(s), seed "
        f"{exp.get('seed')}; game <i>i</i> of every cell has the same seed, so the rows are "
        f"reproducible. Statistical tests at the 5% level; 95% confidence intervals.</p>")
    if note:
        parts.append(f"<p class=\"note\">{html.escape(note)}</p>")

    parts.append("<h2>The answers</h2>")
    sections = []
    if len(res.variant_names) >= 2:
        sections.append(("Is it shorter?", length_answers(res)))
        sections.append(("Is it more strategic?", strategy_answers(res)))
    else:
        sections.append(("The stronger bot", strategy_answers(res)))
    sections.insert(0, ("How long is a game?", duration_answers(res)))
    sections.append(("Is it fair to every seat?", seat_answers(res)))
    sections.append(("Which bot wins?", bot_answers(res)))
    sections.append(("How do games end?", ended_answers(res)))
    for heading, items in sections:
        if items:
            parts.append(f"<h3>{html.escape(heading)}</h3>{_list(items)}")

    parts.append("<h2>Game length</h2>")
    parts.append(_img(plot_lengths(res), "game length distributions per variant"))
    parts.append(_table(res))
    if res.builds:
        words = {"compiled": "the compiled build (mypyc)", "pure": "pure Python"}
        played = " and ".join(words.get(b, b) for b in res.builds)
        resumed = " (the run was resumed in another build)" if len(res.builds) > 1 else ""
        parts.append(f"<p class=\"note\">Played by {html.escape(played)}{resumed}.</p>")
    parts.append("<h2>Who wins</h2>")
    parts.append(_img(plot_seats(res), "win rate per seat with 95% confidence intervals"))
    bots = plot_bots(res)
    if bots:
        parts.append(_img(bots, "win rate per bot with 95% confidence intervals"))
    parts.append("<h2>How games ended</h2>")
    parts.append(_img(plot_ended(res), "how games ended"))
    groups = plot_groups(res)
    if groups:
        parts.append("<h2>What the winners held</h2>")
        parts.append(_img(groups, "colour groups the winners held whole"))
    boards = [(v, plot_board(res, v)) for v in res.variant_names]
    shown = [(v, b) for v, b in boards if b]
    if shown:
        parts.append("<h2>Where the tokens land</h2>")
        parts.append("<p class=\"muted\">For every dice roll, the space where the token ended "
                     "once the roll was resolved (cards and Go To Jail included), over all "
                     "line-ups of the variant.</p>")
        for v, b in shown:
            parts.append(_img(b, f"landing frequencies on the board, {v}"))
    parts.append("<h2>The experiment</h2>")
    described = json.dumps(exp, indent=1, sort_keys=True, ensure_ascii=False)
    parts.append(f"<pre>{html.escape(described)}</pre>")
    parts.append(f"<p class=\"muted\">Made by <code>pennybags lab report "
                 f"{html.escape(str(results))}</code>.</p>")
    body = "\n".join(parts)
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(title)}</title><style>{_CSS}</style>"
            f"<script>{_CHECK}</script></head>\n<body>\n{body}\n</body></html>\n")


def run_cli(results: str, out: str | None) -> int:
    file = results_file(results)
    target = Path(out) if out else file.parent / "report.html"
    if target.resolve() in (file.resolve(), file.resolve().with_name(file.name + ".wal")):
        raise ExperimentError(f"--out {target} would overwrite the results: give a .html file")
    require_lab_packages()
    res = read_results(results)
    note = completeness(results, res)
    page = render_report(res, results, note)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
    except OSError as e:
        raise ExperimentError(f"cannot write {target}: {e.strerror or e}") from None
    if note:
        print(f"note: {note}")
    print(f"report: {target}")
    return 0
