"""The web server through Starlette's TestClient: rooms over HTTP, games over WebSockets.

Every refusal has a reason and leaves the stored actions as they were; a seat's token brings
back the same view; a new server on the same database resumes every room exactly; a
spectator never sees a hidden hand."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pennybags.web.server import MAX_MESSAGE, Limiter, Limits, create_app
from pennybags.web.store import SQLiteStore

Socket = Any


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


@pytest.fixture
def store(db: Path) -> Iterator[SQLiteStore]:
    s = SQLiteStore(db)
    yield s
    s.close()


@pytest.fixture
def client(store: SQLiteStore) -> Iterator[TestClient]:
    with TestClient(create_app(store)) as c:
        yield c


def make_room(client: TestClient, seats: list[dict[str, Any]], edition: str = "classic",
              seed: int = 7, options: dict[str, Any] | None = None) -> tuple[str, str]:
    r = client.post("/api/rooms", json={"edition": edition, "seats": seats, "seed": seed,
                                        "options": options or {}})
    assert r.status_code == 200, r.text
    return r.json()["room"], r.json()["host_token"]


def join(client: TestClient, code: str, seat: int, name: str | None = None) -> str:
    r = client.post(f"/api/rooms/{code}/join", json={"seat": seat, "name": name})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def start(client: TestClient, code: str, host: str) -> None:
    r = client.post(f"/api/rooms/{code}/start", json={"host_token": host})
    assert r.status_code == 200, r.text


def hello(ws: Socket, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token} if token else {"type": "hello"})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    board = ws.receive_json()
    assert board["type"] == "board"
    state: dict[str, Any] = ws.receive_json()
    assert state["type"] == "state"
    return state


def act(ws: Socket, action: dict[str, Any], seen: int | None = None) -> dict[str, Any]:
    """Send an action; the answer: ``refused``, or when it is accepted the state that
    follows it, which carries ``accepted`` (the action's index)."""
    message: dict[str, Any] = {"type": "act", "action": action}
    if seen is not None:
        message["seen"] = seen
    ws.send_json(message)
    answer: dict[str, Any] = ws.receive_json()
    return answer


def refused(ws: Socket) -> str:
    answer = ws.receive_json()
    assert answer["type"] == "refused", answer
    reason: str = answer["reason"]
    assert reason
    return reason


def still_listening(ws: Socket) -> None:
    ws.send_json({"type": "ping"})
    assert ws.receive_json() == {"type": "pong"}


# ------------------------------------------------------------------ lobby

def test_a_room_lists_its_seats_without_tokens(client: TestClient) -> None:
    code, host = make_room(client, [{}, {"bot": "standard"}, {"bot": "random"}])
    info = client.get(f"/api/rooms/{code}").json()
    assert [s["kind"] for s in info["seats"]] == ["person", "bot", "bot"]
    assert [s["name"] for s in info["seats"]] == [None, "Bot 1", "Bot 2"]
    token = join(client, code, 0, "Ann")
    text = client.get(f"/api/rooms/{code}").text
    assert token not in text and host not in text
    assert client.get(f"/api/rooms/{code}").json()["seats"][0]["name"] == "Ann"


def test_room_requests_are_refused_with_reasons(client: TestClient) -> None:
    def error(path: str, body: Any, status: int = 400) -> str:
        r = client.post(path, json=body)
        assert r.status_code == status, r.text
        reason: str = r.json()["error"]
        return reason

    assert "unknown edition" in error("/api/rooms", {"edition": "chess", "seats": [{}, {}]})
    assert "2 to 8 players" in error("/api/rooms", {"seats": [{}]})
    assert "unknown bot" in error("/api/rooms", {"seats": [{}, {"bot": "genius"}]})
    assert "unknown option" in error("/api/rooms", {"seats": [{}, {}],
                                                    "options": {"turbo": True}})
    assert "names must differ" in error("/api/rooms", {"seats": [{"name": "Ann"},
                                                                 {"name": "ann"}]})
    assert "control characters" in error("/api/rooms", {"seats": [{"name": "A\x07"}, {}]})
    r = client.post("/api/rooms", content=b"{" * 20_000,
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and "too large" in r.json()["error"]
    code, host = make_room(client, [{}, {}])
    assert error(f"/api/rooms/{code}/start", {"host_token": host}).startswith("seat(s) 0, 1")
    assert "host" in error(f"/api/rooms/{code}/start", {"host_token": "guess"}, 403)
    assert "give your name" in error(f"/api/rooms/{code}/join", {"seat": 0})
    join(client, code, 0, "Ann")
    assert "taken" in error(f"/api/rooms/{code}/join", {"seat": 0, "name": "Bob"})
    assert "names must differ" in error(f"/api/rooms/{code}/join", {"seat": 1, "name": "ANN"})
    assert "no seat" in error(f"/api/rooms/{code}/join", {"seat": 5, "name": "Bob"})
    assert client.get("/api/rooms/NOSUCH").status_code == 404


# ------------------------------------------------------------------ a whole game

def test_a_person_plays_a_whole_classic_game_against_bots(client: TestClient,
                                                          store: SQLiteStore) -> None:
    code, host = make_room(client, [{"name": "Ann"}, {"bot": "standard"},
                                    {"bot": "standard"}], seed=11,
                           options={"max-rounds": 60})
    token = join(client, code, 0)
    start(client, code, host)
    rng = random.Random(5)
    answered = 0
    with client.websocket_connect(f"/ws/{code}") as ws:
        state = hello(ws, token)
        while not state["view"]["over"]:
            assert state["choices"], "a person's turn comes with its legal actions"
            pick = rng.choice(state["choices"])["action"]
            answer = act(ws, pick, seen=state["index"])
            assert answer["type"] == "state", (pick, answer)
            assert answer["accepted"] == state["index"], (pick, answer)
            assert answer["index"] > state["index"]
            answered += 1
            state = answer
    assert answered > 10
    assert state["status"] == "over"
    assert state["view"]["end_reason"] in ("bankruptcy", "round-cap")
    assert state["log"] and state["log"][-1].startswith("Game over")
    assert state["index"] == store.action_count(code)
    info = client.get(f"/api/rooms/{code}").json()
    assert info["state"] == "over"


def test_states_go_straight_to_the_servers_send(client: TestClient) -> None:
    """A game's connections send their states through the WebSocket's own ``send``, past
    the framework's layers (DirectSend), and a closed one is let go."""
    code, host = make_room(client, [{"name": "Ann"}, {"name": "Bob"}], seed=4)
    tokens = [join(client, code, 0), join(client, code, 1)]
    start(client, code, host)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{code}") as ann:
        with client.websocket_connect(f"/ws/{code}") as bob:
            states = [hello(ann, tokens[0]), hello(bob, tokens[1])]
            connections = hub.rooms[code]
            assert len(connections) == 2 and all(c.send is not None for c in connections)
            mover = next(i for i in (0, 1) if states[i]["question"])
            sockets = [ann, bob]
            seen = states[mover]["index"]
            answer = act(sockets[mover], states[mover]["choices"][0]["action"], seen)
            assert answer["type"] == "state" and answer["accepted"] == seen
            other = sockets[1 - mover].receive_json()
            assert other["type"] == "state" and other["index"] == answer["index"]
            assert "accepted" not in other
        still_listening(ann)
    assert not hub.rooms[code]


# ------------------------------------------------------------------ refusals

def two_people(client: TestClient) -> tuple[str, str, dict[str, str]]:
    code, host = make_room(client, [{"name": "Ann"}, {"name": "Bob"}, {"bot": "standard"}],
                           seed=3)
    tokens = {"Ann": join(client, code, 0), "Bob": join(client, code, 1)}
    start(client, code, host)
    return code, host, tokens


def test_bad_messages_are_refused_and_change_nothing(client: TestClient,
                                                     store: SQLiteStore) -> None:
    code, _, tokens = two_people(client)
    count = store.action_count(code)
    with client.websocket_connect(f"/ws/{code}") as ann, \
            client.websocket_connect(f"/ws/{code}") as bob:
        a = hello(ann, tokens["Ann"])
        hello(bob, tokens["Bob"])
        turn = a["view"]["pending"][0]["player"]
        mover, other = (ann, bob) if turn == "Ann" else (bob, ann)
        other_name = "Bob" if turn == "Ann" else "Ann"
        assert turn in ("Ann", "Bob")

        # out of turn: the engine's reason
        reason = refused_act(other, {"do": "roll"})
        assert reason and store.action_count(code) == count
        # an action for another seat
        mover.send_json({"type": "act", "action": {"do": "roll", "player": other_name}})
        assert "cannot act for" in refused(mover)
        # malformed: not JSON, not an object, unknown type, wrong field type, binary
        mover.send_text("{roll")
        assert "not valid JSON" in refused(mover)
        mover.send_text("[1, 2]")
        assert "JSON object" in refused(mover)
        mover.send_json({"type": "shout"})
        assert "unknown message type" in refused(mover)
        mover.send_json({"type": "act", "action": {"do": "roll"}, "seen": "yes"})
        assert "wrong type" in refused(mover)
        mover.send_json({"type": "act", "action": {"do": "roll"}, "extra": 1})
        assert "no field" in refused(mover)
        mover.send_bytes(b'{"type": "ping"}')
        assert "binary" in refused(mover)
        mover.send_text('{"type": "act", "action": {"do": "roll"}, "x": NaN}')
        assert "not valid JSON" in refused(mover)
        # oversized
        mover.send_text(json.dumps({"type": "act", "action": {"do": "x" * MAX_MESSAGE}}))
        assert "too large" in refused(mover)
        # an action the notation cannot read
        assert "unknown field" in refused_act(mover, {"do": "roll", "colour": "red"})
        assert "no space called" in refused_act(mover, {"do": "build", "deed": "Atlantis"})
        # stale: chosen on a state that is not the game's now
        assert "moved on" in refused_act(mover, {"do": "roll"}, seen=a["index"] + 1)
        # a hello again, on the same connection
        mover.send_json({"type": "hello", "token": tokens["Ann"]})
        assert "hello already" in refused(mover)
        assert store.action_count(code) == count
        still_listening(mover)
        still_listening(other)
        # and the right action is accepted
        answer = act(mover, {"do": "roll"}, seen=a["index"])
        assert answer["type"] == "state" and answer["accepted"] == a["index"]
        assert store.action_count(code) > count
        # (only the actor's state says so: the other seat's state of the same index not)
        other_state = other.receive_json()
        assert other_state["index"] == answer["index"] and "accepted" not in other_state


def refused_act(ws: Socket, action: dict[str, Any], seen: int | None = None) -> str:
    answer = act(ws, action, seen)
    assert answer["type"] == "refused", answer
    reason: str = answer["reason"]
    assert reason
    return reason


def test_a_forged_token_gets_no_seat(client: TestClient, store: SQLiteStore) -> None:
    code, _, tokens = two_people(client)
    count = store.action_count(code)
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": tokens["Ann"][:-2] + "xy"})
        assert "holds no seat" in refused(ws)
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "act", "action": {"do": "roll"}})
        assert "hello first" in refused(ws)
        hello(ws, None)
        ws.send_json({"type": "act", "action": {"do": "roll"}})
        assert "spectators" in refused(ws)
    with client.websocket_connect("/ws/NOROOM") as ws:
        ws.send_json({"type": "hello"})
        assert "no such room" in refused(ws)
    assert store.action_count(code) == count


