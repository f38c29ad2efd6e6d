"""The web server: a FastAPI app over the room service, a JSON API for the lobby and one
WebSocket per browser tab for the game.

HTTP (every body JSON, at most :data:`MAX_BODY` bytes; every error ``{"error": reason}``):

* ``GET /api/editions``: the editions, their player counts and house-rule options;
* ``POST /api/rooms`` ``{"edition", "options", "seats": [{"name"} | {"bot", "name"?}]}``:
  a new room: ``{"room", "host_token", "link"}``;
* ``GET /api/rooms/{code}``: the room's edition, state and seats;
* ``POST /api/rooms/{code}/join`` ``{"seat", "name"}``: ``{"seat", "token"}``;
* ``POST /api/rooms/{code}/start`` ``{"host_token"}``; ``.../pause``
  ``{"host_token", "paused"}``; ``.../bot`` ``{"host_token", "seat", "bot"}`` (a spec, or
  null to give the seat back to its person).

WebSocket ``/ws/{code}``, messages as JSON text of at most :data:`MAX_MESSAGE` bytes:

* ``{"type": "hello", "token": "..."}`` (or no token: a spectator), answered with
  ``welcome`` (the seat), ``board`` (the layout to draw) and ``state``;
* ``{"type": "act", "action": {...}, "seen": N}``: when it is accepted, the sender's next
  ``state`` (the one after the action) carries ``"accepted": index``, the action's index
  (one message instead of an acknowledgement and a state); else ``refused`` with the
  reason. ``seen`` (optional) is the ``index`` of the state the choice was made on: the
  action is refused if the game has moved on since;
* ``{"type": "ping"}``: ``pong``.

After every accepted action (and after the host starts, pauses or hands a seat over) each
connection of the room gets a ``state`` of its own seat: its view of the game, its
question and legal actions, the log. A message that is malformed, too large or not allowed
gets ``refused`` with the reason and changes nothing.

A live auction (Ultimate Banking's ``auction-timer``) runs on the server's clock: each
change of the auction restarts its timer, bots press after a short random delay (or pass),
and when the timer runs out with no press the server sends ``time-up``; each of these is
stored and told like any action.

Several server processes may serve one room from one database (PostgreSQL): each watches
the store for rooms changed by the others (``NOTIFY``, or by comparing each watched room's
signature every :data:`WATCH_EVERY` seconds) and sends its own connections the new state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, TypeVar

from anyio import to_thread
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.requests import HTTPConnection

from pennybags import __version__
from pennybags.editions import all_editions
from pennybags.web.rooms import (
    NoSuchRoom,
    NotHost,
    Outcome,
    RoomError,
    RoomService,
    Shown,
)
from pennybags.web.store import DAY, KEEP_FOREVER, Retention, Store, StoreError
from pennybags.web.trace import READ_AT, Trace

MAX_BODY = 16_384
"""The largest HTTP request body, in bytes."""
MAX_MESSAGE = 8_192
"""The largest WebSocket message, in bytes (a trade offer is a few hundred)."""
MAX_DEPTH = 8
"""How deeply a message's JSON may nest."""
BOT_PRESS_DELAY = (0.6, 2.8)
"""Seconds a bot waits before it presses in a live auction (uniform), so that people can
answer."""
SWEEP_EVERY = 3600.0
"""Seconds between two sweeps of what the retention no longer keeps (the first at
start)."""
WATCH_EVERY = 1.0
"""Seconds between two looks at the watched rooms for changes made by other server
processes (a database that announces changes is heard at once)."""

T = TypeVar("T")

STATIC = resources.files("pennybags.web") / "static"

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class BadMessage(Exception):
    """A message refused before anything is done with it; the message is the reason."""


def parse_json(raw: str | bytes, limit: int) -> Any:
    """JSON text read with limits: its size, nesting, and no NaN or Infinity."""
    if len(raw) > limit:
        raise BadMessage(f"the message is too large ({len(raw)} bytes; the limit is {limit})")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise BadMessage("the message is not UTF-8 text") from None
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise BadMessage("the message is nested too deeply") from None
    except ValueError as e:
        raise BadMessage(f"the message is not valid JSON: {e}") from None
    if _depth(value) > MAX_DEPTH:
        raise BadMessage("the message is nested too deeply")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


MESSAGE_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "hello": {"token": (str, type(None))},
    "act": {"action": (dict, str), "seen": (int, type(None))},
    "ping": {},
}
"""The messages a browser sends: their fields and the JSON types each may hold."""


