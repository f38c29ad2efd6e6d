"""Keys and lines typed at a terminal, for the fronts that wait on them with a timer (the
terminal game's live auctions, the banking units).

:class:`KeySource` and :class:`TerminalKeys` give the Electronic Banking companion its keys
(every character of a line, or one key at a time from a terminal in :func:`cbreak` mode).
:func:`wait_line` gives the Ultimate Banking companion a line typed within a timeout, so
that the auction timer runs while nobody types: a terminal is waited on with ``select``;
a pipe is read through :class:`InputLines` (straight from its descriptor, so that
``select`` is not fooled by lines Python has already buffered); input that cannot be
waited on gives its next line at once.

It sits below both fronts (``pennybags.terminal``, ``pennybags.banking``) and imports
neither, so they share it without importing each other.
"""

from __future__ import annotations

import contextlib
import os
import select
import time
from collections import deque
from collections.abc import Iterator
from typing import Any, TextIO


class KeySource:
    """Keys from lines of text: every character is a key, the end of a line is ``\\n``."""

    def __init__(self, infile: TextIO) -> None:
        self.infile = infile
        self.buffer: list[str] = []
        self.every_key = False
        """True when the screen is redrawn after every key (a terminal in cbreak mode)."""

    def push(self, key: str) -> None:
        """Put a key back: it is the next one read."""
        self.buffer.insert(0, key)

    def next(self) -> str | None:
        """The next key, None at the end of the input."""
        if not self.buffer:
            line = self.infile.readline()
            if not line:
                return None
            self.buffer = [*line.rstrip("\r\n"), "\n"]
        return self.buffer.pop(0)


class TerminalKeys(KeySource):
    """Keys straight from a terminal, one at a time (cbreak mode, no echo)."""

    def __init__(self, infile: TextIO) -> None:
        super().__init__(infile)
        self.every_key = True
        self.fd = infile.fileno()

    def next(self) -> str | None:
        if self.buffer:
            return self.buffer.pop(0)
        data = os.read(self.fd, 1)
        if not data or data == b"\x04":
            return None
        if data == b"\x03":
            raise KeyboardInterrupt
        return "\n" if data in (b"\r", b"\n") else data.decode("latin-1")


@contextlib.contextmanager
def cbreak(infile: TextIO) -> Iterator[bool]:
    """Put a terminal in cbreak mode (keys one by one, not echoed) while inside; yields
    whether it did (False for a pipe or a file)."""
    try:
        import termios
        import tty
    except ImportError:  # pragma: no cover - not on POSIX
        yield False
        return
    if not infile.isatty():
        yield False
        return
    fd = infile.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield True
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


# ====================================================================== lines with a timeout


class InputLines:
    """Lines read straight from a file descriptor (a pipe), with :meth:`wait_line`; it
    stands in for the input file (``readline``, ``isatty``, ``fileno``)."""

    def __init__(self, infile: TextIO) -> None:
        self.fd = infile.fileno()
        self.lines: deque[str] = deque()
        self.partial = b""
        self.eof = False

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self.fd

    def _fill(self, timeout: float | None) -> None:
        """Read what the descriptor has (waiting up to ``timeout``; None: until data)."""
        if timeout is not None:
            ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
            if not ready:
                return
        data = os.read(self.fd, 65536)
        if not data:
            self.eof = True
            if self.partial:
                self.lines.append(self.partial.decode("utf-8", "replace") + "\n")
                self.partial = b""
            return
        self.partial += data
        *whole, self.partial = self.partial.split(b"\n")
        self.lines.extend(w.decode("utf-8", "replace") + "\n" for w in whole)

    def readline(self) -> str:
        while not self.lines and not self.eof:
            self._fill(None)
        return self.lines.popleft() if self.lines else ""

    def wait_line(self, timeout: float) -> str | None:
        """A line typed within ``timeout`` seconds, None if none; EOFError at the end."""
        end = time.monotonic() + timeout
        while not self.lines and not self.eof:
            left = end - time.monotonic()
            if left <= 0:
                break
            self._fill(left)
        if self.lines:
            return self.lines.popleft().rstrip("\r\n")
        if self.eof:
            raise EOFError
        return None


def has_descriptor(infile: Any) -> bool:
    try:
        infile.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return True


def timed_input(infile: TextIO) -> TextIO | InputLines:
    """The input for a companion with a timer: a pipe is read through :class:`InputLines`;
    a terminal, or a file object without a descriptor, as it is."""
    if has_descriptor(infile) and not infile.isatty():
        return InputLines(infile)
    return infile


def wait_line(infile: Any, timeout: float) -> str | None:
    """A line typed within ``timeout`` seconds (None: nothing typed yet); EOFError at the
    end of the input. Input that cannot be waited on gives its next line at once."""
    waiting = getattr(infile, "wait_line", None)
    if callable(waiting):
        line: str | None = waiting(timeout)
        return line
    try:
        fd = infile.fileno()
        tty = bool(infile.isatty())
    except (AttributeError, OSError, ValueError):
        fd, tty = -1, False
    if tty:
        ready, _, _ = select.select([fd], [], [], max(0.0, timeout))
        if not ready:
            return None
    text = infile.readline()
    if not text:
        raise EOFError
    return str(text).rstrip("\r\n")