# ------------------------------------------------------------------ coming back

def play_a_while(ws: Socket, state: dict[str, Any], answers: int,
                 rng: random.Random) -> dict[str, Any]:
    for _ in range(answers):
        if state["view"]["over"]:
            break
        answer = act(ws, rng.choice(state["choices"])["action"], seen=state["index"])
        # (the state that says the action was accepted is, but for that, the state)
        assert answer.pop("accepted") == state["index"], answer
        state = answer
    return state


def test_the_same_token_brings_back_the_same_view(client: TestClient) -> None:
    code, host = make_room(client, [{"name": "Ann"}, {"bot": "standard"}], seed=21)
    token = join(client, code, 0)
    start(client, code, host)
    with client.websocket_connect(f"/ws/{code}") as ws:
        state = play_a_while(ws, hello(ws, token), 15, random.Random(2))
    with client.websocket_connect(f"/ws/{code}") as ws:
        again = hello(ws, token)
    assert again == state


def test_a_new_server_on_the_same_database_resumes_every_room(db: Path) -> None:
    first = SQLiteStore(db)
    rooms: list[tuple[str, str, dict[str, Any]]] = []
    with TestClient(create_app(first)) as client:
        for seed, edition in ((31, "classic"), (32, "ultimate-banking"),
                              (33, "monopoly-2.3")):
            code, host = make_room(client, [{"name": "Ann"}, {"bot": "standard"},
                                            {"bot": "standard"}], edition, seed=seed)
            token = join(client, code, 0)
            start(client, code, host)
            with client.websocket_connect(f"/ws/{code}") as ws:
                state = play_a_while(ws, hello(ws, token), 12, random.Random(seed))
            rooms.append((code, token, state))
    first.close()
    second = SQLiteStore(db)
    with TestClient(create_app(second)) as client:
        for code, token, state in rooms:
            with client.websocket_connect(f"/ws/{code}") as ws:
                assert hello(ws, token) == state
            with client.websocket_connect(f"/ws/{code}") as ws:
                # and play goes on from there
                resumed = hello(ws, token)
                if not resumed["view"]["over"]:
                    answer = act(ws, resumed["choices"][0]["action"], seen=resumed["index"])
                    assert answer["accepted"] == resumed["index"], answer
    second.close()


