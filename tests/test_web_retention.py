"""How long the server keeps rooms and banking units (docs/serve.md, "what is stored and
for how long"): finished games for ``--keep-finished-days`` after their last action, rooms
nobody has touched and banking units nobody has operated for ``--keep-idle-days``; 0 keeps
them forever. Each test that uses a store runs on SQLite and on a real PostgreSQL server
(skipped, saying why, where PostgreSQL is not installed). The clock is the sweep's
``now``, moved days ahead, or a cut-off between two writes."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pennybags.web.banking import BankService, NoSuchUnit
from pennybags.web.db import open_store
from pennybags.web.rooms import RoomService
from pennybags.web.server import create_app
from pennybags.web.store import DAY, KEEP_FOREVER, OVER, Retention, Store
from web_postgres import PostgresServer, postgres_server
from web_process import hello, new_room, serving

__all__ = ["postgres_server"]  # a fixture, used by name

RETENTION = Retention(keep_finished_days=30, keep_idle_days=90)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A new empty store: a SQLite file, or a database on the test PostgreSQL server."""
    if request.param == "sqlite":
        where = str(tmp_path / "rooms.sqlite3")
    else:
        server: PostgresServer = request.getfixturevalue("postgres_server")
        where = server.new_database()
    opened = open_store(where)
    yield opened
    opened.close()


def lobby_room(service: RoomService) -> str:
    code, _ = service.create({"edition": "classic", "seats": [{"name": "Ann"},
                                                               {"name": "Bob"}]})
    return code


def finished_room(service: RoomService) -> str:
    """A game of two bots played to its end (a round cap of 2)."""
    code, host = service.create({"edition": "classic", "options": {"max-rounds": 2},
                                 "seats": [{"bot": "standard"}, {"bot": "standard"}],
                                 "seed": 4})
    service.start(code, host)
    assert service.info(code)["state"] == OVER
    return code


def playing_room(service: RoomService) -> str:
    code, host = service.create({"edition": "classic", "seats": [{"name": "Ann"},
                                                                  {"bot": "standard"}],
                                 "seed": 5})
    service.join(code, 0)
    service.start(code, host)
    return code


def test_finished_games_go_after_their_days_idle_rooms_after_theirs(store: Store) -> None:
    service = RoomService(store)
    lobby, playing, finished = lobby_room(service), playing_room(service), \
        finished_room(service)
    assert store.action_count(finished) > 0
    now = time.time()
    assert service.sweep(RETENTION, now) == []
    assert service.sweep(RETENTION, now + 29 * DAY) == []
    assert service.sweep(RETENTION, now + 31 * DAY) == [finished]
    assert store.room(finished) is None
    assert store.actions(finished) == [] and store.action_count(finished) == 0
    assert sorted(store.room_codes()) == sorted([lobby, playing])
    assert service.sweep(RETENTION, now + 89 * DAY) == []
    assert sorted(service.sweep(RETENTION, now + 91 * DAY)) == sorted([lobby, playing])
    assert store.room_codes() == []


def test_zero_days_keeps_them_forever(store: Store) -> None:
    """0 keeps forever; the idle days do not apply to a finished game (its own days
    do)."""
    service = RoomService(store)
    lobby, finished = lobby_room(service), finished_room(service)
    later = time.time() + 100_000 * DAY
    assert service.sweep(KEEP_FOREVER, later) == []
    assert service.sweep(Retention(keep_finished_days=0, keep_idle_days=90), later) == \
        [lobby]
    assert service.sweep(Retention(keep_finished_days=30, keep_idle_days=0), later) == \
        [finished]
    assert store.room_codes() == []


