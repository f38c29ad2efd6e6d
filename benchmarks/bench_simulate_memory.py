"""Does ``pennybags simulate`` keep the same memory however many games it plays?

Runs ``pennybags simulate`` (one worker, so one process) for a number of games and for ten
times as many, and prints each run's peak resident memory (the process's own, from
``wait4``), its player-turns per second and which build ran. A run keeps counts, not the
list of its games, so the two peaks should be within a few MB of each other.

    python benchmarks/bench_simulate_memory.py                 # 1,000 and 10,000 games
    python benchmarks/bench_simulate_memory.py --games 500 --edition ultimate-banking
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys


def run(edition: str, games: int, build: str) -> tuple[float, dict[str, object]]:
    """Peak memory in MB (the process's own, from wait4) and the summary of one run."""
    command = [sys.executable, "-m", "pennybags", "simulate", "--edition", edition,
               "--games", str(games), "--seed", "1", "--workers", "1", "--json",
               "--build", build]
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child becomes the command, its output into the pipe
        os.close(read)
        os.dup2(write, 1)
        os.execv(sys.executable, command)
    os.close(write)
    with os.fdopen(read) as out:
        text = out.read()
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"simulate of {games} games failed")
    return usage.ru_maxrss / 1024, json.loads(text)  # ru_maxrss is in KB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--games", type=int, default=1000,
                        help="the smaller run's games; the larger plays ten times as many")
    parser.add_argument("--build", choices=("auto", "fast", "pure"), default="auto")
    args = parser.parse_args()
    if os.name != "posix":
        raise SystemExit("this benchmark reads a process's peak memory with wait4 (POSIX)")
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, edition {args.edition}, --build {args.build}")
    print(f"{'games':>8} {'peak MB':>8} {'player-turns/s':>15}  build")
    for games in (args.games, args.games * 10):
        peak, summary = run(args.edition, games, args.build)
        print(f"{games:>8,} {peak:>8.1f} {summary['player_turns_per_second']:>15,}  "
              f"{summary['build']}")


if __name__ == "__main__":
    main()
