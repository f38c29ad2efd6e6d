"""Benchmark and soak test: many Ultimate Monopoly games between bots of one kind.

Plays ``--games`` games of ``--players`` bots (every seat the same ``--bot``), the games
``pennybags simulate`` plays (the same game and bot seeds, options and round cap, no
end-turn stop), each to its end, with a progress line. Every answer goes through
``game.act``, so a bot's illegal answer or an error in the rules is caught: the game counts
as an error and the first traceback is printed. A game that needs more than
``--max-actions`` answers counts as stuck (an error too). Then prints the games, the errors,
how many ended by bankruptcy and how many by the round cap, the mean rounds and the games per
second (wall-clock time)::

    .venv/bin/python benchmarks/ultimate_monopoly_games.py                  # 1000 standard
    .venv/bin/python benchmarks/ultimate_monopoly_games.py --bot random --games 200
    .venv/bin/python benchmarks/ultimate_monopoly_games.py --players 6 --seed 7

The round cap defaults to ``pennybags simulate``'s (1000 rounds; the edition's own default,
``max-rounds=0``, has none).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback

from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.lab.simulate import game_seed, run_options

EDITION = "ultimate-monopoly"


class Stuck(RuntimeError):
    """A game that needed more answers than allowed."""


def play(index: int, bot: str, players: int, seed: int, max_rounds: int,
         max_actions: int) -> tuple[str, int]:
    """Play game ``index`` of the run to its end: how it ended and its rounds."""
    game_seed_ = game_seed(seed, index)
    edition = get_edition(EDITION)
    names = [f"{bot}-{seat + 1}" for seat in range(players)]
    options = run_options(EDITION, (), max_rounds)
    game = edition.new_game(names, seed=game_seed_, options=options, record=False)
    bots = [make_bot(bot, game_seed_ * 8 + seat) for seat in range(players)]
    for _ in range(max_actions):
        if game.over:
            rounds = game.round
            if game.end_reason == "round-cap" and max_rounds:
                rounds = min(rounds, max_rounds)
            return game.end_reason, rounds
        seat = game.pending[0].player
        game.act(seat, bots[seat].choose(game, seat))
    raise Stuck(f"game {index} (seed {game_seed_}) not over after {max_actions} answers, "
                f"waiting on {game.waiting()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games (default 1000)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--bot", default="standard", choices=("standard", "random", "simple"),
                        help="the bot at every seat (default standard)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--max-rounds", type=int, default=1000,
                        help="round cap of each game (default 1000, as pennybags simulate; "
                             "0 = none)")
    parser.add_argument("--max-actions", type=int, default=500_000,
                        help="answers after which a game counts as stuck (default 500000)")
    args = parser.parse_args(argv)
    lo, hi = get_edition(EDITION).players
    if args.games < 1 or not lo <= args.players <= hi or args.max_rounds < 0 \
            or args.max_actions < 1:
        parser.error(f"--games and --max-actions must be at least 1, --players {lo} to {hi}, "
                     "--max-rounds at least 0")
    errors = 0
    first_error = ""
    ended: dict[str, int] = {}
    rounds = 0
    finished = 0
    started = time.perf_counter()
    for index in range(args.games):
        try:
            reason, played = play(index, args.bot, args.players, args.seed, args.max_rounds,
                                  args.max_actions)
        except Exception:  # every error is counted, the first one shown
            errors += 1
            if not first_error:
                first_error = f"game {index}:\n{traceback.format_exc()}"
        else:
            finished += 1
            ended[reason] = ended.get(reason, 0) + 1
            rounds += played
        if sys.stderr.isatty() or (index + 1) % 50 == 0 or index + 1 == args.games:
            print(f"\r{index + 1}/{args.games} games, {errors} errors", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)
    seconds = max(time.perf_counter() - started, 1e-9)
    bankrupt = ended.get("bankruptcy", 0)
    capped = ended.get("round-cap", 0)
    print(f"edition={EDITION} bot={args.bot} players={args.players} seed={args.seed} "
          f"max_rounds={args.max_rounds}")
    print(f"games: {args.games}")
    print(f"errors: {errors}")
    print(f"ended by bankruptcy: {bankrupt} ({bankrupt / args.games:.1%})")
    print(f"ended by the round cap: {capped} ({capped / args.games:.1%})")
    others = {k: v for k, v in ended.items() if k not in ("bankruptcy", "round-cap")}
    if others:
        print("ended otherwise: " + ", ".join(f"{k} {v}" for k, v in sorted(others.items())))
    print(f"mean rounds: {rounds / finished:.1f}" if finished else "mean rounds: -")
    print(f"games per second: {args.games / seconds:.2f}")
    if first_error:
        print(f"first error, {first_error}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
