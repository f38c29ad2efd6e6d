"""Benchmark: the server's own work for one action, in one process, without sockets.

``bench_serve.py`` measures the whole server over real WebSockets, where much of the
server's CPU goes to the kernel's and the WebSocket layer's work of sending; its CPU per
action is read from ``/proc`` and moves with the neighbours' load. This script measures
what the room service does for each action, as the server calls it: the ``act`` message
read and checked (:func:`~pennybags.web.server.parse_json`,
:func:`~pennybags.web.server.check_message`), :meth:`RoomService.act_and_show` (the
action judged, stored in a SQLite file in WAL mode and the four seats' states built as
JSON text) and the acknowledgement put into the actor's state. It makes ``--rooms``
classic rooms of four person seats (round cap ``--max-rounds``), then plays them in turn,
one action of each room at a time, each taken by the seat asked a question (seeded random
among the choices that move the game on, as the load benchmark's sockets choose), for
``--actions`` actions. It prints the CPU time per action (``time.process_time`` around
the server's part only, not the players' choosing), best and median of ``--repeat`` runs,
each run on fresh rooms with the same seeds, so the same actions::

    .venv/bin/python benchmarks/bench_serve_action.py                  # 100 rooms, 4000 actions
    .venv/bin/python benchmarks/bench_serve_action.py --repeat 5
    .venv/bin/python benchmarks/bench_serve_action.py --profile        # where the time goes
    .venv/bin/python benchmarks/bench_serve_action.py --instructions --rooms 20 --actions 300

``--profile`` prints the functions with the most time of their own (cProfile, which
slows what it watches: for where, not how much). ``--instructions`` counts the
instructions of the server's part under valgrind's callgrind (the C function of
``starmap``, through which the server's part is called, switches the counting on and
off): a figure that does not move with the machine's load, for comparing two versions of
the code (PYTHONPATH=another/src runs another's).
"""


from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import starmap
from typing import Any

from pennybags.web.rooms import Outcome, RoomService, Shown
from pennybags.web.server import MAX_MESSAGE, check_message, parse_json, with_accepted
from pennybags.web.store import SQLiteStore

SEATS = 4
PROGRESS = frozenset({"roll", "buy", "end-turn", "pay-bail", "accept", "reject", "pass",
                      "auction", "bid", "use-card", "keep-mortgaged", "declare-bankruptcy",
                      "pay", "choose", "collect", "time-up", "press"})
"""Actions that move a game on (the load benchmark's sockets choose among these)."""


