"""``pennybags bank ultimate-banking``: the three-button unit at the terminal, driven as a
person would (one tap or press a line), with the live auction timer on an injected clock,
the history, the reset question, and a SIGKILL mid-session before reopening."""

from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pennybags import cli
from pennybags.banking.companion import run_companion, run_ultimate

PENNYBAGS = str(Path(sys.executable).parent / "pennybags")


def drive(state: Path, *lines: str) -> str:
    out = io.StringIO()
    text = "".join(line + "\n" for line in lines)
    assert run_companion("ultimate-banking", state, infile=io.StringIO(text),
                         outfile=out) == 0
    return out.getvalue()


def balances_on_disk(state: Path) -> list[int]:
    data = json.loads(state.read_text())
    return [int(x) for x in data["balances"]]


START = ("car", "boat", "v")


def test_a_session_joins_collects_buys_and_pays_rent(tmp_path: Path) -> None:
    state = tmp_path / "ub.json"
    screen = drive(state, *START, "m", "car", "Old Kent Road", "boat", "1", "car")
    assert "a new game, saved in" in screen
    assert "[ READY ]" in screen
    assert "car $1,700, boat $1,440" in screen  # GO for car, Old Kent Road for boat
    # Car lands on boat's Old Kent Road: rent at level 1 ($70), then the level rises.
    assert "car $1,630, boat $1,510" in screen
    assert balances_on_disk(state)[:3] == [1630, 0, 1510]
    data = json.loads(state.read_text())
    assert data["level"] == {"1": 2}


def test_help_history_and_refused_taps(tmp_path: Path) -> None:
    state = tmp_path / "ub.json"
    screen = drive(state, *START, "?", "jet", "99", "bogus words", "m", "boat", "h")
    assert "The Ultimate Banking unit. Type what you would do to the unit" in screen
    assert "After 'reset', type v (or y) to reset" in screen
    assert "(beep) the jet card is not in this game" in screen
    assert "(beep) no title deed number 99" in screen
    assert screen.count("(beep)") == 3
    assert "History since the game started" in screen
    assert "1. bank -> car $1,500 (starting money)" in screen
    assert "3. bank -> boat $200 (GO)" in screen
    assert "Balances: car $1,500, boat $1,700" in screen


def test_reset_asks_first(tmp_path: Path) -> None:
    state = tmp_path / "ub.json"
    screen = drive(state, *START, "m", "car", "reset", "maybe", "n")
    assert "Type v (or y) to reset, x (or n) to keep the game." in screen
    assert "(beep) answer the reset question" in screen
    assert "[ RESET CANCELLED ]" in screen
    assert balances_on_disk(state)[0] == 1700
    screen = drive(state, "reset", "y")
    assert "resumed from" in screen
    after = screen.split("RESET? CHECK = YES, X = NO")[-1]
    assert "[ TAP BANK CARDS: CAR HELICOPTER BOAT JET ]" in after
    data = json.loads(state.read_text())
    assert data["mode"] == "register" and data["players"] == []


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


class SlowTyping:
    """Lines typed after a pause: (seconds, text); waiting moves the clock."""

    def __init__(self, clock: Clock, items: list[tuple[float, str]]) -> None:
        self.clock = clock
        self.items = items

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:  # pragma: no cover - the companion waits with wait_line
        raise AssertionError("the companion should wait with a timeout")

    def wait_line(self, timeout: float) -> str | None:
        if not self.items:
            raise EOFError
        delay, text = self.items[0]
        if delay <= timeout:
            self.items.pop(0)
            self.clock.now += delay
            return text
        self.clock.now += timeout
        self.items[0] = (delay - timeout, text)
        return None


def test_the_auction_timer_runs_out_while_nobody_types(tmp_path: Path) -> None:
    state = tmp_path / "ub.json"
    clock = Clock()
    typed = [(0.0, "car"), (0.0, "boat"), (0.0, "v"), (0.0, "3"), (0.0, "m"), (0.0, "v"),
             (2.0, "m"),          # $20 at 2 s
             (4.0, "m"),          # $40 at 6 s: the press restarted the timer
             (30.0, "jet"),       # the timer ran out long before: sold, then a wrong card
             (0.0, "boat"), (0.0, "q")]
    out = io.StringIO()
    assert run_ultimate(state, SlowTyping(clock, typed), out, clock=clock) == 0  # type: ignore[arg-type]
    screen = out.getvalue()
    sold = screen.index("[ SOLD $40: WINNER TAP BANK CARD ]")
    assert screen.index("The timer has run out.") < sold < screen.index("(beep)")
    assert "timer: 5 s" in screen and "timer: 1 s" in screen
    assert balances_on_disk(state)[2] == 1460
    assert json.loads(state.read_text())["owner"] == {"3": 2}


