"""Benchmark: instructions per player-turn, counted by valgrind's callgrind.

Times swing with whatever else the machine does; instruction counts do not (the same code,
inputs and interpreter give the same count). This plays games of an edition (classic unless
``--edition``) between four bots (``standard`` unless ``--bot``) twice under callgrind: once
only the ``--warm-up`` games (default 1), once those and ``--games`` more; it prints the
difference divided by the player-turns of the games added: what one player-turn costs in a
long simulation, start-up and warm-up excluded (the tables a process works out once, when
first needed, such as the board's walks or a bot's odds). The games are those of
``bench_classic.py`` (seeds 1, 2, ..., the options simulations use, round cap 1000); the
counted ones follow the warm-up's.

    .venv/bin/python benchmarks/bench_instructions.py --games 20           # pure Python
    benchmarks/compiled bench_instructions.py --games 60                   # the mypyc build
    benchmarks/compiled bench_instructions.py --edition ultimate-monopoly --games 60
    benchmarks/compiled bench_instructions.py --loop simulate --games 60   # as simulate plays

Needs valgrind (Debian: apt-get install valgrind). ``--calls`` counts instead, without
valgrind, the function calls of the same games (Python functions and built-ins, through
``sys.setprofile``; in the compiled build only those of the modules left in Python) and
prints the ``--top`` functions by calls a player-turn::

    .venv/bin/python benchmarks/bench_instructions.py --loop simulate --games 20 --calls
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from types import FrameType
from typing import Any

from pennybags.engine import game as engine_game

PLAY = """
import sys
from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.lab.simulate import run_options
edition = get_edition(sys.argv[1])
options = run_options(sys.argv[1], (), 1000)
bot = sys.argv[3]
turns = 0
for g in range(int(sys.argv[2])):
    game = edition.new_game(["A", "B", "C", "D"], seed=1 + g, options=options, record=False)
    game.play_out([make_bot(bot, (1 + g) * 8 + i) for i in range(4)])
    turns += game.turns
print("turns", turns)
"""

SIMULATE = """
import sys
from pennybags.lab.simulate import Setup, play_one
setup = Setup(sys.argv[1], (sys.argv[3],) * 4, 1, 1000)
turns = 0
for g in range(int(sys.argv[2])):
    turns += play_one(setup, g).player_turns
print("turns", turns)
"""


def count(edition: str, games: int, bot: str = "standard",
          loop: str = "play_out") -> tuple[int, int]:
    """(instructions, player-turns) of a run with ``games`` games."""
    # (no bytecode written: both runs, the warm-up's alone and the longer one, must find the
    # same compiled bytecode, or the first would be charged for compiling what the second
    # reads, and the difference would come out short)
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", SIMULATE if loop == "simulate" else PLAY, edition, str(games), bot],
        capture_output=True, text=True, env=env, check=False)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    turns = re.search(r"^turns (\d+)$", done.stdout, re.M)
    if done.returncode != 0 or collected is None or turns is None:
        raise SystemExit(f"the run under valgrind failed: {done.stderr[-500:]}")
    return int(collected.group(1)), int(turns.group(1))


def play(edition: str, bot: str, loop: str, first: int, last: int) -> int:
    """Play games ``first`` to ``last - 1`` of the run the valgrind scripts play (PLAY or
    SIMULATE) in this process; their player-turns."""
    from pennybags.bots import make_bot
    from pennybags.editions import get_edition
    from pennybags.lab.simulate import Setup, play_one, run_options

    turns = 0
    if loop == "simulate":
        setup = Setup(edition, (bot,) * 4, 1, 1000)
        for g in range(first, last):
            turns += play_one(setup, g).player_turns
        return turns
    kind = get_edition(edition)
    options = run_options(edition, (), 1000)
    for g in range(first, last):
        game = kind.new_game(["A", "B", "C", "D"], seed=1 + g, options=options, record=False)
        game.play_out([make_bot(bot, (1 + g) * 8 + i) for i in range(4)])
        turns += game.turns
    return turns


def count_calls(edition: str, games: int, bot: str, loop: str, warm_up: int,
                top: int) -> None:
    """Print the calls a player-turn of ``games`` games after ``warm_up`` more."""
    play(edition, bot, loop, 0, warm_up)
    calls: Counter[str] = Counter()
    python = 0
    builtin = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal python, builtin
        if event == "call":
            python += 1
            code = frame.f_code
            calls[f"{code.co_qualname} ({os.path.basename(code.co_filename)})"] += 1
        elif event == "c_call":
            builtin += 1
            calls[f"built-in {getattr(arg, '__qualname__', repr(arg))}"] += 1

    sys.setprofile(profile)
    try:
        turns = play(edition, bot, loop, warm_up, warm_up + games)
    finally:
        sys.setprofile(None)
    per = max(1, turns)
    build = "pure" if engine_game.__file__.endswith(".py") else "compiled"
    shown = "" if loop == "play_out" else f" loop={loop}"
    print(f"edition={edition} bot={bot} build={build} games={games} warm_up={warm_up}"
          f"{shown} player_turns={turns}")
    print(f"calls per player-turn: {(python + builtin) / per:.2f} (Python functions "
          f"{python / per:.2f}, built-ins {builtin / per:.2f})")
    for name, n in calls.most_common(top):
        print(f"{n / per:8.3f}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20,
                        help="games counted (default 20; 60 gives a steadier figure)")
    parser.add_argument("--edition", default="classic", help="edition (default classic)")
    parser.add_argument("--bot", default="standard",
                        help="the bot in all four seats (default standard)")
    parser.add_argument("--warm-up", type=int, default=1,
                        help="games played first in both runs, not counted (default 1; 0: "
                             "count from the first game, start-up alone subtracted)")
    parser.add_argument("--loop", choices=("play_out", "simulate"), default="play_out",
                        help="the games as bench_classic plays them (play_out, the default), "
                             "or as pennybags simulate does (simulate: its play_one, with "
                             "what it notes of each game, run seed 1, games 0, 1, ...)")
    parser.add_argument("--calls", action="store_true",
                        help="count function calls a player-turn instead (no valgrind)")
    parser.add_argument("--top", type=int, default=30,
                        help="with --calls: the functions listed (default 30)")
    args = parser.parse_args()
    if args.games < 1 or args.warm_up < 0:
        parser.error("--games must be at least 1, --warm-up at least 0")
    if args.calls:
        count_calls(args.edition, args.games, args.bot, args.loop, args.warm_up, args.top)
        return
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install valgrind)")
    idle, warm_turns = count(args.edition, args.warm_up, args.bot, args.loop)
    busy, turns = count(args.edition, args.warm_up + args.games, args.bot, args.loop)
    turns -= warm_turns
    build = "pure" if engine_game.__file__.endswith(".py") else "compiled"
    loop = "" if args.loop == "play_out" else f" loop={args.loop}"
    print(f"edition={args.edition} bot={args.bot} build={build} games={args.games} "
          f"warm_up={args.warm_up}{loop} player_turns={turns}")
    print(f"instructions per player-turn: {(busy - idle) // max(1, turns):,}")


if __name__ == "__main__":
    main()
