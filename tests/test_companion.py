"""``pennybags bank electronic-banking``: the unit at the terminal, driven as a person would
(keys in, screen out) through stdin lines, a pseudo-terminal and tmux; killed mid-session
and reopened with the balances intact."""

from __future__ import annotations

import io
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from pennybags import cli
from pennybags.banking.companion import big, default_state_path, run_companion
from pennybags.banking.store import StoreError, UnitStore

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


def drive(state: Path, text: str) -> str:
    out = io.StringIO()
    code = run_companion("electronic-banking", state, infile=io.StringIO(text), outfile=out)
    assert code == 0
    return out.getvalue()


def displays(screen: str) -> list[str]:
    return re.findall(r"Display: (.+?)\s*│?\s*$", screen, flags=re.M)


def history_of(screen: str) -> str:
    """The history view: from its title to the line of balances."""
    start = screen.index("History since the last reset")
    end = screen.index("\n", screen.index("Balances:", start))
    return screen[start:end]


def balances(state: Path) -> dict[int, int]:
    store = UnitStore(state, kind="electronic-banking", start=15000, go=2000)
    try:
        return store.unit.balances()
    finally:
        store.close()


# ------------------------------------------------------------------ lines on stdin


def test_a_first_session_pays_the_bank_and_a_player(tmp_path: Path) -> None:
    state = tmp_path / "unit.db"
    screen = drive(state, "i1 600k - o\ni1 2.2m t o i2 t\no\n")
    assert "A new unit: every card holds 15M." in screen
    assert displays(screen) == ["READY", "READY", "17.2M", "READY"]
    assert "Shown on the way: 15M, 6, 60, 600, 600K, 14.4M, READY" in screen
    assert "Shown on the way: 14.4M, 2, 2., 2.2, 2.2M, 12.2M, PAY 2.2M, 15M, 17.2M" in screen
    assert "keys: i1-i6 insert card" in screen            # the help line
    assert "█" in screen                                  # the display drawn large
    assert balances(state) == {1: 12200, 2: 17200, 3: 15000, 4: 15000, 5: 15000, 6: 15000}


def test_reopening_resumes_even_a_transfer_waiting_for_its_payee(tmp_path: Path) -> None:
    state = tmp_path / "unit.db"
    drive(state, "i3 1.75m t o\n")
    screen = drive(state, "i4 t o\n")
    assert "Resuming the unit saved in" in screen
    assert "transfer of 1.75M from card 3 waits" in screen
    assert balances(state)[3] == 13250
    assert balances(state)[4] == 16750


def test_mistakes_at_the_keys(tmp_path: Path) -> None:
    state = tmp_path / "unit.db"
    screen = drive(state, "i1 50m -\nc 5 0 0 c 5k -\nx\ni\no o\nq\n")
    assert displays(screen)[1] == "NO FUNDS"
    assert displays(screen)[2] == "14.995M"               # C mid-entry, then 5K
    assert "'x' is not a key of the unit" in screen
    assert "i is followed by a card number" in screen
    assert displays(screen)[-1] == "NO CARD"              # o with no card in
    assert "The unit's state is saved" in screen
    assert balances(state)[1] == 14995


def test_reset_asks_for_confirmation(tmp_path: Path) -> None:
    state = tmp_path / "unit.db"
    screen = drive(state, "i1 5m - o\nr\nn\n")
    assert "Reset the unit? Every card goes back to 15M" in screen
    assert "Not reset: the balances are kept." in screen
    assert balances(state)[1] == 10000
    screen = drive(state, "i1 r\n")                       # with a card in: only C
    assert "Reset the unit?" not in screen
    assert balances(state)[1] == 10000
    screen = drive(state, "o\nr\ny\nh\n")
    assert "Reset: every card holds 15M." in screen
    assert displays(screen)[-2] == "RESET"
    assert balances(state) == {c: 15000 for c in range(1, 7)}
    history = history_of(screen)
    assert "debit" not in history                         # the old game's history is gone
    assert history.count("starting money") == 6


def test_history_view_lists_every_transaction(tmp_path: Path) -> None:
    state = tmp_path / "unit.db"
    screen = drive(state, "i2 g 1.5m + 300k - o i2 1m t o i5 t o\nh\n")
    history = history_of(screen)
    for row in (r"bank\s+│ card 2 │ 2M\s+│ GO", r"bank\s+│ card 2 │ 1.5M\s+│ credit",
                r"card 2 │ bank\s+│ 300K\s+│ debit", r"card 2 │ card 5 │ 1M\s+│ transfer"):
        assert re.search(row, history), row
    assert "Balances: card 1: 15M, card 2: 17.2M" in history
    assert "card 5: 16M" in history


def test_volume_key(tmp_path: Path) -> None:
    state = tmp_path / "unit.db"
    screen = drive(state, "v\nv v\n")
    assert displays(screen)[1:] == ["VOL 3", "VOL 1"]
    assert "volume 1" in screen


def test_help_and_big_font() -> None:
    assert big("15M").splitlines() == [
        " █  ███ █   █",
        "██  █   ██ ██",
        " █  ███ █ █ █",
        " █    █ █   █",
        "███ ███ █   █",
    ]
    assert len(big("NO FUNDS").splitlines()) == 5
    assert big("~") == big("?")
    assert str(default_state_path("electronic-banking")).endswith(
        "bank-electronic-banking.sqlite3")