def test_an_action_a_join_or_a_start_renews_a_rooms_days(store: Store,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A room is idle from the last time anyone touched it: an action (written at most once
    a minute per room, here at once), a seat taken, the start."""
    monkeypatch.setattr("pennybags.web.store.TOUCH_EVERY", 0.0)
    service = RoomService(store)
    acted, joined, untouched = playing_room(service), lobby_room(service), \
        lobby_room(service)
    time.sleep(0.05)
    cut = time.time()
    time.sleep(0.05)
    service.join(joined, 1, "Bob")
    state = service.state(acted, 0)
    assert service.act(acted, 0, state["choices"][0]["action"]).accepted
    assert store.sweep(None, cut) == [untouched]
    assert store.sweep(None, cut) == []


def test_a_rooms_game_is_let_go_from_memory_when_it_is_deleted(store: Store) -> None:
    service = RoomService(store)
    code = playing_room(service)
    assert service.state(code, 0)["status"] == "playing"
    assert service.sweep(RETENTION, time.time() + 91 * DAY) == [code]
    with pytest.raises(Exception, match="no such room"):
        service.state(code, 0)


def test_banking_units_nobody_operated_go_after_the_idle_days(store: Store) -> None:
    bank = BankService(store)
    try:
        old = bank.create({"kind": "electronic-banking"})["code"]
        time.sleep(0.05)
        cut = time.time()
        time.sleep(0.05)
        used = bank.create({"kind": "electronic-banking"})["code"]
        assert bank.sweep(cut) == 1
        with pytest.raises(NoSuchUnit):
            bank.look(old)
        assert bank.look(used)["code"] == used
        assert bank.sweep(time.time() + 91 * DAY) == 1
        with pytest.raises(NoSuchUnit):
            bank.look(used)
    finally:
        bank.close()


def test_the_server_sweeps_at_start(store: Store) -> None:
    """A server started with a retention deletes at once what it no longer keeps (its
    clock moved 100 days on), rooms and banking units, and the room is gone for
    everyone; without one (the app's default) nothing goes."""
    service = RoomService(store)
    code = lobby_room(service)
    bank = BankService(store)
    unit = bank.create({"kind": "ultimate-banking"})["code"]
    bank.close()
    with TestClient(create_app(store, clock=lambda: time.time() + 100 * DAY)) as client:
        assert client.get(f"/api/rooms/{code}").status_code == 200
        assert client.get(f"/api/bank/{unit}").status_code == 200
    app = create_app(store, retention=RETENTION, clock=lambda: time.time() + 100 * DAY)
    with TestClient(app) as client:
        # The sweep deletes the rooms first and the units after them (one sweep, two
        # steps), so each is waited for: the unit may still be there just after the room.
        deadline = time.monotonic() + 10
        while client.get(f"/api/rooms/{code}").status_code != 404:
            assert time.monotonic() < deadline, "the room was not swept"
            time.sleep(0.05)
        while client.get(f"/api/bank/{unit}").status_code != 404:
            assert time.monotonic() < deadline, "the banking unit was not swept"
            time.sleep(0.05)
        assert client.post(f"/api/rooms/{code}/join", json={"seat": 0}).status_code == 404


SCHEMA_1 = """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO meta VALUES ('schema', '1');
        CREATE TABLE rooms (code TEXT PRIMARY KEY, edition TEXT NOT NULL,
            options TEXT NOT NULL, seed INTEGER NOT NULL, state TEXT NOT NULL,
            host_token TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE seats (room TEXT NOT NULL REFERENCES rooms(code), seat INTEGER NOT NULL,
            name TEXT NOT NULL, bot TEXT, token TEXT UNIQUE, PRIMARY KEY (room, seat));
        CREATE TABLE actions (room TEXT NOT NULL REFERENCES rooms(code),
            idx INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
            PRIMARY KEY (room, idx));
        INSERT INTO rooms VALUES ('ABCDEF', 'classic', '{}', 1, 'lobby', 'x', 0.0);
        INSERT INTO seats VALUES ('ABCDEF', 0, 'Ann', NULL, NULL);
        INSERT INTO seats VALUES ('ABCDEF', 1, 'Bob', NULL, NULL)"""
"""The tables of schema 1 (before ``touched``), with a room in its lobby."""


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_an_old_database_gains_the_touched_column(kind: str, tmp_path: Path,
                                                  request: pytest.FixtureRequest) -> None:
    """A database of schema 1 (no ``touched``) is brought up to date: its rooms count as
    touched when the server started, so none of them goes at once."""
    if kind == "sqlite":
        where = str(tmp_path / "old.sqlite3")
        db = sqlite3.connect(where)
        db.executescript(SCHEMA_1)
        db.commit()
        db.close()
    else:
        server: PostgresServer = request.getfixturevalue("postgres_server")
        where = server.new_database()
        import psycopg

        with psycopg.connect(where, autocommit=True) as pg:
            for statement in SCHEMA_1.split(";"):
                pg.execute(statement.replace("REAL", "DOUBLE PRECISION"))
    before = time.time()
    store = open_store(where)
    try:
        room = store.room("ABCDEF")
        assert room is not None and [s.name for s in room.seats] == ["Ann", "Bob"]
        assert store.sweep(None, before - 1) == []
        assert store.sweep(None, time.time() + 1) == ["ABCDEF"]
    finally:
        store.close()
    again = open_store(where)  # (schema 2 now: opened as it is)
    try:
        assert again.room_codes() == []
    finally:
        again.close()


def test_a_running_server_deletes_an_idle_room_and_tells_its_tabs(tmp_path: Path) -> None:
    """A real server kept idle rooms 3 seconds (``--keep-idle-days 0.00003``): it sweeps
    a tenth of that apart, so a lobby nobody touches goes while a spectator watches it;
    the spectator is told why and the connection closed; its link finds no room."""
    with serving(str(tmp_path / "rooms.sqlite3"), None, "--keep-idle-days", "0.00003",
                 "--keep-finished-days", "0") as server:
        code, _ = new_room(server.base, {"seats": [{"name": "Ann"}, {"name": "Bob"}]})
        with connect(f"{server.ws}/ws/{code}", open_timeout=30) as ws:
            assert hello(ws, None)["status"] == "lobby"
            told = json.loads(ws.recv(timeout=30))
            while told["type"] == "state":  # (the room as it was, sent again meanwhile)
                assert told["status"] == "lobby"
                told = json.loads(ws.recv(timeout=30))
            assert told["type"] == "refused" and "deleted" in told["reason"], told
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
        assert httpx.get(f"{server.base}/api/rooms/{code}", timeout=30).status_code == 404