def check_message(value: Any) -> tuple[str, dict[str, Any]]:
    """A message's type and fields, checked against :data:`MESSAGE_FIELDS`."""
    if not isinstance(value, dict):
        raise BadMessage("a message is a JSON object like {\"type\": \"act\", ...}")
    kind = value.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_FIELDS:
        raise BadMessage(f"unknown message type {str(kind)[:40]!r}; the types are: "
                         f"{', '.join(MESSAGE_FIELDS)}")
    allowed = MESSAGE_FIELDS[kind]
    fields = {k: v for k, v in value.items() if k != "type"}
    unknown = sorted(k for k in fields if k not in allowed)
    if unknown:
        raise BadMessage(f"'{kind}' has no field(s) {', '.join(unknown)[:80]}")
    for name, value_ in fields.items():
        types = allowed[name]
        if isinstance(value_, bool) or not isinstance(value_, types):
            raise BadMessage(f"'{kind}' field '{name}' has the wrong type")
    return kind, fields


@dataclass(frozen=True)
class Limits:
    """What one address (or one WebSocket) may ask of the server; 0 means no limit."""

    rooms: int = 30
    """Rooms one address may create in :attr:`rooms_window` seconds."""
    rooms_window: float = 3600.0
    socket_messages: float = 20.0
    """Messages one WebSocket may send a second (on average; twice as many at once)."""
    address_messages: float = 100.0
    """Messages all the WebSockets of one address may send a second (on average; twice as
    many at once): a family's devices behind one home router share it."""

    def __post_init__(self) -> None:
        if self.rooms < 0 or self.rooms_window <= 0 or self.socket_messages < 0 or \
                self.address_messages < 0:
            raise ValueError("a limit is 0 (none) or more, and the rooms' window above 0")


NO_LIMITS = Limits(rooms=0, socket_messages=0, address_messages=0)


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``2 * rate`` kept; each message
    takes one."""

    __slots__ = ("last", "rate", "tokens")

    def __init__(self, rate: float, now: float) -> None:
        self.rate = rate
        self.tokens = 2.0 * rate
        self.last = now

    def ready(self, now: float) -> bool:
        """Whether a message may go now (the bucket refilled to ``now``)."""
        self.tokens = min(2.0 * self.rate, self.tokens + (now - self.last) * self.rate)
        self.last = now
        return self.tokens >= 1.0

    def full(self, now: float) -> bool:
        return self.tokens + (now - self.last) * self.rate >= 2.0 * self.rate


class Limiter:
    """The limits of :class:`Limits` kept per address (in memory: each server process
    counts what it is sent)."""

    KEEP = 10_000
    """Addresses remembered before the ones at rest are forgotten."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.created: dict[str, deque[float]] = {}
        self.buckets: dict[str, Bucket] = {}

    def may_create_room(self, address: str) -> str | None:
        """None when ``address`` may create a room now, else the reason."""
        limit = self.limits.rooms
        if limit == 0:
            return None
        now = self.clock()
        times = self.created.get(address, deque())
        while times and times[0] <= now - self.limits.rooms_window:
            times.popleft()
        if len(times) >= limit:
            wait = times[0] + self.limits.rooms_window - now
            return (f"too many rooms from your address: at most {limit} in "
                    f"{_duration(self.limits.rooms_window)}; try again in {_duration(wait)}")
        return None

    def room_created(self, address: str) -> None:
        """Count a room ``address`` created."""
        if self.limits.rooms:
            now = self.clock()
            self.created.setdefault(address, deque()).append(now)
            self._forget_old(now)

    def socket_bucket(self) -> Bucket | None:
        rate = self.limits.socket_messages
        return Bucket(rate, self.clock()) if rate > 0 else None

    def may_send(self, address: str, own: Bucket | None) -> str | None:
        """None when a WebSocket of ``address`` (its bucket ``own``) may send a message
        now (counted), else the reason."""
        now = self.clock()
        if own is not None and not own.ready(now):
            return (f"too many messages: at most {self.limits.socket_messages:g} a second "
                    "from one connection; wait a moment")
        rate = self.limits.address_messages
        shared = None
        if rate > 0:
            shared = self.buckets.get(address)
            if shared is None:
                shared = self.buckets[address] = Bucket(rate, now)
                self._forget_old(now)
            if not shared.ready(now):
                return (f"too many messages from your address: at most {rate:g} a second; "
                        "wait a moment")
        for bucket in (own, shared):  # (a message refused counts nowhere)
            if bucket is not None:
                bucket.tokens -= 1.0
        return None

    def _forget_old(self, now: float) -> None:
        if len(self.buckets) > self.KEEP:
            for address in [a for a, b in self.buckets.items() if b.full(now)]:
                del self.buckets[address]
        if len(self.created) > self.KEEP:
            window = self.limits.rooms_window
            for address in [a for a, t in self.created.items() if not t or
                            t[-1] <= now - window]:
                del self.created[address]


