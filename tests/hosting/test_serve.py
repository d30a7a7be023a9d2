"""`make serve` for real (the program it runs): production settings on a fresh SQLite file,
the key made once and kept, static files compressed, plain HTTP unless HTTPS=true."""

from __future__ import annotations

import http.client
import os
import re
import socket
import stat
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# One worker runs these (pytest-xdist): each start collects the static files into the one
# STATIC_ROOT, which two at once would write over each other.
pytestmark = [pytest.mark.processes, pytest.mark.xdist_group("collectstatic")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(tmp_path: Path, **env: str):
    port = _free_port()
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "SECRET_KEY", "HTTPS", "ALLOWED_HOSTS", "DJANGO_SETTINGS_MODULE")
    }
    clean.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        PORT=str(port),
        WORKERS="2",
        DEBUG="true",  # make serve turns it off whatever the shell says
        **env,
    )
    log = open(tmp_path / f"serve-{port}.log", "w+")  # noqa: SIM115 - read after the server ends
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.hosting.serve"],
        cwd=ROOT,
        env=clean,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(600):  # migrations and collectstatic first: up to 60 s
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                assert server.poll() is None, (tmp_path / f"serve-{port}.log").read_text()
                time.sleep(0.1)
        yield port, log
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def get(port: int, path: str, **headers: str) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.body = response.read()
    conn.close()
    return response


def output(log) -> str:
    log.flush()
    log.seek(0)
    return log.read()


def test_serve_runs_production_settings_over_plain_http_and_keeps_its_key(tmp_path):
    key_path = tmp_path / "db.sqlite3.secret_key"
    with serving(tmp_path) as (port, log):
        assert get(port, "/healthz").status == 200
        login = get(port, "/login/")
        assert login.status == 200  # plain HTTP: no redirect to https
        page = login.body.decode()
        assert "Secure" not in (login.getheader("Set-Cookie") or "")
        css = re.search(r"/static/css/app\.[0-9a-f]{12}\.css", page)  # hashed: collected
        assert css, page[:500]
        static = get(port, css[0], **{"Accept-Encoding": "gzip"})
        assert static.status == 200 and static.getheader("Content-Encoding") == "gzip"
        assert "immutable" in static.getheader("Cache-Control")
        assert get(port, "/no-such-page/").status == 404  # DEBUG off: no debug page
        assert get(port, "/healthz", Host="evil.example").status == 200
        assert get(port, "/login/", Host="evil.example").status == 400
        # The live streams are served beside the pages (scorekeeper/streams): asked to follow
        # nothing, the stream endpoint says so, and a stream of a page on another host opens not.
        assert get(port, "/stream/").status == 400
        watch = "/stream/?f=%2Fwatch%2Fnone%2Flive%2F"
        assert get(port, watch).status == 404
        assert get(port, watch, Host="evil.example").status == 400
        said = output(log)
    assert "made a secret key and kept it in " + str(key_path) in said
    assert stat.S_IMODE(key_path.stat().st_mode) == 0o600
    key = key_path.read_text()
    with serving(tmp_path) as (port, log):  # the second start keeps the same key
        assert get(port, "/healthz").status == 200
        said = output(log)
    assert "using the secret key in " + str(key_path) in said and key_path.read_text() == key


def test_serve_behind_a_proxy_that_terminates_https(tmp_path):
    with serving(tmp_path, HTTPS="true", SECRET_KEY="proxy-test-" + "k" * 50) as (port, log):
        plain = get(port, "/login/")
        assert plain.status == 301 and plain.getheader("Location").startswith("https://")
        proxied = get(port, "/login/", **{"X-Forwarded-Proto": "https"})
        assert proxied.status == 200 and "Secure" in proxied.getheader("Set-Cookie")
        assert "max-age=" in proxied.getheader("Strict-Transport-Security")
        assert get(port, "/healthz").status == 200  # the proxy checks over plain HTTP
    assert not (tmp_path / "db.sqlite3.secret_key").exists()  # the environment's key


def test_workers_are_one_per_core_unless_workers_says(monkeypatch):
    from scorekeeper.hosting.serve import workers

    monkeypatch.delenv("WORKERS", raising=False)
    assert workers() == len(os.sched_getaffinity(0))
    monkeypatch.setenv("WORKERS", "3")
    assert workers() == 3
    monkeypatch.setenv("WORKERS", "three")
    with pytest.raises(SystemExit, match="WORKERS must be a whole number"):
        workers()


def test_with_a_database_server_serve_asks_for_the_key_every_server_shares(monkeypatch):
    from scorekeeper.hosting.serve import ensure_secret_key

    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("DATABASE_URL", "postgres://scorekeeper@db.internal:5432/scorekeeper")
    with pytest.raises(SystemExit, match="set SECRET_KEY"):
        ensure_secret_key()
    monkeypatch.setenv("SECRET_KEY", "shared-by-every-app-server")
    ensure_secret_key()  # nothing to make


def test_each_worker_has_four_threads_unless_threads_says(monkeypatch):
    from scorekeeper.hosting.serve import threads

    monkeypatch.delenv("THREADS", raising=False)
    assert threads() == 4
    monkeypatch.setenv("THREADS", "1")  # gunicorn's sync workers
    assert threads() == 1
    monkeypatch.setenv("THREADS", "many")
    with pytest.raises(SystemExit, match="THREADS must be a whole number"):
        threads()
