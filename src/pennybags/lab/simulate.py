"""Bot-only games in bulk: ``pennybags simulate``.

Game ``i`` of a run with seed ``s`` is always played with the same seed (derived from ``s``
and ``i``) and the same bot seeds, so a run gives the same results whatever the number of
worker processes: workers only change who plays which game, and results are gathered in
game order.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from librt.vecs import vec
from mypy_extensions import i64

from pennybags.bots import bot_factory, make_bot
from pennybags.editions import Edition, get_edition
from pennybags.engine.arrays import filled_ints, ints
from pennybags.engine.board import Board
from pennybags.engine.data import EditionData
from pennybags.engine.game import Agent, Game, Seats
from pennybags.engine.rules import Rulebook
from pennybags.fastbuild import build_name
from pennybags.lab.landing import LandingCounter


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares."""

    edition: str
    bots: tuple[str, ...]
    seed: int
    max_rounds: int
    options: Mapping[str, Any] = field(default_factory=dict)
    landing: bool = False


@dataclass
class GameResult:
    """One finished game."""

    index: int
    seed: int
    rounds: int
    player_turns: int
    end_reason: str
    winner: int | None
    seconds: float
    assets: list[int]
    landing: list[int] | None = None
    landing_jail: int = 0
    landing_rolls: int = 0
    bankrupt_round: list[int | None] = field(default_factory=list)
    """Per seat: the round in which the player went bankrupt (None: still in the game)."""
    deeds: list[list[int]] = field(default_factory=list)
    """Per seat: the deeds (space indices) the player held at the end."""
    groups: list[list[str]] = field(default_factory=list)
    """Per seat: the groups (of two deeds or more) the player held whole at the end of a
    round before anyone went bankrupt, or at the end of a game where no one did: what the
    player gathered by buying, bidding and trading, not what bankrupt players handed over."""


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: independent of how the run is split."""
    return (run_seed * 1_000_003 + index) % (2**63)


@functools.lru_cache(maxsize=16)
def run_options(edition_id: str, named: tuple[tuple[str, Any], ...], max_rounds: int) -> Any:
    """The options every game of a run plays with, parsed once per run: the named ones,
    the round cap, and no end-turn stop for the bots (they manage at their roll
    decisions) unless the options say otherwise."""
    edition = get_edition(edition_id)
    options = dict(named)
    if max_rounds:
        options["max-rounds"] = max_rounds
    if "auto-end-turn" not in options and _has_option(edition, "auto-end-turn"):
        options["auto-end-turn"] = True
    return edition.options(options)


class RunMade:
    """What every game of a run makes the same way, made once for a run's :class:`Setup`
    (see :func:`run_made`) rather than for each game: the edition, the players' names, the
    options parsed, a maker of each seat's bot (the bot's spec read once)."""

    __slots__ = ("bots", "data", "edition", "game_class", "names", "options", "rulebook",
                 "setup")

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        edition = get_edition(setup.edition)
        self.edition: Edition = edition
        self.game_class: type[Game] = edition.game_class
        self.data: EditionData = edition.data
        self.rulebook: Rulebook = edition.rulebook
        self.names: tuple[str, ...] = tuple(f"{spec.partition('?')[0]}-{seat + 1}"
                                            for seat, spec in enumerate(setup.bots))
        named = tuple(setup.options.items())
        try:
            options = run_options(setup.edition, named, setup.max_rounds)
        except TypeError:  # a value that cannot be a cache key: parse it for this run
            options = run_options.__wrapped__(setup.edition, named, setup.max_rounds)
        self.options: Any = options
        self.bots: list[Callable[[int], Agent]] = [bot_factory(spec) for spec in setup.bots]


class LastRun:
    """The :class:`RunMade` of the setup played last (one ``Final`` holder: the compiled
    build reads a module variable that is rebound from the module's dictionary)."""

    __slots__ = ("made",)

    def __init__(self) -> None:
        self.made: RunMade | None = None


LAST_RUN: Final = LastRun()


def run_made(setup: Setup) -> RunMade:
    """What the games of ``setup``'s run share, made at its first game (the same
    :class:`Setup` object: a run passes one to every game)."""
    made = LAST_RUN.made
    if made is None or made.setup is not setup:
        made = LAST_RUN.made = RunMade(setup)
    return made


def play_one(setup: Setup, index: int) -> GameResult:
    """Play game ``index`` of a run to its end."""
    seed = game_seed(setup.seed, index)
    made = run_made(setup)
    names = made.names
    started = time.perf_counter()
    # (what Edition.new_game does with an options object, without its pure-Python call)
    game = made.game_class(made.data, names, seed, made.options, rulebook=made.rulebook,
                           record=False)
    counter = None
    if setup.landing:
        counter = LandingCounter(game)
        game.listeners.append(counter)
    bots = [make(seed * 8 + seat) for seat, make in enumerate(made.bots)]
    seats_played = Seats(bots)  # (sorted once, not at every round)
    seats = len(names)
    gone: list[int | None] = [None] * seats
    notes = GroupNotes(game)
    last_round = game.round
    anyone_gone = False
    while not game.over:
        game.play_seats(seats_played, last_round + 1)
        # Bankruptcies are noticed when a round ends: cheaper than listening to events.
        if _note_bankrupt(game, gone, last_round):
            anyone_gone = True
        if not anyone_gone and notes.transfers != game.transfers:  # (else nothing new)
            notes.look(game)
        last_round = game.round
    if _note_bankrupt(game, gone, last_round):
        anyone_gone = True
    if not anyone_gone and notes.transfers != game.transfers:
        notes.look(game)
    whole = notes.whole
    owner = game.owner
    held: list[list[int]] = [[] for _ in range(seats)]
    for deed in game.board.deeds:
        if owner[deed] >= 0:
            held[owner[deed]].append(deed)
    words = made.edition.words(game)

    def assets_of(p: int) -> int:
        assets = words.total_assets(p)
        return assets if assets is not None else game.cash(p)

    rounds = game.round
    if game.end_reason == "round-cap" and setup.max_rounds:
        # The round counter has moved on to the round that the cap stops.
        rounds = min(rounds, setup.max_rounds)
    return GameResult(
        index=index,
        seed=seed,
        rounds=rounds,
        player_turns=game.turns,
        end_reason=game.end_reason,
        winner=game.winner,
        seconds=time.perf_counter() - started,
        assets=[assets_of(p) if not game.players[p].bankrupt else 0
                for p in range(len(names))],
        landing=list(counter.counts) if counter else None,
        landing_jail=counter.in_jail if counter else 0,
        landing_rolls=counter.rolls if counter else 0,
        bankrupt_round=gone,
        deeds=held,
        groups=whole,
    )


def _note_bankrupt(game: Game, gone: list[int | None], round_: int) -> bool:
    """Note the round of each bankruptcy not yet noted; whether anyone is bankrupt."""
    anyone = False
    for p, player in enumerate(game.players):
        if player.bankrupt:
            anyone = True
            if gone[p] is None:
                gone[p] = round_
    return anyone


MOST_GROUPS: Final = 63
"""The most groups a board may have for simulate's notes, which hold sets of groups as the
bits of a 64-bit integer (``i64``: plain machine integers in the compiled build). The
largest board, Ultimate Monopoly's, has far fewer."""


class BoardGroups:
    """The groups of two deeds or more of a board, as simulate looks at them: made once per
    board (see :func:`board_groups`), not for every game."""

    __slots__ = ("board", "every", "groups", "names", "of_deed")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.names: list[str] = []
        self.groups: list[tuple[int, ...]] = []
        for name, deeds in board.groups.items():
            if len(deeds) >= 2:
                self.names.append(name)
                self.groups.append(deeds)
        if len(self.groups) > MOST_GROUPS:
            raise ValueError(f"simulate notes at most {MOST_GROUPS} groups of a board, "
                             f"not {len(self.groups)}")
        of_deed = [0] * board.size
        for g, deeds in enumerate(self.groups):
            for d in deeds:
                of_deed[d] |= 1 << g
        self.of_deed: vec[i64] = ints(of_deed)
        """The groups of each deed, as bits (1 << place in ``groups``): an array of
        ``i64`` (``engine.arrays``), read and or-ed without boxing compiled."""
        self.every: i64 = (1 << len(self.groups)) - 1


class LastGroups:
    """The board groups made last (one ``Final`` holder: the compiled build reads a module
    variable that is rebound from the module's dictionary)."""

    __slots__ = ("made",)

    def __init__(self) -> None:
        self.made: BoardGroups | None = None


LAST_GROUPS: Final = LastGroups()


def board_groups(board: Board) -> BoardGroups:
    made = LAST_GROUPS.made
    if made is None or made.board is not board:
        made = LAST_GROUPS.made = BoardGroups(board)
    return made


class GroupNotes:
    """The groups (of two deeds or more) each seat has held whole at the end of a round,
    looked at after changes of owner: only the groups of the deeds the game's log of
    changes names (``Game.changed``), or every group when the log does not account for
    every change counted."""

    def __init__(self, game: Game) -> None:
        self.board = board_groups(game.board)
        self.held: vec[i64] = filled_ints(0, len(self.board.groups))
        """Each group's seats noted in ``whole`` already, as bits (1 << seat)."""
        self.whole: list[list[str]] = [[] for _ in game.players]
        """Each seat's groups held whole, by name, in the order first noted."""
        self.transfers: i64 = -1
        """The game's ``transfers``, ``changes`` and log length at the last look."""
        self.changes: i64 = -1
        self.logged: i64 = 0

    def look(self, game: Game) -> None:
        """Note the groups held whole now that were not noted for their holder."""
        self.transfers = game.transfers
        log = game.changed
        length = len(log)
        logged = self.logged
        looked: i64 = 0
        if self.changes >= 0 and length >= logged and \
                length - logged == game.changes - self.changes:
            of_deed = self.board.of_deed
            for k in range(logged, length):
                looked |= of_deed[log[k]]
        else:  # the first look, or changes the log does not name: every group
            looked = self.board.every
        self.logged = length
        self.changes = game.changes
        if looked == 0:
            return
        # (Concrete types and bits: the compiled build indexes the lists natively and
        # compares numbers, not words in a list through the generic protocol.)
        owner = game.owner
        held = self.held
        g: i64 = -1
        for deeds in self.board.groups:
            g += 1
            if not looked >> g & 1:
                continue
            first = owner[deeds[0]]
            if first < 0:
                continue
            for d in deeds:
                if owner[d] != first:
                    break
            else:
                noted = held[g]
                if not noted >> first & 1:
                    held[g] = noted | 1 << first
                    self.whole[first].append(self.board.names[g])


def _has_option(edition: Any, name: str) -> bool:
    return any(option == name for option, *_ in edition.describe_options())


SetupRow = tuple[str, tuple[str, ...], int, int, tuple[tuple[str, Any], ...], bool]
"""A :class:`Setup` as plain values, as worker processes are handed it: the compiled
build's dataclasses cannot always be pickled (a frozen one cannot be unpickled)."""

ResultRow = tuple[int, int, int, int, str, int | None, float, list[int], list[int] | None,
                  int, int, list[int | None], list[list[int]], list[list[str]]]
"""A :class:`GameResult` as plain values, as worker processes hand it back."""


def setup_row(setup: Setup) -> SetupRow:
    return (setup.edition, setup.bots, setup.seed, setup.max_rounds,
            tuple(setup.options.items()), setup.landing)


def setup_from_row(row: SetupRow) -> Setup:
    edition, bots, seed, max_rounds, options, landing = row
    return Setup(edition, bots, seed, max_rounds, dict(options), landing)


def result_row(r: GameResult) -> ResultRow:
    return (r.index, r.seed, r.rounds, r.player_turns, r.end_reason, r.winner, r.seconds,
            r.assets, r.landing, r.landing_jail, r.landing_rolls, r.bankrupt_round, r.deeds,
            r.groups)


def result_from_row(row: ResultRow) -> GameResult:
    (index, seed, rounds, player_turns, end_reason, winner, seconds, assets, landing,
     landing_jail, landing_rolls, bankrupt_round, deeds, groups) = row
    return GameResult(index, seed, rounds, player_turns, end_reason, winner, seconds, assets,
                      landing, landing_jail, landing_rolls, bankrupt_round, deeds, groups)


def _play_chunk(args: tuple[SetupRow, list[int]]) -> list[ResultRow]:
    row, indices = args
    setup = setup_from_row(row)
    return [result_row(play_one(setup, i)) for i in indices]


def play_games(setup: Setup, games: int, workers: int = 1) -> Iterator[GameResult]:
    """Play ``games`` games, on ``workers`` processes, yielding each result as it comes (in
    game order with one worker; in the order chunks finish with several)."""
    if workers <= 1:
        for i in range(games):
            yield play_one(setup, i)
        return
    chunk = max(1, min(50, games // (workers * 8) or 1))
    row = setup_row(setup)
    chunks = ((row, list(range(start, min(games, start + chunk))))
              for start in range(0, games, chunk))
    import multiprocessing  # (here: every `pennybags` command imports this module)

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers) as pool:
        for part in pool.imap_unordered(_play_chunk, chunks):
            for result in part:
                yield result_from_row(result)


def run_games(setup: Setup, games: int, workers: int = 1,
              progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play ``games`` games, on ``workers`` processes; every result, in game order (for
    tests and small runs: ``pennybags simulate`` adds results up as they come instead)."""
    results: list[GameResult] = []
    for result in play_games(setup, games, workers):
        results.append(result)
        if progress:
            progress(1)
    results.sort(key=lambda r: r.index)
    return results


class Tally:
    """A run's figures added up game by game: counts and sums, never the list of games, so a
    run of any length takes the same memory (the round counts are at most the cap; the
    final-score margins are counted by value). The order games are added in changes
    nothing: every figure is a sum of whole numbers."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.games = 0
        self.player_turns = 0
        self.wins = [0] * len(setup.bots)
        self.wins_by_bot: dict[str, int] = {}
        self.draws = 0
        self.ended: dict[str, int] = {}
        self.rounds: Counter[int] = Counter()
        self.margins: Counter[int] = Counter()
        size = get_edition(setup.edition).data.board.size if setup.landing else 0
        self.landing = [0] * size
        self.landing_jail = 0
        self.landing_rolls = 0

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.player_turns += r.player_turns
        self.ended[r.end_reason] = self.ended.get(r.end_reason, 0) + 1
        self.rounds[r.rounds] += 1
        if r.winner is None:
            self.draws += 1
        else:
            self.wins[r.winner] += 1
            bot = self.setup.bots[r.winner]
            self.wins_by_bot[bot] = self.wins_by_bot.get(bot, 0) + 1
            if len(r.assets) >= 2:
                ranked = sorted(r.assets, reverse=True)
                self.margins[ranked[0] - ranked[1]] += 1
        if r.landing is not None:
            for i, c in enumerate(r.landing):
                self.landing[i] += c
        self.landing_jail += r.landing_jail
        self.landing_rolls += r.landing_rolls

    def summary(self, seconds: float) -> dict[str, Any]:
        """The run's summary (the ``--json`` object)."""
        setup = self.setup
        turns = self.player_turns
        out: dict[str, Any] = {
            "edition": setup.edition,
            "build": build_name(),
            "players": list(setup.bots),
            "seed": setup.seed,
            "max_rounds": setup.max_rounds,
            "games": self.games,
            "player_turns": turns,
            "seconds": round(seconds, 3),
            "player_turns_per_second": round(turns / seconds) if seconds > 0 else None,
            "wins": {str(seat): w for seat, w in enumerate(self.wins)},
            "wins_by_bot": dict(sorted(self.wins_by_bot.items())),
            "draws": self.draws,
            "ended": dict(sorted(self.ended.items())),
            "rounds": {
                "mean": _mean(self.rounds),
                "median": _median(self.rounds),
                "p90": round(_percentile(self.rounds, 0.9), 2),
            },
        }
        if setup.landing:
            out["landing"] = self.landing_summary()
        if get_edition(setup.edition).words.ends_with_scores:
            out["final_score_margin"] = self.final_score_margin()
        return out

    def final_score_margin(self) -> dict[str, Any]:
        """For editions that end with every player's total (Ultimate Banking): how far the
        winner's final score is ahead of the next best (a bankrupt player counts 0), over
        the games that had a winner."""
        margins = self.margins
        games = sum(margins.values())
        if not games:
            return {"games": 0, "mean": 0.0, "median": 0, "p10": 0.0, "p90": 0.0}
        return {
            "games": games,
            "mean": _mean(margins),
            "median": _median(margins),
            "p10": round(_percentile(margins, 0.1), 2),
            "p90": round(_percentile(margins, 0.9), 2),
        }

    def landing_summary(self) -> dict[str, Any]:
        """Where the rolls left the tokens, summed over the games: per space its index, its
        ``label`` (a way to write it that names it alone: ``outer:7`` on a board of several
        tracks, where a name such as "Reading Railroad" or "Chance" is on more than one
        space; else its index), its name, the count and the share of all rolls; and "in
        jail"."""
        board = get_edition(self.setup.edition).data.board
        rolls, jail = self.landing_rolls, self.landing_jail
        return {
            "rolls": rolls,
            "squares": [{"index": i, "label": board.label(i), "name": board[i].name,
                         "count": c, "frequency": c / rolls if rolls else 0.0}
                        for i, c in enumerate(self.landing)],
            "in_jail": {"count": jail, "frequency": jail / rolls if rolls else 0.0},
        }


def _ordered(counts: Counter[int]) -> list[tuple[int, int]]:
    return sorted(counts.items())


def _nth(counts: Counter[int], n: int) -> int:
    """The ``n``-th smallest value (from 0) of the values counted."""
    seen = 0
    for value, count in _ordered(counts):
        seen += count
        if n < seen:
            return value
    raise IndexError(n)


def _percentile(counts: Counter[int], q: float) -> float:
    """The ``q`` quantile of the counted values, interpolated between neighbours."""
    total = sum(counts.values())
    if not total:
        return 0.0
    k = (total - 1) * q
    lo = int(k)
    hi = min(lo + 1, total - 1)
    low, high = _nth(counts, lo), _nth(counts, hi)
    return low + (high - low) * (k - lo)


def _median(counts: Counter[int]) -> float | int:
    """As ``statistics.median``: the middle value, or the mean of the middle two."""
    total = sum(counts.values())
    if not total:
        return 0
    if total % 2:
        return _nth(counts, total // 2)
    return (_nth(counts, total // 2 - 1) + _nth(counts, total // 2)) / 2


def _mean(counts: Counter[int]) -> float:
    total = sum(counts.values())
    return round(sum(v * c for v, c in counts.items()) / total, 2) if total else 0.0


def summarise(setup: Setup, results: Sequence[GameResult], seconds: float) -> dict[str, Any]:
    """The summary of a list of results (as ``pennybags simulate`` adds them up)."""
    tally = Tally(setup)
    for r in results:
        tally.add(r)
    return tally.summary(seconds)


# ------------------------------------------------------------------------ command line

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--edition", default="classic", help="edition id (default classic)")
    parser.add_argument("--players", default="standard,standard,standard,standard",
                        help="comma-separated bot specs, one per seat, e.g. "
                             "'standard,standard?reserve=300,random' (default: four standard)")
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the run (default 1)")
    parser.add_argument("--max-rounds", type=int, default=None,
                        help="end a game after this many rounds, richest wins (default 1000; "
                             "0 = no cap; -o max-rounds=N says the same)")
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes (default 1); results do not depend on it")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a house rule or table option, repeatable")
    parser.add_argument("--landing", action="store_true",
                        help="count, for every dice roll, the square where the token ends")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")


def setup_from_args(args: argparse.Namespace, options: Mapping[str, Any]) -> Setup:
    """Check the command line; ValueError with a readable reason when it is wrong."""
    bots = tuple(s.strip() for s in str(args.players).split(",") if s.strip())
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.workers < 1:
        raise ValueError("--workers must be at least 1")
    edition = get_edition(args.edition)
    lo, hi = edition.players
    if not lo <= len(bots) <= hi:
        raise ValueError(f"{edition.name} is for {lo} to {hi} players, not {len(bots)}")
    for spec in bots:
        make_bot(spec.removeprefix("bot:"), 0, edition.id)
    parsed = edition.options(options)
    # The round cap may come as --max-rounds or as the house rule -o max-rounds=N; it is
    # kept in Setup.max_rounds only, so the two cannot disagree.
    cap_keys = [k for k in options if k.replace("_", "-") == "max-rounds"]
    if cap_keys and args.max_rounds is not None:
        raise ValueError("give the round cap once: --max-rounds N or -o max-rounds=N")
    if cap_keys:
        max_rounds = int(parsed.max_rounds)
    else:
        max_rounds = 1000 if args.max_rounds is None else args.max_rounds
    if max_rounds < 0:
        raise ValueError("--max-rounds cannot be negative")
    rest = {k: v for k, v in options.items() if k not in cap_keys}
    bots = tuple(spec.removeprefix("bot:") for spec in bots)
    return Setup(args.edition, bots, args.seed, max_rounds, rest, args.landing)


def run_cli(args: argparse.Namespace, options: Mapping[str, Any]) -> int:
    setup = setup_from_args(args, options)
    tally = Tally(setup)
    started = time.perf_counter()
    if sys.stderr.isatty() and not args.json:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), transient=True,
                      console=Console(stderr=True)) as bar:
            task = bar.add_task("games", total=args.games)
            for result in play_games(setup, args.games, args.workers):
                tally.add(result)
                bar.advance(task, 1)
    else:
        for result in play_games(setup, args.games, args.workers):
            tally.add(result)
    summary = tally.summary(time.perf_counter() - started)
    if args.json:
        print(json.dumps(summary))
    else:
        print_summary(summary)
    return 0


def print_summary(s: Mapping[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    build = "compiled build" if s.get("build") == "compiled" else "pure Python"
    console.print(f"[bold]{s['games']}[/] games of {s['edition']} · {s['player_turns']:,} "
                  f"player-turns in {s['seconds']:.1f} s "
                  f"({s['player_turns_per_second'] or 0:,}/s, {build})")
    table = Table("seat", "bot", "wins", "share")
    for seat, bot in enumerate(s["players"]):
        w = s["wins"][str(seat)]
        table.add_row(str(seat), bot, str(w), f"{w / s['games']:.1%}")
    if s["draws"]:
        table.add_row("-", "draw", str(s["draws"]), f"{s['draws'] / s['games']:.1%}")
    console.print(table)
    console.print("wins by bot: " + (", ".join(f"{b} {w}" for b, w in
                                               sorted(s["wins_by_bot"].items())) or "none"))
    console.print("ended: " + ", ".join(f"{k} {v}" for k, v in sorted(s["ended"].items())))
    r = s["rounds"]
    console.print(f"rounds per game: mean {r['mean']}, median {r['median']}, p90 {r['p90']}")
    if "final_score_margin" in s:
        m = s["final_score_margin"]
        console.print(f"final-score margin (winner over the next best, {m['games']} games): "
                      f"mean {m['mean']:,}, median {m['median']:,}, p10 {m['p10']:,}, "
                      f"p90 {m['p90']:,}")
    if "landing" in s:
        land = s["landing"]
        squares = land["squares"]
        # A board of several tracks names each space by its track too ("outer:7"): a name
        # alone can stand for a space on each track.
        tracks = any(sq.get("label", str(sq["index"])) != str(sq["index"]) for sq in squares)
        table = Table("square", "space", "name", "frequency") if tracks else \
            Table("square", "name", "frequency")
        for sq in squares:
            where = [str(sq["label"])] if tracks else []
            table.add_row(str(sq["index"]), *where, sq["name"], f"{sq['frequency']:.4%}")
        table.add_row("-", *(["-"] if tracks else []), "in jail",
                      f"{land['in_jail']['frequency']:.4%}")
        console.print(f"landing frequencies over {land['rolls']:,} rolls")
        console.print(table)
