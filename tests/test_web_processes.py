"""Real server processes: two ``pennybags serve`` on one PostgreSQL database serving one
room (a player connected to each), and a server killed with SIGKILL again and again while
games are played, started again each time on the same SQLite file."""

from __future__ import annotations

import itertools
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from pennybags.editions import get_edition
from pennybags.engine.notation import action_from_json
from pennybags.web.db import open_store
from pennybags.web.store import ActionRow, RoomRow, SQLiteStore
from web_postgres import PostgresServer, postgres_server
from web_process import (
    Server,
    free_port,
    hello,
    join,
    new_room,
    pick,
    serving,
    start,
    until_state,
    watch,
)

__all__ = ["postgres_server"]  # a fixture, used by name


def replayed(row: RoomRow, stored: list[ActionRow]) -> dict[str, Any]:
    """The spectator's view of the game the stored actions make, replayed by the engine
    from scratch (every one of them must be legal where it stands)."""
    game = get_edition(row.edition).new_game([s.name for s in row.seats], seed=row.seed,
                                             options=row.options)
    for a in stored:
        action = action_from_json(game, a.seat, a.action)
        assert game.why_illegal(a.seat, action) is None, (a.index, a.action)
        game.act(a.seat, action)
    view: dict[str, Any] = json.loads(json.dumps(game.view(None)))
    return view


