"""The banking units in the browser, through their JSON API (Starlette's TestClient).

Every operation of the terminal companion for each unit, every refusal (with its reason,
and the unit exactly as it was), the auction timer on the server's clock, a unit that
outlives its server, and operations from several phones and several servers on one
database applied one at a time (SQLite here; PostgreSQL when Debian's server is
installed)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pennybags.web.banking import (
    CODE_ALPHABET,
    CODE_LENGTH,
    BankService,
    SQLiteBankStore,
    bank_router,
    unit_key,
)
from pennybags.web.server import create_app
from pennybags.web.store import SQLiteStore
from web_postgres import PostgresServer, postgres_server
from web_process import Server, free_port, httpx

__all__ = ["postgres_server"]  # a fixture, used by name

View = dict[str, Any]


class Clock:
    """The server's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "serve.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    store = SQLiteStore(db)
    with TestClient(create_app(store)) as c:
        yield c
    store.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def bank_app(db: Path, clock: Callable[[], float]) -> TestClient:
    """The banking units alone on a clock the test moves."""
    app = FastAPI()
    app.include_router(bank_router(SQLiteBankStore(str(db)), clock))
    return TestClient(app)


@pytest.fixture
def timed(db: Path, clock: Clock) -> Iterator[TestClient]:
    with bank_app(db, clock) as c:
        yield c


def new_unit(client: TestClient, kind: str, options: dict[str, Any] | None = None) -> str:
    r = client.post("/api/bank", json={"kind": kind, "options": options or {}})
    assert r.status_code == 200, r.text
    code: str = r.json()["code"]
    return code


def look(client: TestClient, code: str) -> View:
    r = client.get(f"/api/bank/{code}")
    assert r.status_code == 200, r.text
    view: View = r.json()
    return view


def do(client: TestClient, code: str, **op: Any) -> View:
    r = client.post(f"/api/bank/{code}", json=op)
    assert r.status_code == 200, r.text
    view: View = r.json()
    return view


def refused(client: TestClient, code: str, status: int = 400, **op: Any) -> str:
    """The reason an operation is refused; the unit is as it was (version and all)."""
    before = look(client, code)
    r = client.post(f"/api/bank/{code}", json=op)
    assert r.status_code == status, r.text
    answer = r.json()
    if "view" in answer:  # (a refusal before the unit is read has none)
        assert answer["view"] == before
    assert look(client, code) == before
    reason: str = answer["error"]
    return reason


def stored_units(db: Path) -> int:
    with sqlite3.connect(db) as con:
        if con.execute("SELECT name FROM sqlite_master WHERE name = 'bank_units'").fetchone() \
                is None:
            return 0
        count: int = con.execute("SELECT COUNT(*) FROM bank_units").fetchone()[0]
    return count


def balances(view: View) -> list[int]:
    if view["kind"] == "electronic-banking":
        return [c["balance"] for c in view["cards"]]
    return [p["balance"] for p in view["players"]]


def keys(client: TestClient, code: str, *presses: str) -> View:
    """Presses at the Electronic Banking unit: ``in:N``, ``out`` or a key."""
    view: View = {}
    for press in presses:
        if press.startswith("in:"):
            view = do(client, code, op="insert", card=int(press[3:]))
        elif press == "out":
            view = do(client, code, op="remove")
        else:
            view = do(client, code, op="key", key=press)
    return view


# ====================================================================== pages and units


def test_pages_are_served_with_the_site_headers(client: TestClient) -> None:
    for path in ("/bank", "/bank/ABCDEFGHJKMN"):
        r = client.get(path)
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/html")
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert '/static/bank.js' in r.text
    assert client.get("/static/bank.js").status_code == 200
    assert client.get("/static/bank.css").status_code == 200
    assert '<a href="/bank">' in client.get("/").text  # the lobby links to the units


def test_the_two_units_with_their_editions_starting_settings(client: TestClient) -> None:
    kinds = {k["kind"]: k for k in client.get("/api/bank/kinds").json()}
    assert set(kinds) == {"electronic-banking", "ultimate-banking"}
    assert kinds["electronic-banking"]["settings"] == \
        "6 bank cards, 15M each, the GO arrow pays 2M"
    assert "$1,500 each" in kinds["ultimate-banking"]["settings"]
    assert kinds["ultimate-banking"]["options"][0]["choices"] == ["rulebook", "unit"]