def test_no_press_means_no_bids(tmp_path: Path) -> None:
    state = tmp_path / "ub.json"
    clock = Clock()
    typed = [(0.0, "car"), (0.0, "boat"), (0.0, "v"), (0.0, "5"), (0.0, "m"), (0.0, "v"),
             (9.0, "q")]
    out = io.StringIO()
    run_ultimate(state, SlowTyping(clock, typed), out, clock=clock)  # type: ignore[arg-type]
    assert "[ NO BIDS ]" in out.getvalue()
    assert json.loads(state.read_text())["owner"] == {}


def test_unreadable_state_is_a_command_error(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "ub.json"
    state.write_text("{not json")
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code = cli.main(["bank", "ultimate-banking", "--state", str(state)])
    assert code == 2
    assert "cannot read the unit's state" in capsys.readouterr().err


def read_until(proc: subprocess.Popen[bytes], marker: bytes, seen: bytearray,
               count: int = 1, limit: float = 20.0) -> None:
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    end = time.monotonic() + limit
    while seen.count(marker) < count:
        left = end - time.monotonic()
        assert left > 0, f"waited for {marker!r}; got {bytes(seen)!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 65536)
            assert chunk, f"the program ended early: {bytes(seen)!r}"
            seen += chunk


def test_killed_mid_session_then_reopened(tmp_path: Path) -> None:
    """SIGKILL after a purchase and a rent, with a deed tapped and waiting for a card:
    reopening shows the balances of the last operation."""
    state = tmp_path / "ub.json"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([PENNYBAGS, "bank", "ultimate-banking", "--state", str(state)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None
    seen = bytearray()
    try:
        proc.stdin.write(b"car\nboat\nv\nStrand\nboat\nStrand\ncar\n")
        proc.stdin.flush()
        read_until(proc, b"[ DONE ]", seen, count=2)
        proc.stdin.write(b"Mayfair\n")
        proc.stdin.flush()
        read_until(proc, b"Mayfair $400: TAP", seen)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    screen = drive(state, "h", "boat")
    assert "resumed from" in screen
    # Strand $220 bought by boat, then car paid its level-1 rent ($170).
    history = screen.split("History since the game started")[1]
    assert "boat -> bank $220 (purchase)" in history
    assert "car -> boat $170 (rent)" in history
    assert "Balances: car $1,330, boat $1,450" in history
    # The deed tapped before the kill is still waiting: boat's tap buys Mayfair now.
    assert "[ DONE ]" in screen
    assert balances_on_disk(state)[:3] == [1330, 0, 1050]


def test_set_bonus_option_is_kept_with_the_game(tmp_path: Path) -> None:
    state = tmp_path / "ub.json"
    out = io.StringIO()
    text = "".join(f"{line}\n" for line in (*START, "q"))
    assert run_companion("ultimate-banking", state, infile=io.StringIO(text), outfile=out,
                         options={"set-bonus": "unit"}) == 0
    assert json.loads(state.read_text())["set_bonus"] == "unit"
    drive(state, "q")  # reopened without the option: the game keeps its reading
    assert json.loads(state.read_text())["set_bonus"] == "unit"


def test_bad_unit_options_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="takes rulebook or unit"):
        run_companion("ultimate-banking", tmp_path / "a.json", infile=io.StringIO(""),
                      outfile=io.StringIO(), options={"set-bonus": "x"})
    with pytest.raises(ValueError, match="no option"):
        run_companion("ultimate-banking", tmp_path / "b.json", infile=io.StringIO(""),
                      outfile=io.StringIO(), options={"speed": "3"})
    with pytest.raises(ValueError, match="has no options"):
        run_companion("electronic-banking", tmp_path / "c.db", infile=io.StringIO(""),
                      outfile=io.StringIO(), options={"set-bonus": "unit"})
