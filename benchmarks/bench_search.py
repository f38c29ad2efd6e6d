"""How long the search bot takes to decide: seconds per decision, per edition.

The search bot (a spec such as ``search`` or ``search?playouts=8&horizon=4``) plays one
seat against standard bots; every one of its decisions is timed. Printed per edition: its
decisions, how many were searched (the others go to the standard bot at once), the mean,
median, 95th percentile and largest time of a searched decision, and the share of searched
decisions that took over a second.

    .venv/bin/python benchmarks/bench_search.py                        # 2 games per edition
    .venv/bin/python benchmarks/bench_search.py --games 5 --bot 'search?time=0.5'
    .venv/bin/python benchmarks/bench_search.py --editions classic --players 2

The default budget depends on the build (more playouts compiled); the first line says
which build runs. To time the compiled build's default, run the script in a compiled copy,
such as the one the lab keeps in its cache (``PYTHONPATH=<cache>/<key>/src``, see
src/pennybags/fastbuild.py), or through ``benchmarks/compiled bench_search.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from pennybags.bots import make_bot
from pennybags.bots.search import SearchBot, is_compiled
from pennybags.editions import all_editions, get_edition
from pennybags.engine.actions import Action


class Timed:
    """The search bot, each answer timed."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.name = bot.name
        self.searched: list[float] = []
        self.quick: list[float] = []

    def choose(self, game: Any, player: int) -> Action:
        before = self.bot.searched
        start = time.perf_counter()
        action = self.bot.choose(game, player)
        took = time.perf_counter() - start
        (self.searched if self.bot.searched > before else self.quick).append(took)
        return action


def build() -> str:
    """``compiled`` when the engine is a C extension, else ``pure``."""
    return "compiled" if is_compiled() else "pure"


def main(argv: list[str] | None = None) -> int:
    editions = [e.id for e in all_editions()]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="search", help="the search bot's spec (default search)")
    parser.add_argument("--games", type=int, default=2, help="games per edition (default 2)")
    parser.add_argument("--editions", default=",".join(editions),
                        help=f"editions, comma-separated (default {','.join(editions)})")
    parser.add_argument("--players", type=int, default=4,
                        help="players per game, at least the edition's fewest (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    args = parser.parse_args(argv)
    chosen = [e.strip() for e in args.editions.split(",") if e.strip()]
    unknown = [e for e in chosen if e not in editions]
    if unknown or not chosen:
        parser.error(f"unknown edition(s) {', '.join(unknown)}; the editions are "
                     f"{', '.join(editions)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        make_bot(args.bot)
    except ValueError as e:
        parser.error(str(e))
    if args.bot.partition("?")[0].strip().lower() != "search":
        parser.error("--bot takes a spec of the search bot, such as search?playouts=8")
    print(f"bot={args.bot} games={args.games} players={args.players} build={build()}")
    for edition in chosen:
        data = get_edition(edition).data
        players = max(data.min_players, min(data.max_players, args.players))
        searched: list[float] = []
        quick: list[float] = []
        for g in range(args.games):
            seed = args.seed + g
            game = get_edition(edition).new_game([f"P{i}" for i in range(players)],
                                                 seed=seed, options={"max-rounds": 1000})
            seat = g % players
            bot = make_bot(args.bot, seed, edition=edition)
            assert isinstance(bot, SearchBot)
            timed = Timed(bot)
            agents: list[Any] = [timed if i == seat else
                                 make_bot("standard", seed, edition=edition)
                                 for i in range(players)]
            game.play_out(agents)
            searched += timed.searched
            quick += timed.quick
        total = len(searched) + len(quick)
        if searched:
            ordered = sorted(searched)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            slow = sum(1 for t in searched if t > 1.0) / len(searched)
            print(f"{edition}: players={players} decisions={total} searched={len(searched)} "
                  f"mean={statistics.fmean(searched):.3f}s "
                  f"median={statistics.median(searched):.3f}s p95={p95:.3f}s "
                  f"max={ordered[-1]:.3f}s over_1s={slow:.1%}")
        else:
            print(f"{edition}: players={players} decisions={total} searched=0")
    return 0


if __name__ == "__main__":
    sys.exit(main())