def test_two_servers_on_one_postgresql_database_serve_one_room(
        postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    with serving(url) as one, serving(url) as two:
        code, host = new_room(one.base, {"edition": "classic", "seed": 21, "seats": [
            {"name": "Ann"}, {"name": "Bob"}, {"bot": "standard"}]})
        ann = join(one.base, code, 0)
        bob = join(two.base, code, 1)  # the second server knows the room
        with connect(f"{one.ws}/ws/{code}", open_timeout=30) as ws_ann, \
                connect(f"{two.ws}/ws/{code}", open_timeout=30) as ws_bob:
            states = {0: hello(ws_ann, ann), 1: hello(ws_bob, bob)}
            sockets = {0: ws_ann, 1: ws_bob}
            start(two.base, code, host)  # started through the other server
            # (the server that started it answers once its bots have answered; the other
            # may send a state in between first)
            stored = httpx.get(f"{one.base}/api/rooms/{code}", timeout=30).json()["actions"]
            states = {seat: until_state(sockets[seat], stored) for seat in (0, 1)}
            assert {s["status"] for s in states.values()} == {"playing"}
            rng = random.Random(5)
            acted = {0: 0, 1: 0}
            for _ in range(40):
                movers = [seat for seat in (0, 1) if states[seat]["choices"]]
                if not movers or states[0]["view"]["over"]:
                    break
                seat, other = movers[0], 1 - movers[0]
                ws = sockets[seat]
                ws.send(json.dumps({"type": "act", "seen": states[seat]["index"],
                                    "action": pick(states[seat], rng.choice)["action"]}))
                while (answer := json.loads(ws.recv(timeout=30)))["type"] == "state" \
                        and "accepted" not in answer:
                    pass  # a state sent before the answer (another process's action)
                # (the state after the action, carrying its index as "accepted")
                assert answer["type"] == "state", answer
                assert answer["accepted"] == states[seat]["index"], answer
                acted[seat] += 1
                states[seat] = answer
                # the player on the other server hears of it through the database
                states[other] = until_state(sockets[other], states[seat]["index"])
                assert states[other]["index"] == states[seat]["index"]
                shared = [k for k in states[seat]["view"] if k not in ("seat", "pending")]
                assert [states[other]["view"][k] for k in shared] == \
                    [states[seat]["view"][k] for k in shared]
            assert acted[0] > 0 and acted[1] > 0, "both players acted, each on a server"
        seen_one, seen_two = watch(one.ws, code), watch(two.ws, code)
        assert seen_one["index"] == seen_two["index"] == states[0]["index"]
        assert seen_one["view"] == seen_two["view"]


class Player(threading.Thread):
    """Plays one person's seat over the WebSocket for as long as it takes, through every
    kill of the server: each action the server acknowledged is noted. It acts only while
    fewer of its actions were acknowledged than it is allowed (:meth:`allow`), so that the
    test decides how far the game goes between two kills, however slow the machine."""

    def __init__(self, server: Server, code: str, token: str, seed: int) -> None:
        super().__init__(daemon=True)
        self.server, self.code, self.token = server, code, token
        self.rng = random.Random(seed)
        self.acknowledged: dict[int, dict[str, Any]] = {}
        self.over = threading.Event()
        self.stop = threading.Event()
        self.failure: str | None = None
        self.allowed = 0
        """How many of its actions may be acknowledged before it waits for more."""
        self.granted = threading.Condition()

    def allow(self, more: int) -> None:
        """Let it play ``more`` actions past those acknowledged so far."""
        with self.granted:
            self.allowed = len(self.acknowledged) + more
            self.granted.notify_all()

    def done_or_waiting(self) -> bool:
        """Whether its game is over or it has played all it was allowed."""
        return self.over.is_set() or len(self.acknowledged) >= self.allowed

    def may_act(self) -> bool:
        """Wait until it may act (an action not acknowledged, e.g. lost to a kill, may be
        sent again): False when told to stop."""
        with self.granted:
            while not self.stop.is_set() and len(self.acknowledged) >= self.allowed:
                self.granted.wait(0.05)  # (a stop is seen within 50 ms)
        return not self.stop.is_set()

    def run(self) -> None:
        while not self.stop.is_set() and not self.over.is_set():
            try:
                self.play()
            except (OSError, WebSocketException, TimeoutError, json.JSONDecodeError):
                time.sleep(0.05)  # the server was killed: come back when it is up
            except AssertionError as e:
                self.failure = str(e)
                return

    def play(self) -> None:
        with connect(f"{self.server.ws}/ws/{self.code}", open_timeout=5) as ws:
            state = hello(ws, self.token)
            while not self.stop.is_set():
                if state["view"]["over"]:
                    self.over.set()
                    return
                if not state["choices"]:
                    state = until_state(ws, state["index"] + 1, timeout=10)
                    continue
                if not self.may_act():
                    return
                action = pick(state, self.rng.choice)["action"]
                ws.send(json.dumps({"type": "act", "action": action,
                                    "seen": state["index"]}))
                answer = json.loads(ws.recv(timeout=10))
                assert answer["type"] == "state" and "accepted" in answer, answer
                with self.granted:
                    self.acknowledged[answer["accepted"]] = action
                state = answer


KILLS = 6


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new empty database: a SQLite file, or a database on the test PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database()


def test_a_server_killed_again_and_again_loses_nothing(database: str) -> None:
    """SIGKILL at random moments while a person plays against bots in each room: every
    room resumes, its stored actions run 0, 1, 2, ... without a gap, replay to the game
    the server shows, and hold every action the server acknowledged. On SQLite and on
    PostgreSQL."""
    db = database
    server = Server(db, free_port()).start()
    rng = random.Random(2026)
    rooms: list[tuple[str, Player]] = []
    try:
        for n, edition in enumerate(["classic", "ultimate-banking", "classic"]):
            code, host = new_room(server.base, {
                "edition": edition, "seed": 100 + n, "options": {"max-rounds": 40},
                "seats": [{"name": "Ann"}, {"bot": "standard"}, {"bot": "standard"}]})
            token = join(server.base, code, 0)
            start(server.base, code, host)
            rooms.append((code, Player(server, code, token, seed=n)))
        for _, player in rooms:
            player.start()
        kills = 0
        for _ in range(KILLS):
            # kill while the people play: after one or two more of each person's actions
            # were acknowledged (the people wait then: a loaded machine cannot let a game
            # run to its end between two kills), at a random moment of the bots' answers
            # that follow
            for _, player in rooms:
                player.allow(rng.randint(1, 2))
            deadline = time.monotonic() + 120
            while not all(player.done_or_waiting() for _, player in rooms) and \
                    time.monotonic() < deadline:
                time.sleep(0.005)
            if all(player.over.is_set() for _, player in rooms):
                break
            time.sleep(rng.uniform(0.0, 0.05))
            server.kill()
            kills += 1
            server.start()
        for _, player in rooms:
            player.allow(10 ** 9)  # and on to the end of the game
        assert kills == KILLS, ("every kill came while a game was being played", kills,
                                [(len(p.acknowledged), p.over.is_set()) for _, p in rooms])
        deadline = time.monotonic() + 240
        for _, player in rooms:
            player.over.wait(max(0.0, deadline - time.monotonic()))
        for _, player in rooms:
            player.stop.set()
            player.join(timeout=30)
            assert player.failure is None, player.failure
            assert player.over.is_set(), "the game was played to its end"
            assert player.acknowledged, "the player's actions were acknowledged"
        store = open_store(db)
        for code, player in rooms:
            row = store.room(code)
            assert row is not None and row.state == "over"
            stored = store.actions(code)
            assert [a.index for a in stored] == list(range(len(stored))), "no gap"
            for index, action in player.acknowledged.items():
                assert stored[index].seat == 0 and stored[index].action == action, \
                    f"acknowledged action {index} is stored as it was sent"
            shown = watch(server.ws, code)
            assert shown["index"] == len(stored), "nothing applied twice, nothing lost"
            assert shown["view"] == replayed(row, stored)
        store.close()
    finally:
        for _, player in rooms:
            player.stop.set()
        server.kill()


@pytest.mark.parametrize("kill_after", [0, 1, 3])
def test_a_room_killed_before_its_bots_answered_resumes(tmp_path: Path,
                                                        kill_after: int) -> None:
    """Bots' rooms killed just after they started: a spectator coming back finds each
    game carried on to its end from what was stored."""
    db = str(tmp_path / "rooms.sqlite3")
    with serving(db) as server:
        codes = []
        for seed in range(3):
            code, host = new_room(server.base, {"seed": seed, "seats": [
                {"bot": "standard"}, {"bot": "simple"}, {"bot": "standard"}]})
            codes.append((code, host))
        for code, host in codes[:kill_after]:
            start(server.base, code, host)
        store = SQLiteStore(db)
        for code, _ in codes[kill_after:]:
            store.set_state(code, "playing")  # as if killed before the first bot answered
        store.close()
        server.kill()
        server.start()
        store = SQLiteStore(db)
        for code, _ in codes:
            shown = watch(server.ws, code)
            row = store.room(code)
            assert row is not None
            stored = store.actions(code)
            assert shown["view"]["over"] and shown["index"] == len(stored) > 0
            assert shown["view"] == replayed(row, stored)
        store.close()


def until_live_auction(ws: Any, state: dict[str, Any]) -> dict[str, Any]:
    """Ann plays (sending deeds to auction) until the room waits on a live auction: that
    state."""
    for _ in range(400):
        if state["auction"]:
            return state
        kinds = {c["action"]["do"]: c["action"] for c in state["choices"]}
        if not kinds:
            state = until_state(ws, state["index"] + 1)
            continue
        action = next((kinds[k] for k in ("auction", "roll", "end-turn", "pay-bail",
                                          "pass", "accept") if k in kinds),
                      state["choices"][0]["action"])
        ws.send(json.dumps({"type": "act", "action": action, "seen": state["index"]}))
        state = until_state(ws, state["index"] + 1)
    raise AssertionError("no live auction came")


def test_a_live_auction_ends_by_the_servers_clock(tmp_path: Path) -> None:
    """Nobody presses: the server's timer runs out and it sends the time-up itself."""
    with serving(str(tmp_path / "rooms.sqlite3")) as server:
        code, host = new_room(server.base, {
            "edition": "ultimate-banking", "seed": 4, "options": {"auction-timer": 1},
            "seats": [{"name": "Ann"}, {"bot": "standard"}, {"bot": "standard"}]})
        token = join(server.base, code, 0)
        start(server.base, code, host)
        with connect(f"{server.ws}/ws/{code}", open_timeout=30) as ws:
            state = until_live_auction(ws, hello(ws, token))
            assert state["auction"] == {"seconds": 1.0}, "a live auction came"
            while state["auction"]:  # Ann never presses: the clock ends it
                state = until_state(ws, state["index"] + 1, timeout=60)
        store = SQLiteStore(str(tmp_path / "rooms.sqlite3"))
        assert "time-up" in [a.action["do"] for a in store.actions(code)]
        store.close()


def test_a_live_auction_goes_on_when_the_server_starts_again(tmp_path: Path) -> None:
    """The server is killed in the middle of a live auction and started again: with
    nobody connected to the room, its clock runs and the auction ends by the time-up."""
    db = str(tmp_path / "rooms.sqlite3")
    server = Server(db, free_port()).start()
    try:
        code, host = new_room(server.base, {
            "edition": "ultimate-banking", "seed": 4, "options": {"auction-timer": 1},
            "seats": [{"name": "Ann"}, {"bot": "standard"}, {"bot": "standard"}]})
        token = join(server.base, code, 0)
        start(server.base, code, host)
        with connect(f"{server.ws}/ws/{code}", open_timeout=30) as ws:
            state = until_live_auction(ws, hello(ws, token))
            server.kill()  # (the bots' first presses take 0.6 s at least: none came yet)
        count = state["index"]
        store = SQLiteStore(db)
        assert store.action_count(code) == count, "the auction was live when killed"
        server.start()  # nobody connects to the room
        deadline = time.monotonic() + 60
        while "time-up" not in [a.action["do"] for a in store.actions(code, count)]:
            assert time.monotonic() < deadline, "the auction's clock did not run"
            time.sleep(0.1)
        after = [a.action["do"] for a in store.actions(code, count)]
        assert set(after[:after.index("time-up")]) <= {"bid", "pass"}, after
        store.close()
    finally:
        server.kill()


def test_a_run_of_bots_answers_is_paced(tmp_path: Path) -> None:
    """With --bot-delay, a game of bots is played one answer at a time, each stored and
    sent to the room on its own, the delay apart; a server started again carries on."""
    db = str(tmp_path / "rooms.sqlite3")
    server = Server(db, free_port(), "--bot-delay", "150").start()
    try:
        code, host = new_room(server.base, {"seed": 3, "seats": [
            {"bot": "standard"}, {"bot": "simple"}, {"bot": "standard"}]})
        start(server.base, code, host)
        with connect(f"{server.ws}/ws/{code}", open_timeout=30) as ws:
            asked = time.monotonic()
            first = hello(ws, None)
            assert not first["view"]["over"], "the bots wait for their delay"
            index, times = first["index"], []
            for _ in range(12):
                state = until_state(ws, index + 1)
                assert state["index"] == index + 1, "each answer is sent on its own"
                index = state["index"]
                times.append(time.monotonic())
        # The answer after the hello's state was made after the hello was asked, and each
        # next one at least the delay (0.15 s) after it: the k-th came no sooner than k - 1
        # delays after the hello was asked. (Received times, not gaps between them: a
        # client slowed down by a busy machine may read two queued states at once.)
        for k, at in enumerate(times):
            assert at - asked >= k * 0.15 - 0.01, (k, [t - asked for t in times])
        gaps = sorted(b - a for a, b in itertools.pairwise(times))
        assert gaps[len(gaps) // 2] > 0.1, gaps
        store = SQLiteStore(db)
        assert index <= store.action_count(code) < index + 30, "not played out at once"
        server.kill()
        count = store.action_count(code)
        server.start()
        with connect(f"{server.ws}/ws/{code}", open_timeout=30) as ws:
            state = hello(ws, None)
            assert state["index"] == count and not state["view"]["over"]
            assert until_state(ws, count + 3)["index"] == count + 3, "the bots carry on"
        store.close()
    finally:
        server.kill()
