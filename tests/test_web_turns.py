"""The server's turns (one message taken up per turn of the event loop, first come first
served) and its trace (``PENNYBAGS_SERVE_TRACE``): docs/benchmarks.md, "`pennybags serve`
under load"."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pennybags.web.server import Turns, create_app
from pennybags.web.store import SQLiteStore
from pennybags.web.trace import TRACE_ENV, Trace


async def _three_turns(turns: Turns) -> list[str]:
    """Three messages' turns, the first sending a byte to a socket the loop watches: what
    happened in which order."""
    loop = asyncio.get_running_loop()
    here, there = socket.socketpair()
    here.setblocking(False)
    there.setblocking(False)
    seen: list[str] = []
    loop.add_reader(here.fileno(), lambda: (here.recv(16), seen.append("socket read")))
    try:
        async def message(name: str, write: bool) -> None:
            async with turns.take():
                seen.append(f"{name} began")
                if write:
                    there.send(b"x")  # (readable at once: the loop sees it at its next look)
                seen.append(f"{name} ended")

        await asyncio.gather(message("first", True), message("second", False),
                             message("third", False))
        for _ in range(3):  # (let the loop look at the socket if it has not yet)
            await asyncio.sleep(0)
        return seen
    finally:
        loop.remove_reader(here.fileno())
        here.close()
        there.close()


def test_each_turn_has_a_turn_of_the_event_loop_with_a_look_at_the_sockets() -> None:
    """Each message's turn has a turn of the event loop, which looks at the sockets: what
    came in during one action is read before the next is taken up, not after every
    message the loop had found waiting (so that messages are taken up in about the order
    they came). Without turns all three run in one turn of the loop, the socket read after
    them."""
    seen = asyncio.run(_three_turns(Turns(True)))
    assert seen == ["first began", "first ended", "socket read", "second began",
                    "second ended", "third began", "third ended"]
    seen = asyncio.run(_three_turns(Turns(False)))
    assert seen.index("socket read") == len(seen) - 1, seen


def test_turns_are_first_come_first_served() -> None:
    async def main() -> list[int]:
        turns = Turns(True)
        order: list[int] = []

        async def message(n: int) -> None:
            async with turns.take():
                order.append(n)
                await asyncio.sleep(0)  # (a turn that waits a moment keeps its place)

        await asyncio.gather(*(message(n) for n in range(8)))
        return order

    assert asyncio.run(main()) == list(range(8))


def test_a_message_whose_connection_closes_while_it_waits_holds_up_nobody() -> None:
    """A task cancelled while it waits for its turn (its connection closed), or just as it
    was given its turn, does not keep the turns: the messages after it have theirs."""
    async def main() -> list[str]:
        turns = Turns(True)
        order: list[str] = []

        async def message(name: str) -> None:
            async with turns.take():
                order.append(name)

        waiting: list[asyncio.Task[None]] = []

        async def holder() -> None:
            async with turns.take():
                order.append("holder")
                await asyncio.sleep(0.01)
            waiting[1].cancel()  # (given the turn just now: its task has not run yet)

        first = asyncio.create_task(holder())
        await asyncio.sleep(0)
        waiting.extend(asyncio.create_task(message(n)) for n in ("gone", "given", "last"))
        await asyncio.sleep(0)
        waiting[0].cancel()  # (cancelled while it waits)
        await first
        results = await asyncio.gather(*waiting, return_exceptions=True)
        assert [type(r).__name__ for r in results] == ["CancelledError", "CancelledError",
                                                       "NoneType"]
        async with turns.take():  # (and the turns are free again)
            order.append("after")
        return order

    assert asyncio.run(asyncio.wait_for(main(), 10)) == ["holder", "last", "after"]


def test_turns_are_taken_only_when_asked_and_over_a_store_on_the_event_loop(
        tmp_path: Path) -> None:
    """One message per turn is the server's option (``--first-come-first-served``), off by
    default, and only over a store whose calls run on the event loop (SQLite)."""
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    try:
        assert store.quick  # (SQLite: the store's calls run on the event loop)
        assert not create_app(store).state.turns.one_at_a_time
        assert create_app(store, first_come_first_served=True).state.turns.one_at_a_time
    finally:
        store.close()
    assert not Turns(False).one_at_a_time


def test_the_serve_command_offers_first_come_first_served() -> None:
    from pennybags.cli import build_parser

    args = build_parser().parse_args(["serve", "--first-come-first-served"])
    assert args.first_come_first_served
    assert not build_parser().parse_args(["serve"]).first_come_first_served


def _play(client: TestClient, actions: int) -> tuple[str, int]:
    """A classic room of two people played for ``actions`` accepted actions (and one
    refused one): its code and how many were accepted."""
    made = client.post("/api/rooms", json={"edition": "classic", "seed": 5,
                                           "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    code, host = made.json()["room"], made.json()["host_token"]
    tokens = [client.post(f"/api/rooms/{code}/join", json={"seat": s}).json()["token"]
              for s in (0, 1)]
    client.post(f"/api/rooms/{code}/start", json={"host_token": host})
    accepted = 0
    with client.websocket_connect(f"/ws/{code}") as a, \
            client.websocket_connect(f"/ws/{code}") as b:
        sockets = [a, b]
        states: list[dict[str, Any]] = []
        for ws, token in zip(sockets, tokens, strict=True):
            ws.send_json({"type": "hello", "token": token})
            ws.receive_json()
            ws.receive_json()
            states.append(ws.receive_json())
        ws = sockets[0]
        ws.send_json({"type": "act", "action": {"do": "roll"}, "seen": 999})
        assert ws.receive_json()["type"] == "refused"
        while accepted < actions:
            seat = next(s for s, state in enumerate(states) if state["question"])
            choice = states[seat]["choices"][0]["action"]
            sockets[seat].send_json({"type": "act", "action": choice,
                                     "seen": states[seat]["index"]})
            states = [ws.receive_json() for ws in sockets]
            assert states[seat].get("accepted") == accepted
            accepted += 1
    return code, accepted


def test_a_traced_server_writes_each_actions_steps(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    trace = tmp_path / "trace.jsonl"
    monkeypatch.setenv(TRACE_ENV, str(trace))
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    try:
        with TestClient(create_app(store)) as client:
            code, accepted = _play(client, 12)
    finally:
        store.close()
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    acts = [x for x in lines if x["kind"] == "act"]
    assert [x["index"] for x in acts] == [None, *range(accepted)]
    assert acts[0]["seen"] == 999 and acts[0]["stored"] is None and acts[0]["bytes"] == 0
    for x in acts[1:]:
        assert x["room"] == code and x["seat"] in (0, 1) and x["bytes"] > 1000
        began, ended = x["stored"]
        assert x["received"] <= x["locked"] <= began <= ended <= x["acted"] <= x["sent"]
    hellos = [x for x in lines if x["kind"] == "hello"]
    assert len(hellos) == 2 and all(x["began"] <= x["ended"] for x in hellos)
    assert all(x["began"] <= x["ended"] for x in lines if x["kind"] == "gc")


def test_a_server_traces_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TRACE_ENV, raising=False)
    assert Trace.open() is None
    monkeypatch.setenv(TRACE_ENV, "")
    assert Trace.open() is None
    monkeypatch.setenv(TRACE_ENV, "/tmp/somewhere.jsonl")
    traced = Trace.open()
    assert traced is not None and traced.path == "/tmp/somewhere.jsonl"
