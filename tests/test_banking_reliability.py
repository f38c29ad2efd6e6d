"""Reliability of the banking units at the terminal (``pennybags bank ...``): what a person
can type, two sessions on one state file, and state files that are damaged, foreign or
tampered with. Each test names the review finding it checks:

1. ``wait`` during an auction takes only finite, non-negative seconds;
2. one session at a time per state file (the second is refused, naming the file); atomic
   writes through a temporary file of their own; balances derived from the transactions;
3. a damaged or foreign state file is refused with the file and what is wrong, and never
   replaced (a missing file is a new unit);
4. every damaged file gives a one-line error (exit status 2), never a traceback nor a
   silently wrong state: fuzzed by truncating, flipping bytes and putting wrong values
   in every field.
"""

from __future__ import annotations

import copy
import io
import json
import math
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pennybags import cli
from pennybags.banking.companion import run_companion
from pennybags.banking.ultimate import apply_line
from pennybags.editions.electronic_banking.unit import ElectronicBankingUnit
from pennybags.editions.ultimate_banking.unit import UltimateBankingUnit, UnitError
from pennybags.engine.ledger import BANK, Ledger

PENNYBAGS = str(Path(sys.executable).parent / "pennybags")
START = ("car", "boat", "v")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def bank(edition: str, state: Path, text: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``pennybags bank EDITION --state STATE`` with ``text`` typed: exit status, output,
    errors."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = cli.main(["bank", edition, "--state", str(state)])
    out, err = capsys.readouterr()
    return code, out, err


def refused(edition: str, state: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str], *words: str) -> str:
    """The command refuses ``state``: exit status 2, one line naming the file (and the
    ``words``), and the file left exactly as it was."""
    before = state.read_bytes() if state.exists() else None
    code, out, err = bank(edition, state, "q\n", monkeypatch, capsys)
    assert code == 2, f"not refused: {out[-600:]}"
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert str(state) in lines[0], lines[0]
    for word in words:
        assert word in lines[0].replace(str(state), ""), lines[0]
    after = state.read_bytes() if state.exists() else None
    assert after == before, "a refused state file was changed"
    return lines[0]


def ub_lines(state: Path, *lines: str) -> str:
    out = io.StringIO()
    text = "".join(line + "\n" for line in lines)
    assert run_companion("ultimate-banking", state, infile=io.StringIO(text),
                         outfile=out) == 0
    return out.getvalue()


def eb_keys(state: Path, text: str) -> str:
    out = io.StringIO()
    assert run_companion("electronic-banking", state, infile=io.StringIO(text),
                         outfile=out) == 0
    return out.getvalue()


# ====================================================================== finding 1


@pytest.mark.parametrize("seconds", ["nan", "-nan", "inf", "-inf", "infinity", "-1000",
                                     "-0.5", "1e999"])
def test_finding1_wait_takes_only_finite_non_negative_seconds(tmp_path: Path,
                                                              seconds: str) -> None:
    """Finding 1: 'wait nan', 'wait -inf', 'wait -1000' during an auction are refused in
    one line and change nothing; the state file stays readable."""
    state = tmp_path / "ub.json"
    ub_lines(state, *START, "3", "m", "v", "m")          # an auction, bid $20
    screen = ub_lines(state, f"wait {seconds}")
    assert "(beep) wait takes" in screen
    after = json.loads(state.read_text())
    assert after["mode"] == "auction" and after["wait"]["bid"] == 20
    assert 4 < after["wait"]["left"] <= 5                # only real time has passed
    screen = ub_lines(state, "wait 5", "jet", "boat")   # and the auction goes on
    assert "[ SOLD $20: WINNER TAP BANK CARD ]" in screen
    assert json.loads(state.read_text())["owner"] == {"3": 2}


def test_finding1_the_unit_model_refuses_time_that_does_not_pass_forward() -> None:
    """Finding 1, in the models: Ultimate Banking's tick and Electronic Banking's held
    keys take finite, non-negative seconds only."""
    unit = UltimateBankingUnit(Clock())
    for t in START:
        apply_line(unit, t)
    apply_line(unit, "3")
    apply_line(unit, "m")
    apply_line(unit, "v")
    for bad in (math.nan, math.inf, -math.inf, -1.0):
        with pytest.raises(UnitError, match="seconds"):
            unit.tick(bad)
    assert unit.wait["left"] == 5.0 and unit.mode == "auction"
    eb = ElectronicBankingUnit(Ledger(6), {c: c - 1 for c in range(1, 7)})
    eb.reset()
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(ValueError, match="seconds"):
            eb.hold(".", bad)
        with pytest.raises(ValueError, match="seconds"):
            eb.step(f"hold:C:{bad}")
    assert eb.volume == 2 and eb.balances()[1] == 15000


