"""``status.json``: how far a run is, for another shell, the report and the next run.

DuckDB lets one process at a time open the store, so a run also writes a small JSON file
beside it, replaced whole (write, then rename) at every batch::

    {"title": ..., "games": 300, "stored": 120, "state": "running", "running": true,
     "pid": 4242, "host": "lab-1", "boot": "...", "start_ticks": 123456,
     "started": 1718000000.0, "updated": 1718000042.5}

``state`` is ``running``, ``complete`` or ``interrupted`` (Ctrl-C, SIGTERM or an error:
the run wrote what it had finished and stopped). A run killed outright (SIGKILL, power cut)
cannot write anything, so its file still says ``running``: :func:`read_status` therefore
checks that the process named in it is alive (same host; the same pid *and* the same start
time, so a pid reused by another process does not count) and reports a status whose
process is gone as ``interrupted``. Read the file with :func:`read_status`, not by hand.
"""

from __future__ import annotations

import json
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

STATUS_FILE = "status.json"
STATES = ("running", "complete", "interrupted")


def _boot_id() -> str | None:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip() or None
    except OSError:
        return None


def _proc_stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and start time (clock ticks after boot), from /proc; None
    when there is no such process (or no /proc)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[19])


def process_identity(pid: int | None = None) -> dict[str, Any]:
    """What names a process beyond its pid (which the system reuses): the host, the boot
    and the process's start time. ``pid`` defaults to this process."""
    pid = os.getpid() if pid is None else pid
    stat = _proc_stat(pid)
    return {"pid": pid, "host": socket.gethostname(), "boot": _boot_id(),
            "start_ticks": stat[1] if stat else None}


def process_alive(owner: dict[str, Any]) -> bool | None:
    """Whether the process named by ``owner`` (from :func:`process_identity`) still runs:
    None when that cannot be known from here (another host)."""
    pid = owner.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return False
    if owner.get("host") != socket.gethostname():
        return None
    boot = _boot_id()
    if owner.get("boot") and boot and owner["boot"] != boot:
        return False  # the machine restarted since
    stat = _proc_stat(pid)
    if stat is not None:
        state, start = stat
        if state in ("Z", "X"):
            return False  # dead, not yet reaped
        return owner.get("start_ticks") in (None, start)
    if Path("/proc/self/stat").exists():
        return False  # /proc works and has no such process
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass(frozen=True)
class Status:
    """A status as its readers should take it (see the module's documentation)."""

    title: str
    games: int
    stored: int
    state: str
    """``running``, ``complete`` or ``interrupted``."""
    pid: int | None
    host: str | None
    started: float | None
    updated: float | None
    killed: bool = False
    """The file said ``running`` but its process is gone: killed outright."""
    unchecked: bool = False
    """``running`` on another host: its process cannot be checked from here."""

    def who(self) -> str:
        """"pid 4242 on lab-1, started 2024-06-10 12:00:00"."""
        who = f"pid {self.pid}" + (f" on {self.host}" if self.host else "")
        if self.started:
            who += ", started " + time.strftime("%Y-%m-%d %H:%M:%S",
                                                time.localtime(self.started))
        return who

    def why(self) -> str:
        """Why an interrupted run stopped."""
        return "killed outright: its process is gone" if self.killed else \
            "stopped before the end"

    def words(self, subject: str = "the run") -> str:
        """One line for people; ``subject`` names the run."""
        games = f"{self.stored} of {self.games} games stored"
        if self.state == "running":
            check = " (on another machine: not checked from here)" if self.unchecked else ""
            return f"{subject} ({self.who()}) is writing these results{check}: {games}"
        if self.state == "complete":
            return f"complete: {games} ({subject}: {self.who()})"
        return f"{subject} ({self.who()}) was interrupted ({self.why()}): {games}"


def write_status(folder: Path, *, title: str, games: int, stored: int, state: str,
                 started: float, owner: dict[str, Any] | None = None) -> None:
    """Replace ``folder/status.json`` whole. ``owner`` is the writing process
    (:func:`process_identity`; this process by default)."""
    if state not in STATES:
        raise ValueError(f"unknown state {state!r}")
    status = {"title": title, "games": games, "stored": stored, "state": state,
              "running": state == "running", **(owner or process_identity()),
              "started": started, "updated": time.time()}
    target = folder / STATUS_FILE
    tmp = target.with_name(f".{STATUS_FILE}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(status) + "\n", encoding="utf-8")
    os.replace(tmp, target)


def read_status(folder: Path) -> Status | None:
    """The status in ``folder`` as it really is: a ``running`` status whose process is
    gone is ``interrupted``. None when there is no readable status."""
    try:
        raw = json.loads((folder / STATUS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict):
        return None
    state = raw.get("state")
    if state not in STATES:  # a file written before states: only "running" true or false
        running = raw.get("running")
        if not isinstance(running, bool):
            return None
        state = "running" if running else "interrupted"

    def number(key: str) -> float | None:
        value = raw.get(key)
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) \
            else None

    killed = unchecked = False
    if state == "running":
        alive = process_alive(raw)
        if alive is False:
            state, killed = "interrupted", True
        unchecked = alive is None
    pid, host = raw.get("pid"), raw.get("host")
    return Status(title=str(raw.get("title", "")), games=int(number("games") or 0),
                  stored=int(number("stored") or 0), state=str(state),
                  pid=pid if isinstance(pid, int) else None,
                  host=host if isinstance(host, str) else None,
                  started=number("started"), updated=number("updated"),
                  killed=killed, unchecked=unchecked)


def is_this_process(status: Status) -> bool:
    return status.pid == os.getpid() and status.host == socket.gethostname()
