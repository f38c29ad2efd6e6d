"""``pennybags serve``: its help and errors, and the real server (uvicorn, WebSockets) in a
process of its own, killed and started again on the same database."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import connect

from pennybags.cli import main

READY_WITHIN = 60.0
"""Seconds a server process may take to start listening (a loaded machine is slow)."""


def test_serve_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["serve", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "--db" in out and "--host" in out and "--port" in out and "docs/serve.md" in out
    assert "--keep-finished-days" in out and "--keep-idle-days" in out


def test_serve_refuses_what_it_cannot_use(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    assert main(["serve", "--db", "mysql://localhost/rooms"]) == 2
    assert "unknown database 'mysql'" in capsys.readouterr().err
    assert main(["serve", "--db", f"postgresql://nobody@127.0.0.1:{free_port()}/rooms"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the PostgreSQL database rooms" in err and "Traceback" not in err
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert main(["serve", "--db", str(blocker / "rooms.sqlite3")]) == 2
    assert "cannot make the folder" in capsys.readouterr().err
    assert main(["serve", "--bot-delay", "-1", "--db", str(tmp_path / "r.sqlite3")]) == 2
    assert "--bot-delay" in capsys.readouterr().err
    assert main(["serve", "--port", "70000", "--db", str(tmp_path / "r.sqlite3")]) == 2
    assert "--port" in capsys.readouterr().err
    for option in ("--keep-finished-days", "--keep-idle-days"):
        assert main(["serve", option, "-1", "--db", str(tmp_path / "r.sqlite3")]) == 2
        assert f"{option} is from 0 (forever)" in capsys.readouterr().err


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def server(db: Path, port: int) -> Iterator[str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen(
        [sys.executable, "-m", "pennybags", "serve", "--port", str(port), "--db", str(db),
         "--bot-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + READY_WITHIN
        while True:
            try:
                httpx.get(f"{base}/api/editions", timeout=2.0)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    err = process.stderr.read().decode() if process.stderr else ""
                    raise AssertionError(f"the server did not start: {err}") from None
                time.sleep(0.1)
        yield base
    finally:
        process.send_signal(signal.SIGKILL)  # as hard a stop as a server can get
        process.wait()
        if process.stderr:
            process.stderr.close()


def hello(base: str, code: str, token: str) -> dict[str, Any]:
    with connect(base.replace("http", "ws") + f"/ws/{code}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        kinds = []
        for _ in range(3):
            message = json.loads(ws.recv())
            kinds.append(message["type"])
        assert kinds == ["welcome", "board", "state"]
        return dict(message)


def test_a_killed_server_starts_again_where_the_game_stood(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    port = free_port()
    with server(db, port) as base:
        page = httpx.get(f"{base}/")
        assert page.status_code == 200 and "script" in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
        for name in ("room.js", "board.js", "lobby.js", "common.js", "style.css"):
            assert httpx.get(f"{base}/static/{name}").status_code == 200
        made = httpx.post(f"{base}/api/rooms", json={
            "edition": "classic", "seed": 5,
            "seats": [{"name": "Ann"}, {"bot": "standard"}, {"bot": "simple"}]}).json()
        code = made["room"]
        token = httpx.post(f"{base}/api/rooms/{code}/join", json={"seat": 0}).json()["token"]
        assert httpx.post(f"{base}/api/rooms/{code}/start",
                          json={"host_token": made["host_token"]}).status_code == 200
        with connect(base.replace("http", "ws") + f"/ws/{code}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            for _ in range(3):
                state = json.loads(ws.recv())
            for _ in range(8):
                if state["view"]["over"]:
                    break
                ws.send(json.dumps({"type": "act", "action": state["choices"][0]["action"],
                                    "seen": state["index"]}))
                answer = json.loads(ws.recv())
                assert answer["type"] == "state" and answer.pop("accepted") == state["index"]
                state = answer
        before = hello(base, code, token)
        assert before == state
    with server(db, port) as base:
        assert hello(base, code, token) == before