def test_a_new_electronic_unit_has_a_long_random_code_and_every_card_at_15M(
        client: TestClient) -> None:
    r = client.post("/api/bank", json={"kind": "electronic-banking"})
    answer = r.json()
    code = answer["code"]
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert answer["link"] == f"/bank/{code}"
    assert answer["shown"] == f"{code[:4]}-{code[4:8]}-{code[8:]}"
    view = answer["view"]
    assert view == look(client, code)
    assert view["display"] == "READY" and view["card"] is None and view["version"] == 1
    assert balances(view) == [15000] * 6
    assert [h["reason"] for h in view["history"]] == ["starting money"] * 6
    # the code as typed, with dashes and in small letters, is the same unit
    assert look(client, answer["shown"].lower())["code"] == code
    assert new_unit(client, "electronic-banking") != code


@pytest.mark.parametrize(("body", "words"), [
    ({"kind": "classic"}, "the units are electronic-banking and ultimate-banking"),
    ({"kind": "electronic-banking", "options": {"set-bonus": "unit"}}, "has no options"),
    ({"kind": "ultimate-banking", "options": {"set-bonus": "house"}},
     "set-bonus takes rulebook or unit"),
    ({"kind": "ultimate-banking", "options": {"timer": 3}}, "no option(s) timer"),
    ({"kind": "ultimate-banking", "options": ["x"]}, "options are an object"),
    ({"kind": "electronic-banking", "colour": "red"}, "unknown field(s): colour"),
])
def test_a_unit_that_cannot_be_made_is_refused(client: TestClient, db: Path,
                                                body: dict[str, Any], words: str) -> None:
    r = client.post("/api/bank", json=body)
    assert r.status_code == 400 and words in r.json()["error"]
    assert stored_units(db) == 0


