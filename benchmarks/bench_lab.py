"""The lab at scale: memory stays flat, throughput grows with the workers.

    .venv/bin/python benchmarks/bench_lab.py [--games N] [--throughput-games M]

1. Memory: runs the same experiment (classic, four standard bots, landing counts on) with N
   and with 10 N games, each in a fresh process, and prints the peak resident memory of the
   driver (the process that holds the store) and of the largest worker. Flat means the 10 N
   figures are about the N ones.
2. Throughput: plays M games with 1 worker and with 2 workers (fresh stores) and prints
   games per second over the whole run (worker start-up included) and once started (from
   the first finished chunk to the last), and the speed-ups. On a 2-core machine the driver
   shares the cores with the workers, and anything else running slows the 2-worker run.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXPERIMENT = """
title = "lab benchmark"
games = {games}
seed = 1
max_rounds = 1000
landing = true

[[variant]]
name = "classic"
edition = "classic"

[[lineup]]
name = "four standard"
bots = ["standard", "standard", "standard", "standard"]
"""


def child(spec: Path, out: Path, workers: int) -> None:
    """Run one experiment and print what it took (in a fresh process)."""
    from pennybags.lab.experiment import load_experiment, run_experiment

    marks: list[tuple[float, int]] = []

    def note(done: int, total: int) -> None:
        if done:
            marks.append((time.perf_counter(), done))

    summary = run_experiment(load_experiment(spec), out, workers=workers, progress=note)
    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    workers_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # Steady rate: from the first finished chunk to the last (no start-up, no tail).
    (t0, d0), (t1, d1) = marks[0], marks[-1]
    steady = (d1 - d0) / (t1 - t0) if t1 > t0 else 0.0
    print(json.dumps({"played": summary.played, "seconds": summary.seconds,
                      "steady": steady, "driver_kib": me, "worker_kib": workers_peak}))


def measure(games: int, workers: int, tmp: Path) -> dict[str, float]:
    spec = tmp / f"bench-{games}-{workers}.toml"
    spec.write_text(EXPERIMENT.format(games=games))
    out = tmp / f"out-{games}-{workers}"
    done = subprocess.run([sys.executable, __file__, "--child", str(spec), str(out),
                           str(workers)], capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="N for the memory test")
    parser.add_argument("--throughput-games", type=int, default=600,
                        help="games for the throughput test")
    parser.add_argument("--child", nargs=3, metavar=("SPEC", "OUT", "WORKERS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(Path(args.child[0]), Path(args.child[1]), int(args.child[2]))
        return
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        print("memory (classic, 4 standard bots, landing counts, 2 workers):")
        for games in (args.games, 10 * args.games):
            r = measure(games, 2, tmp)
            print(f"  {games:>6} games: driver peak RSS {r['driver_kib'] / 1024:6.1f} MiB, "
                  f"largest worker {r['worker_kib'] / 1024:6.1f} MiB "
                  f"({r['played'] / r['seconds']:.1f} games/s)")
        print(f"throughput ({args.throughput_games} games):")
        wall, steady = {}, {}
        for workers in (1, 2):
            r = measure(args.throughput_games, workers, tmp)
            wall[workers] = r["played"] / r["seconds"]
            steady[workers] = r["steady"]
            print(f"  {workers} worker(s): {wall[workers]:6.1f} games/s over the whole run "
                  f"({r['seconds']:.1f} s, worker start-up included), "
                  f"{steady[workers]:6.1f} games/s once started")
        print(f"  speed-up with 2 workers: {wall[2] / wall[1]:.2f}x whole run, "
              f"{steady[2] / steady[1]:.2f}x once started")


if __name__ == "__main__":
    main()
