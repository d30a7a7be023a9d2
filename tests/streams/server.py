"""The app with its live streams, served by uvicorn in a thread of the test process (as
pytest-django's live_server serves the WSGI app): the same database as the test, one port that
can be stopped and started again (a restart, as a page sees one)."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import quote

import uvicorn
from django.db import connections


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def close_connections(pool: ThreadPoolExecutor) -> None:
    """Each of the pool's threads closes the database connection it keeps (CONN_MAX_AGE), and
    the pool ends, as at a server process's end: else PostgreSQL refuses to drop the test
    database at the end of the run while those connections are open."""
    threads = pool._max_workers  # as many calls as threads, each held until all have begun
    barrier = threading.Barrier(threads)

    def close() -> None:
        barrier.wait(timeout=10)  # one call in each thread
        connections.close_all()

    for closed in [pool.submit(close) for _ in range(threads)]:
        closed.result()
    pool.shutdown()


class StreamServer:
    """start(), stop(), start() again on the same port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None
        self.django = None  # Django on its pool of threads (a2wsgi), made anew by each start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        from a2wsgi import WSGIMiddleware
        from django.core.handlers.wsgi import WSGIHandler

        from scorekeeper.streams import hub
        from scorekeeper.streams.app import router

        hub._hub = None  # a new process's watcher, as after a restart
        self.django = WSGIMiddleware(WSGIHandler(), workers=4)
        config = uvicorn.Config(
            router(self.django),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        for _ in range(100):
            if self.server.started:
                return
            time.sleep(0.05)
        raise RuntimeError("uvicorn did not start")

    def stop(self) -> None:
        from scorekeeper.streams import hub

        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(timeout=10)
            self.server = self.thread = None
            close_connections(self.django.executor)
            if hub._hub is not None:  # the watcher's threads
                close_connections(hub._hub.database)
                close_connections(hub._hub.work)
                hub._hub = None


@dataclass
class Event:
    name: str
    data: str
    id: str


class Stream:
    """A page's stream, read by a test: events one by one, with a time limit."""

    def __init__(self, port: int, polls: list[str], headers: dict | None = None) -> None:
        query = "&".join("f=" + quote(p, safe="") for p in polls)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers = {"Host": "testserver", **(headers or {})}
        self.conn.request("GET", f"/stream/?{query}", headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status

    def next(self, timeout: float = 5.0) -> Event | None:
        """The next event (heartbeats and the retry line skipped); None if the stream ended."""
        self.conn.sock.settimeout(timeout)
        fields: dict[str, list[str]] = {}
        while True:
            line = self.response.readline()
            if not line:
                return None
            text = line.decode().rstrip("\n")
            if text == "":
                if "event" in fields:
                    data = "\n".join(fields.get("data", []))
                    return Event(fields["event"][0], data, "".join(fields.get("id", [])))
                fields = {}
                continue
            if text.startswith(":"):
                continue
            name, _, value = text.partition(":")
            fields.setdefault(name, []).append(value[1:] if value.startswith(" ") else value)

    def close(self) -> None:
        self.conn.close()
