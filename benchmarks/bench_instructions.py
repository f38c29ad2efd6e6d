"""Benchmark: instructions per player-turn, counted by valgrind's callgrind.

Times swing with whatever else the machine does; instruction counts do not (the same code,
inputs and interpreter give the same count). This plays classic games between four
standard bots twice under callgrind, once with no game and once with ``--games``, and
prints the difference divided by the player-turns played: what one player-turn costs,
start-up excluded.

    .venv/bin/python benchmarks/bench_instructions.py --games 20           # pure Python
    benchmarks/compiled bench_instructions.py --games 60                   # the mypyc build

Needs valgrind (Debian: apt-get install valgrind).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

from pennybags.engine import game as engine_game

PLAY = """
import sys
from pennybags.bots import make_bot
from pennybags.editions import get_edition
edition = get_edition(sys.argv[1])
options = edition.options({"max-rounds": 1000, "auto-end-turn": True}
                          if sys.argv[1] != "monopoly-2.3" else {"max-rounds": 1000})
turns = 0
for g in range(int(sys.argv[2])):
    game = edition.new_game(["A", "B", "C", "D"], seed=1 + g, options=options, record=False)
    game.play_out([make_bot("standard", (1 + g) * 8 + i) for i in range(4)])
    turns += game.turns
print("turns", turns)
"""


def count(edition: str, games: int) -> tuple[int, int]:
    """(instructions, player-turns) of a run with ``games`` games."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", PLAY, edition, str(games)], capture_output=True, text=True, env=env,
        check=False)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    turns = re.search(r"^turns (\d+)$", done.stdout, re.M)
    if done.returncode != 0 or collected is None or turns is None:
        raise SystemExit(f"the run under valgrind failed: {done.stderr[-500:]}")
    return int(collected.group(1)), int(turns.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20,
                        help="games counted (default 20; 60 gives a steadier figure)")
    parser.add_argument("--edition", default="classic", help="edition (default classic)")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install valgrind)")
    idle, _ = count(args.edition, 0)
    busy, turns = count(args.edition, args.games)
    build = "pure" if engine_game.__file__.endswith(".py") else "compiled"
    print(f"edition={args.edition} build={build} games={args.games} player_turns={turns}")
    print(f"instructions per player-turn: {(busy - idle) // turns:,}")


if __name__ == "__main__":
    main()
