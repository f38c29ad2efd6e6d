"""Benchmark: what search bots pay to copy a game, for each edition.

For every edition, plays games with four standard bots to a few positions (early, middle,
late), then times ``game.clone()``, ``game.determinize(seat, rng)`` and
``game.view(seat)`` there, and prints the median cost of each in microseconds (CPU time of
this process).

    .venv/bin/python benchmarks/bench_clone.py
    benchmarks/compiled bench_clone.py --copies 5000     # the mypyc build
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pennybags.bots import make_bot
from pennybags.editions import all_editions, get_edition
from pennybags.engine.game import Game


def positions(edition: str, games: int) -> list[Game]:
    """Games stopped after 20, 150 and 400 answers (or at their end)."""
    out = []
    for seed in range(games):
        for steps in (20, 150, 400):
            game = get_edition(edition).new_game(["A", "B", "C", "D"], seed=seed)
            bots = [make_bot("standard", seed * 4 + s) for s in range(4)]
            for _ in range(steps):
                if game.over:
                    break
                p = game.pending[0].player
                game.act(p, bots[p].choose(game, p))
            out.append(game)
    return out


def per_call(work: list[Game], copies: int, what: str) -> float:
    """Median microseconds of one call of ``what`` over the positions."""
    rng = random.Random(0)
    times = []
    for game in work:
        seat = game.pending[0].player if game.pending else 0
        start = time.process_time()
        if what == "clone":
            for _ in range(copies):
                game.clone()
        elif what == "determinize":
            for _ in range(copies):
                game.determinize(seat, rng)
        else:
            for _ in range(copies):
                game.view(seat)
        times.append((time.process_time() - start) / copies * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=2000,
                        help="clones (and determinized copies) timed per position "
                             "(default 2000; views: a tenth of it)")
    parser.add_argument("--games", type=int, default=2,
                        help="games per edition, each stopped at three points (default 2)")
    parser.add_argument("--edition", action="append", default=[],
                        help="only this edition (repeatable; default: every edition)")
    args = parser.parse_args()
    if args.copies < 1 or args.games < 1:
        parser.error("--copies and --games must be at least 1")
    editions = args.edition or [e.id for e in all_editions()]
    print(f"{'edition':<20} {'clone us':>10} {'determinize us':>15} {'view us':>10}")
    for edition in editions:
        work = positions(edition, args.games)
        clone = per_call(work, args.copies, "clone")
        det = per_call(work, args.copies, "determinize")
        view = per_call(work, max(1, args.copies // 10), "view")
        print(f"{edition:<20} {clone:>10.1f} {det:>15.1f} {view:>10.1f}")


if __name__ == "__main__":
    main()