def _duration(seconds: float) -> str:
    """A span of time in words, roughly."""
    if seconds >= 5400:
        return f"{round(seconds / 3600)} hours"
    if seconds >= 3540:
        return "an hour"
    if seconds >= 90:
        return f"{round(seconds / 60)} minutes"
    return f"{max(1, round(seconds))} seconds"


def address_of(connection: HTTPConnection) -> str:
    """The client's address (behind a reverse proxy that uvicorn trusts, the address the
    proxy forwards)."""
    client = connection.client
    return client.host if client is not None else "unknown"


STATE_START = '{"type":"state",'
"""How a state's JSON text begins (:mod:`pennybags.web.rooms` writes its type first)."""


def with_accepted(state: str, index: int) -> str:
    """A state's JSON text that also tells its connection that its action was accepted
    under ``index``: ``"accepted"`` right after the type."""
    if not state.startswith(STATE_START):
        raise ValueError("a state's text begins with its type")
    return f'{STATE_START}"accepted":{int(index)},{state[len(STATE_START):]}'


def accepted_text(index: int) -> str:
    """The acknowledgement on its own (for a connection that gets no state with it)."""
    return f'{{"type":"accepted","index":{int(index)}}}'


SEND_KEY = "pennybags.send"
"""Where :class:`DirectSend` leaves a WebSocket's own ``send`` in its ASGI scope."""


class DirectSend:
    """An ASGI middleware that leaves the server's own ``send`` of each WebSocket in its
    scope (under :data:`SEND_KEY`), so that the states, four or more messages per action,
    go to it directly rather than through the framework's layers (each a coroutine call
    that only passes the message on; the WebSocket's state checks are for its first and
    last messages)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            scope[SEND_KEY] = send
        await self.app(scope, receive, send)


@dataclass(eq=False)
class Connection:
    socket: WebSocket
    room: str
    seat: int | None
    send: Callable[[dict[str, Any]], Awaitable[None]] | None = None
    """The WebSocket's own ``send`` (:class:`DirectSend`), None: through ``socket``."""

    async def send_text(self, text: str) -> None:
        if self.send is None:
            await self.socket.send_text(text)
        else:
            await self.send({"type": "websocket.send", "text": text})


class Turns:
    """The order in which a server takes up its connections' messages (``act`` and
    ``hello``): one at a time, in the order they were read, each in a turn of the event
    loop of its own.

    Without it, every message the event loop found waiting at one look at the sockets is
    taken up in that turn of the loop, in the order the look reported them. With many rooms
    acting at once one look finds nearly every room's message (a turn of 100 actions at 1 ms
    each), and that order is not the order they came in: the kernel's epoll, which the event
    loop asks level-triggered, reports first the sockets it reported at the previous look,
    in that look's order, and only then those that became readable since, however long
    before the look they did (measured: docs/benchmarks.md, "`pennybags serve` under load").
    So a seat that had not sent in the previous turn, such as the next player's when a turn
    of the game passes, was taken up behind the rooms whose same seat acted again, waiting
    up to two of those long turns. Taking one message per turn of the loop makes each look
    at the sockets find only what came in during one action, and the messages are taken up
    in the order read: first come, first served, within a message or two. (A lock would not
    do: a turn that never waits is over before the next message's task runs, which then
    finds the lock free in the same turn of the loop.)

    A turn covers only work done on the event loop without waiting (judging, storing,
    building the states), never the sends, so that a slow socket holds up its own room
    only. So only for a store whose calls run on the event loop (SQLite): with PostgreSQL
    the store's calls wait in worker threads, and the rooms' actions overlap there."""

    def __init__(self, one_at_a_time: bool) -> None:
        self.one_at_a_time = one_at_a_time
        self._busy = False
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None

    def take(self) -> contextlib.AbstractAsyncContextManager[None]:
        """A message's turn: it begins once every message read before has had its turn,
        and never in the turn of the event loop in which the one before ended (or at once
        when messages are not taken one at a time). A turn holds no await that waits."""
        return self._turn() if self.one_at_a_time else contextlib.nullcontext()

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # (an app may be served by one loop, then another)
            self._loop, self._busy, self._waiting = loop, False, deque()
        if self._busy:
            await wait_in_line(self._waiting, self._pass_on)
        else:
            self._busy = True
        try:
            yield
        finally:
            self._pass_on()

    def _pass_on(self) -> None:
        """End a turn: the next message waiting has its turn at the next turn of the event
        loop (a future's waiter goes on then), after the loop has looked at the sockets."""
        if wake_first(self._waiting):
            return
        assert self._loop is not None
        self._loop.call_soon(self._free)  # (a message read in this turn of the loop waits)

    def _free(self) -> None:
        if not wake_first(self._waiting):
            self._busy = False