# ====================================================================== finding 2


def read_until(proc: subprocess.Popen[bytes], marker: bytes, seen: bytearray,
               limit: float = 20.0) -> None:
    import select

    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    end = time.monotonic() + limit
    while marker not in seen:
        left = end - time.monotonic()
        assert left > 0, f"waited for {marker!r}; got {bytes(seen)!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 65536)
            assert chunk, f"the program ended early: {bytes(seen)!r}"
            seen += chunk


@pytest.fixture
def session() -> Iterator[Callable[..., subprocess.Popen[bytes]]]:
    """Start ``pennybags bank ...`` in a process of its own (killed at the end)."""
    procs: list[subprocess.Popen[bytes]] = []

    def start(*args: str) -> subprocess.Popen[bytes]:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100"}
        proc = subprocess.Popen([PENNYBAGS, "bank", *args], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.wait(10)


def test_finding2_a_second_electronic_banking_session_is_refused(
        tmp_path: Path, session: Callable[..., subprocess.Popen[bytes]],
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 2: two sessions each debiting 15M from card 1 left it at -15M. Now the
    second session is refused (naming the file) while the first one runs, and the first
    one's debit is the only one."""
    state = tmp_path / "family.db"
    first = session("electronic-banking", "--state", str(state))
    assert first.stdin is not None
    seen = bytearray()
    first.stdin.write(b"i1 15m -\n")
    first.stdin.flush()
    read_until(first, b"Display: 0K", seen)
    line = refused("electronic-banking", state, monkeypatch, capsys, "in use")
    assert "another session" in line
    first.stdin.write(b"o\nq\n")
    first.stdin.flush()
    first.stdin.close()
    assert first.wait(20) == 0
    code, out, _ = bank("electronic-banking", state, "i1 15m -\nh\n", monkeypatch, capsys)
    assert code == 0
    assert "NO FUNDS" in out
    assert "card 1: 0K" in out


def test_finding2_a_second_ultimate_banking_session_is_refused(
        tmp_path: Path, session: Callable[..., subprocess.Popen[bytes]],
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 2: with two sessions the last writer's transactions were kept and the
    other's $200 GO payment was lost. Now the second session is refused while the first
    one runs, and nothing is lost."""
    state = tmp_path / "ub.json"
    first = session("ultimate-banking", "--state", str(state))
    assert first.stdin is not None
    seen = bytearray()
    first.stdin.write(b"car\nboat\nv\nm\ncar\n")
    first.stdin.flush()
    read_until(first, b"car $1,700, boat $1,500", seen)
    line = refused("ultimate-banking", state, monkeypatch, capsys, "in use")
    assert "another session" in line
    first.stdin.write(b"m\nboat\nq\n")
    first.stdin.flush()
    first.stdin.close()
    assert first.wait(20) == 0
    screen = ub_lines(state, "h")
    assert "bank -> car $200 (GO)" in screen and "bank -> boat $200 (GO)" in screen
    assert "Balances: car $1,700, boat $1,700" in screen


def test_finding2_a_killed_session_leaves_the_file_free(
        tmp_path: Path, session: Callable[..., subprocess.Popen[bytes]]) -> None:
    """Finding 2: the lock goes with the session: after a SIGKILL the unit opens again."""
    state = tmp_path / "ub.json"
    first = session("ultimate-banking", "--state", str(state))
    assert first.stdin is not None
    seen = bytearray()
    first.stdin.write(b"car\nboat\nv\n")
    first.stdin.flush()
    read_until(first, b"[ READY ]", seen)
    first.send_signal(signal.SIGKILL)
    first.wait(10)
    assert "resumed from" in ub_lines(state, "q")


def test_finding2_a_second_session_in_the_same_process_is_refused(tmp_path: Path) -> None:
    """Finding 2: the lock holds between two stores of one process too."""
    from pennybags.banking.store import StoreError, UnitStore
    from pennybags.banking.ultimate import Store

    eb = tmp_path / "eb.db"
    store = UnitStore(eb, kind="electronic-banking", start=15000, go=2000)
    try:
        with pytest.raises(StoreError, match="in use"):
            UnitStore(eb, kind="electronic-banking", start=15000, go=2000)
    finally:
        store.close()
    UnitStore(eb, kind="electronic-banking", start=15000, go=2000).close()  # free again
    ub = tmp_path / "ub.json"
    with Store(ub) as first:
        first.open()
        with pytest.raises(StoreError, match="in use"), Store(ub) as second:
            second.open()
    with Store(ub) as again:
        assert again.open() is None


def test_finding2_atomic_writes_use_a_temporary_file_of_their_own(tmp_path: Path) -> None:
    """Finding 2: the temporary file had a fixed name (ub.json.tmp) that any other writer
    shared; a file of that name is not ours to overwrite or rename."""
    state = tmp_path / "ub.json"
    other = tmp_path / "ub.json.tmp"
    other.write_text("someone else's file")
    ub_lines(state, *START, "m", "car")
    assert other.read_text() == "someone else's file"
    assert json.loads(state.read_text())["balances"][0] == 1700
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ub.json", "ub.json.lock",
                                                           "ub.json.tmp"]


def test_finding2_ultimate_balances_come_from_the_transactions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 2/3: balances are derived from the stored transactions; stored balances
    that disagree with them (or with the conservation of money) are refused."""
    state = tmp_path / "ub.json"
    ub_lines(state, *START, "m", "car")
    data = json.loads(state.read_text())
    data["balances"][0] = 9999
    state.write_text(json.dumps(data))
    refused("ultimate-banking", state, monkeypatch, capsys, "transactions")
    data["balances"][0] = 1700
    data["bank"] = 0
    state.write_text(json.dumps(data))
    refused("ultimate-banking", state, monkeypatch, capsys, "transactions")


# ====================================================================== finding 3


@pytest.mark.parametrize("text", ["null", "[]", "[1, 2]", '"a game"', "42", "true", "{}",
                                  '{"mode": "idle"}', "", "   \n"])
def test_finding3_a_damaged_ultimate_file_is_refused_not_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        text: str) -> None:
    """Finding 3: a file holding null or a list was overwritten as "a new game"."""
    state = tmp_path / "ub.json"
    state.write_text(text)
    refused("ultimate-banking", state, monkeypatch, capsys, "cannot read the unit's state")


def test_finding3_a_foreign_json_file_is_refused(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 3: a JSON object of another program, or marked as another unit's."""
    state = tmp_path / "ub.json"
    state.write_text(json.dumps({"name": "my settings", "volume": 3}))
    refused("ultimate-banking", state, monkeypatch, capsys)
    ub_lines(state.with_name("ok.json"), *START)
    data = json.loads(state.with_name("ok.json").read_text())
    data["kind"] = "electronic-banking"
    state.write_text(json.dumps(data))
    refused("ultimate-banking", state, monkeypatch, capsys, "electronic-banking")


@pytest.mark.parametrize("balance", [-5, "1500", 1500.5, None, True, 10**30])
def test_finding3_ultimate_balances_are_checked(tmp_path: Path, balance: Any,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 3: negative, string and fractional balances were accepted from the file."""
    state = tmp_path / "ub.json"
    ub_lines(state, *START)
    data = json.loads(state.read_text())
    data["balances"][0] = balance
    state.write_text(json.dumps(data))
    refused("ultimate-banking", state, monkeypatch, capsys)


def test_finding3_a_negative_balance_outside_a_debt_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 3: transactions that leave a card below zero with no debt in progress."""
    state = tmp_path / "ub.json"
    ub_lines(state, *START)
    data = json.loads(state.read_text())
    data["transactions"].append([0, BANK, 2000, "rent"])
    data["balances"][0] = -500
    data["bank"] = -1000
    state.write_text(json.dumps(data))
    refused("ultimate-banking", state, monkeypatch, capsys, "below zero")


def test_finding3_an_empty_electronic_banking_file_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 3: an empty file started a new unit without a word."""
    state = tmp_path / "family.db"
    state.write_bytes(b"")
    refused("electronic-banking", state, monkeypatch, capsys)


def test_finding3_a_foreign_sqlite_database_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 3: another program's SQLite database got the unit's tables added to it."""
    state = tmp_path / "notes.db"
    db = sqlite3.connect(state)
    db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    db.execute("INSERT INTO notes (text) VALUES ('buy milk')")
    db.commit()
    db.close()
    refused("electronic-banking", state, monkeypatch, capsys, "not")


def eb_state(tmp_path: Path, name: str = "family.db") -> Path:
    """A unit with some history: GO, a debit, a finished and a waiting transfer."""
    state = tmp_path / name
    eb_keys(state, "i1 g 600k - o i1 2.2m t o i2 t o i3 1m t o\n")
    return state


def tamper(state: Path, *sql: str) -> None:
    db = sqlite3.connect(state)
    for statement in sql:
        db.execute(statement)
    db.commit()
    db.close()


@pytest.mark.parametrize(("sql", "words"), [
    ("DROP TABLE unit", "unit"),
    ("DROP TABLE transactions", "transactions"),
    ("DROP TABLE meta", "meta"),
    ("UPDATE transactions SET amount = 1000000000000000 WHERE reason = 'debit'", "amount"),
    ("UPDATE transactions SET payee = 9 WHERE reason = 'transfer'", "card"),
    ("UPDATE transactions SET payer = 0 WHERE reason = 'debit'", "card"),
    ("UPDATE transactions SET payer = payee WHERE reason = 'transfer'", "itself"),
    ("INSERT INTO transactions (era, at, payer, payee, amount, reason) "
     "VALUES (1, 'now', 1, -1, 30000, 'debit')", "below zero"),
    ("UPDATE transactions SET amount = 'lots' WHERE reason = 'GO'", "amount"),
    ("UPDATE transactions SET amount = 2.5 WHERE reason = 'GO'", "amount"),
    ("UPDATE transactions SET era = 7", "era"),
    ("UPDATE transactions SET reason = 'gift' WHERE reason = 'GO'", "gift"),
    ("DELETE FROM transactions WHERE reason = 'starting money' AND payee = 4",
     "starting money"),
    ("UPDATE meta SET value = 'x' WHERE key = 'start'", "start"),
    ("DELETE FROM meta WHERE key = 'era'", "era"),
    ("DELETE FROM unit", "unit"),
])
def test_finding3_tampered_electronic_banking_files_are_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        sql: str, words: str) -> None:
    """Finding 3: a dropped table, an out-of-range amount or payee loaded as
    "Resuming" (or the missing table was quietly made again)."""
    state = eb_state(tmp_path)
    tamper(state, sql)
    refused("electronic-banking", state, monkeypatch, capsys, words)


def test_finding3_a_missing_file_is_a_new_unit_and_nothing_is_half_made(
        tmp_path: Path) -> None:
    """Finding 3: a missing file is a new unit; the new file appears whole (meta, the
    starting money and the unit's state at once), so it is never mistaken for damage."""
    state = tmp_path / "sub" / "new.db"
    screen = eb_keys(state, "q\n")
    assert "A new unit: every card holds 15M." in screen
    assert sorted(p.name for p in state.parent.iterdir()) == ["new.db", "new.db.lock"]
    assert "Resuming the unit saved in" in eb_keys(state, "q\n")
    ub = tmp_path / "sub" / "new.json"
    assert "a new game, saved in" in ub_lines(ub, "q")
    assert "resumed from" in ub_lines(ub, "q")


# ====================================================================== finding 4


@pytest.mark.parametrize("state_json", [
    '{"card": "x", "keypad": {}, "waiting": null, "volume": 2, "display": "", "sound": ""}',
    "[]",
    '"text"',
    '{"card": null, "keypad": {"digits": "", "amount": null}, "waiting": [1], '
    '"volume": 2, "display": "READY", "sound": ""}',
    '{"card": null, "keypad": {"digits": "", "amount": null}, "waiting": 5, '
    '"volume": 2, "display": "READY", "sound": ""}',
    '{"card": null, "keypad": [], "waiting": null, "volume": 2, "display": "READY", '
    '"sound": ""}',
    '{"card": null, "keypad": {"digits": "", "amount": null}, "waiting": null, '
    '"volume": NaN, "display": "READY", "sound": ""}',
    '{"card": null, "keypad": {"digits": "", "amount": Infinity}, "waiting": null, '
    '"volume": 2, "display": "READY", "sound": ""}',
    "[" * 100000 + "]" * 100000,
    "not json at all",
])
def test_finding4_tampered_electronic_banking_unit_state_is_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        state_json: str) -> None:
    """Finding 4: TypeError, IndexError, KeyError, AttributeError (and NaN, Infinity,
    deep nesting) from a tampered unit state were tracebacks."""
    state = eb_state(tmp_path)
    db = sqlite3.connect(state)
    db.execute("UPDATE unit SET state = ?", (state_json,))
    db.commit()
    db.close()
    refused("electronic-banking", state, monkeypatch, capsys)


def test_finding4_non_utf8_state_files_are_one_line(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 4: non-UTF-8 text in either unit's state file."""
    ub = tmp_path / "ub.json"
    ub.write_bytes(b'{"mode": "\xff\xfe idle"}')
    refused("ultimate-banking", ub, monkeypatch, capsys, "UTF-8")
    eb = eb_state(tmp_path)
    tamper(eb, "UPDATE transactions SET reason = CAST(X'FFFE41' AS TEXT) "
               "WHERE reason = 'GO'")
    refused("electronic-banking", eb, monkeypatch, capsys)


@pytest.mark.parametrize("text", [
    "[" * 100000 + "]" * 100000,
    '{"mode": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"mode": "idle", "players": [0, 1], "balances": [NaN, 0, 0, 0]}',
    '{"mode": "idle", "players": [0, 1], "balances": [Infinity, 0, 0, 0]}',
    '{"mode": "idle", "players": [0, 1], "balances": [1e999, 0, 0, 0]}',
    '{"mode": "idle", "players": [0, 1], "balances": [' + "9" * 5000 + ', 0, 0, 0]}',
])
def test_finding4_hostile_json_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str],
                                           text: str) -> None:
    """Finding 4: deeply nested JSON was a RecursionError traceback; NaN, Infinity and
    numbers too large to read are refused too."""
    state = tmp_path / "ub.json"
    state.write_text(text)
    refused("ultimate-banking", state, monkeypatch, capsys)


def test_finding4_ultimate_fields_that_raised_after_resumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 4: an IndexError or KeyError came right after "resumed" (a deed waiting
    with no number, an owner beyond the four cards)."""
    state = tmp_path / "ub.json"
    ub_lines(state, *START, "12", "boat", "12")            # Strand bought, tapped again
    good = json.loads(state.read_text())
    for change in (lambda d: d["wait"].pop("number"),
                   lambda d: d["owner"].update({"12": 7}),
                   lambda d: d["level"].pop("12"),
                   lambda d: d.update(players=[0, 9]),
                   lambda d: d["transactions"].append([0, 1]),
                   lambda d: d.update(mode="auction-won"),
                   lambda d: d.update(wait={"number": 99})):
        data = copy.deepcopy(good)
        change(data)
        state.write_text(json.dumps(data))
        refused("ultimate-banking", state, monkeypatch, capsys)


def test_finding4_states_the_unit_writes_always_load(tmp_path: Path) -> None:
    """Finding 4 (the other side): volume and reset questions opened again and again do
    not nest the saved state deeper and deeper until it can no longer be written or
    read."""
    from pennybags.banking.ultimate import Store

    unit = UltimateBankingUnit(Clock())
    for line in (*START, "m"):
        apply_line(unit, line)
    for _ in range(1200):
        for line in ("volume", "reset", "x", "volume", "volume"):
            apply_line(unit, line)
    assert unit.mode == "volume" and unit.wait == {"back": "icon", "saved": {"icon": 1}}
    state = tmp_path / "ub.json"
    with Store(state) as store:
        store.open()
        store.save(unit)
    screen = ub_lines(state, "m", "car")             # M closes the volume: GO for car
    assert "resumed from" in screen and "[ VOLUME SET ]" in screen
    assert "car $1,700" in screen


# ---------------------------------------------------------------------- fuzzing

WRONG_VALUES: list[Any] = [None, True, -1, 0, 7, 1.5, 10**30, "x", "", [], [1, "x"], {},
                           {"a": 1}]


def paths_of(obj: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value (dict keys and list indices)."""
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths_of(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from paths_of(v, (*path, i))


def replaced(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(obj)
    if not path:
        return value
    holder = out
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return out


def dropped(obj: Any, path: tuple[Any, ...]) -> Any:
    out = copy.deepcopy(obj)
    holder = out
    for key in path[:-1]:
        holder = holder[key]
    del holder[path[-1]]
    return out


def ub_states(tmp_path: Path) -> list[dict[str, Any]]:
    """Saved states of the Ultimate Banking unit in many modes."""
    states = []
    scripts = [
        (*START, "12", "boat", "12", "car", "m", "car", "m", "m", "boat"),   # idle, undo
        (*START, "3", "m", "v", "m"),                                          # auction
        (*START, "3", "m", "v", "m", "wait 5"),                                # auction won
        (*START, "event Haunted House", "12"),                                 # event deed
        (*START, "event Love is in the Air", "car"),                           # event card
        (*START, "m", "m"),                                                    # icon
        (*START, "volume", "x"),                                               # volume
        (*START, "22", "boat", "reset"),                                       # reset asked
    ]
    for n, script in enumerate(scripts):
        state = tmp_path / f"fuzz-{n}.json"
        ub_lines(state, *script)
        states.append(json.loads(state.read_text()))
    # A debt in progress, and a game over: from the unit, saved as the store saves it.
    from pennybags.banking.ultimate import Store

    unit = UltimateBankingUnit(Clock())
    for line in (*START, "21", "car"):
        apply_line(unit, line)
    unit.ledger.transfer(0, BANK, 1150, "rent")
    unit.ledger.transfer(BANK, 2, 1150, "rent")
    for line in ("m", "m", "car"):
        apply_line(unit, line)
    assert unit.mode == "debt"
    for mode_unit in (unit,):
        store_path = tmp_path / "fuzz-debt.json"
        with Store(store_path) as store:
            store.open()
            store.save(mode_unit)
        states.append(json.loads(store_path.read_text()))
    over = UltimateBankingUnit(Clock())
    for line in ("car", "boat", "jet", "v", "22", "boat", "4", "car"):
        apply_line(over, line)
    over.level[22] = 5
    for line in ("22", "car"):
        apply_line(over, line)
    assert over.mode == "over"
    with Store(tmp_path / "fuzz-over.json") as store:
        store.open()
        store.save(over)
    states.append(json.loads((tmp_path / "fuzz-over.json").read_text()))
    return states


def consistent_ultimate(data: dict[str, Any]) -> None:
    """A state the unit accepted must be one the unit could be in: balances as the
    transactions make them, money conserved, no card below zero outside a debt."""
    balances = [0, 0, 0, 0]
    bank_balance = 0
    for payer, payee, amount, _ in data["transactions"]:
        assert isinstance(amount, int) and amount > 0
        for account, delta in ((payer, -amount), (payee, amount)):
            if account == BANK:
                bank_balance += delta
            else:
                balances[account] += delta
    assert balances == data["balances"] and bank_balance == data["bank"]
    debt = data["mode"] == "debt" or data["wait"].get("back") == "debt"
    if not debt:
        assert min(balances) >= 0


def test_finding4_fuzzed_ultimate_state_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 4, fuzzed: every field of saved states in every mode replaced by wrong
    values or removed, the file truncated and bytes flipped. Each file is refused in one
    line (and left alone) or, when it still is a state the unit can be in, opened."""
    rng = random.Random(2024)
    state = tmp_path / "ub.json"
    cases: list[bytes] = []
    for data in ub_states(tmp_path):
        paths = [p for p in paths_of(data) if p]
        for path in paths:
            for value in rng.sample(WRONG_VALUES, 4):
                cases.append(json.dumps(replaced(data, path, value)).encode())
            cases.append(json.dumps(dropped(data, path)).encode())
        raw = json.dumps(data).encode()
        for _ in range(15):
            cases.append(raw[:rng.randrange(len(raw))])
            flipped = bytearray(raw)
            for _ in range(rng.randint(1, 3)):
                flipped[rng.randrange(len(raw))] = rng.randrange(256)
            cases.append(bytes(flipped))
    opened = 0
    for case in cases:
        state.write_bytes(case)
        monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
        code = cli.main(["bank", "ultimate-banking", "--state", str(state)])
        out, err = capsys.readouterr()
        if code == 2:
            assert len(err.strip().splitlines()) == 1 and str(state) in err, err
            assert state.read_bytes() == case
        else:
            assert code == 0, (case, out, err)
            consistent_ultimate(json.loads(state.read_text()))
            opened += 1
    assert opened < len(cases) // 4, "most damage must be refused"


def eb_fuzz_base(tmp_path: Path) -> Path:
    return eb_state(tmp_path, "base.db")


def consistent_electronic(state: Path) -> None:
    db = sqlite3.connect(state)
    try:
        era = int(db.execute("SELECT value FROM meta WHERE key = 'era'").fetchone()[0])
        rows = db.execute("SELECT payer, payee, amount FROM transactions WHERE era = ? "
                          "ORDER BY id", (era,)).fetchall()
    finally:
        db.close()
    balances = dict.fromkeys(range(1, 7), 0)
    for payer, payee, amount in rows:
        assert isinstance(amount, int) and amount > 0
        if payer != BANK:
            balances[payer] -= amount
            assert balances[payer] >= 0
        if payee != BANK:
            balances[payee] += amount


def test_finding4_fuzzed_electronic_banking_state_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 4, fuzzed: every column of every table given wrong values, every field of
    the unit's state replaced or removed, the file truncated and bytes flipped. Each is
    refused in one line (the file left alone) or opened as a state the unit can be in."""
    rng = random.Random(99)
    base = eb_fuzz_base(tmp_path)
    raw = base.read_bytes()
    state = tmp_path / "family.db"
    db = sqlite3.connect(base)
    unit_state = json.loads(db.execute("SELECT state FROM unit").fetchone()[0])
    ids = [r[0] for r in db.execute("SELECT id FROM transactions").fetchall()]
    meta_keys = [r[0] for r in db.execute("SELECT key FROM meta").fetchall()]
    db.close()
    wrong_sql: list[Any] = [None, -1, 0, 9, 2.5, 10**15, "x", "", b"\xff\xfe"]
    edits: list[tuple[str, tuple[Any, ...]]] = []
    for column in ("era", "at", "payer", "payee", "amount", "reason"):
        for value in wrong_sql:
            edits.append((f"UPDATE transactions SET {column} = ? WHERE id = ?",
                          (value, rng.choice(ids))))
    for key in meta_keys:
        for value in ("x", "-1", "0", "1.5", "99999999999999999999", ""):
            edits.append(("UPDATE meta SET value = ? WHERE key = ?", (value, key)))
        edits.append(("DELETE FROM meta WHERE key = ?", (key,)))
    for path in [p for p in paths_of(unit_state) if p]:
        for value in rng.sample(WRONG_VALUES, 4):
            edits.append(("UPDATE unit SET state = ?",
                          (json.dumps(replaced(unit_state, path, value)),)))
        edits.append(("UPDATE unit SET state = ?", (json.dumps(dropped(unit_state, path)),)))
    cases: list[tuple[str, Any]] = [("sql", e) for e in edits]
    for _ in range(25):
        cases.append(("bytes", raw[:rng.randrange(len(raw))]))
        flipped = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            flipped[rng.randrange(100, len(raw))] = rng.randrange(256)
        cases.append(("bytes", bytes(flipped)))
    opened = 0
    for kind, case in cases:
        state.write_bytes(raw)
        if kind == "sql":
            sql, params = case
            db = sqlite3.connect(state)
            try:
                db.execute(sql, params)
                db.commit()
            except sqlite3.IntegrityError:
                db.close()
                continue                    # the schema's own checks refused the edit
            db.close()
        else:
            state.write_bytes(case)
        before = state.read_bytes()
        monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
        code = cli.main(["bank", "electronic-banking", "--state", str(state)])
        out, err = capsys.readouterr()
        if code == 2:
            assert len(err.strip().splitlines()) == 1 and str(state) in err, (case, err)
            assert state.read_bytes() == before, case
        else:
            assert code == 0, (case, out, err)
            consistent_electronic(state)
            opened += 1
    assert opened < len(cases) // 4, "most damage must be refused"


@pytest.mark.parametrize("edition", ["electronic-banking", "ultimate-banking"])
def test_finding3_a_state_path_that_is_not_a_file_is_refused(tmp_path: Path,
                                                             edition: str) -> None:
    """Finding 3: a folder or a named pipe where the state file should be is refused in
    one line (a pipe was read until someone wrote to it)."""
    folder = tmp_path / "folder"
    folder.mkdir()
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for state in (folder, pipe):
        done = subprocess.run([PENNYBAGS, "bank", edition, "--state", str(state)],
                              input=b"q\n", capture_output=True, timeout=30)
        assert done.returncode == 2
        assert done.stderr.decode().strip().endswith("it is not a file")
        assert str(state) in done.stderr.decode()
