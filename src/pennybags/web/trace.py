"""Timestamps of the server's work on each WebSocket action, for finding where the time of
the slow ones went (``benchmarks/bench_serve.py --trace``).

Off unless the environment variable :data:`TRACE_ENV` names a file when the app is made:
then the server keeps, in memory, for each ``act`` message the moments it was read,
its room's lock taken, the action stored (the store's call), the states built and the
last of them handed to the sockets; for each ``hello``, when it began and ended; each
garbage collection's generation and duration (``gc.callbacks``); and every moment the
event loop came back more than :data:`LAG_NOTED` seconds late to a task that slept
:data:`LAG_EVERY`. It writes them as JSON lines to the file when the server stops.
Times are ``time.perf_counter()``, which on Linux is the machine's monotonic clock, the
same in every process, so that the bench can put them beside its own. When tracing is
off the server's cost is one test of ``None`` per message. (The store's call and the turn
are noted as the latest ones: right with SQLite, whose actions never overlap, not with
PostgreSQL's worker threads.)
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import time
from collections.abc import Callable
from typing import Any

TRACE_ENV = "PENNYBAGS_SERVE_TRACE"
"""The environment variable naming the file a server writes its trace to."""
LAG_EVERY = 0.002
"""Seconds the loop watcher sleeps between two looks."""
LAG_NOTED = 0.005
"""A wake-up later than this (seconds) is written down."""


class Trace:
    """What the server did and when (module docstring); :meth:`open` makes one when
    :data:`TRACE_ENV` is set."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.actions: list[dict[str, Any]] = []
        self.hellos: list[tuple[float, float]] = []
        self.gcs: list[tuple[int, float, float]] = []
        self.lags: list[tuple[float, float]] = []
        self.turned = 0.0
        """When the latest message had its turn and its room's lock."""
        self.stored: tuple[float, float] | None = None
        """The latest call to the store's ``append_action``: its start and end."""
        self._gc_began = 0.0

    @classmethod
    def open(cls) -> Trace | None:
        path = os.environ.get(TRACE_ENV)
        return cls(path) if path else None

    def time_store(self, store: Any) -> None:
        """Time the store's ``append_action`` (the commit of each action)."""
        append: Callable[..., None] = store.append_action

        def timed(*args: Any, **kwargs: Any) -> None:
            began = time.perf_counter()
            try:
                append(*args, **kwargs)
            finally:
                self.stored = (began, time.perf_counter())

        setattr(store, "append_action", timed)  # noqa: B010 (an instance's own)

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._gc_began = now
        else:
            self.gcs.append((int(info.get("generation", -1)), self._gc_began, now))

    async def watch_loop(self) -> None:
        """Note every late wake-up of the event loop until cancelled."""
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(LAG_EVERY)
            late = time.perf_counter() - asked - LAG_EVERY
            if late > LAG_NOTED:
                self.lags.append((asked + LAG_EVERY, late))

    def start(self) -> None:
        gc.callbacks.append(self._gc)
        mark_reads()

    def write(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._gc)
        with open(self.path, "w", encoding="utf-8") as f:
            for action in self.actions:
                f.write(json.dumps({"kind": "act", **action}) + "\n")
            for began, ended in self.hellos:
                f.write(json.dumps({"kind": "hello", "began": began, "ended": ended}) + "\n")
            for generation, began, ended in self.gcs:
                f.write(json.dumps({"kind": "gc", "generation": generation, "began": began,
                                    "ended": ended}) + "\n")
            for at, late in self.lags:
                f.write(json.dumps({"kind": "lag", "at": at, "late": late}) + "\n")


READ_AT = "pennybags.read_at"
"""Where a traced server notes, in each message uvicorn hands the app, when uvicorn's
WebSocket protocol read it off the socket (before the app's task got its turn)."""


def mark_reads() -> bool:
    """Have uvicorn's WebSocket protocol (its websockets sans-I/O one, which uvicorn takes
    when websockets is installed) note in each message when it read it (:data:`READ_AT`):
    for tracing only, the process's protocol class changed. False when that protocol is
    not there (the trace then has no read times)."""
    try:
        from uvicorn.protocols.websockets import websockets_sansio_impl as impl
    except ImportError:  # pragma: no cover - depends on the installed uvicorn
        return False
    protocol: Any = impl.WebSocketsSansIOProtocol
    handed = protocol.send_receive_event_to_app
    if getattr(handed, "traced", False):
        return True

    def noted(self: Any) -> None:
        put = self.queue.put_nowait

        def put_noted(message: dict[str, Any]) -> None:
            message[READ_AT] = time.perf_counter()
            put(message)

        self.queue.put_nowait = put_noted
        try:
            handed(self)
        finally:
            del self.queue.put_nowait

    noted.traced = True  # type: ignore[attr-defined]
    protocol.send_receive_event_to_app = noted
    return True


__all__ = ["READ_AT", "TRACE_ENV", "Trace", "mark_reads"]
