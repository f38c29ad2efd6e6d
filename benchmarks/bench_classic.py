"""Benchmark: classic games between four bots on one core, full rules.

Prints player-turns per second and games per second, measured in CPU time of this process
(so other work on the machine disturbs the figures less).

    .venv/bin/python benchmarks/bench_classic.py --games 1000 --bot standard
    benchmarks/compiled bench_classic.py --games 2000 --bot standard   # the mypyc build
    benchmarks/compiled bench_classic.py --games 2000 --bot standard --repeat 5

Each game is played to its end by ``Game.play_out``, the loop simulations use.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pennybags.bots import make_bot
from pennybags.editions import get_edition


def play(
    games: int, bot: str, seed: int, max_rounds: int
) -> tuple[int, int, float, dict[str, int]]:
    edition = get_edition("classic")
    turns = 0
    ends: dict[str, int] = {}
    start = time.process_time()
    options = edition.options({"max-rounds": max_rounds, "auto-end-turn": True})
    for g in range(games):
        game = edition.new_game(["A", "B", "C", "D"], seed=seed + g, options=options,
                                record=False)
        bots = [make_bot(bot, (seed + g) * 8 + i) for i in range(4)]
        game.play_out(bots)
        turns += game.turns
        ends[game.end_reason] = ends.get(game.end_reason, 0) + 1
    return games, turns, time.process_time() - start, ends


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
        games, turns, seconds, ends = play(args.games, args.bot, args.seed, args.max_rounds)
        rates.append(turns / seconds)
        if args.repeat > 1:
            print(f"run {run + 1}: seconds={seconds:.2f} player-turns/s={turns / seconds:,.0f}")
    if args.repeat == 1:
        print(f"bot={args.bot} games={games} player_turns={turns} seconds={seconds:.2f}")
        print(f"player-turns/s: {rates[0]:,.0f}")
        print(f"games/s: {games / seconds:,.2f}")
    else:
        best, median = max(rates), statistics.median(rates)
        print(f"bot={args.bot} games={games} player_turns={turns} runs={args.repeat}")
        print(f"player-turns/s: best {best:,.0f}, median {median:,.0f}")
        print(f"games/s: best {best * games / turns:,.2f}, median {median * games / turns:,.2f}")
    print("ended: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))

if __name__ == "__main__":
    main()
