"""Real services the server tests start themselves: a PostgreSQL server in a temporary folder,
and ``metatcg serve`` as a separate process (so it can be killed with SIGKILL).

PostgreSQL comes from Debian's ``postgresql`` package (``.ci/run`` installs it). The server
refuses to run as root, so as root it runs as the ``postgres`` user (``runuser``).
"""
from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pg_bin() -> Path | None:
    """The folder of PostgreSQL's server programs (initdb, pg_ctl), or None without PostgreSQL."""
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(d, "initdb").exists():
            return Path(d)
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _as_db_user(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextmanager
def postgres_server() -> Iterator[str]:
    """A fresh PostgreSQL cluster on a free loopback port; yields its URL (database ``metatcg``)."""
    bindir = pg_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
    root = Path(tempfile.mkdtemp(prefix="metatcg-pg-"))
    data = root / "data"
    port = free_port()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    try:
        subprocess.run(_as_db_user([str(bindir / "initdb"), "-D", str(data), "-U", "metatcg", "-A", "trust",
                                    "--no-sync", "-E", "UTF8"]), check=True, capture_output=True, timeout=120)
        subprocess.run(_as_db_user([str(bindir / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-w", "-t", "60",
                                    "-o", f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off",
                                    "start"]), check=True, capture_output=True, timeout=120)
        createdb = str(bindir / "createdb") if (bindir / "createdb").exists() else "createdb"
        subprocess.run(_as_db_user([createdb, "-h", "127.0.0.1", "-p", str(port), "-U", "metatcg", "metatcg"]),
                       check=True, capture_output=True, timeout=60)
        yield f"postgresql://metatcg@127.0.0.1:{port}/metatcg"
    finally:
        subprocess.run(_as_db_user([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True, timeout=60)
        shutil.rmtree(root, ignore_errors=True)


# the tests' scripted clients ask far faster than a person: the per-address limits are lifted
# (tests/test_server_limits.py checks the limits themselves)
LOOSE = ("--http-rate", "100000", "--games-per-minute", "100000")


class ServerProcess:
    """``metatcg serve`` on a free port, as its own process."""

    def __init__(self, db_url: str, port: int | None = None, args: tuple[str, ...] = LOOSE) -> None:
        self.db_url = db_url
        self.args = args
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> "ServerProcess":
        self.proc = subprocess.Popen([sys.executable, "-m", "metatcg", "serve", "--port", str(self.port),
                                      "--db", self.db_url, *self.args],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        end = time.time() + timeout
        while time.time() < end:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"metatcg serve exited with {self.proc.returncode}: {err[-2000:]}")
            try:
                if httpx.get(self.url + "/api/meta", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("metatcg serve did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when a machine loses power to the process."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
