"""Benchmark: games between four bots on one core, full rules (classic, or ``--edition``).

Prints player-turns per second and games per second, measured in CPU time of this process
(so other work on the machine disturbs the figures less).

    .venv/bin/python benchmarks/bench_classic.py --games 1000 --bot standard
    benchmarks/compiled bench_classic.py --games 2000 --bot standard   # the mypyc build
    benchmarks/compiled bench_classic.py --games 2000 --bot standard --repeat 5
    benchmarks/compiled bench_classic.py --edition ultimate-monopoly --games 300 --bot standard

Each game is played to its end by ``Game.play_out``, the loop simulations use, with the
options simulations use (the round cap; no end-turn stop where the edition has that option).
"""

from __future__ import annotations

import argparse
import statistics
import time

from pennybags.bots import make_bot
from pennybags.editions import all_editions, get_edition
from pennybags.lab.simulate import run_options


def play(
    games: int, bot: str, seed: int, max_rounds: int, edition_id: str = "classic"
) -> tuple[int, int, float, dict[str, int]]:
    edition = get_edition(edition_id)
    turns = 0
    ends: dict[str, int] = {}
    start = time.process_time()
    options = run_options(edition_id, (), max_rounds)
    for g in range(games):
        game = edition.new_game(["A", "B", "C", "D"], seed=seed + g, options=options,
                                record=False)
        bots = [make_bot(bot, (seed + g) * 8 + i) for i in range(4)]
        game.play_out(bots)
        turns += game.turns
        ends[game.end_reason] = ends.get(game.end_reason, 0) + 1
    return games, turns, time.process_time() - start, ends


def main() -> None:
    editions = [e.id for e in all_editions()]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic", choices=editions,
                        help="the edition (default classic)")
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--bot", default="simple",
                        help="the bot in all four seats, e.g. standard (default simple)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--max-rounds", type=int, default=1000,
                        help="round cap of each game (default 1000)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="play the same games this many times and print each run, the "
                             "best and the median (other work on the machine only ever "
                             "slows a run down)")
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    rates = []
    for run in range(args.repeat):
        games, turns, seconds, ends = play(args.games, args.bot, args.seed, args.max_rounds,
                                           args.edition)
        rates.append(turns / seconds)
        if args.repeat > 1:
            print(f"run {run + 1}: seconds={seconds:.2f} player-turns/s={turns / seconds:,.0f}")
    if args.repeat == 1:
        print(f"edition={args.edition} bot={args.bot} games={games} player_turns={turns} "
              f"seconds={seconds:.2f}")
        print(f"player-turns/s: {rates[0]:,.0f}")
        print(f"games/s: {games / seconds:,.2f}")
    else:
        best, median = max(rates), statistics.median(rates)
        print(f"edition={args.edition} bot={args.bot} games={games} player_turns={turns} "
              f"runs={args.repeat}")
        print(f"player-turns/s: best {best:,.0f}, median {median:,.0f}")
        print(f"games/s: best {best * games / turns:,.2f}, median {median * games / turns:,.2f}")
    print("ended: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))

if __name__ == "__main__":
    main()