def pick(choices: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    moving = [c for c in choices if c["action"].get("do") in PROGRESS]
    staying = [c for c in moving if c["action"].get("do") != "declare-bankruptcy"]
    chosen: dict[str, Any] = rng.choice(staying or moving or choices)
    return chosen


def make_rooms(service: RoomService, count: int, seed: int,
               max_rounds: int) -> list[tuple[str, list[int]]]:
    rooms = []
    for r in range(count):
        code, host = service.create({
            "edition": "classic", "options": {"max-rounds": max_rounds},
            "seats": [{"name": f"P{s + 1}"} for s in range(SEATS)], "seed": seed + r})
        for s in range(SEATS):
            service.join(code, s)
        service.start(code, host)
        rooms.append((code, list(range(SEATS))))
    return rooms


def serve(service: RoomService, code: str, seat: int,
          raw: str) -> tuple[Outcome, Shown | None]:
    """What the server does with a seat's ``act`` message (but for the sockets): read and
    check it, judge, store and show the action, and put the acknowledgement into the
    actor's state."""
    _, data = check_message(parse_json(raw, MAX_MESSAGE))
    outcome, shown = service.act_and_show(code, seat, data["action"], data.get("seen"),
                                          range(SEATS))
    if outcome.accepted and shown is not None:
        with_accepted(shown.texts[seat], outcome.index)
    return outcome, shown


def play(rooms: int, actions: int, seed: int, max_rounds: int,
         profile: cProfile.Profile | None = None) -> tuple[float, int, int]:
    """Play ``actions`` actions over fresh rooms: the server's CPU seconds, the actions
    accepted and those refused."""
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteStore(os.path.join(folder, "rooms.sqlite3"))
        try:
            service = RoomService(store)
            made = make_rooms(service, rooms, seed, max_rounds)
            states = {}
            for code, seats in made:
                shown = service.show(code, seats)
                states[code] = {s: json.loads(t) for s, t in shown.texts.items()}
            rng = random.Random(seed)
            cpu = 0.0
            accepted = refused = 0
            live = [code for code, _ in made]
            while accepted < actions and live:
                for code in list(live):
                    if accepted >= actions:
                        break
                    seen = states[code]
                    # (the seat asked a question acts, else any seat with choices)
                    seat = next((s for s in range(SEATS) if seen[s].get("question") and
                                 seen[s].get("choices")), None)
                    if seat is None:
                        seat = next((s for s in range(SEATS) if seen[s].get("choices")),
                                    None)
                    if seat is None or seen[seat]["status"] != "playing":
                        live.remove(code)
                        continue
                    chosen = pick(seen[seat]["choices"], rng)
                    raw = json.dumps({"type": "act", "action": chosen["action"],
                                      "seen": seen[seat]["index"]})
                    began = time.process_time()
                    if profile is not None:
                        profile.enable()
                    # (through starmap, whose C function callgrind counts in: --instructions)
                    outcome, shown = next(starmap(serve, ((service, code, seat, raw),)))
                    if profile is not None:
                        profile.disable()
                    cpu += time.process_time() - began
                    if not outcome.accepted or shown is None:
                        refused += 1
                        live.remove(code)
                        continue
                    accepted += 1
                    states[code] = {s: json.loads(t) for s, t in shown.texts.items()}
        finally:
            store.close()
    return cpu, accepted, refused


def instructions(rooms: int, actions: int, seed: int, max_rounds: int) -> int:
    """Run the actions under callgrind, counting only inside the server's part (the C
    function of ``starmap`` that calls :func:`serve`), and print them per action."""
    if shutil.which("valgrind") is None:
        print("--instructions needs valgrind (Debian: apt-get install valgrind)",
              file=sys.stderr)
        return 2
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         "--collect-atstart=no", "--toggle-collect=starmap_next", sys.executable,
         __file__, "--rooms", str(rooms), "--actions", str(actions), "--seed", str(seed),
         "--max-rounds", str(max_rounds), "--repeat", "1"],
        capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED="0"),
        check=False)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    accepted = re.search(r"^run 1: accepted ([\d,]+)", done.stdout, re.M)
    if done.returncode != 0 or collected is None or accepted is None:
        print(f"the run under valgrind failed: {done.stderr[-500:]}", file=sys.stderr)
        return 1
    count = int(accepted.group(1).replace(",", ""))
    print(f"accepted {count:,} actions under callgrind")
    print(f"instructions per action (server's part): "
          f"{int(collected.group(1)) // max(1, count):,}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=100, help="rooms (default 100)")
    parser.add_argument("--actions", type=int, default=4000,
                        help="actions per run (default 4000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the rooms' seed (default 1)")
    parser.add_argument("--max-rounds", type=int, default=100,
                        help="round cap of each game (default 100)")
    parser.add_argument("--profile", action="store_true",
                        help="one run under cProfile: the functions with the most time")
    parser.add_argument("--instructions", action="store_true",
                        help="one run under valgrind's callgrind: the instructions of the "
                             "server's part per action (steady whatever the machine does; "
                             "about a minute for 1000 actions)")
    args = parser.parse_args(argv)
    if args.rooms < 1 or args.actions < 1 or args.repeat < 1 or args.max_rounds < 1:
        parser.error("--rooms, --actions, --repeat and --max-rounds are at least 1")
    print(f"rooms: {args.rooms} classic, {SEATS} person seats each, SQLite; "
          f"{args.actions:,} actions a run")
    if args.instructions:
        return instructions(args.rooms, args.actions, args.seed, args.max_rounds)
    if args.profile:
        profile = cProfile.Profile()
        cpu, accepted, refused = play(args.rooms, args.actions, args.seed, args.max_rounds,
                                      profile)
        print(f"under cProfile: {1000 * cpu / max(1, accepted):.3f} ms per action")
        pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(30)
        return 0
    per_action = []
    for run in range(1, args.repeat + 1):
        cpu, accepted, refused = play(args.rooms, args.actions, args.seed, args.max_rounds)
        if not accepted:
            print("no action was accepted", file=sys.stderr)
            return 1
        per_action.append(1000 * cpu / accepted)
        print(f"run {run}: accepted {accepted:,}, refused {refused}, CPU {cpu:.2f} s, "
              f"{per_action[-1]:.3f} ms per action")
    print(f"server work per action (ms): best {min(per_action):.3f}, median "
          f"{statistics.median(per_action):.3f}")
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
