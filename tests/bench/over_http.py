"""The record benchmark over HTTP, as a phone meets it: gunicorn (one sync worker, production
settings, the same SQLite file) on 127.0.0.1, one connection per request, A B C A B C: the record
request, the bare insert, and the same record unrendered (tests/bench/urls.py)."""

from __future__ import annotations

import http.client
import os
import secrets
import socket
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

from django.test import Client
from django.urls import reverse

from .record import RecordFigures

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def gunicorn() -> Callable:
    port = _free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.bench.settings", "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "scorekeeper.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        for _ in range(100):  # up to 10 s to start
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=10)


def measure_http(
    game, next_post: Callable[[], dict], *, rounds: int, warmup: int = 30
) -> RecordFigures:
    client = Client()
    client.force_login(game.owner)  # a session row in the shared database
    session = client.cookies["sessionid"].value
    csrf = secrets.token_hex(16)  # any 32-character secret works as the CSRF cookie
    headers = {
        "Cookie": f"sessionid={session}; csrftoken={csrf}",
        "X-CSRFToken": csrf,
        "HX-Request": "true",
        "Content-Type": "application/x-www-form-urlencoded",
        "Host": "testserver",
    }
    record_url = reverse("deal_record", args=[game.pk])
    bare_url = reverse("bench_bare_insert", args=[game.pk])
    unrendered_url = reverse("bench_unrendered_record", args=[game.pk])
    with gunicorn() as port:

        def post(url: str, data: dict) -> tuple[float, int, int]:
            body = urlencode(data, doseq=True)
            started = time.perf_counter()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("POST", url, body, headers)
            response = conn.getresponse()
            content = response.read()
            took = time.perf_counter() - started
            conn.close()
            return took, response.status, len(content)

        def record(url: str) -> tuple[float, int]:
            data = next_post()
            data["token"] = str(uuid.uuid4())
            took, status, size = post(url, data)
            assert status == 200, status
            return took, size

        records, bares, unrendered, sizes = [], [], [], []
        for i in range(warmup + rounds):
            took, size = record(record_url)
            bare_took, bare_status, _ = post(bare_url, {})
            assert bare_status == 200, bare_status
            unrendered_took, _ = record(unrendered_url)
            if i >= warmup:
                records.append(took)
                bares.append(bare_took)
                unrendered.append(unrendered_took)
                sizes.append(size)
    ratios = [r / b for r, b in zip(records, bares, strict=True)]
    return RecordFigures(
        game.kind,
        statistics.median(records) * 1000,
        statistics.median(bares) * 1000,
        statistics.median(ratios),
        max(sizes) / 1024,
        statistics.median(u / b for u, b in zip(unrendered, bares, strict=True)),
    )
