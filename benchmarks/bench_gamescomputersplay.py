"""Benchmark: ``pennybags simulate`` against gamescomputersplay's Monopoly simulator.

gamescomputersplay/monopoly (https://github.com/gamescomputersplay/monopoly) is the fastest
Python Monopoly simulator we know; it plays fewer rules than ours (no auctions, no housing
shortage, simpler trades). Give this script a checkout of it (``--path DIR``; its code is not
part of pennybags and is never copied here) and it runs, on this machine, one process each:

* theirs: their ``monopoly_game`` for ``--games`` games (four players, their default
  settings: 1,000 turns at most, seeds drawn as their ``scripts/simulate.py`` draws them),
  with their game log off (``LogSettings.KEEP_GAME_LOG = False``, as far as their settings
  allow: the lines are still formatted, then dropped) and their bankruptcy log written to a
  temporary file;
* ours: ``pennybags simulate --json --workers 1`` with four ``standard`` bots, once with
  ``--build pure`` and once with ``--build fast`` (the compiled build, made first if needed);

in turn, ``--repeat`` times, so the three see the same load; it prints each run, the median
player-turns per second of each, and the ratios of ours to theirs, with the load average.

**Player-turns are counted alike.** ``pennybags simulate`` counts one player-turn each time
play passes to a player (``Game.turns``): rolling again after doubles is the same turn, and
a turn spent in jail counts. Their game loop asks each player still in the game to
``make_a_move`` once per turn of the table, and ``make_a_move`` calls itself after doubles;
so their player-turns are the calls of ``make_a_move`` from their game loop (not the calls it
makes of itself) for a player not bankrupt. The timed run calls their code untouched; the
count comes from a second, untimed run of the same games (the same seeds: their games depend
on nothing else) with ``Player.make_a_move`` wrapped to count its outermost calls.

Both are timed on the wall clock over the games alone (imports, and our compiled build's
start-up, excluded): our ``seconds`` from simulate's summary, theirs around their games. As
the wall clock swings with other work on the machine, the CPU time is given too: theirs
around their games, ours the whole process's less what a run of one game costs (the least
of three such runs: starting Python, importing, one game).

    .venv/bin/python benchmarks/bench_gamescomputersplay.py --path /tmp/gcp --repeat 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

THEIRS = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from monopoly.log_settings import LogSettings
LogSettings.KEEP_GAME_LOG = False
LogSettings.BANKRUPTCIES_PATH = sys.argv[3]
from monopoly.core import game as their_game
from monopoly.core.player import Player

games = int(sys.argv[2])
master = random.Random(0)  # (as their scripts/simulate.py draws a run's game seeds)
pairs = [(i + 1, master.getrandbits(32)) for i in range(games)]

started = time.perf_counter()
cpu = time.process_time()
for pair in pairs:
    their_game.monopoly_game(pair)
seconds = time.perf_counter() - started
cpu = time.process_time() - cpu

# The same games again, untimed, counting the outermost calls of make_a_move.
plain = Player.make_a_move
depth = 0
turns = 0
def counted(self, *args, **kwargs):
    global depth, turns
    if depth == 0 and not self.is_bankrupt:
        turns += 1
    depth += 1
    try:
        return plain(self, *args, **kwargs)
    finally:
        depth -= 1
Player.make_a_move = counted
for pair in pairs:
    their_game.monopoly_game(pair)
print(json.dumps({"games": games, "player_turns": turns, "seconds": seconds, "cpu": cpu}))
"""


def run_theirs(path: Path, games: int, python: str) -> dict[str, float]:
    """Their simulator in a process of its own: games, player-turns, seconds."""
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run(
            [python, "-c", THEIRS, str(path), str(games), str(Path(scratch) / "bankrupt.tsv")],
            cwd=path, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"their simulator failed:\n{done.stderr[-2000:]}")
    out: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return out


