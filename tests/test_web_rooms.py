"""The room service and its store, without a server: the host's controls, bots taking a
seat and giving it back, the (room, index) key, two services on one database, every
edition played through the service. Each test that uses a store runs on SQLite and on a
real PostgreSQL server (skipped, saying why, where PostgreSQL is not installed)."""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pennybags.editions import all_editions, get_edition
from pennybags.web.db import open_store
from pennybags.web.rooms import RoomError, RoomService
from pennybags.web.store import CHECKPOINT_EVERY, IndexTaken, SQLiteStore, Store, StoreError
from web_postgres import PostgresServer, postgres_server

__all__ = ["postgres_server"]  # a fixture, used by name

opening = open_store
"""(the tests' ``open_store`` is made to close what it opened: :func:`closing`)"""


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new empty database: a SQLite file, or a database on the test PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database()


@pytest.fixture(autouse=True)
def closing(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every store a test opens is closed after it (a PostgreSQL store's pool of
    connections left to the garbage collector complains)."""
    opened: list[Store] = []

    def tracked(url: str | Path) -> Store:
        store = opening(url)
        opened.append(store)
        return store

    monkeypatch.setitem(globals(), "open_store", tracked)
    yield
    for store in opened:
        store.close()


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = open_store(database)
    yield opened
    opened.close()


def ready(service: RoomService, edition: str = "classic",
          seats: list[dict[str, str]] | None = None, seed: int = 9) -> tuple[str, str, str]:
    code, host = service.create({"edition": edition, "seed": seed, "seats": seats or [
        {"name": "Ann"}, {"bot": "standard"}, {"bot": "standard"}]})
    token = service.join(code, 0)
    service.start(code, host)
    return code, host, token


def play(service: RoomService, code: str, seat: int, answers: int, rng: random.Random) -> int:
    """Answer for ``seat`` with random legal choices; how many were answered."""
    done = 0
    for _ in range(answers):
        state = service.state(code, seat)
        if state["view"]["over"] or not state["choices"]:
            break
        outcome = service.act(code, seat, rng.choice(state["choices"])["action"],
                              seen=state["index"])
        assert outcome.accepted, outcome.reason
        done += 1
    return done


def test_the_host_pauses_and_plays_on(store: Store) -> None:
    service = RoomService(store)
    code, host, _ = ready(service)
    with pytest.raises(RoomError, match="host"):
        service.pause(code, "not-the-host", True)
    service.pause(code, host, True)
    state = service.state(code, 0)
    assert state["status"] == "paused" and state["choices"] == []
    count = store.action_count(code)
    assert "paused" in service.act(code, 0, {"do": "roll"}).reason
    assert store.action_count(code) == count
    service.pause(code, host, False)
    assert play(service, code, 0, 3, random.Random(1)) == 3


def test_a_bot_knob_of_another_edition_is_refused(store: Store) -> None:
    service = RoomService(store)
    with pytest.raises(RoomError, match=r"no parameter.*value in classic"):
        service.create({"edition": "classic", "seats": [
            {"name": "Ann"}, {"bot": "standard?value=price"}]})
    code, host = service.create({"edition": "ultimate-monopoly", "seats": [
        {"name": "Ann"}, {"bot": "standard?value=price"}]})
    assert service.info(code)["edition"] == "ultimate-monopoly"
    classic, host = service.create({"edition": "classic", "seats": [
        {"name": "Ann"}, {"name": "Bob"}]})
    with pytest.raises(RoomError, match=r"no parameter.*horizon in classic"):
        service.set_bot(classic, host, 1, "standard?horizon=3")


def test_a_seat_goes_to_a_bot_and_comes_back(store: Store) -> None:
    service = RoomService(store)
    code, host = service.create({"seed": 9, "seats": [{"name": "Ann"}, {"name": "Bob"},
                                                      {"bot": "standard"}]})
    token = service.join(code, 0)
    service.join(code, 1)
    service.start(code, host)
    rng = random.Random(2)
    for _ in range(6):
        for seat in (0, 1):
            play(service, code, seat, 1, rng)
    before = store.action_count(code)
    service.set_bot(code, host, 0, "standard")  # Ann has gone: a bot plays on for her
    assert service.info(code)["seats"][0]["kind"] == "bot"
    assert play(service, code, 1, 5, rng) == 5  # Bob plays; Ann's bot answers for her
    after = store.action_count(code)
    assert after > before + 5
    state = service.state(code, 0)
    assert state["choices"] == [] and not state["view"]["over"]
    assert "bot plays this seat" in service.act(code, 0, {"do": "roll"}).reason
    assert store.action_count(code) == after
    service.set_bot(code, host, 0, None)  # Ann is back, with the same token
    assert service.seat_of(code, token) == 0
    assert service.info(code)["seats"][0] == {"seat": 0, "name": "Ann", "kind": "person",
                                              "bot": None, "taken": True}
    assert service.state(code, 0)["seats"][0]["kind"] == "person"


def test_the_lobby_fills_an_empty_seat_with_a_bot(store: Store) -> None:
    service = RoomService(store)
    code, host = service.create({"seats": [{}, {}, {}]})
    service.join(code, 0, "Ann")
    with pytest.raises(RoomError, match="have nobody"):
        service.start(code, host)
    service.set_bot(code, host, 1, "simple")
    service.set_bot(code, host, 2, "random")
    assert [s["name"] for s in service.info(code)["seats"]] == ["Ann", "Bot 1", "Bot 2"]
    service.start(code, host)
    assert service.info(code)["state"] == "playing"
    with pytest.raises(RoomError, match="started already"):
        service.start(code, host)


def test_an_index_is_stored_once(store: Store) -> None:
    service = RoomService(store)
    code, _, _ = ready(service)
    count = store.action_count(code)
    with pytest.raises(IndexTaken):
        store.append_action(code, count - 1, 0, {"do": "roll"})
    with pytest.raises(IndexTaken):
        store.append_action(code, count + 1, 0, {"do": "roll"})  # no gaps either
    assert store.action_count(code) == count


def test_an_index_is_stored_once_when_the_room_is_touched_too(tmp_path: Path) -> None:
    """A SQLite store that has not written a room's ``touched`` lately stores an action
    and the touch in one transaction: the same refusals, and the touch written."""
    path = str(tmp_path / "rooms.sqlite3")
    service = RoomService(open_store(path))
    code, _, _ = ready(service)
    other = open_store(path)  # (it has touched nothing yet)
    count = other.action_count(code)
    with pytest.raises(IndexTaken):
        other.append_action(code, count - 1, 0, {"do": "roll"})
    with pytest.raises(IndexTaken, match=f"has {count} actions, not {count + 1}"):
        other.append_action(code, count + 1, 0, {"do": "roll"})
    assert other.action_count(code) == count

    def touched() -> float:
        with contextlib.closing(sqlite3.connect(path)) as db:
            return float(db.execute("SELECT touched FROM rooms WHERE code = ?",
                                    (code,)).fetchone()[0])

    before = touched()
    time.sleep(0.01)
    other.append_action(code, count, 0, {"do": "roll"})
    assert touched() > before
    assert [a.action for a in other.actions(code, count)] == [{"do": "roll"}]
    service.store.close()


def test_two_services_on_one_database_play_one_game(database: str) -> None:
    """As two server processes would: each catches up with what the other stored."""
    one, two = RoomService(open_store(database)), RoomService(open_store(database))
    code, host = one.create({"seed": 9, "seats": [{"name": "Ann"}, {"name": "Bob"},
                                                  {"bot": "standard"}]})
    one.join(code, 0)
    two.join(code, 1)
    two.start(code, host)
    with pytest.raises(RoomError, match="taken"):
        one.join(code, 1, "Cy")
    rng = random.Random(3)
    services = [one, two]
    for turn in range(60):
        service = services[turn % 2]
        for seat in (0, 1):
            state = service.state(code, seat)
            if state["choices"]:
                outcome = service.act(code, seat, rng.choice(state["choices"])["action"],
                                      seen=state["index"])
                assert outcome.accepted, outcome.reason
                break
    fresh = RoomService(open_store(database))
    for seat in (0, 1, None):
        assert one.state(code, seat) == two.state(code, seat) == fresh.state(code, seat)


def test_a_service_refuses_an_action_its_rival_made_stale(database: str) -> None:
    one, two = RoomService(open_store(database)), RoomService(open_store(database))
    code, _, _ = ready(one)
    seen = two.state(code, 0)
    assert one.act(code, 0, seen["choices"][0]["action"], seen=seen["index"]).accepted
    outcome = two.act(code, 0, seen["choices"][0]["action"], seen=seen["index"])
    assert not outcome.accepted and "moved on" in outcome.reason


@pytest.mark.parametrize("edition", [e.id for e in all_editions()])
def test_every_edition_is_served(store: Store, edition: str) -> None:
    service = RoomService(store)
    code, _, _ = ready(service, edition)
    board = service.board(code)
    size = len(board["spaces"])
    sides = list((board["tracks"] or {"board": board["layout"]}).values())
    placed = sorted(i for track in sides for side in track for i in side)
    assert placed == list(range(size)), "every space has its place on the drawn board"
    assert play(service, code, 0, 25, random.Random(4)) > 0
    state = service.state(code, None)
    assert state["seat"] is None and state["choices"] == []
    assert len(state["money"]) == len(state["view"]["players"])


def test_open_store_reads_a_path_or_a_sqlite_url(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/nested/rooms.sqlite3")
    service = RoomService(store)
    code, _ = service.create({"seats": [{"name": "Ann"}, {"bot": "standard"}]})
    assert open_store(tmp_path / "nested" / "rooms.sqlite3").room_codes() == [code]
    assert get_edition("classic").id == service.info(code)["edition"]


class BrokenBot:
    """A bot that fails at every decision."""

    name = "broken"

    def choose(self, game: object, player: int) -> object:
        raise RuntimeError("this bot is broken")


def test_a_failing_bot_does_not_stop_the_room(store: Store,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from pennybags.bots import registry

    monkeypatch.setitem(registry._BOTS, "broken", lambda seed, params: BrokenBot())
    service = RoomService(store)
    code, _, _ = ready(service, seats=[{"name": "Ann"}, {"bot": "broken"}])
    assert play(service, code, 0, 12, random.Random(6)) == 12
    assert any(s == 1 for s in (a.seat for a in store.actions(code))), \
        "the broken bot's seat played legal moves"


def test_a_store_tells_of_changes_to_rooms(database: str) -> None:
    """PostgreSQL announces each change (NOTIFY); SQLite cannot, and says so (None): the
    server then compares each room's signature."""
    one, two = open_store(database), open_store(database)
    service = RoomService(one)
    code, host = service.create({"seed": 2, "seats": [{"name": "Ann"}, {"bot": "standard"}]})
    before = two.signature(code)
    heard = two.wait_for_changes(0.05)
    assert heard is None or heard == set()  # LISTEN starts now: nothing heard yet
    one.wait_for_changes(0.05)
    service.join(code, 0)
    service.start(code, host)
    postgres = database.startswith("postgresql://")
    heard = two.wait_for_changes(5.0 if postgres else 0.01)  # (SQLite only waits)
    if postgres:
        assert heard == {code}
    else:
        assert heard is None
    assert one.wait_for_changes(0.3) == set(), "a store does not hear its own changes"
    assert two.signature(code) != before
    assert two.signature("NOPE") is None
    one.close()
    two.close()


def test_a_postgresql_store_that_cannot_be_reached_says_why(
        postgres_server: PostgresServer) -> None:
    url = postgres_server.url("no_such_database")
    with pytest.raises(StoreError, match="no_such_database") as refused:
        open_store(url)
    assert "Traceback" not in str(refused.value)
    with pytest.raises(StoreError, match="unknown database"):
        open_store("mysql://localhost/rooms")


def reach_live_auction(service: RoomService, code: str) -> dict[str, Any]:
    """Ann plays (declining to buy, so that deeds go to auction) until the room waits on a
    live auction: that state."""
    for _ in range(400):
        state = service.state(code, 0)
        if state["auction"]:
            return state
        kinds = {c["action"]["do"]: c["action"] for c in state["choices"]}
        assert not state["view"]["over"] and kinds, "the game waits on Ann"
        action = next((kinds[k] for k in ("auction", "roll", "end-turn", "pay-bail", "pass",
                                          "accept", "collect") if k in kinds),
                      state["choices"][0]["action"])
        assert service.act(code, 0, action, seen=state["index"]).accepted
    raise AssertionError("no live auction came")


def test_a_live_auction_is_run_by_the_servers_clock(store: Store) -> None:
    service = RoomService(store)
    code, host = service.create({"edition": "ultimate-banking", "seed": 4,
                                 "options": {"auction-timer": 5}, "seats": [
                                     {"name": "Ann"}, {"bot": "standard"}, {"bot": "standard"}]})
    service.join(code, 0)
    service.start(code, host)
    state = reach_live_auction(service, code)
    assert state["auction"] == {"seconds": 5.0}
    assert "time-up" not in {c["action"]["do"] for c in state["choices"]}
    assert "clock" in service.act(code, 0, {"do": "time-up"}, seen=state["index"]).reason
    clock = service.auction_clock(code)
    assert clock is not None and clock.index == state["index"], "the bots wait for the clock"
    assert set(clock.bots) == {1, 2} and set(clock.bots.values()) <= {"bid", "pass"}
    assert not service.clock_act(code, None, "time-up", clock.index - 1).accepted, "stale"
    assert not service.clock_act(code, 0, "bid", clock.index).accepted, "Ann presses herself"
    bid = next(c["action"] for c in state["choices"] if c["action"]["do"] == "bid")
    assert service.act(code, 0, bid, seen=state["index"]).accepted
    presses = 0
    while (clock := service.auction_clock(code)) is not None:
        passing = [s for s, plan in clock.bots.items() if plan == "pass"]
        pressing = [s for s, plan in clock.bots.items() if plan == "bid"]
        if passing:
            assert service.clock_act(code, passing[0], "pass", clock.index).accepted
        elif pressing and presses < 2:
            assert service.clock_act(code, pressing[0], "bid", clock.index).accepted
            presses += 1
        else:
            assert service.clock_act(code, None, "time-up", clock.index).accepted
    stored = [a.action["do"] for a in store.actions(code)]
    assert stored.count("time-up") <= 1 and stored.count("bid") >= 1 + presses
    after = service.state(code, 0)
    assert after["auction"] is None and not after["view"]["over"]
    fresh = RoomService(store)
    assert fresh.state(code, 0) == after, "the clock's actions replay like any other"


def test_the_states_sent_are_each_seats_state(store: Store) -> None:
    """``show`` (what the server sends its connections) writes each seat's state once,
    as JSON text equal to ``state``; ``act_and_show`` builds them after the action."""
    service = RoomService(store)
    code, host = service.create({"seed": 5, "seats": [{"name": "Ann"}, {"name": "Bob"},
                                                      {"bot": "standard"}]})
    service.join(code, 0)
    service.join(code, 1)
    service.start(code, host)
    play(service, code, 0, 6, random.Random(2))
    shown = service.show(code, [0, 1, None, 0])
    assert set(shown.texts) == {0, 1, None}
    for seat, text in shown.texts.items():
        assert json.loads(text) == service.state(code, seat)
    assert shown.signature == store.signature(code) and not shown.auction
    mover = next(s for s in (0, 1) if service.state(code, s)["choices"])
    state = service.state(code, mover)
    outcome, after = service.act_and_show(code, mover, state["choices"][0]["action"],
                                          state["index"], [None, mover])
    assert outcome.accepted and after is not None and set(after.texts) == {None, mover}
    for seat, text in after.texts.items():
        assert json.loads(text) == RoomService(open_store_like(store)).state(code, seat)
    refused, none = service.act_and_show(code, mover, {"do": "roll"}, state["index"], [0])
    assert not refused.accepted and none is None


def open_store_like(store: Store) -> Store:
    """A second connection to the database of ``store``."""
    return open_store(getattr(store, "path", None) or getattr(store, "url", ""))


def test_a_sqlite_store_tells_when_another_connection_wrote(tmp_path: Path) -> None:
    """The service reads a room again only when another connection wrote (SQLite's
    data_version); its own writes do not count."""
    one, two = open_store(tmp_path / "r.sqlite3"), open_store(tmp_path / "r.sqlite3")
    service = RoomService(one)
    code, _, _ = ready(service)
    version = one.version()
    assert version is not None
    play(service, code, 0, 3, random.Random(1))
    assert one.version() == version, "its own writes"
    other = RoomService(two)
    state = other.state(code, 0)
    assert other.act(code, 0, state["choices"][0]["action"], seen=state["index"]).accepted
    assert one.version() != version
    assert service.state(code, 0) == other.state(code, 0), "the first service looked again"


def test_a_service_keeps_only_so_many_rooms_in_memory(store: Store,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from pennybags.web import rooms

    monkeypatch.setattr(rooms, "ROOMS_KEPT", 2)
    service = RoomService(store)
    codes = [ready(service, seed=seed)[0] for seed in range(3)]
    states = {}
    for code in codes:
        play(service, code, 0, 4, random.Random(7))
        states[code] = service.state(code, 0)
    assert len(service._rooms) == 2 and codes[0] not in service._rooms
    assert service.state(codes[0], 0) == states[codes[0]], "rebuilt from the store"
    assert codes[1] not in service._rooms, "the least recently used was let go"


def test_a_states_text_begins_with_its_index_then_the_choices(tmp_path: Path) -> None:
    """What a light client may read without parsing the rest (docs/serve.md): a state's
    text begins with its type, index and status; the seat's choices come before the
    shared part and the view; the text is the state, whole, parsed."""
    service = RoomService(open_store(str(tmp_path / "rooms.sqlite3")))
    code, host = service.create({"edition": "classic", "seats": [{"name": "Ann"},
                                                                  {"name": "Bob"}],
                                 "seed": 8})
    for seat in (0, 1):
        service.join(code, seat)
    service.start(code, host)
    for _ in range(40):
        shown = service.show(code, [0, 1, None])
        for seat, text in shown.texts.items():
            state = json.loads(text)
            assert state == service.state(code, seat)
            lead = '{"type":"state","index":' + str(state["index"]) + ',"status":"playing",'
            assert text.startswith(lead)
            assert text.index('"choices":') < text.index('"view":')
            assert text.index('"choices":') < text.index('"log":')
        mover = next(s for s in (0, 1) if json.loads(shown.texts[s])["question"])
        choice = json.loads(shown.texts[mover])["choices"][0]["action"]
        assert service.act(code, mover, choice).accepted


def test_states_kept_as_text_part_by_part_stay_each_seats_own(tmp_path: Path) -> None:
    """The parts of the states kept as text (compared with the latest of their name, then
    with the seat's own last) never give a seat another's: in Monopoly 2.3 each seat's
    view shows its own hand and only how many cards the others hold, and only the seat
    asked has actions in its pending decision; every text sent is that seat's state."""
    service = RoomService(open_store(str(tmp_path / "rooms.sqlite3")))
    code, host = service.create({"edition": "monopoly-2.3", "seed": 12,
                                 "seats": [{"name": "Ann"}, {"name": "Bob"},
                                           {"name": "Cy"}]})
    for seat in (0, 1, 2):
        service.join(code, seat)
    service.start(code, host)
    rng = random.Random(3)
    held = 0
    for _ in range(80):
        shown = service.show(code, [2, None, 0, 1])
        states = {seat: json.loads(text) for seat, text in shown.texts.items()}
        for seat, state in states.items():
            assert state == service.state(code, seat)
        if states[0]["status"] != "playing":
            break
        for seat in (0, 1, 2):
            mine = states[seat]["view"]["players"][seat]
            held += len(mine["cards"])
            assert all("cards" not in p for i, p in enumerate(states[seat]["view"]["players"])
                       if i != seat)
        mover = next(s for s in (0, 1, 2) if states[s]["question"])
        choice = rng.choice(states[mover]["choices"])["action"]
        assert service.act(code, mover, choice, seen=states[mover]["index"]).accepted
    assert held > 0, "cards were held while the seats were shown"


def test_a_sqlite_stores_log_is_copied_into_its_file_by_a_thread(tmp_path: Path) -> None:
    """A SQLite store copies its write-ahead log into the database file in a thread of its
    own (not in a commit on the event loop): actions stored show in the file itself
    (read ignoring the log) within moments, and closing the store stops the thread."""
    path = tmp_path / "rooms.sqlite3"
    store = open_store(str(path))
    assert isinstance(store, SQLiteStore)
    service = RoomService(store)
    code, _, _ = ready(service)
    count = store.action_count(code)
    assert count > 0

    def in_the_file() -> int:
        with contextlib.closing(sqlite3.connect(f"file:{path}?immutable=1", uri=True)) as db:
            try:
                return int(db.execute("SELECT COUNT(*) FROM actions WHERE room = ?",
                                      (code,)).fetchone()[0])
            except sqlite3.DatabaseError:  # (not yet in the file at all)
                return -1

    deadline = time.monotonic() + 10 * CHECKPOINT_EVERY + 5
    while in_the_file() != count and time.monotonic() < deadline:
        time.sleep(CHECKPOINT_EVERY / 2)
    assert in_the_file() == count
    thread = store._checkpointer
    assert thread is not None and thread.is_alive()
    store.close()
    assert not thread.is_alive()
