"""Real ``pennybags serve`` processes for the web tests: started on a database (a SQLite
file or a PostgreSQL URL) and a port, waited for, killed with SIGKILL (as hard a stop as a
server can get); and a small WebSocket client that plays a seat."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
from websockets.sync.client import ClientConnection, connect

READY_WITHIN = 60.0
"""Seconds a server process may take to start listening (a loaded machine is slow)."""
PROGRESS = frozenset({"roll", "buy", "end-turn", "pay-bail", "accept", "reject", "pass",
                      "auction", "bid", "use-card", "keep-mortgaged", "declare-bankruptcy",
                      "pay", "choose", "collect", "time-up", "press"})
"""Actions that move a game on (a player choosing at random among every legal action
would mortgage and unmortgage for a long time)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """One server process."""

    def __init__(self, db: str, port: int, *options: str) -> None:
        self.db = db
        self.port = port
        self.options = options or ("--bot-delay", "0", "--socket-messages", "0",
                                   "--address-messages", "0")
        """The server's options (by default bots answer at once, all in a row, and the
        players on loopback send as fast as they like)."""
        self.base = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pennybags", "serve", "--port", str(self.port), "--db",
             self.db, *self.options], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env=env)
        deadline = time.monotonic() + READY_WITHIN
        while True:
            try:
                httpx.get(f"{self.base}/api/editions", timeout=2.0)
                return self
            except httpx.TransportError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    err = self.process.stderr.read().decode() if self.process.stderr else ""
                    self.kill()
                    raise AssertionError(f"the server did not start: {err}") from None
                time.sleep(0.05)

    def kill(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        if self.process.stderr:
            self.process.stderr.close()
        self.process = None


@contextlib.contextmanager
def serving(db: str, port: int | None = None, *options: str) -> Iterator[Server]:
    server = Server(db, port or free_port(), *options).start()
    try:
        yield server
    finally:
        server.kill()


def new_room(base: str, spec: dict[str, Any]) -> tuple[str, str]:
    made = httpx.post(f"{base}/api/rooms", json=spec, timeout=30.0)
    assert made.status_code == 200, made.text
    return made.json()["room"], made.json()["host_token"]


def join(base: str, code: str, seat: int, name: str | None = None) -> str:
    body: dict[str, Any] = {"seat": seat}
    if name is not None:
        body["name"] = name
    joined = httpx.post(f"{base}/api/rooms/{code}/join", json=body, timeout=30.0)
    assert joined.status_code == 200, joined.text
    token: str = joined.json()["token"]
    return token


def start(base: str, code: str, host: str) -> None:
    started = httpx.post(f"{base}/api/rooms/{code}/start", json={"host_token": host},
                         timeout=60.0)
    assert started.status_code == 200, started.text


def hello(ws: ClientConnection, token: str | None) -> dict[str, Any]:
    """Say hello (a seat's token, or None to watch): the first state."""
    ws.send(json.dumps({"type": "hello", "token": token}))
    kinds = []
    for _ in range(3):
        message = json.loads(ws.recv(timeout=30))
        kinds.append(message["type"])
    assert kinds == ["welcome", "board", "state"], kinds
    return dict(message)


def watch(ws_base: str, code: str) -> dict[str, Any]:
    """A spectator's first state of the room."""
    with connect(f"{ws_base}/ws/{code}", open_timeout=30) as ws:
        return hello(ws, None)


def pick(state: dict[str, Any], choose: Any) -> dict[str, Any]:
    """A choice that moves the game on, picked by ``choose`` (``random.Random.choice``);
    bankruptcy only when nothing else is left (a game should last while it is tested)."""
    choices = state["choices"]
    moving = [c for c in choices if c["action"].get("do") in PROGRESS]
    staying = [c for c in moving if c["action"].get("do") != "declare-bankruptcy"]
    chosen: dict[str, Any] = choose(staying or moving or choices)
    return chosen


def until_state(ws: ClientConnection, at_least: int, timeout: float = 30.0) -> dict[str, Any]:
    """The next state whose index is ``at_least`` or more (earlier ones are skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no state with index {at_least} came in {timeout} s")
        message = json.loads(ws.recv(timeout=left))
        if message.get("type") == "state" and message["index"] >= at_least:
            return dict(message)
