"""The load benchmark of the browser front runs on a real server and prints its figures
(its speed is not tested here)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import load_script

pytest.importorskip("websockets")

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_serve.py"


def test_bench_serve_prints_the_figures_and_loses_no_action() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--rooms", "2", "--seconds", "3"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert re.search(r"^rooms: 2 classic, 4 sockets each", out, re.M)
    assert re.search(r"^actions: [\d,]+, actions/s: [\d,.]+$", out, re.M)
    assert re.search(r"^latency to all 4 sockets \(ms\): p50 [\d.]+, p95 [\d.]+, p99 [\d.]+, "
                     r"max [\d.]+$", out, re.M)
    assert re.search(r"^latency once every socket was in \(ms\): p50 [\d.]+, p95 [\d.]+, "
                     r"p99 [\d.]+, max [\d.]+, over [\d,]+ actions$", out, re.M)
    stored = re.search(r"^stored: ([\d,]+), acknowledged: ([\d,]+), lost 0, duplicated 0, "
                       r"states out of order 0, updates not seen by every socket 0$", out,
                       re.M)
    assert stored and stored.group(1) == stored.group(2) and stored.group(1) != "0"


def test_bench_serve_paces_its_players_like_people() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--rooms", "2", "--seconds", "3",
                           "--think", "100"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^rooms: 2 classic, .*; think 100 ms; servers 1; states parsed lightly$",
                     done.stdout, re.M)
    assert re.search(r"server [\d.]+ ms per action, clients [\d.]+$", done.stdout, re.M)
    assert re.search(r"^\(CPU counted from the moment every socket was in, [\d.]+ s after "
                     r"the first, over the [\d,]+ actions acknowledged since; event loops: "
                     r"server \w+, clients \w+\)$",
                     done.stdout, re.M)
    actions = re.search(r"^actions: ([\d,]+), actions/s: ([\d,.]+)$", done.stdout, re.M)
    assert actions and 0 < float(actions.group(2).replace(",", "")) < 2 * 4 / 0.1, \
        "at most a few actions a second per room: each waits 0.1 s on average"
    assert "lost 0, duplicated 0" in done.stdout


def test_bench_serve_spreads_each_room_over_two_servers() -> None:
    """Two servers on one database (SQLite here: each hears of the other's actions up to a
    second late, sending the room as it is then): nothing is lost or duplicated."""
    done = subprocess.run([sys.executable, str(SCRIPT), "--rooms", "1", "--seconds", "3",
                           "--servers", "2"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"; servers 2; states parsed lightly$", done.stdout, re.M)
    assert re.search(r"^stored: ([\d,]+), acknowledged: \1, lost 0, duplicated 0, states out "
                     r"of order 0, updates not seen by every socket 0$", done.stdout, re.M)


def test_bench_serve_sockets_may_act_only_when_asked() -> None:
    """With --asked-only no socket races the seat asked with a choice of its own (such as
    mortgaging), so no action is refused."""
    done = subprocess.run([sys.executable, str(SCRIPT), "--rooms", "2", "--seconds", "3",
                           "--asked-only"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"; states parsed lightly; sockets act when asked$", done.stdout, re.M)
    assert re.search(r"; actions refused: 0$", done.stdout, re.M)
    assert re.search(r"^stored: ([\d,]+), acknowledged: \1, lost 0, duplicated 0", done.stdout,
                     re.M)


def test_bench_serve_traces_where_each_actions_time_went(tmp_path: Path) -> None:
    """--trace: the server times each action's steps, the bench joins them to its own
    send and reads (one clock), prints where the slowest 1% waited and writes each
    action's record; a step's times add up to the action's latency. The server takes its
    messages first come, first served (its option), so none overtakes another."""
    out = tmp_path / "trace.jsonl"
    done = subprocess.run([sys.executable, str(SCRIPT), "--rooms", "2", "--seconds", "3",
                           "--asked-only", "--first-come-first-served", "--trace", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^trace over [\d,]+ actions once every socket was in; the slowest 1% "
                     r"\(\d+\) from [\d.]+ ms$", done.stdout, re.M), done.stdout
    for step in ("to read", "to task", "lock", "judge", "store", "build", "send",
                 "to clients"):
        assert re.search(rf"^  {step} +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+  \(", done.stdout,
                         re.M), step
    assert re.search(r"^  all: messages taken up between the act's send and its turn p50 "
                     r"\d+, p99 \d+, max \d+; of those sent after it \(overtaking it\) p50 0, "
                     r"p99 0$", done.stdout, re.M), "first come, first served"
    records = [json.loads(line) for line in out.read_text().splitlines()]
    acknowledged = re.search(r"^stored: ([\d,]+), acknowledged", done.stdout, re.M)
    assert acknowledged and 0 < len(records) <= int(acknowledged.group(1).replace(",", ""))
    for record in records:
        assert abs(sum(record["steps"].values()) - record["latency"]) < 1e-6
        assert record["steps"]["to read"] > 0 and record["steps"]["store"] > 0
    assert (out.parent / "trace.jsonl.server").exists()
    two = subprocess.run([sys.executable, str(SCRIPT), "--trace", str(out), "--servers", "2"],
                         capture_output=True, text=True, timeout=60)
    assert two.returncode == 2 and "one server" in two.stderr


def test_bench_serve_counts_instructions_of_one_server_only() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--instructions", "--servers", "2"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "one server" in done.stderr


def test_bench_serve_parses_whole_states_when_asked() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--rooms", "1", "--seconds", "2",
                           "--full-parse"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"; states parsed whole$", done.stdout, re.M)
    assert "lost 0, duplicated 0" in done.stdout


def _bench() -> Any:
    return load_script(SCRIPT)


def test_a_light_read_of_a_state_gives_what_a_whole_one_does() -> None:
    """The bench's sockets read a state's type, index, status and choices where they
    stand; what they read is what parsing the whole state gives, on real states of a
    game in play (the server writes them first), and a state that does not begin with
    them is read whole."""
    from pennybags.web.rooms import RoomService
    from pennybags.web.server import with_accepted
    from pennybags.web.store import SQLiteStore

    bench = _bench()
    service = RoomService(SQLiteStore(":memory:"))
    code, host = service.create({"edition": "classic", "seats": [{"name": "Ann"},
                                                                  {"name": "Bob"}],
                                 "seed": 3})
    for seat in (0, 1):
        service.join(code, seat)
    service.start(code, host)
    read = 0
    for _ in range(60):
        shown = service.show(code, [0, 1, None])
        for text in shown.texts.values():
            whole = json.loads(text)
            assert bench.read_message(text) == {k: whole[k] for k in bench.STATE_KEYS}
            # (the state after a socket's own action tells it the action's index)
            assert bench.read_message(with_accepted(text, 7)) == \
                {"accepted": 7, **{k: whole[k] for k in bench.STATE_KEYS}}
            read += 1
        state = json.loads(shown.texts[0]) if json.loads(shown.texts[0])["choices"] \
            else json.loads(shown.texts[1])
        assert service.act(code, state["seat"], state["choices"][0]["action"]).accepted
    assert read == 180
    other_order = '{"index":4,"type":"state","status":"playing","choices":[],' \
                  '"log":["' + "x" * 600 + '"]}'
    assert bench.read_message(other_order) == json.loads(other_order)
    assert bench.read_message('{"type":"accepted","index":3}') == {"type": "accepted",
                                                                    "index": 3}


def test_bench_serve_refuses_no_rooms() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--rooms", "0"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "at least 1" in done.stderr


ACTION_SCRIPT = SCRIPT.parent / "bench_serve_action.py"


def test_bench_serve_action_prints_the_server_work_per_action() -> None:
    done = subprocess.run([sys.executable, str(ACTION_SCRIPT), "--rooms", "3", "--actions",
                           "60", "--repeat", "2"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    runs = re.findall(r"^run (\d): accepted 60, refused 0, CPU [\d.]+ s, ([\d.]+) ms per "
                      r"action$", done.stdout, re.M)
    assert [n for n, _ in runs] == ["1", "2"]
    best = re.search(r"^server work per action \(ms\): best ([\d.]+), median [\d.]+$",
                     done.stdout, re.M)
    assert best and float(best.group(1)) == min(float(ms) for _, ms in runs)


def test_bench_serve_action_profiles_the_room_service() -> None:
    done = subprocess.run([sys.executable, str(ACTION_SCRIPT), "--rooms", "2", "--actions",
                           "20", "--profile"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^under cProfile: [\d.]+ ms per action$", done.stdout, re.M)
    assert "web/rooms.py" in done.stdout  # (its functions are among the busiest)


def test_bench_serve_action_refuses_no_actions() -> None:
    done = subprocess.run([sys.executable, str(ACTION_SCRIPT), "--actions", "0"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "at least 1" in done.stderr