@contextlib.contextmanager
def released_on_error(lock: RoomLock) -> Iterator[None]:
    """Keep a room's lock held past the block (the caller releases it once the states are
    sent), unless the block fails."""
    try:
        yield
    except BaseException:
        lock.release()
        raise


async def wait_in_line(waiting: deque[asyncio.Future[None]],
                       hand_on: Callable[[], None]) -> None:
    """Wait at the end of ``waiting`` until handed the turn or the lock (:func:`wake_first`);
    cancelled just as it was handed over (its connection gone), hand it on to the next
    (``hand_on``), so that nobody waits for it."""
    given = asyncio.get_running_loop().create_future()
    waiting.append(given)
    try:
        await given
    except asyncio.CancelledError:
        if given.done() and not given.cancelled():
            hand_on()
        raise


def wake_first(waiting: deque[asyncio.Future[None]]) -> bool:
    """Hand the turn or lock to the first of ``waiting`` still waiting (not cancelled: its
    connection is still there); whether there was one."""
    while waiting:
        given = waiting.popleft()
        if not given.done():
            given.set_result(None)
            return True
    return False


class RoomLock:
    """A room's lock, first come first served (as ``asyncio.Lock``), that can also tell
    whether it would be taken at once (:meth:`free`): a message's turn takes the room's
    lock only then, so that it never waits for a room while holding its turn."""

    def __init__(self) -> None:
        self._held = False
        self._waiting: deque[asyncio.Future[None]] = deque()

    def locked(self) -> bool:
        return self._held

    def free(self) -> bool:
        """Whether :meth:`acquire` would take the lock without waiting."""
        return not self._held and all(w.done() for w in self._waiting)

    async def acquire(self) -> None:
        if self.free():
            self._held = True
            return
        await wait_in_line(self._waiting, self.release)

    def release(self) -> None:
        if not self._held:
            raise RuntimeError("a room's lock released that was not held")
        if not wake_first(self._waiting):  # (else held still: handed to that waiter)
            self._held = False

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()


@dataclass
class Hub:
    """The open connections of each room, and a lock per room so that states go out in
    order."""

    rooms: dict[str, set[Connection]] = field(default_factory=dict)
    locks: dict[str, RoomLock] = field(default_factory=dict)
    shown: dict[str, Any] = field(default_factory=dict)
    """Each room's signature (``Store.signature``) when its connections were last sent
    its state."""

    def add(self, c: Connection) -> None:
        self.rooms.setdefault(c.room, set()).add(c)

    def remove(self, c: Connection) -> None:
        self.rooms.get(c.room, set()).discard(c)

    def lock(self, room: str) -> RoomLock:
        lock = self.locks.get(room)
        if lock is None:
            lock = self.locks[room] = RoomLock()
        return lock


