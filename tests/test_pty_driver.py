"""The pseudo-terminal driver the terminal tests use: what it gives the command it starts,
and what it says when a command hangs."""

from __future__ import annotations

import re
import signal
import sys

import pytest

from pty_driver import in_pty


def test_the_command_starts_with_ctrl_c_as_at_a_new_terminal() -> None:
    # Even where the tests run with SIGINT ignored and blocked (a background job, some CI
    # runners), the command gets Ctrl-C from the terminal.
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGINT])
    try:
        code, out = in_pty([sys.executable, "-c", "print('ready'); input()"],
                           [("ready", b"\x03")], timeout=60)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
        signal.signal(signal.SIGINT, previous)
    assert "KeyboardInterrupt" in out
    assert code == -signal.SIGINT  # Python ends itself by the signal it did not handle


def test_a_hung_command_is_reported_with_its_state_and_python_stack() -> None:
    script = "import time\ndef waiting_forever():\n    time.sleep(600)\nwaiting_forever()"
    with pytest.raises(TimeoutError) as hung:  # (ten seconds: time to start, even loaded)
        in_pty([sys.executable, "-c", script], [], timeout=10)
    message = str(hung.value)
    assert "State:" in message
    assert "SigBlk:" in message
    assert "waiting_forever" in message
    # The terminal's side: Ctrl-C makes a signal, sent to the command's own group.
    group = re.search(r"ISIG on; foreground group (\d+), the command's (\d+)", message)
    assert group and group[1] == group[2], message