# ------------------------------------------------------------------ hidden hands

def test_a_spectator_never_sees_a_hidden_hand(client: TestClient) -> None:
    code, host = make_room(client, [{"name": "Ann"}, {"bot": "standard"},
                                    {"bot": "standard"}], "monopoly-2.3", seed=41)
    token = join(client, code, 0)
    start(client, code, host)
    rng = random.Random(4)
    held_seen = 0
    with client.websocket_connect(f"/ws/{code}") as ann, \
            client.websocket_connect(f"/ws/{code}") as watcher:
        state = hello(ann, token)
        spectator = hello(watcher, None)
        for _ in range(40):
            if state["view"]["over"]:
                break
            text = json.dumps(spectator)
            assert "@chance" not in text and "@community_chest" not in text
            for p in spectator["view"]["players"]:
                assert "cards" not in p
                held_seen += sum(p["hand"].values())
            assert spectator["choices"] == [] and spectator["question"] is None
            mine = state["view"]["players"][0]
            assert "cards" in mine
            for other in state["view"]["players"][1:]:
                assert "cards" not in other and "hand" in other
            answer = act(ann, rng.choice(state["choices"])["action"], seen=state["index"])
            assert answer["accepted"] == state["index"], answer
            state = answer
            spectator = watcher.receive_json()
            assert spectator["index"] == state["index"]
    assert held_seen > 0, "cards were held while the spectator watched"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_limits_count_per_address_and_per_connection() -> None:
    clock = Clock()
    limiter = Limiter(Limits(rooms=2, rooms_window=60.0, socket_messages=5.0,
                             address_messages=8.0), clock)
    for _ in range(2):
        assert limiter.may_create_room("10.0.0.1") is None
        limiter.room_created("10.0.0.1")
        clock.now += 10.0
    reason = limiter.may_create_room("10.0.0.1")
    assert reason is not None and "at most 2 in 60 seconds" in reason
    assert "try again in 40 seconds" in reason
    assert limiter.may_create_room("10.0.0.2") is None, "another address has its own count"
    clock.now += 40.0
    assert limiter.may_create_room("10.0.0.1") is None, "the first has left the window"
    one, two = limiter.socket_bucket(), limiter.socket_bucket()
    sent = sum(limiter.may_send("10.0.0.1", one) is None for _ in range(20))
    assert sent == 10, "twice the rate at once, then nothing"
    refused = limiter.may_send("10.0.0.1", one)
    assert refused is not None and "one connection" in refused
    sent = sum(limiter.may_send("10.0.0.1", two) is None for _ in range(20))
    assert sent == 6, "the address's 16 at once are shared by its connections"
    refused = limiter.may_send("10.0.0.1", two)
    assert refused is not None and "your address" in refused
    assert limiter.may_send("10.0.0.2", limiter.socket_bucket()) is None
    clock.now += 1.0
    assert sum(limiter.may_send("10.0.0.1", one) is None for _ in range(20)) == 5
    with pytest.raises(ValueError):
        Limits(rooms=-1)


