"""Driving a real command on a pseudo-terminal, as a person at a keyboard would: each key is
typed once the command has written the prompt it answers (used by the terminal tests)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import time
from collections.abc import Sequence
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
"""Colour and cursor sequences, and carriage returns: what the output is read without."""


def in_pty(argv: Sequence[str], typed: Sequence[tuple[str, bytes]], *, columns: int = 200,
           lines: int = 50, cwd: Path | None = None, timeout: float = 180) -> tuple[int, str]:
    """Run ``argv`` on a pseudo-terminal of ``columns`` x ``lines`` (in ``cwd``), typing
    each key once the output since the last key holds the text given with it (so that a
    key is never typed before the prompt it answers). The environment's NO_COLOR, COLUMNS
    and LINES are left out: the terminal's own size and colours count. Returns the exit
    status and the output without colours. ``timeout`` (seconds, from the start) only
    tells a hung command from a slow one: on a machine loaded by a parallel test run a
    command's start-up alone has taken tens of seconds."""
    pid, fd = pty.fork()
    if pid == 0:  # the child, whose controlling terminal the pseudo-terminal is
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
            if cwd is not None:
                os.chdir(cwd)
            # Signals as a new terminal session has them: none blocked, none ignored (an
            # ignored or blocked SIGINT would be inherited through exec, and Ctrl-C would
            # do nothing).
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGTERM, signal.SIGHUP):
                signal.signal(sig, signal.SIG_DFL)
            env = {k: v for k, v in os.environ.items()
                   if k not in ("NO_COLOR", "COLUMNS", "LINES")}
            # Should the command hang, SIGABRT makes Python write where each thread was.
            env["PYTHONFAULTHANDLER"] = "1"
            os.execve(argv[0], list(argv), env)
        finally:
            os._exit(127)
    deadline = time.monotonic() + timeout
    chunks: list[bytes] = []
    since = 0

    def text(start: int = 0) -> str:
        return ANSI.sub("", b"".join(chunks[start:]).decode(errors="replace"))

    def hung() -> str:
        """What the hung command was doing: its state and signals from /proc (where there
        is one), then, after SIGABRT, the Python stacks that faulthandler writes."""
        try:
            status = Path(f"/proc/{pid}/status").read_text().splitlines()
            state = "; ".join(line for line in status
                              if line.startswith(("State", "SigPnd", "ShdPnd", "SigBlk",
                                                  "SigIgn", "SigCgt")))
        except OSError:
            state = "no /proc status"
        # The terminal's side: whether Ctrl-C makes a signal (ISIG) and whom it goes to
        # (the foreground process group, which should be the command's own).
        try:
            isig = bool(termios.tcgetattr(fd)[3] & termios.ISIG)
            state += f"; ISIG {'on' if isig else 'off'}"
            state += f"; foreground group {os.tcgetpgrp(fd)}, the command's {os.getpgid(pid)}"
        except OSError as error:
            state += f"; terminal not read: {error}"
        before = len(chunks)
        os.kill(pid, signal.SIGABRT)
        end = time.monotonic() + 5
        while time.monotonic() < end and select.select([fd], [], [], 0.5)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        stacks = text(before)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        del chunks[before:]
        return f"its state: {state}; its stacks: {stacks!r}"

    def read_more() -> bool:
        """Read what the command wrote next; False when it closed the terminal."""
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise TimeoutError(f"the command hung; {hung()}; its output: {text()!r}")
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the command has ended
            return False
        chunks.append(chunk)
        return bool(chunk)

    try:
        for wanted, key in typed:
            while wanted not in text(since):
                if not read_more():
                    raise AssertionError(f"the command ended before {wanted!r}: {text()!r}")
            since = len(chunks)
            os.write(fd, key)
        while read_more():
            pass
    finally:
        os.close(fd)
        _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), text()