def create_app(store: Store, bot_delay: float = 0.0, limits: Limits = NO_LIMITS,
               retention: Retention = KEEP_FOREVER,
               clock: Callable[[], float] = time.time,
               monotonic: Callable[[], float] = time.monotonic,
               first_come_first_served: bool = False) -> FastAPI:
    """The app serving rooms kept in ``store``. ``bot_delay``: seconds each bot's answer
    waits, one answer at a time, so that people can follow a run of bots' answers (0:
    the bots answer at once, all in a row). ``limits``: what one address may ask (none
    by default; ``pennybags serve`` sets :class:`Limits`). ``retention``: how long
    finished games, idle rooms and idle banking units are kept (forever by default;
    ``pennybags serve`` sets 30 and 90 days), swept at start and every
    :data:`SWEEP_EVERY` seconds by ``clock`` (seconds since the epoch). ``monotonic``: the
    clock the limits' message rates are counted by. ``first_come_first_served``: take up
    the sockets' messages one per turn of the event loop, in the order they were read
    (:class:`Turns`; SQLite only): off by default, as it cost the bench's default clients
    more than it gave (docs/benchmarks.md, "`pennybags serve` under load")."""
    service = RoomService(store, bot_delay)
    hub = Hub()
    turns = Turns(store.quick and first_come_first_served)
    limiter = Limiter(limits, monotonic)
    from pennybags.web.banking import bank_router  # the banking units: docs/serve.md

    bank = bank_router(store)

    clocks: dict[str, asyncio.Task[None]] = {}
    """The running clock of each room in a live auction."""
    pacers: dict[str, asyncio.Task[None]] = {}
    """Each room's next paced bot answer, waiting for its delay."""
    trace = Trace.open()  # (None unless PENNYBAGS_SERVE_TRACE names a file: web/trace.py)
    if trace is not None:
        trace.time_store(store)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        watcher = asyncio.create_task(watch())
        winder = asyncio.create_task(resume_clocks())
        sweeper = asyncio.create_task(sweep_now_and_then())
        tasks = [watcher, winder, sweeper]
        if trace is not None:
            trace.start()
            tasks.append(asyncio.create_task(trace.watch_loop()))
        try:
            yield
        finally:
            for task in [*tasks, *clocks.values(), *pacers.values()]:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            if trace is not None:
                trace.write()

    app = FastAPI(title="pennybags", version=__version__, docs_url=None, redoc_url=None,
                  openapi_url=None, lifespan=lifespan)
    app.add_middleware(DirectSend)
    app.state.service = service
    app.state.hub = hub
    app.state.turns = turns
    app.state.sweep = lambda: sweep()

    @app.middleware("http")
    async def headers(request: Request,
                      call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    async def call(work: Callable[..., T], *args: Any) -> T:
        """A call to the room service (or the store): on the event loop when the store is
        quick (SQLite: no thread to hand it to, no lock to contend for), else in a worker
        thread (the database is across a network)."""
        if store.quick:
            return work(*args)
        return await to_thread.run_sync(work, *args)

    async def send_states(code: str, shown: Shown | None = None,
                          if_changed: bool = False,
                          acted: tuple[Connection, int] | None = None) -> None:
        """Send each connection of the room its state (the room's lock held): ``shown``
        when the caller has it (built right after an action), else built now; with
        ``if_changed``, nothing when the room is as its connections were last shown.
        ``acted``: the connection whose action was accepted, and its index, which that
        connection's state carries as ``accepted`` (one message instead of two)."""
        connections = list(hub.rooms.get(code, ()))
        if acted is not None and acted[0] not in connections:
            # (it has left the room meanwhile: the acknowledgement goes on its own)
            with contextlib.suppress(Exception):
                await acted[0].send_text(accepted_text(acted[1]))
            acted = None
        if shown is None:
            try:
                shown = await call(service.show, code, [c.seat for c in connections])
            except (RoomError, StoreError):
                hub.shown.pop(code, None)
                return
        if if_changed and shown.signature == hub.shown.get(code):
            return
        hub.shown[code] = shown.signature
        for c in connections:
            text = shown.texts.get(c.seat)
            if acted is not None and c is acted[0]:
                text = accepted_text(acted[1]) if text is None else \
                    with_accepted(text, acted[1])
            if text is None:
                continue  # (it came after the states were built: it has its own)
            try:
                direct = c.send
                if direct is None:
                    await c.socket.send_text(text)
                else:
                    await direct({"type": "websocket.send", "text": text})
            except Exception:  # a closed tab: forget it
                hub.remove(c)
                with contextlib.suppress(Exception):
                    await c.socket.close(code=1011)
        wind(code, shown.auction)
        pace(code, shown)

    def pace(code: str, shown: Shown) -> None:
        """(Re)start the wait for the room's next bot answer, when a bot's answer is due
        (bots paced by ``bot_delay``)."""
        old = pacers.pop(code, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if shown.bot_due:
            pacers[code] = asyncio.create_task(bot_answer(code, shown.signature[-1]))

    async def bot_answer(code: str, seen: int) -> None:
        """A bot's answer after its delay, stored and sent like any action."""
        await asyncio.sleep(bot_delay)
        async with hub.lock(code):
            seats = [c.seat for c in hub.rooms.get(code, ())]
            try:
                outcome, shown = await call(service.bot_step, code, seen, seats)
            except (RoomError, StoreError):
                return
            if outcome.accepted:
                await send_states(code, shown)  # (which paces the next one)

    def wind(code: str, auction: bool = True) -> None:
        """(Re)start the room's auction clock: the room changed (stop it when the room
        waits on no live auction)."""
        old = clocks.pop(code, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if auction:
            clocks[code] = asyncio.create_task(tick(code))

    async def tick(code: str) -> None:
        """One run of a live auction's clock: a bot's pass at once, else the first bot's
        press after its delay, else the time-up when the timer runs out."""
        try:
            clock = await call(service.auction_clock, code)
        except (RoomError, StoreError):
            return
        if clock is None:
            return
        loop = asyncio.get_running_loop()
        start = loop.time()
        passing = sorted(seat for seat, plan in clock.bots.items() if plan == "pass")
        if passing:
            await clock_act(code, passing[0], "pass", clock.index)
            return
        rng = random.Random()
        presses = sorted((start + rng.uniform(*BOT_PRESS_DELAY), seat)
                         for seat, plan in clock.bots.items() if plan == "bid")
        deadline = start + clock.seconds
        if presses and presses[0][0] < deadline:
            await asyncio.sleep(max(0.0, presses[0][0] - loop.time()))
            await clock_act(code, presses[0][1], "bid", clock.index)
        else:
            await asyncio.sleep(max(0.0, deadline - loop.time()))
            await clock_act(code, None, "time-up", clock.index)

    async def resume_clocks() -> None:
        """A starting server winds the clock of every room that waits on a live auction
        (a server stopped in the middle of one: the auction goes on without waiting for
        someone to come back to the room)."""
        try:
            codes = await call(service.timed_rooms)
        except StoreError:
            return  # (the database is unreachable: a connection winds it later)
        for code in codes:
            if code not in clocks:
                wind(code)

    async def clock_act(code: str, seat: int | None, what: str, seen: int) -> None:
        async with hub.lock(code):
            try:
                outcome = await call(service.clock_act, code, seat, what, seen)
            except (RoomError, StoreError):
                return
            if outcome.accepted:
                await send_states(code)  # (which winds the clock again)

    async def sweep() -> tuple[list[str], int]:
        """Delete what the retention no longer keeps: the rooms' codes and how many
        banking units. A deleted room's connections are closed, saying why."""
        now = clock()
        codes: list[str] = []
        units = 0
        if retention.keep_finished_days or retention.keep_idle_days:
            codes = await call(service.sweep, retention, now)
        for code in codes:
            async with hub.lock(code):
                for c in list(hub.rooms.pop(code, ())):
                    with contextlib.suppress(Exception):
                        await c.socket.send_json({
                            "type": "refused", "reason": "this room was deleted: nobody had "
                            "played in it for a long time (or its game ended long ago)"})
                        await c.socket.close(code=4410)
                hub.shown.pop(code, None)
            for tasks in (clocks, pacers):
                task = tasks.pop(code, None)
                if task is not None:
                    task.cancel()
        if retention.keep_idle_days:
            idle_before = retention.cutoffs(now)[1]
            assert idle_before is not None
            units = await to_thread.run_sync(bank.service.sweep,  # type: ignore[attr-defined]
                                             idle_before)
        return codes, units

    async def sweep_now_and_then() -> None:
        """Sweep at start, then every :data:`SWEEP_EVERY` seconds (or a tenth of the
        shortest time kept, when that is shorter)."""
        kept = [days * DAY for days in (retention.keep_finished_days,
                                        retention.keep_idle_days) if days]
        if not kept:
            return
        every = max(0.1, min(SWEEP_EVERY, min(kept) / 10))
        while True:
            with contextlib.suppress(RoomError, StoreError):
                await sweep()
            await asyncio.sleep(every)

    async def watch() -> None:
        """Tell this process's connections of changes other processes made to their
        rooms."""
        while True:
            try:
                changed = await to_thread.run_sync(store.wait_for_changes, WATCH_EVERY,
                                                   abandon_on_cancel=True)
                codes = [c for c, conns in hub.rooms.items()
                         if conns and (changed is None or c in changed)]
                # (each room on its own: one slow room does not hold up the others)
                await asyncio.gather(*(refresh(code, changed is None) for code in codes))
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is unreachable for now: look again later
                await asyncio.sleep(WATCH_EVERY)

    async def refresh(code: str, look: bool) -> None:
        """Send the room's connections its state if another process changed it; ``look``:
        the store could not say which rooms changed, so compare the room's signature
        first (cheaper than its states)."""
        try:
            async with hub.lock(code):
                if look and await call(store.signature, code) == hub.shown.get(code):
                    return
                await send_states(code, if_changed=True)
        except (RoomError, StoreError):
            pass  # (the database is unreachable for now: the next look will tell)

    async def body(request: Request) -> dict[str, Any]:
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
            raise BadMessage(f"the request is too large (the limit is {MAX_BODY} bytes)")
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise BadMessage(f"the request is too large (the limit is {MAX_BODY} "
                                 "bytes)")
        value = parse_json(raw or b"{}", MAX_BODY)
        if not isinstance(value, dict):
            raise BadMessage("the request body is a JSON object")
        return value

    def refused(reason: str, status: int = 400) -> JSONResponse:
        return JSONResponse({"error": reason}, status_code=status)

    async def handle(request: Request, work: Callable[[dict[str, Any]], Any],
                     room: str | None = None) -> JSONResponse:
        lock = hub.lock(room.upper()) if room is not None else contextlib.nullcontext()
        try:
            data = await body(request)
            async with lock:
                result = await call(work, data)
                if room is not None:
                    await send_states(room.upper())
        except BadMessage as e:
            return refused(str(e))
        except NoSuchRoom as e:
            return refused(str(e), 404)
        except NotHost as e:
            return refused(str(e), 403)
        except RoomError as e:
            return refused(str(e))
        except StoreError as e:
            return refused(str(e), 503)
        return JSONResponse(result)

    @app.get("/api/editions")
    async def editions() -> JSONResponse:
        return JSONResponse([
            {"id": e.id, "name": e.name, "summary": e.summary, "players": list(e.players),
             "options": [{"name": n, "type": t, "default": d, "help": h}
                         for n, t, d, h in e.describe_options()]}
            for e in all_editions()])

    @app.post("/api/rooms")
    async def create(request: Request) -> JSONResponse:
        address = address_of(request)
        reason = limiter.may_create_room(address)
        if reason is not None:
            return refused(reason, 429)

        def work(data: dict[str, Any]) -> dict[str, Any]:
            code, host = service.create(data)
            limiter.room_created(address)
            return {"room": code, "host_token": host, "link": f"/room/{code}"}
        return await handle(request, work)

    @app.get("/api/rooms/{code}")
    async def info(code: str) -> JSONResponse:
        try:
            return JSONResponse(await call(service.info, code))
        except RoomError as e:
            return refused(str(e), 404)
        except StoreError as e:
            return refused(str(e), 503)

    def fields(data: Mapping[str, Any], known: set[str]) -> None:
        unknown = sorted(k for k in data if k not in known)
        if unknown:
            raise BadMessage(f"unknown field(s): {', '.join(unknown)[:80]}")

    @app.post("/api/rooms/{code}/join")
    async def join(code: str, request: Request) -> JSONResponse:
        def work(data: dict[str, Any]) -> dict[str, Any]:
            fields(data, {"seat", "name"})
            token = service.join(code, data.get("seat"), data.get("name"))
            return {"seat": data["seat"], "token": token}
        return await handle(request, work, code)

    @app.post("/api/rooms/{code}/start")
    async def start(code: str, request: Request) -> JSONResponse:
        def work(data: dict[str, Any]) -> dict[str, Any]:
            fields(data, {"host_token"})
            service.start(code, data.get("host_token"))
            return {"started": True}
        return await handle(request, work, code)

    @app.post("/api/rooms/{code}/pause")
    async def pause(code: str, request: Request) -> JSONResponse:
        def work(data: dict[str, Any]) -> dict[str, Any]:
            fields(data, {"host_token", "paused"})
            paused = data.get("paused", True)
            if not isinstance(paused, bool):
                raise BadMessage("'paused' is true or false")
            service.pause(code, data.get("host_token"), paused)
            return {"paused": paused}
        return await handle(request, work, code)

    @app.post("/api/rooms/{code}/bot")
    async def bot(code: str, request: Request) -> JSONResponse:
        def work(data: dict[str, Any]) -> dict[str, Any]:
            fields(data, {"host_token", "seat", "bot"})
            service.set_bot(code, data.get("host_token"), data.get("seat"), data.get("bot"))
            return {"seat": data.get("seat"), "bot": data.get("bot")}
        return await handle(request, work, code)

    @app.websocket("/ws/{code}")
    async def play(socket: WebSocket, code: str) -> None:
        await socket.accept()
        connection: Connection | None = None
        address = address_of(socket)
        bucket = limiter.socket_bucket()

        async def refuse(reason: str) -> None:
            await socket.send_json({"type": "refused", "reason": reason})

        try:
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                received = time.perf_counter() if trace is not None else 0.0
                reason = limiter.may_send(address, bucket)
                if reason is not None:
                    await refuse(reason)
                    continue
                raw = message.get("text")
                if raw is None:
                    await refuse("messages are JSON text, not binary")
                    continue
                try:
                    kind, data = check_message(parse_json(raw, MAX_MESSAGE))
                except BadMessage as e:
                    await refuse(str(e))
                    continue
                if kind == "ping":
                    await socket.send_json({"type": "pong"})
                elif kind == "hello":
                    if connection is not None:
                        await refuse("this connection has said hello already")
                        continue
                    try:
                        token = data.get("token")
                        if trace is not None:
                            trace.hellos.append((received, received))
                        async with turns.take():  # (a hello waits its turn as actions do)
                            seat = None if token is None else \
                                await call(service.seat_of, code, token)
                            board = await call(service.board, code)
                        room = code.upper()  # (the room exists: board found it)
                        # (the room's lock held from this first state to the connection's
                        # joining: no state of the room goes out in between)
                        first = await in_turn(room, call, service.show, room, [seat])
                        try:
                            await socket.send_json({"type": "welcome", "room": room,
                                                    "seat": seat})
                            await socket.send_json(board)
                            await socket.send_text(first.texts[seat])
                            connection = Connection(socket, room, seat,
                                                    socket.scope.get(SEND_KEY))
                            hub.add(connection)
                            if first.auction and room not in clocks:
                                wind(room)  # (a restarted server: the auction goes on)
                            if first.bot_due and room not in pacers:
                                pace(room, first)  # (a restarted server: bots go on)
                        finally:
                            hub.lock(room).release()
                        if trace is not None:
                            trace.hellos[-1] = (received, time.perf_counter())
                    except (RoomError, StoreError) as e:
                        await refuse(str(e))
                        await socket.close(code=4403)
                        return
                elif kind == "act":
                    if connection is None:
                        await refuse("say hello first (with your seat's token)")
                    elif connection.seat is None:
                        await refuse("spectators watch: they do not act")
                    else:
                        outcome, shown = await in_turn(connection.room, act, connection,
                                                       data)
                        locked = trace.turned if trace is not None else 0.0
                        try:  # (the room's lock held: its states go out in order)
                            acted = time.perf_counter() if trace is not None else 0.0
                            if outcome.accepted:
                                await send_states(connection.room, shown,
                                                  acted=(connection, outcome.index))
                        finally:
                            hub.lock(connection.room).release()
                        if not outcome.accepted:
                            await refuse(outcome.reason)
                        if trace is not None:
                            trace.actions.append(traced(
                                connection, data, outcome, message.get(READ_AT), received,
                                locked, acted, shown))
        except WebSocketDisconnect:
            pass
        finally:
            if connection is not None:
                hub.remove(connection)

    def traced(connection: Connection, data: dict[str, Any], outcome: Outcome,
               read: float | None, received: float, locked: float, acted: float,
               shown: Shown | None) -> dict[str, Any]:
        """An action's record in the trace (web/trace.py), taken after its states were
        handed to the sockets (or its refusal)."""
        assert trace is not None
        action = data.get("action")
        stored = trace.stored if outcome.accepted else None
        trace.stored = None
        return {"room": connection.room, "seat": connection.seat,
                "index": outcome.index if outcome.accepted else None,
                "seen": data.get("seen"),
                "do": action.get("do") if isinstance(action, dict) else str(action)[:20],
                "read": read, "received": received, "locked": locked,
                "stored": stored, "acted": acted, "sent": time.perf_counter(),
                "bytes": sum(map(len, shown.texts.values())) if shown is not None else 0}

    async def in_turn(room: str, work: Callable[..., Awaitable[T]], *args: Any) -> T:
        """``work`` done in the message's turn (:class:`Turns`) with the room's lock held;
        returns with the lock still held (the caller sends the states, then releases it).
        The turn comes first and takes the room's lock only when it is free at once; a
        room whose lock is held (its states still going out to a slow socket, its clock
        acting) is waited for without the turn, which is then taken again: a turn never
        waits, and every message of a room goes through the turns once."""
        lock = hub.lock(room)

        async def turned() -> T:
            if trace is not None:
                trace.turned = time.perf_counter()
            return await work(*args)

        async with turns.take():
            if lock.free():
                await lock.acquire()  # (at once)
                with released_on_error(lock):
                    return await turned()
        await lock.acquire()
        with released_on_error(lock):
            async with turns.take():
                return await turned()

    async def act(connection: Connection,
                  data: dict[str, Any]) -> tuple[Outcome, Shown | None]:
        """A seat's action, and the states of the room's connections after it."""
        seat = connection.seat
        assert seat is not None
        seats = [c.seat for c in hub.rooms.get(connection.room, ())]
        try:
            return await call(service.act_and_show, connection.room, seat,
                                            data["action"], data.get("seen"), seats)
        except (RoomError, StoreError) as e:
            return Outcome(False, str(e)), None

    @app.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/room/{code}")
    async def room_page(code: str) -> FileResponse:
        return FileResponse(str(STATIC / "room.html"))

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.include_router(bank)
    return app


__all__ = ["MAX_BODY", "MAX_MESSAGE", "NO_LIMITS", "SWEEP_EVERY", "BadMessage", "Limiter", "Limits",
           "check_message", "create_app", "parse_json"]