@pytest.mark.parametrize(("raw", "words"), [
    (b"[1, 2]", "the request body is a JSON object"),
    (b"{nope", "not valid JSON"),
    (b'{"kind": NaN}', "not valid JSON"),
    (b'{"kind": "' + b"x" * 5000 + b'"}', "too large"),
])
def test_malformed_requests_are_refused(client: TestClient, raw: bytes, words: str) -> None:
    r = client.post("/api/bank", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 400 and words in r.json()["error"]
    code = new_unit(client, "electronic-banking")
    before = look(client, code)
    r = client.post(f"/api/bank/{code}", content=raw,
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and words in r.json()["error"]
    assert look(client, code) == before


@pytest.mark.parametrize("code", ["ABCDEFGHJKMN", "short", "ABCDEFGHJKM0", "x" * 300])
def test_an_unknown_or_malformed_code_finds_no_unit(client: TestClient, code: str) -> None:
    for r in (client.get(f"/api/bank/{code}"),
              client.post(f"/api/bank/{code}", json={"op": "remove"})):
        assert r.status_code == 404
        assert "no unit with the code" in r.json()["error"] or \
            "is not a unit's code" in r.json()["error"]


def test_only_the_codes_digest_is_stored(client: TestClient, db: Path) -> None:
    code = new_unit(client, "electronic-banking")
    with sqlite3.connect(db) as con:
        keys_ = [r[0] for r in con.execute("SELECT key FROM bank_units")]
    assert keys_ == [unit_key(code)] and code not in keys_[0]


def test_polling_with_the_version_seen_says_when_nothing_changed(client: TestClient) -> None:
    code = new_unit(client, "electronic-banking")
    assert client.get(f"/api/bank/{code}?since=1").json() == {"version": 1, "same": True}
    do(client, code, op="insert", card=3)
    view = client.get(f"/api/bank/{code}?since=1").json()
    assert view["version"] == 2 and view["card"] == 3
    assert client.get(f"/api/bank/{code}?since=nonsense").json()["version"] == 2


# ====================================================================== Electronic Banking


def test_electronic_keys_credit_debit_transfer_and_go(client: TestClient) -> None:
    code = new_unit(client, "electronic-banking")
    view = keys(client, code, "in:1", "6", "0", "0", "K", "-")
    assert view["display"] == "14.4M" and view["card"] == 1 and view["sound"] == "beep"
    view = keys(client, code, "2", "M", "+")
    assert view["display"] == "16.4M"
    view = keys(client, code, "GO")
    assert view["display"] == "18.4M"
    view = keys(client, code, "1", ".", "7", "5", "M", "T", "out")
    assert view["display"] == "PAY 1.75M" and view["card"] is None
    assert view["waiting"] == {"card": 1, "amount": 1750, "shown": "1.75M"}
    view = keys(client, code, "in:4", "T", "out")
    assert view["waiting"] is None
    assert balances(view) == [16650, 15000, 15000, 16750, 15000, 15000]
    assert [(h["from"], h["to"], h["shown"], h["reason"]) for h in view["history"][6:]] == [
        ("card 1", "bank", "600K", "debit"), ("bank", "card 1", "2M", "credit"),
        ("bank", "card 1", "2M", "GO"), ("card 1", "card 4", "1.75M", "transfer")]
    assert view["history"][6]["at"].endswith("+00:00")


def test_electronic_c_clears_the_entry_and_cancels_a_waiting_transfer(
        client: TestClient) -> None:
    code = new_unit(client, "electronic-banking")
    view = keys(client, code, "in:2", "5", "0")
    assert view["entry"] == "50"
    view = keys(client, code, "C")
    assert view["entry"] == "" and view["display"] == "15M"
    view = keys(client, code, "3", "M", "T", "out", "C")
    assert view["waiting"] is None and view["display"] == "READY"
    assert balances(view) == [15000] * 6


def test_electronic_whole_payments_and_go(client: TestClient) -> None:
    code = new_unit(client, "electronic-banking")
    view = do(client, code, op="pay", **{"from": 1, "to": 2, "amount": "2.2M"})
    assert balances(view)[:2] == [12800, 17200] and view["card"] is None
    view = do(client, code, op="pay", **{"from": "3", "to": "bank", "amount": "600K"})
    assert balances(view)[2] == 14400
    view = do(client, code, op="pay", **{"from": "bank", "to": 4, "amount": 250})
    assert balances(view)[3] == 15250
    view = do(client, code, op="go", card=5)
    assert balances(view)[4] == 17000
    assert [h["reason"] for h in view["history"][6:]] == ["transfer", "debit", "credit", "GO"]
    assert view["display"] == "READY" and view["version"] == 5


def test_electronic_volume_and_reset(client: TestClient) -> None:
    code = new_unit(client, "electronic-banking")
    view = do(client, code, op="volume", seconds=1)
    assert view["volume"] == 3 and view["display"] == "VOL 3"
    do(client, code, op="pay", **{"from": 1, "to": 2, "amount": "1M"})
    # with a card in, C held is a plain C: nothing is reset
    keys(client, code, "in:1", "5")
    view = do(client, code, op="reset")
    assert view["entry"] == "" and balances(view)[0] == 14000
    view = keys(client, code, "out")
    view = do(client, code, op="reset")
    assert view["display"] == "RESET" and view["sound"] == "long beep"
    assert balances(view) == [15000] * 6
    assert [h["reason"] for h in view["history"]] == ["starting money"] * 6


@pytest.mark.parametrize(("amount", "words"), [
    ("abc", "'abc' is not an amount"),
    ("", "is not an amount"),
    ("-5K", "more than nothing"),
    ("0", "more than nothing"),
    ("999999999M", "too large: the keypad takes at most 8 digits"),
    ("2.5K", "not a whole number of thousands"),
    ("1" * 30, "too long"),
    (True, "written like 2.2M"),
    (2.5, "written like 2.2M"),
    (None, "written like 2.2M"),
])
def test_electronic_bad_amounts_are_refused(client: TestClient, amount: Any,
                                            words: str) -> None:
    code = new_unit(client, "electronic-banking")
    reason = refused(client, code, op="pay", amount=amount, **{"from": 1, "to": 2})
    assert words in reason


@pytest.mark.parametrize(("op", "words"), [
    ({"op": "pay", "from": 9, "to": 2, "amount": "1M"}, "'from': no card 9"),
    ({"op": "pay", "from": 1, "to": "Bob", "amount": "1M"}, "'to': no card 'Bob'"),
    ({"op": "pay", "from": 1, "to": 1, "amount": "1M"}, "not to itself"),
    ({"op": "pay", "from": "bank", "to": "bank", "amount": "1M"}, "not to itself"),
    ({"op": "pay", "from": 1, "amount": "1M"}, "needs the field 'to'"),
    ({"op": "pay", "from": 1, "to": "bank", "amount": "15.1M"},
     "NO FUNDS: card 1 holds 15M, less than 15.1M"),
    ({"op": "pay", "from": 1, "to": 2, "amount": "16M"}, "NO FUNDS: card 1 holds 15M"),
    ({"op": "go", "card": 0}, "no card 0"),
    ({"op": "insert", "card": 7}, "no card 7: the cards are 1 to 6"),
    ({"op": "insert", "card": "1"}, "no card '1'"),
    ({"op": "key", "key": "+"}, "NO CARD: insert a card first"),
    ({"op": "key", "key": "5"}, "NO CARD"),
    ({"op": "key", "key": "X"}, "the unit has no key 'X'"),
    ({"op": "key", "key": 5}, "the unit has no key 5"),
    ({"op": "remove"}, "NO CARD"),
    ({"op": "volume", "seconds": 0}, "from 1 to 10"),
    ({"op": "volume", "seconds": 1e9}, "from 1 to 10"),
    ({"op": "fly"}, "unknown operation 'fly'"),
    ({"op": "press", "button": "check"}, "unknown operation 'press'"),
    ({}, "unknown operation null"),
    ({"op": "remove", "card": 1}, "'remove' has no field(s) card"),
    ({"op": "go", "card": 1, "amount": "2M"}, "'go' has no field(s) amount"),
    ({"op": "remove", "seen": "x"}, "'seen'"),
])
def test_electronic_refusals_change_nothing(client: TestClient, op: dict[str, Any],
                                            words: str) -> None:
    code = new_unit(client, "electronic-banking")
    assert words in refused(client, code, **op)


def test_electronic_refusals_in_the_middle_of_keying(client: TestClient) -> None:
    code = new_unit(client, "electronic-banking")
    keys(client, code, "in:1")
    assert "CARD IN: card 1 is in the slot" in refused(client, code, op="insert", card=2)
    assert "ERROR: key the digits" in refused(client, code, op="key", key="M")
    assert "ERROR: key an amount" in refused(client, code, op="key", key="-")
    keys(client, code, "2", ".")
    assert "ERROR: the keypad takes" in refused(client, code, op="key", key=".")
    keys(client, code, "5")
    assert "ERROR: 2.5K is not a whole number" in refused(client, code, op="key", key="K")
    keys(client, code, "M")
    assert "card 1 is in the slot: take it out" in refused(
        client, code, op="pay", amount="1M", **{"from": 2, "to": 3})
    keys(client, code, "C", "2", "0", "M")
    assert "NO FUNDS: card 1 holds 15M, less than 20M" in refused(client, code, op="key",
                                                                   key="T")
    keys(client, code, "C", "2", "M", "T", "out")
    assert "waits for its payee's card" in refused(client, code, op="go", card=3)
    keys(client, code, "in:1")
    assert "SAME CARD" in refused(client, code, op="key", key="T")
    assert "ERROR: a transfer of 2M from card 1 waits" in refused(client, code, op="key",
                                                                   key="7")
    view = keys(client, code, "out", "in:2", "T")
    assert balances(view)[:2] == [13000, 17000]


def test_an_operation_on_a_unit_changed_meanwhile_is_refused(client: TestClient) -> None:
    code = new_unit(client, "electronic-banking")
    seen = look(client, code)["version"]
    do(client, code, op="go", card=1, seen=seen)           # this phone
    do(client, code, op="go", card=2)                      # another phone
    reason = refused(client, code, status=409, op="go", card=1, seen=seen + 1)
    assert "changed since this page showed it" in reason
    assert balances(look(client, code))[:2] == [17000, 17000]


# ====================================================================== Ultimate Banking


def ub(client: TestClient, code: str, *moves: str) -> View:
    """Moves at the Ultimate Banking unit: a button (check, M, X), a bank card, a deed
    number, ``event:ID``, undo, reset, volume."""
    view: View = {}
    for move in moves:
        if move in ("check", "M", "X"):
            view = do(client, code, op="press", button=move)
        elif move in ("car", "helicopter", "boat", "jet"):
            view = do(client, code, op="tap", card=move)
        elif move.isdigit():
            view = do(client, code, op="deed", deed=int(move))
        elif move.startswith("event:"):
            view = do(client, code, op="event", card=move[6:])
        else:
            view = do(client, code, op=move)
    return view


def started(client: TestClient, *cards: str, options: dict[str, Any] | None = None) -> str:
    code = new_unit(client, "ultimate-banking", options)
    view = ub(client, code, *cards, "check")
    assert view["display"] == "READY"
    return code


def deed(view: View, number: int) -> View:
    found: View = view["deeds"][number - 1]
    assert found["number"] == number
    return found


def test_ultimate_joining_and_the_start(client: TestClient) -> None:
    code = new_unit(client, "ultimate-banking")
    view = look(client, code)
    assert view["mode"] == "register" and view["players"] == []
    view = ub(client, code, "car", "boat", "jet")
    assert view["display"] == "JOINED: CAR BOAT JET"
    view = ub(client, code, "X")
    assert view["display"] == "JET REMOVED"
    view = ub(client, code, "check")
    assert [(p["card"], p["shown"]) for p in view["players"]] == [("car", "$1,500"),
                                                                  ("boat", "$1,500")]


def test_ultimate_icons_go_jail_location(client: TestClient) -> None:
    code = started(client, "car", "boat")
    view = ub(client, code, "M")
    assert view["display"] == "GO: TAP BANK CARD"
    view = ub(client, code, "car")
    view = ub(client, code, "M", "M", "boat")
    view = ub(client, code, "M", "M", "M", "boat")
    assert balances(view) == [1700, 1300]
    assert view["history"][-3:] == ["bank -> car $200 (GO)", "boat -> bank $100 (jail)",
                                    "boat -> bank $100 (location)"]


def test_ultimate_buy_rent_and_own_property(client: TestClient) -> None:
    code = started(client, "car", "boat")
    view = ub(client, code, "12")
    assert view["display"] == "Strand $220: TAP BANK CARD TO BUY, M TO AUCTION"
    view = ub(client, code, "boat")
    assert deed(view, 12)["owner"] == "boat" and deed(view, 12)["level"] == 1
    view = ub(client, code, "12", "car")        # rent at level 1, then level 2
    assert balances(view) == [1330, 1450] and deed(view, 12)["level"] == 2
    view = ub(client, code, "12", "boat")       # the owner's own card: level 3
    assert deed(view, 12)["level"] == 3 and deed(view, 12)["rent"] == "$380"
    view = ub(client, code, "13", "X")
    assert view["display"] == "CANCELLED" and view["mode"] == "idle"


def test_ultimate_deed_by_name(client: TestClient) -> None:
    code = started(client, "car", "boat")
    view = do(client, code, op="deed", deed="Mayfair")
    assert view["display"].startswith("Mayfair $400")


def test_ultimate_set_bonus_readings(client: TestClient) -> None:
    for reading, levels in (("rulebook", (3, 4)), ("unit", (3, 3))):
        code = started(client, "car", "boat", options={"set-bonus": reading})
        view = ub(client, code, "1", "car", "2", "car")
        assert view["set_bonus"] == reading
        assert (deed(view, 2)["level"], deed(view, 1)["level"]) == levels


def test_ultimate_auction_runs_on_the_servers_clock(timed: TestClient, clock: Clock) -> None:
    code = started(timed, "car", "boat")
    view = ub(timed, code, "13", "M")
    assert view["display"] == "AUCTION Fleet Street? PRESS CHECK"
    view = ub(timed, code, "check")
    assert view["auction"] == {"deed": 13, "name": "Fleet Street", "bid": 0, "shown": "$0",
                               "left": 5.0, "running": True}
    clock.now += 3
    assert look(timed, code)["auction"]["left"] == 2.0
    view = ub(timed, code, "M")                 # a bid restarts the timer
    assert view["auction"]["left"] == 5.0 and view["auction"]["bid"] == 20
    clock.now += 4.5
    view = ub(timed, code, "M")
    assert view["auction"]["bid"] == 40
    clock.now += 5.01                           # nobody pressed for 5 s: sold
    view = look(timed, code)
    assert view["mode"] == "auction-won" and view["display"] == "SOLD $40: WINNER TAP BANK CARD"
    version = view["version"]
    assert look(timed, code)["version"] == version      # the sale is stored once
    view = ub(timed, code, "boat")
    assert deed(view, 13)["owner"] == "boat" and balances(view) == [1500, 1460]


def test_ultimate_auction_without_bids_and_a_late_press(timed: TestClient,
                                                        clock: Clock) -> None:
    code = started(timed, "car", "boat")
    ub(timed, code, "13", "M", "check")
    clock.now += 6
    # the press comes after the timer ran out: the server decides the timer ran out first
    r = timed.post(f"/api/bank/{code}", json={"op": "press", "button": "check"})
    assert r.status_code == 400 and "check does nothing now (NO BIDS)" in r.json()["error"]
    assert r.json()["view"]["display"] == "NO BIDS"
    view = look(timed, code)
    assert view["display"] == "NO BIDS" and deed(view, 13)["owner"] is None


def test_ultimate_event_cards(client: TestClient) -> None:
    code = started(client, "car", "boat")
    ub(client, code, "1", "car", "2", "car", "22", "boat")
    view = ub(client, code, "event:highway-tax")
    assert view["display"] == "HIGHWAY TAX: TAP BANK CARD"
    view = ub(client, code, "car")                  # $50 for each of car's 2 deeds
    assert balances(view)[0] == 1500 - 120 - 100
    view = ub(client, code, "event:love-is-in-the-air", "car", "boat")
    assert balances(view) == [1480, 1300]
    view = ub(client, code, "event:haunted-house", "1", "22")
    assert deed(view, 1)["owner"] == "boat" and deed(view, 22)["owner"] == "car"
    view = ub(client, code, "event:grand-designs", "22")
    assert deed(view, 22)["level"] == 5
    view = do(client, code, op="event", card="On The Run")
    assert view["display"] == "ON THE RUN: NEXT 2 RENTS AT LEVEL 1" and view["cheap_rents"] == 2
    view = ub(client, code, "event:boom-town")
    assert view["display"] == "BOOM TOWN: MOVE THE TOKENS"


def test_ultimate_debt_then_deeds_given_up(client: TestClient) -> None:
    code = started(client, "car", "boat")
    ub(client, code, "22", "car", "event:grand-designs", "22")       # Mayfair at level 5
    ub(client, code, "M", "boat", "M", "boat", "21", "boat")          # boat: 1900 - 350
    view = ub(client, code, "22", "boat")                             # rent $1,600
    assert view["mode"] == "debt" and balances(view) == [2700, -50]
    assert view["display"] == "BOAT -$50: TAP DEEDS TO GIVE UP"
    assert "is not boat's" in refused(client, code, op="deed", deed=22)
    view = ub(client, code, "21")
    assert view["mode"] == "idle" and balances(view) == [2700, 300]
    assert deed(view, 21)["owner"] == "car"


def test_ultimate_bankruptcy_ends_the_game_with_the_scores(client: TestClient) -> None:
    code = started(client, "car", "boat", "jet")
    ub(client, code, "22", "car", "event:grand-designs", "22", "1", "boat")
    view = ub(client, code, "22", "boat")
    assert view["mode"] == "over"
    assert [(s["card"], s["shown"]) for s in view["scores"]] == [("car", "$3,100"),
                                                                 ("jet", "$1,500")]
    assert view["display"] == "FINAL: CAR $3,100 JET $1,500 | WINNER CAR"
    assert balances(view) == [2700, 1500]   # car's score: cash and Mayfair's price
    assert "boat card is not in this game" in refused(client, code, op="tap", card="boat")


def test_ultimate_undo_reset_and_volume(client: TestClient) -> None:
    code = started(client, "car", "boat")
    view = ub(client, code, "12", "boat")
    assert view["can_undo"]
    view = ub(client, code, "undo")
    assert view["display"] == "UNDONE" and deed(view, 12)["owner"] is None
    assert balances(view) == [1500, 1500] and not view["can_undo"]
    assert "nothing to undo" in refused(client, code, op="undo")
    view = ub(client, code, "volume", "X", "X")
    assert view["display"] == "VOLUME oo"
    view = ub(client, code, "M")
    assert view["volume"] == 2 and view["display"] == "VOLUME SET"
    view = ub(client, code, "reset")
    assert view["display"] == "RESET? CHECK = YES, X = NO"
    view = ub(client, code, "X")
    assert view["display"] == "RESET CANCELLED" and view["mode"] == "idle"
    view = ub(client, code, "reset", "check")
    assert view["mode"] == "register" and view["players"] == [] and view["history"] == []


@pytest.mark.parametrize(("op", "words"), [
    ({"op": "tap", "card": "plane"}, "no bank card 'plane'"),
    ({"op": "tap", "card": 1}, "no bank card 1"),
    ({"op": "tap", "card": "helicopter"}, "the helicopter card is not in this game"),
    ({"op": "deed", "deed": 23}, "from 1 to 22, not 23"),
    ({"op": "deed", "deed": 0}, "from 1 to 22"),
    ({"op": "deed", "deed": "Broadway"}, "Broadway"),
    ({"op": "deed", "deed": "car"}, "a title deed is its number"),
    ({"op": "deed", "deed": "x" * 200}, "a title deed is its number"),
    ({"op": "deed"}, "needs the field 'deed'"),
    ({"op": "event", "card": "chance"}, "no Event card 'chance'"),
    ({"op": "event", "card": None}, "no Event card null"),
    ({"op": "press", "button": "OK"}, "three buttons: check, M and X, not 'OK'"),
    ({"op": "press", "button": "check"}, "check does nothing now (READY)"),
    ({"op": "undo"}, "nothing to undo"),
    ({"op": "key", "key": "5"}, "unknown operation 'key'"),
    ({"op": "wait"}, "unknown operation 'wait'"),
    ({"op": "undo", "seconds": 5}, "'undo' has no field(s) seconds"),
])
def test_ultimate_refusals_change_nothing(client: TestClient, op: dict[str, Any],
                                          words: str) -> None:
    code = started(client, "car", "boat")
    assert words in refused(client, code, **op)


def test_ultimate_refusals_of_the_unit_itself(client: TestClient) -> None:
    code = new_unit(client, "ultimate-banking")
    ub(client, code, "car")
    assert "at least 2 bank cards" in refused(client, code, op="press", button="check")
    assert "has joined already" in refused(client, code, op="tap", card="car")
    ub(client, code, "boat", "check")
    assert "a bank card does nothing now" in refused(client, code, op="tap", card="car")
    assert "the deeds are" not in refused(client, code, op="deed", deed="Nowhere Street")
    view = ub(client, code, "22", "car", "21", "car", "20", "car", "19", "car", "18")
    assert balances(view)[0] == 130
    assert "car cannot afford Regent Street: auction it" in refused(client, code, op="tap",
                                                                    card="car")
    ub(client, code, "X", "event:haunted-house", "22")
    assert "must belong to different players" in refused(client, code, op="deed", deed=21)
    assert "Old Kent Road is not owned" in refused(client, code, op="deed", deed=1)


# ====================================================================== keeping units


def test_a_unit_outlives_its_server(db: Path) -> None:
    first = SQLiteStore(db)
    with TestClient(create_app(first)) as client:
        eb = new_unit(client, "electronic-banking")
        do(client, eb, op="pay", **{"from": 1, "to": 2, "amount": "2.2M"})
        keys(client, eb, "in:3", "5", "0", "0", "K", "T", "out")   # a transfer waits
        ultimate = started(client, "car", "jet")
        ub(client, ultimate, "12", "jet", "5")                        # a deed waits
        views = {code: look(client, code) for code in (eb, ultimate)}
    first.close()
    second = SQLiteStore(db)
    with TestClient(create_app(second)) as client:
        for code, view in views.items():
            assert look(client, code) == view
        view = keys(client, eb, "in:4", "T")
        assert balances(view)[2:4] == [14500, 15500]
        view = ub(client, ultimate, "car")
        assert deed(view, 5)["owner"] == "car"
    second.close()


def test_a_unit_survives_its_server_killed_with_sigkill(tmp_path: Path) -> None:
    """A real ``pennybags serve`` killed at once (``kill -9``) right after acknowledging
    an operation, in the middle of a transfer and at its end: started again, it shows the
    same unit."""
    db = str(tmp_path / "serve.sqlite3")
    port = free_port()

    def call(base: str, code: str, op: dict[str, Any] | None = None) -> View:
        r = httpx.post(f"{base}/api/bank/{code}", json=op, timeout=30.0) if op else \
            httpx.get(f"{base}/api/bank/{code}", timeout=30.0)
        assert r.status_code == 200, r.text
        view: View = r.json()
        return view

    server = Server(db, port).start()
    made = httpx.post(f"{server.base}/api/bank", json={"kind": "electronic-banking"},
                      timeout=30.0)
    code = made.json()["code"]
    steps = [{"op": "insert", "card": 5}, {"op": "key", "key": "3"},
             {"op": "key", "key": "M"}, {"op": "key", "key": "T"}, {"op": "remove"},
             {"op": "insert", "card": 6}, {"op": "key", "key": "T"}]
    try:
        for n, op in enumerate(steps):
            shown = call(server.base, code, op)
            if n not in (3, 4, 6):  # the payer's transfer pressed, the card out, the end
                continue
            server.kill()
            server = Server(db, port).start()
            assert call(server.base, code) == shown
    finally:
        server.kill()
    assert balances(shown)[4:] == [12000, 18000] and shown["version"] == 1 + len(steps)


def test_an_auction_goes_on_across_a_restart_and_the_clock_decides(db: Path,
                                                                  clock: Clock) -> None:
    with bank_app(db, clock) as client:
        code = started(client, "car", "boat")
        ub(client, code, "13", "M", "check", "M")
        clock.now += 2
    with bank_app(db, clock) as client:
        assert look(client, code)["auction"]["left"] == 3.0
        clock.now += 3.5
        assert look(client, code)["display"] == "SOLD $20: WINNER TAP BANK CARD"


def test_a_damaged_unit_is_reported_not_a_traceback(client: TestClient, db: Path) -> None:
    code = new_unit(client, "electronic-banking")
    with sqlite3.connect(db) as con:
        state = json.loads(con.execute("SELECT state FROM bank_units").fetchone()[0])
        state["transactions"][0][4] = -5
        con.execute("UPDATE bank_units SET state = ?", (json.dumps(state),))
    r = client.get(f"/api/bank/{code}")
    assert r.status_code == 500
    assert "the unit's stored state cannot be used: the amount of transaction 1" in \
        r.json()["error"]
    with sqlite3.connect(db) as con:
        con.execute("UPDATE bank_units SET state = 'not json'")
    r = client.post(f"/api/bank/{code}", json={"op": "remove"})
    assert r.status_code == 500 and "not JSON" in r.json()["error"]


def hammer(clients: list[TestClient], code: str, rounds: int) -> None:
    """Each client (a phone, or a server) pays card 1 -> card 2 and back, ``rounds`` times,
    all at once."""
    errors: list[str] = []

    def phone(client: TestClient, payer: int, payee: int) -> None:
        for _ in range(rounds):
            r = client.post(f"/api/bank/{code}", json={"op": "pay", "from": payer,
                                                       "to": payee, "amount": "10K"})
            if r.status_code != 200:
                errors.append(r.text)

    threads = [threading.Thread(target=phone, args=(c, 1 + i % 2, 2 - i % 2))
               for i, c in enumerate(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def check_hammered(view: View, phones: int, rounds: int) -> None:
    assert view["version"] == 1 + phones * rounds
    assert len(view["history"]) == 6 + phones * rounds
    assert sum(balances(view)) == 6 * 15000
    assert view["card"] is None and view["waiting"] is None


@contextlib.contextmanager
def two_servers(stores: list[Any]) -> Iterator[list[TestClient]]:
    """A server on each store (one database), closed at the end."""
    clients = [TestClient(create_app(s)) for s in stores]
    try:
        yield clients
    finally:
        for c in clients:
            c.close()
        for s in stores:
            s.close()


def test_phones_on_two_servers_at_once_are_applied_one_at_a_time(db: Path) -> None:
    with two_servers([SQLiteStore(db), SQLiteStore(db)]) as clients:
        code = new_unit(clients[0], "electronic-banking")
        hammer([clients[0], clients[1], clients[0], clients[1]], code, rounds=15)
        check_hammered(look(clients[1], code), phones=4, rounds=15)


def test_the_service_on_an_in_memory_database() -> None:
    service = BankService(SQLiteStore(":memory:"))
    made = service.create({"kind": "electronic-banking"})
    assert service.look(made["code"])["version"] == 1
    assert service.act(made["code"], {"op": "go", "card": 6})["cards"][5]["shown"] == "17M"


# ====================================================================== PostgreSQL


def test_units_on_postgresql_two_servers_and_a_restart(
        postgres_server: PostgresServer) -> None:
    from pennybags.web.pgstore import PostgresStore

    url = postgres_server.new_database()
    with two_servers([PostgresStore(url), PostgresStore(url)]) as clients:
        code = new_unit(clients[0], "electronic-banking")
        hammer([clients[0], clients[1], clients[1], clients[0]], code, rounds=10)
        check_hammered(look(clients[1], code), phones=4, rounds=10)
        ultimate = started(clients[1], "car", "boat")
        ub(clients[0], ultimate, "12", "car")
        assert "the unit changed since" in refused(clients[1], ultimate, status=409,
                                                   op="tap", card="boat", seen=1)
        view = look(clients[1], ultimate)
    again = PostgresStore(url)
    with TestClient(create_app(again)) as client:
        assert look(client, ultimate) == view
        assert "not in this game" in refused(client, ultimate, op="tap", card="jet")
    again.close()
