"""Start the app as production runs it: gunicorn with the app's own workers and production
settings (tests.bench.settings: DEBUG off) on a fresh SQLite file or a fresh PostgreSQL database."""

from __future__ import annotations

import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = "tests.bench.settings"
CSRF = secrets.token_hex(16)  # any 32-character secret serves as the CSRF cookie


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def env_for(database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(DJANGO_SETTINGS_MODULE=SETTINGS, PYTHONPATH=str(ROOT), DATABASE_URL=database_url)
    return env


def run_script(database_url: str, *args: str) -> dict:
    """python -m tests.processes.seed ARGS in its own process; its JSON answer."""
    result = subprocess.run(
        [sys.executable, "-m", "tests.processes.seed", *args],
        cwd=ROOT,
        env=env_for(database_url),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@contextmanager
def fresh_database(kind: str, tmp: Path) -> Iterator[str]:
    """A migrated, empty database: a new SQLite file, or a new database on DATABASE_URL's
    PostgreSQL server (dropped afterwards)."""
    if kind == "sqlite":
        url = f"sqlite:///{tmp / 'phones.sqlite3'}"
        run_script(url, "migrate")
        yield url
        return
    import psycopg

    base = os.environ["DATABASE_URL"]
    parts = urlsplit(base)
    name = f"{parts.path.strip('/') or 'scorekeeper'}_phones_{uuid.uuid4().hex[:10]}"
    server = _libpq(urlunsplit(parts._replace(path="/postgres")))  # DATABASE_URL's may not exist
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        url = urlunsplit(parts._replace(path=f"/{name}"))
        run_script(url, "migrate")
        yield url
    finally:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _libpq(url: str) -> str:
    return url.replace("postgres://", "postgresql://", 1)


@dataclass
class Server:
    port: int
    pid: int = 0  # gunicorn's master process

    def request(
        self, method: str, path: str, *, session: str | None = None, data=None, htmx=True
    ) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            status, body = self.send(conn, method, path, session=session, data=data, htmx=htmx)
        finally:
            conn.close()
        return status, body

    def send(self, conn, method, path, *, session=None, data=None, htmx=True) -> tuple[int, str]:
        conn.request(method, path, urlencode(data or {}), self.headers(session, htmx=htmx))
        response = conn.getresponse()
        return response.status, response.read().decode()

    @staticmethod
    def headers(session: str | None, *, htmx: bool = True) -> dict[str, str]:
        cookie = f"csrftoken={CSRF}" + (f"; sessionid={session}" if session else "")
        headers = {
            "Cookie": cookie,
            "X-CSRFToken": CSRF,
            "Content-Type": "application/x-www-form-urlencoded",
            "Host": "testserver",
        }
        if htmx:
            headers["HX-Request"] = "true"
        return headers


@contextmanager
def gunicorn(
    database_url: str, *, workers: int = 4, threads: int = 1, log: Path | None = None, **env: str
) -> Iterator[Server]:
    """The app as `make serve` runs it (scorekeeper/hosting/serve.py): gunicorn's processes,
    each an event loop for the live streams and `threads` threads for every other request.
    `log`: a file for what the processes print (else the test's own output)."""
    from scorekeeper.hosting.serve import gunicorn_command

    port = _free_port()
    command = gunicorn_command(f"127.0.0.1:{port}", workers) + ["--log-level", "warning"]
    output = open(log, "w") if log is not None else None  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**env_for(database_url), "THREADS": str(threads), **env},
        stdout=output,
        stderr=subprocess.STDOUT if output is not None else None,
    )
    try:
        for _ in range(200):  # up to 20 s to start
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                assert server.poll() is None, "gunicorn did not start"
                time.sleep(0.1)
        yield Server(port, server.pid)
    finally:
        server.terminate()
        server.wait(timeout=20)
        if output is not None:
            output.close()