def run_ours(build: str, games: int, seed: int, python: str) -> dict[str, float]:
    """``pennybags simulate`` with four standard bots on one worker: games, player-turns,
    seconds (from its summary) and the CPU seconds of the whole process."""
    command = [python, "-m", "pennybags", "simulate", "--edition", "classic", "--games",
               str(games), "--seed", str(seed), "--workers", "1", "--json", "--build", build]
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen(command, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if process.returncode != 0:
        raise SystemExit(f"pennybags simulate --build {build} failed:\n{stderr[-2000:]}")
    summary = json.loads(stdout.strip().splitlines()[-1])
    if build == "fast" and summary.get("build") != "compiled":
        raise SystemExit("pennybags simulate --build fast did not run the compiled build")
    return {"games": summary["games"], "player_turns": summary["player_turns"],
            "seconds": summary["seconds"], "cpu": usage.ru_utime + usage.ru_stime}


def rate(run: dict[str, float]) -> float:
    return run["player_turns"] / run["seconds"]


def cpu_rate(run: dict[str, float], start_up: float) -> float:
    return run["player_turns"] / max(1e-9, run["cpu"] - start_up)


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.1f} (5 min {five:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--path", type=Path, required=True,
                        help="a checkout of github.com/gamescomputersplay/monopoly")
    parser.add_argument("--games", type=int, default=300,
                        help="their games per run (default 300)")
    parser.add_argument("--pure-games", type=int, default=100,
                        help="our games per run in pure Python (default 100)")
    parser.add_argument("--compiled-games", type=int, default=500,
                        help="our games per run compiled (default 500)")
    parser.add_argument("--seed", type=int, default=1, help="our run's seed (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--no-compiled", action="store_true",
                        help="leave out our compiled build (no C compiler here)")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter for both (default: this one)")
    args = parser.parse_args()
    if min(args.games, args.pure_games, args.compiled_games, args.repeat) < 1:
        parser.error("--games, --pure-games, --compiled-games and --repeat must be at least 1")
    path = args.path.resolve()
    if not (path / "monopoly" / "core" / "game.py").is_file() or \
            not (path / "settings.py").is_file():
        parser.error(f"{path} is not a checkout of gamescomputersplay/monopoly (no "
                     f"monopoly/core/game.py and settings.py there)")
    kinds = ["theirs", "pure"] + ([] if args.no_compiled else ["compiled"])
    builds = {"pure": "pure", "compiled": "fast"}
    # What a run of ours costs before and after its games (starting Python, importing, a
    # game of one): the least CPU time of three runs of one game, taken off each run's CPU
    # time (the compiled build is made or found by the first, before anything is timed).
    start_up = {kind: min(run_ours(builds[kind], 1, args.seed, args.python)["cpu"]
                          for _ in range(3)) for kind in kinds[1:]}
    start_up["theirs"] = 0.0  # (timed around their games alone)
    rates: dict[str, list[float]] = {k: [] for k in kinds}
    cpu_rates: dict[str, list[float]] = {k: [] for k in kinds}
    print(f"load average at start: {load()}; {os.cpu_count()} cores", flush=True)
    for r in range(args.repeat):
        for kind in kinds:
            if kind == "theirs":
                run = run_theirs(path, args.games, args.python)
            else:
                games = args.pure_games if kind == "pure" else args.compiled_games
                run = run_ours(builds[kind], games, args.seed, args.python)
            rates[kind].append(rate(run))
            cpu_rates[kind].append(cpu_rate(run, start_up[kind]))
            print(f"run {r + 1} {kind:9} {int(run['games']):5} games "
                  f"{int(run['player_turns']):8} player-turns {run['seconds']:7.2f} s "
                  f"{rate(run):10,.0f} player-turns/s, {cpu_rates[kind][-1]:10,.0f} per CPU "
                  f"second (load {load()})", flush=True)
    print()
    print(f"median player-turns per second over {args.repeat} runs each, by the wall clock "
          f"and by CPU time (load at end: {load()}):")
    wall = {k: statistics.median(v) for k, v in rates.items()}
    cpu = {k: statistics.median(v) for k, v in cpu_rates.items()}
    for kind in kinds:
        print(f"  {kind:9} {wall[kind]:10,.0f} {cpu[kind]:10,.0f}")
    for kind in kinds[1:]:
        print(f"ours {kind} / theirs: {wall[kind] / wall['theirs']:.2f}x "
              f"(by CPU time {cpu[kind] / cpu['theirs']:.2f}x)")


if __name__ == "__main__":
    main()
