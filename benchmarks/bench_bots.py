"""Benchmark: games per second of each bot in each edition, on one core.

Every seat holds the same bot; the games are those ``pennybags simulate`` and the lab play
(the same seeds, options and round cap; ``pennybags.lab.simulate.play_one``). Time is the
CPU time of this process, so other work on the machine disturbs the figures less. Prints
one line per edition and bot, then how the games ended::

    .venv/bin/python benchmarks/bench_bots.py                     # 100 games per pair
    .venv/bin/python benchmarks/bench_bots.py --games 300 --bots standard --editions classic
    benchmarks/compiled bench_bots.py --games 500                 # the mypyc build

(This replaces a test that asserted 100 games of four standard bots take under 30 s: a
speed is measured here and printed, not asserted by the test suite.)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from pennybags.bots import bot_names
from pennybags.editions import all_editions
from pennybags.lab.simulate import Setup, play_one


def seats(edition_id: str, wanted: int) -> int:
    """``wanted`` players, within what the edition allows."""
    lo, hi = next(e.players for e in all_editions() if e.id == edition_id)
    return min(max(wanted, lo), hi)


def measure(edition: str, bot: str, games: int, players: int, seed: int,
            max_rounds: int) -> tuple[int, float, Counter[str]]:
    """Play ``games`` games; return the player-turns, the CPU seconds and the endings."""
    setup = Setup(edition, (bot,) * players, seed, max_rounds)
    turns = 0
    ended: Counter[str] = Counter()
    start = time.process_time()
    for index in range(games):
        result = play_one(setup, index)
        turns += result.player_turns
        ended[result.end_reason] += 1
    return turns, time.process_time() - start, ended


def main(argv: list[str] | None = None) -> int:
    editions = [e.id for e in all_editions()]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100,
                        help="games per edition and bot (default 100)")
    # The search bot plays whole games inside each decision: benchmarks/bench_search.py
    # measures it, and it is left out here unless named.
    quick = [b for b in bot_names() if b != "search"]
    parser.add_argument("--bots", default=",".join(quick),
                        help=f"bots to measure, comma-separated (default {','.join(quick)}; "
                             "bench_search.py measures search)")
    parser.add_argument("--editions", default=",".join(editions),
                        help=f"editions, comma-separated (default {','.join(editions)})")
    parser.add_argument("--players", type=int, default=4,
                        help="players per game, within each edition's range (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--max-rounds", type=int, default=1000,
                        help="round cap of each game (default 1000)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.players < 1 or args.max_rounds < 0:
        parser.error("--games and --players must be at least 1, --max-rounds at least 0")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    chosen = [e.strip() for e in args.editions.split(",") if e.strip()]
    unknown = [e for e in chosen if e not in editions] + \
        [b for b in bots if b.partition("?")[0] not in bot_names()]
    if unknown or not bots or not chosen:
        parser.error(f"unknown or missing edition or bot: {', '.join(unknown) or 'none given'}")
    print(f"games per edition and bot: {args.games}, seed {args.seed}, round cap "
          f"{args.max_rounds}, CPU time of one core")
    for edition in chosen:
        players = seats(edition, args.players)
        for bot in bots:
            turns, seconds, ended = measure(edition, bot, args.games, players, args.seed,
                                            args.max_rounds)
            seconds = max(seconds, 1e-9)
            print(f"edition={edition} bot={bot} players={players} games={args.games} "
                  f"player_turns={turns} seconds={seconds:.2f} "
                  f"games/s={args.games / seconds:,.2f} "
                  f"player-turns/s={turns / seconds:,.0f} "
                  "ended=" + ",".join(f"{k}:{v}" for k, v in sorted(ended.items())))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
