"""The speed table of docs/benchmarks.md: `pennybags simulate` in every edition, both builds,
one and two workers, the median of several runs, with the machine and the commit.

Each cell runs ``pennybags simulate --edition E --players <four standard bots> --games N
--workers W --build B --json`` (a fresh process, as a user runs it) ``--repeat`` times and
takes the median player-turns per second, one table per edition (both builds, one and two
workers), each row also as classic player-turns when classic is in the run. ``--write`` puts
the tables into docs/benchmarks.md between its markers (the section "simulate in every
edition"); without it they are printed only.

    python benchmarks/speed_table.py                     # print the table
    python benchmarks/speed_table.py --repeat 5 --write  # and write it into the docs
    python benchmarks/speed_table.py --edition classic --build pure --workers 1
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "benchmarks.md"
BEGIN = "<!-- speed-table: begin (written by benchmarks/speed_table.py --write) -->"
END = "<!-- speed-table: end -->"

GAMES = {"classic": (1200, 8000), "electronic-banking": (1200, 8000),
         "ultimate-banking": (2400, 16000), "monopoly-2.3": (1000, 8000),
         "ultimate-monopoly": (100, 800)}
"""Games per run at --scale 1, pure Python and compiled: a run with one worker lasts about
three seconds in either build (its games are short or long, and a compiled player-turn is
several times cheaper), so that starting the run and its worker processes weighs little
on the figure."""


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{model}, {os.cpu_count()} cores, {platform.system()}, "
            f"Python {platform.python_version()}")


def commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + (" with uncommitted changes" if dirty else "")


def one_run(edition: str, games: int, workers: int, build: str) -> dict[str, object]:
    command = [sys.executable, "-m", "pennybags", "simulate", "--edition", edition,
               "--players", "standard,standard,standard,standard", "--games", str(games),
               "--seed", "1", "--workers", str(workers), "--build", build, "--json"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[2:])} failed: {done.stderr.strip()[-500:]}")
    summary: dict[str, object] = json.loads(done.stdout)
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", action="append", choices=sorted(GAMES),
                        help="an edition (repeatable; default every one)")
    parser.add_argument("--build", action="append", choices=("pure", "fast"),
                        help="a build (repeatable; default both; fast = compiled)")
    parser.add_argument("--workers", action="append", type=int, choices=(1, 2),
                        help="worker processes (repeatable; default 1 and 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per cell (default 3)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="games per run, as a multiple of the defaults (default 1)")
    parser.add_argument("--write", action="store_true",
                        help="write the table into docs/benchmarks.md (or --docs)")
    parser.add_argument("--docs", type=Path, default=DOCS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.repeat < 1 or args.scale <= 0:
        raise SystemExit("--repeat must be at least 1 and --scale above 0")
    editions = args.edition or list(GAMES)
    builds = args.build or ["pure", "fast"]
    workers = args.workers or [1, 2]
    lines = [f"Measured {datetime.date.today().isoformat()} on {machine()}, commit {commit()}; "
             f"four `standard` bots, seed 1, the median of {args.repeat} runs "
             f"(`python benchmarks/speed_table.py --repeat {args.repeat}"
             f"{' --scale ' + str(args.scale) if args.scale != 1 else ''}`). "
             "One table per edition; the last column is the time of one of the edition's "
             "player-turns in classic player-turns, the same build and workers (where "
             "classic was measured in the same run)."]
    classic: dict[tuple[str, int], float] = {}
    for edition in editions:
        lines += ["", f"#### {edition}", "",
                  "| build | workers | games | player-turns/s (median) | runs "
                  "| per classic player-turn |",
                  "|---|---:|---:|---:|---|---:|"]
        print(f"{edition}:", flush=True)
        for build in builds:
            pure_games, compiled_games = GAMES[edition]
            games = max(1, round((compiled_games if build == "fast" else pure_games)
                                 * args.scale))
            for w in workers:
                runs = [one_run(edition, games, w, build) for _ in range(args.repeat)]
                rates = [int(str(r["player_turns_per_second"])) for r in runs]
                ran = {str(r["build"]) for r in runs}
                if build == "fast" and ran != {"compiled"}:
                    raise SystemExit("--build fast did not run the compiled build")
                median = statistics.median(rates)
                if edition == "classic":
                    classic[build, w] = median
                base = classic.get((build, w))
                ratio = f"{base / median:.2f}" if base and median else "-"
                lines.append(f"| {'/'.join(sorted(ran))} | {w} | {games} | "
                             f"{round(median):,} | {', '.join(f'{r:,}' for r in rates)} | "
                             f"{ratio} |")
                print(lines[-1], flush=True)
    table = "\n".join(lines)
    if args.write:
        text = args.docs.read_text()
        if BEGIN not in text or END not in text:
            raise SystemExit(f"{args.docs} has no speed-table markers")
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        args.docs.write_text(f"{head}{BEGIN}\n{table}\n{END}{tail}")
        print(f"written into {args.docs}")
    else:
        print()
        print(table)


if __name__ == "__main__":
    main()
