"""A real PostgreSQL server for the web tests: Debian's ``postgresql`` package, a cluster
made in a temporary folder and started on a free port for the test session, stopped at its
end. PostgreSQL refuses to run as root: as root the cluster belongs to the ``postgres``
user the package makes, and its commands run as that user. Tests that need it are skipped,
saying why, when the binaries are not installed (``apt-get install postgresql``)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


def postgres_bin() -> Path | None:
    """The folder of the newest installed PostgreSQL's initdb and pg_ctl."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name)
                   if Path(p).parent.parent.name.isdigit() else 0)
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class PostgresServer:
    port: int
    folder: Path

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def new_database(self) -> str:
        """A new empty database's URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    pytest.importorskip("psycopg", reason="psycopg (the web extra) is not installed")
    bindir = postgres_bin()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql): "
                    "no /usr/lib/postgresql/*/bin/initdb")
    run_as: list[str] = []
    owner: pwd.struct_passwd | None = None
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no 'postgres' user to run "
                        "PostgreSQL as (PostgreSQL refuses root)")
        runuser = shutil.which("runuser")
        if runuser is None:
            pytest.skip("running as root without runuser to run PostgreSQL as 'postgres'")
        run_as = [runuser, "-u", "postgres", "--"]
    folder = Path(tempfile.mkdtemp(prefix="pennybags-pg-"))
    if owner is not None:
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    data = folder / "data"
    port = free_port()
    subprocess.run([*run_as, str(bindir / "initdb"), "-D", str(data), "-U", "postgres",
                    "-A", "trust", "-E", "UTF8", "--no-sync"],
                   check=True, capture_output=True)
    options = (f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -F "
               "-c max_connections=100")
    started = subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-l",
                              str(folder / "log"), "-o", options, "-w", "-t", "60", "start"],
                             capture_output=True, text=True)
    if started.returncode != 0:
        log = (folder / "log").read_text() if (folder / "log").exists() else ""
        raise AssertionError(f"PostgreSQL did not start: {started.stderr}\n{log}")
    try:
        yield PostgresServer(port=port, folder=folder)
    finally:
        subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "-w", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
