"""Benchmark: the browser front under load, on loopback.

Starts a real ``pennybags serve`` on a free loopback port (a temporary SQLite file, or
``--db URL``), creates ``--rooms`` classic rooms of four person seats (a round cap, so
games end), joins every seat, starts the games and opens one WebSocket per seat, all in
one asyncio process. Each socket plays its seat as a bot: given choices, it picks one
(seeded random among the choices that move the game on) and sends ``act`` with ``seen``.
For each accepted action it measures the time from sending it to the moment all four
sockets of the room have received the state with the new index. ``--think MS`` makes
the sockets pause before each action as people do (a random wait, MS on average); by
default they answer at once, as fast as the server lets them. Runs ``--seconds`` or
until every game is over, then prints actions per second, the latency's p50, p95, p99
and max (over every action, and over those sent once every socket was in, when the rooms
play without the server also letting in sockets), and the check: every acknowledged
action stored once (the room's stored count from ``GET /api/rooms/CODE``), acknowledged
indices unique and gap-free, each socket's state indices gap-free and never repeated.

The sockets read each state lightly (:func:`read_message`): its type, index, status and
choices, decoded where they stand in the text, not the whole view, panels and log, which
a browser on another machine parses on its own CPU; every state's index is still read
and checked as above. ``--full-parse`` parses every state whole (as the bench did before
2026-11-27 evening), for comparison::

    .venv/bin/python benchmarks/bench_serve.py                    # 100 rooms, 30 s
    .venv/bin/python benchmarks/bench_serve.py --rooms 10 --seconds 5
    .venv/bin/python benchmarks/bench_serve.py --think 2000            # people's pace
    .venv/bin/python benchmarks/bench_serve.py --db postgresql://user:pw@host/db
    .venv/bin/python benchmarks/bench_serve.py --full-parse         # clients parse all

``--trace FILE`` has the server time each action's steps (``pennybags.web.trace``) and
prints where the time of the slowest 1% went: on the way to the server, waiting for its
turn, judged, stored, the states built and sent, on the way back; the queue each action
waited in and how many later messages overtook it (docs/serve.md, "Load").

Exits 1 when an action is lost or duplicated (the figures are printed, not asserted).
The clients share the machine with the server, so the latency includes their own work.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import gc
import importlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

try:
    from websockets.asyncio.client import connect
except ImportError:  # pragma: no cover - depends on the installed extras
    print("bench_serve.py needs the web extra: pip install -e '.[web]'", file=sys.stderr)
    raise SystemExit(1) from None

uvloop: Any
try:  # (not a dependency: used when installed, as uvicorn does)
    uvloop = importlib.import_module("uvloop")
except ImportError:  # pragma: no cover - depends on what is installed
    uvloop = None

TRACE_ENV = "PENNYBAGS_SERVE_TRACE"
"""The variable that has the server trace its work (``pennybags.web.trace``)."""
SEATS = 4
READY_WITHIN = 60.0
PROGRESS = frozenset({"roll", "buy", "end-turn", "pay-bail", "accept", "reject", "pass",
                      "auction", "bid", "use-card", "keep-mortgaged", "declare-bankruptcy",
                      "pay", "choose", "collect", "time-up", "press"})
"""Actions that move a game on (as the web tests' players choose)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def http(base: str, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as e:
        raise SystemExit(f"{method} {path}: {e.code} {e.read().decode()[:200]}") from None


def start_server(db: str, port: int, callgrind: str | None = None,
                 trace: str | None = None,
                 first_come_first_served: bool = False) -> subprocess.Popen[bytes]:
    """A server on ``port``; with ``callgrind`` (a file name), under valgrind's callgrind,
    counting nothing until :func:`count_instructions` switches it on; with ``trace`` (a
    file name), writing its trace there when it stops (``web/trace.py``);
    ``first_come_first_served``: the server's option of that name."""
    under = [] if callgrind is None else [
        "valgrind", "--tool=callgrind", "--instr-atstart=no",
        f"--callgrind-out-file={callgrind}"]
    process = subprocess.Popen(
        [*under, sys.executable, "-m", "pennybags", "serve", "--port", str(port), "--db",
         db, "--bot-delay", "0", "--rooms-per-hour", "0", "--socket-messages", "0",
         "--address-messages", "0",
         *(["--first-come-first-served"] if first_come_first_served else [])],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        env=dict(os.environ, PYTHONUNBUFFERED="1", PYTHONHASHSEED="0",
                 **({} if trace is None else {TRACE_ENV: trace})))
    deadline = time.monotonic() + READY_WITHIN * (1 if callgrind is None else 10)
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/editions", timeout=2)
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                err = process.stderr.read().decode() if process.stderr else ""
                raise SystemExit(f"the server did not start: {err.strip()[-500:]}") from None
            time.sleep(0.05)


def cpu_seconds(pid: int) -> float | None:
    """A process's CPU time so far (Linux's /proc; None elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def count_instructions(process: subprocess.Popen[bytes], on: bool) -> None:
    """Switch the counting of a server under callgrind on, or dump what it counted."""
    subprocess.run(["callgrind_control", "--instr=on" if on else "--dump",
                    str(process.pid)], capture_output=True, check=False, timeout=120)


def counted_instructions(callgrind: str) -> int | None:
    """The instructions in callgrind's dumps of a server (None: none found)."""
    total = None
    folder, name = os.path.split(callgrind)
    for entry in os.listdir(folder):
        if entry.startswith(name):
            with open(os.path.join(folder, entry)) as f:
                for line in f:
                    if line.startswith(("summary:", "totals:")):
                        total = (total or 0) + int(line.split()[1])
                        break
    return total


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if process.stderr:
        process.stderr.close()


@dataclass
class Room:
    code: str
    tokens: list[str]
    sent: dict[int, float] = field(default_factory=dict)
    """Accepted action's index -> when its act was sent."""
    acked: list[int] = field(default_factory=list)
    arrivals: dict[int, list[float]] = field(default_factory=dict)
    """State index -> when each socket received it (or a later one, which holds it)."""
    arrival_seats: dict[int, list[int]] = field(default_factory=dict)
    """State index -> the seats of :attr:`arrivals`, in the same order."""
    senders: dict[int, int] = field(default_factory=dict)
    """Accepted action's index -> the seat that sent it."""
    bad_states: int = 0
    """States whose index went back (per socket)."""
    skipped: int = 0
    """Indices a socket never got a state of, a later state coming instead (a server
    told of another's actions sends the room as it is now)."""
    resent: int = 0
    """States sent to a socket again with the index it had (the same position)."""
    refused: int = 0
    """Actions refused (most because another socket of the room acted first: each socket
    with choices acts, and the server takes the first)."""
    over: bool = False
    latest: int = 0
    in_flight: int = 0
    """Actions sent and not yet accepted or refused."""
    joined: int = 0
    """Sockets that have had their first state."""
    everyone: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when every socket of the room has had its first state (nobody acts before:
    an action's state must reach every socket to be timed)."""

    def expected(self) -> int:
        """The index of the state that follows the last accepted action."""
        return max(self.acked, default=-1) + 1


def make_rooms(base: str, count: int, seed: int, max_rounds: int) -> list[Room]:
    rooms = []
    for r in range(count):
        made = http(base, "POST", "/api/rooms", {
            "edition": "classic", "options": {"max-rounds": max_rounds},
            "seats": [{"name": f"P{s + 1}"} for s in range(SEATS)], "seed": seed + r})
        code = made["room"]
        tokens = [http(base, "POST", f"/api/rooms/{code}/join", {"seat": s})["token"]
                  for s in range(SEATS)]
        http(base, "POST", f"/api/rooms/{code}/start", {"host_token": made["host_token"]})
        rooms.append(Room(code, tokens))
    return rooms


STOP_GRACE = 15.0
"""Seconds the sockets keep reading after the run for states still on their way."""


class Stop:
    """The end of the run: no more actions; the sockets read on until their room's
    latest state has come (at most :data:`STOP_GRACE` seconds)."""

    def __init__(self) -> None:
        self.at: float | None = None

    def set(self) -> None:
        self.at = time.perf_counter()

    def is_set(self) -> bool:
        return self.at is not None

    def grace_over(self) -> bool:
        return self.at is not None and time.perf_counter() > self.at + STOP_GRACE


STATE_KEYS = ("type", "index", "status", "choices")
"""What a socket reads of a state: the index it checks, whether the game plays on, and
the choices it picks from."""
ACCEPTED = "accepted"
"""The member of the state after a socket's own accepted action: the action's index
(the server writes it right after the type)."""
_DECODER = json.JSONDecoder()


def read_message(raw: str | bytes, full: bool = False,
                 keys: tuple[str, ...] = STATE_KEYS) -> dict[str, Any]:
    """A message from the server. A state is read lightly unless ``full``: only its
    top-level ``type``, ``index``, ``status`` and ``choices``, which the server writes
    first (docs/serve.md, the protocol), decoded member by member from the start of the
    text, rather than the whole view, panels and log that follow them (a browser on another
    machine parses those on its own CPU), and ``accepted`` when it comes before them
    (``keys``: those members to read, :data:`STATE_KEYS` and ``question`` for a socket
    that acts only when asked). Any other message, or a state that does not begin so, is
    read whole."""
    text = raw.decode() if isinstance(raw, bytes) else raw
    if full or len(text) < 512 or not text.startswith('{"type":"state",'):
        return dict(json.loads(text))
    found: dict[str, Any] = {}
    at = 1
    try:
        for _ in range(8):  # (the members before the choices: seat, question)
            key, at = _DECODER.raw_decode(text, at)
            if not isinstance(key, str) or text[at] != ":":
                break
            value, at = _DECODER.raw_decode(text, at + 1)
            if key in keys or key == ACCEPTED:
                found[key] = value
                if len(found) - (ACCEPTED in found) == len(keys):
                    return found
            if text[at] != ",":
                break
            at += 1
    except (ValueError, IndexError):
        pass
    return dict(json.loads(text))


def pick(choices: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    moving = [c for c in choices if c["action"].get("do") in PROGRESS]
    staying = [c for c in moving if c["action"].get("do") != "declare-bankruptcy"]
    chosen: dict[str, Any] = rng.choice(staying or moving or choices)
    return chosen


async def seat_client(ws_base: str, room: Room, seat: int, rng: random.Random,
                      stop: Stop, think: float = 0.0, full: bool = False,
                      asked: bool = False) -> None:
    """Play one seat until ``stop`` is set, then keep reading until the room is quiet.
    With ``think`` (seconds), the seat waits a random time from 0 to twice that (``think``
    on average) before each action, as a person would; meanwhile it keeps reading.
    ``full``: parse every state whole (:func:`read_message`). ``asked``: act only when
    the state asks the seat a question (not on the choices a seat has at any time, such
    as mortgaging, which race the seat asked)."""
    keys = (*STATE_KEYS, "question") if asked else STATE_KEYS
    async with connect(f"{ws_base}/ws/{room.code}", open_timeout=60,
                       max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": room.tokens[seat]}))
        last: int | None = None
        pending: float | None = None
        thinking: asyncio.Task[None] | None = None
        refusals = 0
        state: dict[str, Any] = {}

        async def act() -> None:
            """Send a choice of the latest state, if it has one."""
            nonlocal pending
            choices = state.get("choices") or []
            if pending is not None or stop.is_set() or state.get("status") != "playing" \
                    or not choices or (asked and not state.get("question")):
                return
            chosen = pick(choices, rng)
            pending = time.perf_counter()
            room.in_flight += 1
            await ws.send(json.dumps({"type": "act", "action": chosen["action"],
                                      "seen": state["index"]}))

        async def think_then_act() -> None:
            nonlocal thinking
            await room.everyone.wait()
            if think > 0:
                await asyncio.sleep(rng.uniform(0.0, 2.0 * think))
            thinking = None
            await act()

        async def answer() -> None:
            nonlocal thinking
            if pending is not None or thinking is not None:
                return
            if think > 0 or not room.everyone.is_set():
                thinking = asyncio.create_task(think_then_act())
            else:
                await act()

        try:
            while True:
                try:
                    async with asyncio.timeout(0.5):
                        raw = await ws.recv()
                except TimeoutError:
                    caught_up = last is not None and last >= room.expected()
                    if stop.is_set() and pending is None and not room.in_flight and (
                            caught_up or stop.grace_over()):
                        return  # (quiet, no action of the room awaits its states, and
                        # this socket has the room's latest; or the grace is over)
                    continue
                now = time.perf_counter()
                message = read_message(raw, full, keys)
                kind = message.get("type")
                if kind == "accepted" or (kind == "state" and ACCEPTED in message):
                    # (this socket's action, acknowledged with its state or on its own)
                    assert pending is not None
                    index = message[ACCEPTED if kind == "state" else "index"]
                    room.acked.append(index)
                    room.sent[index + 1] = pending
                    room.senders[index + 1] = seat
                    pending = None
                    room.in_flight -= 1
                    refusals = 0
                if kind == "state":
                    index = message["index"]
                    if last is None:
                        room.joined += 1
                        if room.joined == SEATS:
                            room.everyone.set()
                    if last is not None and index == last:
                        room.resent += 1  # (the same state again: no action in it)
                    elif last is not None and index < last:
                        room.bad_states += 1
                    elif last is not None and index > last + 1:
                        room.skipped += index - last - 1
                    if last is None or index > last:
                        for shown in range(index if last is None else last + 1, index + 1):
                            room.arrivals.setdefault(shown, []).append(now)
                            room.arrival_seats.setdefault(shown, []).append(seat)
                    last = max(index, last if last is not None else index)
                    room.latest = max(room.latest, index)
                    state = message
                    if message.get("status") == "over":
                        room.over = True
                    await answer()
                elif kind == "refused":
                    if pending is not None:
                        room.in_flight -= 1
                        room.refused += 1
                    pending = None
                    refusals += 1
                    moved_on = "moved on" in str(message.get("reason"))
                    if refusals < 20 and state and not moved_on:
                        await answer()  # (stale: the next state brings a new choice)
        finally:
            if thinking is not None:
                thinking.cancel()


class ClientTrace:
    """The clients' side of ``--trace``: their event loop's late wake-ups and their
    garbage collections (the server's are in its own trace, ``web/trace.py``)."""

    LAG_EVERY = 0.002
    LAG_NOTED = 0.005

    def __init__(self) -> None:
        self.lags: list[tuple[float, float]] = []
        self.gcs: list[tuple[int, float, float]] = []
        self._began = 0.0

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._began = now
        else:
            self.gcs.append((int(info.get("generation", -1)), self._began, now))

    async def watch_loop(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.LAG_EVERY)
            late = time.perf_counter() - asked - self.LAG_EVERY
            if late > self.LAG_NOTED:
                self.lags.append((asked + self.LAG_EVERY, late))


STEPS = (("to read", "the act on its way until the server's protocol read it"),
         ("to task", "read, waiting for its connection's task to have its turn"),
         ("lock", "waiting for the room's lock and its turn"),
         ("judge", "read, checked and carried out, up to the store"),
         ("store", "the store's append_action (the commit)"),
         ("build", "the bots' answers and the states built"),
         ("send", "the states handed to the four sockets"),
         ("to clients", "from the last send to the last socket's read"))


def traced_actions(rooms: list[Room], server: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each accepted action seen by every socket, with the server's timestamps of it
    (``--trace``): where its latency went, step by step (:data:`STEPS`)."""
    by_key = {(a["room"], a["index"]): a for a in server
              if a.get("kind") == "act" and a.get("index") is not None}
    out = []
    for room in rooms:
        for index, sent in room.sent.items():
            arrivals = room.arrivals.get(index, ())
            mark = by_key.get((room.code, index - 1))
            if len(arrivals) < SEATS or mark is None or mark["stored"] is None:
                continue
            last = max(arrivals)
            stored_began, stored_ended = mark["stored"]
            read = mark.get("read") or mark["received"]
            steps = [read - sent, mark["received"] - read, mark["locked"] - mark["received"],
                     stored_began - mark["locked"], stored_ended - stored_began,
                     mark["acted"] - stored_ended, mark["sent"] - mark["acted"],
                     last - mark["sent"]]
            seats = room.arrival_seats.get(index, [])
            out.append({"room": room.code, "index": index - 1, "do": mark["do"],
                        "seat": room.senders.get(index), "sent": sent,
                        "latency": last - sent, "steps": dict(zip(
                            [name for name, _ in STEPS], steps, strict=True)),
                        "first_read": min(arrivals) - mark["sent"],
                        "last_seat": seats[arrivals.index(last)] if seats else None,
                        "read": read, "received": mark["received"], "taken": mark["locked"],
                        "done": mark["sent"],
                        "bytes": mark["bytes"]})
    return out


def _overlap(spans: list[tuple[float, float]], began: float, ended: float) -> float:
    return sum(max(0.0, min(e, ended) - max(b, began)) for b, e in spans)


def trace_report(actions: list[dict[str, Any]], server: list[dict[str, Any]],
                 client: ClientTrace, since: float) -> list[str]:
    """What ``--trace`` prints: over the actions sent from ``since`` (every socket in),
    the median of each step for all of them and for the slowest 1%, and what the slowest
    1% were and when."""
    steady = sorted((a for a in actions if a["sent"] >= since), key=lambda a: a["latency"])
    if len(steady) < 100:
        return [f"trace: {len(steady)} actions once every socket was in, too few to tell"]
    slow = steady[-max(1, len(steady) // 100):]
    lines = [f"trace over {len(steady):,} actions once every socket was in; the slowest "
             f"1% ({len(slow)}) from {1000 * slow[0]['latency']:.1f} ms",
             "step (ms)             all: p50    p99   slowest 1%: p50   mean  (what it is)"]
    for name, what in STEPS:
        every = [1000 * a["steps"][name] for a in steady]
        worst = [1000 * a["steps"][name] for a in slow]
        lines.append(f"  {name:<12} {percentile(every, 50):>14.2f} {percentile(every, 99):>6.2f}"
                     f" {percentile(worst, 50):>17.2f} {sum(worst) / len(worst):>6.2f}"
                     f"  ({what})")
    # The queue each action waited in: the messages (of every room, refused ones too) the
    # server took up between the action's send and its own turn, and how many of those
    # were sent after it (overtaking it: the server not first come, first served).
    taken = sorted(a["locked"] for a in server if a.get("kind") == "act")
    by_take = sorted(steady, key=lambda a: a["taken"])
    overtaken: dict[int, int] = {}
    for i, a in enumerate(by_take):
        overtaken[id(a)] = sum(1 for b in by_take[max(0, i - 1000):i] if b["sent"] > a["sent"])
    for label, group in (("all", steady), ("slowest 1%", slow)):
        ahead = [bisect.bisect_left(taken, a["taken"]) - bisect.bisect_right(taken, a["sent"])
                 for a in group]
        later = [overtaken[id(a)] for a in group]
        lines.append(f"  {label}: messages taken up between the act's send and its turn "
                     f"p50 {percentile(ahead, 50):.0f}, p99 {percentile(ahead, 99):.0f}, "
                     f"max {max(ahead)}; of those sent after it (overtaking it) p50 "
                     f"{percentile(later, 50):.0f}, p99 {percentile(later, 99):.0f}")
    kinds: dict[str, int] = {}
    for a in slow:
        kinds[a["do"]] = kinds.get(a["do"], 0) + 1
    every_kind: dict[str, int] = {}
    for a in steady:
        every_kind[a["do"]] = every_kind.get(a["do"], 0) + 1
    lines.append("  slowest 1% by action (their count / share of all actions): " + ", ".join(
        f"{k} {n} ({100 * every_kind[k] / len(steady):.0f}%)"
        for k, n in sorted(kinds.items(), key=lambda kv: -kv[1])))
    lines.append(f"  slowest 1% in {len({a['room'] for a in slow})} rooms; sent within "
                 f"{1000 * (max(a['sent'] for a in slow) - min(a['sent'] for a in slow)):.0f}"
                 " ms of the run")
    # Bursts: the slow actions' sends by tenth of a second.
    tenths: dict[int, int] = {}
    for a in slow:
        tenths[int(a["sent"] * 10)] = tenths.get(int(a["sent"] * 10), 0) + 1
    lines.append(f"  slowest 1% fall in {len(tenths)} tenths of a second (the busiest "
                 f"holds {max(tenths.values())})")
    gcs = [(b, e) for kind in ("gc",) for x in server if x.get("kind") == kind
           for b, e in [(x["began"], x["ended"])]]
    hellos = [(x["began"], x["ended"]) for x in server if x.get("kind") == "hello"]
    lags = [(x["at"] - x["late"], x["at"]) for x in server if x.get("kind") == "lag"]
    client_gcs = [(b, e) for _, b, e in client.gcs]
    client_lags = [(at - late, at) for at, late in client.lags]
    for label, spans in (("server GC", gcs), ("server hellos", hellos),
                         ("server loop late", lags), ("clients' GC", client_gcs),
                         ("clients' loop late", client_lags)):
        hit = [a for a in slow if _overlap(spans, a["sent"], a["sent"] + a["latency"]) > 0]
        share = sum(_overlap(spans, a["sent"], a["sent"] + a["latency"]) / a["latency"]
                    for a in slow) / len(slow)
        every = sum(_overlap(spans, a["sent"], a["sent"] + a["latency"]) / a["latency"]
                    for a in steady) / len(steady)
        lines.append(f"  {label}: {len(spans)} in the run; during {len(hit)} of the "
                     f"slowest 1% ({100 * share:.1f}% of their time; {100 * every:.1f}% of "
                     f"every action's)")
    return lines


def loop_run(work: Coroutine[Any, Any, float]) -> float:
    """Run the clients on uvloop when it is installed (as uvicorn runs the server), else
    on asyncio's loop."""
    if uvloop is not None:
        return float(uvloop.run(work))
    return asyncio.run(work)


def server_loop() -> str:
    """The event loop uvicorn gives the server (its ``loop="auto"``: uvloop when it can be
    imported by the server's interpreter, this one)."""
    try:
        done = subprocess.run([sys.executable, "-c", "import uvloop"], capture_output=True,
                              timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return "uvloop" if done.returncode == 0 else "asyncio"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def run(ws_bases: list[str], rooms: list[Room], seconds: float, seed: int,
              think: float, full: bool = False,
              ready: Callable[[int], None] | None = None, asked: bool = False,
              trace: ClientTrace | None = None) -> float:
    """Play the rooms (seat ``s`` of a room connected to server ``s`` modulo their
    number): how long they played. ``ready`` is called with the number of actions
    acknowledged so far once every socket has had its first state. ``trace``: note the
    clients' late wake-ups and garbage collections there."""
    stop = Stop()
    watcher = None
    if trace is not None:
        gc.callbacks.append(trace._gc)
        watcher = asyncio.create_task(trace.watch_loop())
    tasks = [asyncio.create_task(seat_client(ws_bases[seat % len(ws_bases)], room, seat,
                                             random.Random(seed * 1000 + r * SEATS + seat),
                                             stop, think, full, asked))
             for r, room in enumerate(rooms) for seat in range(SEATS)]

    async def all_in() -> None:
        for room in rooms:
            await room.everyone.wait()
        if ready is not None:
            ready(sum(len(r.acked) for r in rooms))

    waiting = asyncio.create_task(all_in())
    began = time.perf_counter()
    deadline = began + seconds
    while time.perf_counter() < deadline and not all(r.over for r in rooms):
        await asyncio.sleep(0.1)
    elapsed = time.perf_counter() - began
    stop.set()
    await asyncio.gather(*tasks)
    if not waiting.done():
        waiting.cancel()
    if trace is not None and watcher is not None:
        watcher.cancel()
        gc.callbacks.remove(trace._gc)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=100, help="rooms (default 100)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="how long the bots play (default 30)")
    parser.add_argument("--db", help="the server's database (default a temporary SQLite "
                                     "file)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--max-rounds", type=int, default=100,
                        help="round cap of each game (default 100)")
    parser.add_argument("--servers", type=int, default=1,
                        help="server processes on the one database, each room's sockets "
                             "spread over them (default 1; more want --db postgresql://...: "
                             "on SQLite a server hears of another's actions up to a second "
                             "late)")
    parser.add_argument("--think", type=float, default=0.0, metavar="MS",
                        help="a person's pause before each action, in milliseconds: each "
                             "socket waits a random time from 0 to twice this (default 0: "
                             "bots answering at once)")
    parser.add_argument("--full-parse", action="store_true",
                        help="each socket parses every state whole, as a browser does "
                             "(default: only its type, index, status and choices; the "
                             "clients share this machine with the server)")
    parser.add_argument("--first-come-first-served", action="store_true",
                        help="start the server with --first-come-first-served (its "
                             "messages taken up one per turn of its event loop)")
    parser.add_argument("--asked-only", action="store_true",
                        help="each socket acts only when its seat is asked a question "
                             "(default: whenever it has choices, which include what a seat "
                             "may do at any time, such as mortgaging: those race the seat "
                             "asked, and the loser is refused)")
    parser.add_argument("--instructions", action="store_true",
                        help="run the server under valgrind's callgrind and print the "
                             "instructions it ran per action while playing (its own work, "
                             "not the kernel's: a figure that does not move with the "
                             "machine's load; the server runs some 50 times slower, so "
                             "use few rooms)")
    parser.add_argument("--trace", metavar="FILE",
                        help="time each action's steps on the server and in the clients, "
                             "print where the time of the slowest 1%% went, and write each "
                             "action's record to FILE as JSON lines, the server's trace to "
                             "FILE.server (one server)")
    args = parser.parse_args(argv)
    if args.trace and args.servers != 1:
        parser.error("--trace follows one server")
    if args.instructions and (args.servers != 1 or shutil.which("valgrind") is None or
                              shutil.which("callgrind_control") is None):
        parser.error("--instructions needs valgrind (with callgrind_control) and one server")
    if args.rooms < 1 or args.seconds <= 0 or args.max_rounds < 1:
        parser.error("--rooms, --seconds and --max-rounds must be at least 1 (above 0)")
    if not 0 <= args.think <= 600_000:
        parser.error("--think is from 0 to 600000 milliseconds")
    if not 1 <= args.servers <= 16:
        parser.error("--servers is from 1 to 16")
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or os.path.join(folder, "rooms.sqlite3")
        ports = [free_port() for _ in range(args.servers)]
        base = f"http://127.0.0.1:{ports[0]}"
        ws_bases = [f"ws://127.0.0.1:{port}" for port in ports]
        servers: list[subprocess.Popen[bytes]] = []
        try:
            callgrind = os.path.join(folder, "callgrind.out") if args.instructions else None
            server_trace = os.path.join(folder, "server-trace.jsonl") if args.trace else None
            client_trace = ClientTrace() if args.trace else None
            for port in ports:
                servers.append(start_server(db, port, callgrind, server_trace,
                                            args.first_come_first_served))
            made = time.perf_counter()
            rooms = make_rooms(base, args.rooms, args.seed, args.max_rounds)
            print(f"rooms: {len(rooms)} classic, {SEATS} sockets each, made in "
                  f"{time.perf_counter() - made:.1f} s; database "
                  f"{'temporary SQLite' if not args.db else args.db.split('@')[-1]}; "
                  f"think {args.think:g} ms; servers {args.servers}; states parsed "
                  f"{'whole' if args.full_parse else 'lightly'}"
                  f"{'; sockets act when asked' if args.asked_only else ''}")
            # (the CPU counted from the moment every socket is in: the hellos, which draw
            # each socket its board, are not the actions' cost)
            marks: dict[str, Any] = {}

            def ready(acked: int) -> None:
                if callgrind is not None:
                    count_instructions(servers[0], on=True)
                    acked = sum(len(r.acked) for r in rooms)
                marks.update(acked=acked, client=time.process_time(),
                             servers=[cpu_seconds(server.pid) for server in servers],
                             at=time.perf_counter())

            playing = time.perf_counter()
            elapsed = loop_run(run(ws_bases, rooms, args.seconds, args.seed,
                                   args.think / 1000, args.full_parse, ready,
                                   args.asked_only, client_trace))
            if not marks:  # (the run ended before every socket was in)
                ready(0)
            instructions = None
            if callgrind is not None:
                count_instructions(servers[0], on=False)
                instructions = counted_instructions(callgrind)
            client_cpu = time.process_time() - marks["client"]
            before = marks["servers"]
            after = [cpu_seconds(server.pid) for server in servers]
            server_cpu = None if None in before or None in after else \
                sum(a or 0.0 for a in after) - sum(b or 0.0 for b in before)
            stored = [http(base, "GET", f"/api/rooms/{r.code}")["actions"] for r in rooms]
        finally:
            for server in servers:
                stop_server(server)
        server_marks: list[dict[str, Any]] = []
        if server_trace is not None:
            try:
                with open(server_trace, encoding="utf-8") as f:
                    server_marks = [json.loads(line) for line in f]
                shutil.copy(server_trace, f"{args.trace}.server")
            except OSError as e:
                print(f"the server wrote no trace: {e}", file=sys.stderr)
    seen = [(sent, max(room.arrivals[i]) - sent) for room in rooms
            for i, sent in room.sent.items() if len(room.arrivals.get(i, ())) >= SEATS]
    latencies = [latency for _, latency in seen]
    # (and those of the actions sent once every socket was in: the rooms playing, without
    # the server letting in the sockets of the others, which a short run is much of)
    steady = [latency for sent, latency in seen if sent >= marks["at"]]
    actions = sum(len(r.acked) for r in rooms)
    counted = actions - marks["acked"]
    unseen = sum(len(r.sent) for r in rooms) - len(latencies)
    lost = duplicated = 0
    for room, count in zip(rooms, stored, strict=True):
        lost += max(0, len(room.acked) - count) + len(set(range(count)) - set(room.acked))
        duplicated += len(room.acked) - len(set(room.acked)) + \
            max(0, count - len(room.acked))
    bad_states = sum(r.bad_states for r in rooms)
    skipped = sum(r.skipped for r in rooms)
    print(f"seconds: {elapsed:.1f}, games over: {sum(r.over for r in rooms)}")
    print(f"actions: {actions:,}, actions/s: {actions / elapsed:,.1f}")
    shown = "unknown" if server_cpu is None else f"{server_cpu:.1f}"
    per_action = "" if server_cpu is None or not counted else \
        f"; server {1000 * server_cpu / counted:.2f} ms per action"
    clients = "" if not counted else f", clients {1000 * client_cpu / counted:.2f}"
    print(f"CPU seconds while playing: server{'s' if args.servers > 1 else ''} {shown}, "
          f"clients {client_cpu:.1f} "
          f"(cores: {os.cpu_count()}){per_action}{clients}")
    print(f"(CPU counted from the moment every socket was in, "
          f"{marks['at'] - playing:.1f} s after the first, over the {counted:,} actions "
          f"acknowledged since; event loops: server {server_loop()}, clients "
          f"{'uvloop' if uvloop is not None else 'asyncio'})")
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.2f}")
    if args.instructions:
        print("server instructions per action (callgrind): " + (
            f"{instructions // counted:,}" if instructions and counted else "none counted"))
    if latencies:
        ms = [1000 * x for x in latencies]
        print(f"latency to all {SEATS} sockets (ms): p50 {percentile(ms, 50):.1f}, "
              f"p95 {percentile(ms, 95):.1f}, p99 {percentile(ms, 99):.1f}, "
              f"max {max(ms):.1f}")
    if steady:
        ms = [1000 * x for x in steady]
        print(f"latency once every socket was in (ms): p50 {percentile(ms, 50):.1f}, "
              f"p95 {percentile(ms, 95):.1f}, p99 {percentile(ms, 99):.1f}, "
              f"max {max(ms):.1f}, over {len(steady):,} actions")
    print(f"stored: {sum(stored):,}, acknowledged: {actions:,}, lost {lost}, "
          f"duplicated {duplicated}, states out of order {bad_states}, "
          f"updates not seen by every socket {unseen}")
    print(f"states sent again with an index already seen (no new action): "
          f"{sum(r.resent for r in rooms)}; indices skipped (a later state came instead): "
          f"{skipped}; actions refused: {sum(r.refused for r in rooms):,}")
    if client_trace is not None and args.trace:
        traced = traced_actions(rooms, server_marks)
        for line in trace_report(traced, server_marks, client_trace, marks["at"]):
            print(line)
        with open(args.trace, "w", encoding="utf-8") as f:
            for record in traced:
                f.write(json.dumps(record) + "\n")
    # (one server sends every state; several may send a later one in place of some)
    skips = skipped if args.servers == 1 else 0
    return 0 if lost == duplicated == bad_states == unseen == skips == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