def test_command_errors(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                        tmp_path: Path) -> None:
    assert cli.main(["bank", "classic", "--state", str(tmp_path / "x.db")]) == 2
    assert "has no banking unit" in capsys.readouterr().err
    junk = tmp_path / "junk.db"
    junk.write_text("this is not a database, just some words " * 50)
    assert cli.main(["bank", "electronic-banking", "--state", str(junk)]) == 2
    assert "cannot use" in capsys.readouterr().err
    with pytest.raises(StoreError, match="'electronic-banking' unit"):
        UnitStore(tmp_path / "x2.db", kind="electronic-banking", start=1, go=1).close()
        UnitStore(tmp_path / "x2.db", kind="ultimate-banking", start=1, go=1)
    monkeypatch.setattr(sys, "stdin", io.StringIO("i1 1m +\n"))
    assert cli.main(["bank", "electronic-banking", "--state", str(tmp_path / "ok.db")]) == 0
    assert "Display: 16M" in capsys.readouterr().out


# ------------------------------------------------------------------ a real process


def command(state: Path) -> list[str]:
    return [sys.executable, "-m", "pennybags", "bank", "electronic-banking", "--state",
            str(state)]


def read_until(fd: int, pattern: str, timeout: float = 20.0) -> str:
    """Read from ``fd`` until ``pattern`` shows (ANSI codes removed)."""
    seen = ""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk.decode("utf-8", "replace")
            if re.search(pattern, ANSI.sub("", seen)):
                return ANSI.sub("", seen)
    raise AssertionError(f"never saw {pattern!r}; the screen was:\n{ANSI.sub('', seen)[-3000:]}")


def test_killed_mid_session_then_reopened(tmp_path: Path) -> None:
    """SIGKILL after a transfer and with a second one waiting: nothing is lost."""
    state = tmp_path / "unit.db"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100"}
    proc = subprocess.Popen(command(state), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(b"i1 3m t o i2 t o\n")
        proc.stdin.flush()
        read_until(proc.stdout.fileno(), r"Shown on the way: .*18M, READY")
        proc.stdin.write(b"i2 500k t o\n")
        proc.stdin.flush()
        read_until(proc.stdout.fileno(), r"PAY 500K")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert proc.returncode == -signal.SIGKILL
    assert balances(state) == {1: 12000, 2: 18000, 3: 15000, 4: 15000, 5: 15000, 6: 15000}
    screen = drive(state, "i3 t o\nh\n")
    assert "transfer of 500K from card 2 waits" in screen
    assert "Balances: card 1: 12M, card 2: 17.5M, card 3: 15.5M" in screen


def test_driven_through_a_pseudo_terminal(tmp_path: Path) -> None:
    """On a terminal each key acts at once (no Enter) and the screen is redrawn."""
    import pty

    state = tmp_path / "unit.db"
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "LINES": "40", "TERM": "xterm"}
    proc = subprocess.Popen(command(state), stdin=slave, stdout=slave, stderr=slave, env=env,
                            close_fds=True)
    os.close(slave)
    try:
        read_until(master, r"Display: READY")
        for key in "i1":
            os.write(master, key.encode())
        read_until(master, r"Display: 15M")
        for key in "600k":
            os.write(master, key.encode())
            time.sleep(0.02)
        read_until(master, r"Display: 600K")
        os.write(master, b"-")
        read_until(master, r"Display: 14\.4M")
        os.write(master, b"o")
        read_until(master, r"Display: READY")
        os.write(master, b"r")
        read_until(master, r"Type y to reset")
        os.write(master, b"n")
        read_until(master, r"Not reset")
        os.write(master, b"q")
        read_until(master, r"state is saved")
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        os.close(master)
    assert balances(state)[1] == 14400


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_driven_in_tmux(tmp_path: Path) -> None:
    state = tmp_path / "unit.db"
    name = f"pennybags-{uuid.uuid4().hex[:8]}"
    socket = str(tmp_path / "tmux.sock")
    tmux = ["tmux", "-S", socket]
    shell = " ".join(f"'{part}'" for part in command(state))
    subprocess.run([*tmux, "new-session", "-d", "-s", name, "-x", "100", "-y", "40", shell],
                   check=True)
    try:
        def screen() -> str:
            return subprocess.run([*tmux, "capture-pane", "-p", "-t", name], check=True,
                                  capture_output=True, text=True).stdout

        def wait_for(text: str) -> str:
            deadline = time.monotonic() + 20
            shown = ""
            while time.monotonic() < deadline:
                shown = screen()
                if text in shown:
                    return shown
                time.sleep(0.1)
            raise AssertionError(f"never saw {text!r}:\n{shown}")

        wait_for("Display: READY")
        for keys in ("i", "1", "2", ".", "2", "m", "t", "o", "i", "2", "t"):
            subprocess.run([*tmux, "send-keys", "-t", name, "-l", keys], check=True)
            time.sleep(0.05)
        shown = wait_for("Display: 17.2M")
        assert "█" in shown and "keys: i1-i6" in shown
        subprocess.run([*tmux, "send-keys", "-t", name, "-l", "q"], check=True)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and subprocess.run(
                [*tmux, "has-session", "-t", name], capture_output=True).returncode == 0:
            time.sleep(0.1)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
    assert balances(state)[1] == 12800
    assert balances(state)[2] == 17200