def test_an_address_over_its_limits_is_refused_with_the_reason(store: SQLiteStore) -> None:
    limits = Limits(rooms=2, socket_messages=2.0, address_messages=0)
    # (the rates' clock stands still: no message is let through by time passing while a
    # busy machine handles the eleven)
    with TestClient(create_app(store, limits=limits, monotonic=lambda: 1000.0)) as client:
        code, host = make_room(client, [{"name": "Ann"}, {"bot": "standard"}])
        wrong = client.post("/api/rooms", json={"seats": []})
        assert wrong.status_code == 400, "(a room refused is not counted)"
        make_room(client, [{"name": "Ann"}, {"bot": "standard"}])
        third = client.post("/api/rooms", json={"seats": [{"name": "Ann"},
                                                           {"bot": "standard"}]})
        assert third.status_code == 429 and "too many rooms" in third.json()["error"]
        assert len(store.room_codes()) == 2
        token = join(client, code, 0)
        start(client, code, host)
        with client.websocket_connect(f"/ws/{code}") as ws:
            state = hello(ws, token)  # (the first message of four at once)
            count = store.action_count(code)
            for _ in range(10):
                ws.send_json({"type": "ping"})
            ws.send_json({"type": "act", "action": state["choices"][0]["action"],
                          "seen": state["index"]})
            answers = [ws.receive_json() for _ in range(11)]
            assert [a["type"] for a in answers[:3]] == ["pong"] * 3
            assert answers[-1]["type"] == "refused"
            assert all("too many messages" in a["reason"] for a in answers[4:])
            assert store.action_count(code) == count, "a refused message changes nothing"
