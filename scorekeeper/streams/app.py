"""The stream endpoint, `/stream/?f=<poll address>&f=...`: plain ASGI, no Django on the loop.

Opening: each address must be a poll of this site that the page may ask (asked in process with
the page's cookies: a stranger's, a revoked link's or a logged-out page's stream is refused with
the poll's own status, and the page falls back to its poll, which says why). Then the stream
says how long to wait before coming back (jittered per stream, so a restart does not bring
every page back in the same second), gets a snapshot of whatever the page has missed (its `v`,
or Last-Event-ID on a reconnect) and every change after, and a heartbeat while quiet.
"""

from __future__ import annotations

import asyncio
import os
import random
import resource
from http.cookies import CookieError, SimpleCookie
from types import SimpleNamespace
from urllib.parse import parse_qs

from . import events, inprocess, render, stamps
from .hub import ALLOWED, CLOSE, Subscriber, hub, session_of
from .topics import Topic, topics_of

PREFIX = "/stream/"
HEARTBEAT_SECONDS = 15.0
# Open files a process keeps for everything but streams: its database connections, the listening
# socket, the files it reads; past that a new stream would fail to accept (EMFILE) as a 500.
FILES_KEPT = 64


def _most_streams() -> int:
    """Streams a process holds, then 503: STREAM_MOST, but always below its open-file limit."""
    wanted = int(os.environ.get("STREAM_MOST", "20000"))
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - max(FILES_KEPT, soft // 8)))


MOST_STREAMS = _most_streams()
# One client's share of a process's streams: a browser's session (a person with several pages
# open), and an address (a hall's phones behind one public address, or one script).
STREAMS_PER_SESSION = int(os.environ.get("STREAMS_PER_SESSION", "16"))
STREAMS_PER_ADDRESS = int(os.environ.get("STREAMS_PER_ADDRESS", "300"))


async def _plain(send, status: int, text: str, extra: list | None = None) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"cache-control", b"no-store")]
    await send(
        {"type": "http.response.start", "status": status, "headers": headers + (extra or [])}
    )
    await send({"type": "http.response.body", "body": text.encode()})


def check(environ: dict, topics: list[Topic]) -> tuple[int, str, dict, str | None]:
    """In a worker thread: the polls' verdict (the first refusal's status, else 200; a stream
    follows all of its polls or none), the page's language, and the stamps the page has. The
    stamps are read before the polls are asked: a poll that says the page is current (204) says
    so of a state at least that new, so nothing made in between is missed (it is sent)."""
    before = stamps.read([t.key for t in topics if t.kind == "follow"])  # the others: their `v`
    known = {}
    for topic in topics:
        answer = inprocess.ask(environ, topic.path, topic.query_with(topic.stamp))
        if answer.status not in ALLOWED:
            return answer.status, "", {}, None
        current = answer.status != 200 and before.get(topic.key) is not None
        known[topic.key] = before[topic.key] if current else topic.stamp  # else as the page says
    return 200, render.language_of(environ), known, session_of(environ)


async def stream_app(scope, receive, send) -> None:
    if scope["method"] != "GET":
        await _plain(send, 405, "GET only", [(b"allow", b"GET")])
        return
    query = parse_qs(scope.get("query_string", b"").decode("latin1"))
    topics = topics_of(query.get("f", []))
    if not topics:
        await _plain(send, 400, "Nothing to follow.")
        return
    watcher = hub()
    if watcher.streams >= MOST_STREAMS:
        await _plain(send, 503, "Too many streams here.", [(b"retry-after", b"10")])
        return
    environ = inprocess.environ_from(scope)
    clients = client_keys(environ)
    if any(watcher.clients[key] >= most for key, most in clients):
        await _plain(send, 503, "Too many streams from here.", [(b"retry-after", b"30")])
        return
    last = environ.get("HTTP_LAST_EVENT_ID", "")
    if last:
        known = events.last_ids(last, len(topics))
        topics = [
            Topic(t.kind, t.ident, t.shared, t.path, t.query, k or t.stamp)
            for t, k in zip(topics, known, strict=True)
        ]
    loop = asyncio.get_running_loop()
    checked = await loop.run_in_executor(watcher.work, check, environ, topics)
    status, language, known, session = checked
    if status != 200:
        await _plain(send, status, "This page cannot follow that.")
        return
    sub = Subscriber(topics, language, environ, known, session)
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [
                (b"content-type", b"text/event-stream; charset=utf-8"),
                (b"cache-control", b"no-store"),
                (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
                (b"x-content-type-options", b"nosniff"),
            ],
        }
    )
    # Spread the pages' own reconnects (a dropped line) over seconds, not all at once.
    await send(
        {
            "type": "http.response.body",
            "body": events.retry(random.randint(1000, 5000)),
            "more_body": True,
        }
    )
    watcher.add(sub)
    watcher.clients.update(key for key, _most in clients)
    try:
        await _pump(sub, receive, send)
    finally:
        watcher.clients.subtract(key for key, _most in clients)
        watcher.remove(sub)


def client_keys(environ: dict) -> list[tuple[str, int]]:
    """Who a stream counts against, each with its share: the caller's address (as the login
    throttle reads it, behind trusted proxies) and, with a session cookie, the session."""
    from scorekeeper.accounts.login_throttle import client_ip

    address = client_ip(SimpleNamespace(META=environ))  # it reads the request's META alone
    keys = [(f"address:{address}", STREAMS_PER_ADDRESS)]
    try:
        session = SimpleCookie(environ.get("HTTP_COOKIE", "")).get("sessionid")
    except CookieError:
        session = None
    if session is not None and session.value:
        keys.append((f"session:{session.value[:64]}", STREAMS_PER_SESSION))
    return keys


async def _pump(sub: Subscriber, receive, send) -> None:
    """Send what the watcher queues until the page goes or the stream is closed."""
    gone = asyncio.ensure_future(_disconnected(receive))
    try:
        while not gone.done():
            getting = asyncio.ensure_future(sub.queue.get())
            done, _ = await asyncio.wait(
                {getting, gone}, timeout=HEARTBEAT_SECONDS, return_when=asyncio.FIRST_COMPLETED
            )
            if getting in done:
                chunk = getting.result()
                if chunk == CLOSE:
                    break
            else:
                getting.cancel()
                if gone.done():
                    return
                chunk = events.HEARTBEAT
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
        if not gone.done():
            await send({"type": "http.response.body", "body": b"", "more_body": False})
    except OSError:
        return  # the page went while we wrote
    except asyncio.CancelledError:
        return  # the server stops (a restart): the page comes back to the next one
    finally:
        gone.cancel()


async def _disconnected(receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def router(django_app):
    """The whole site as one ASGI app: streams here, everything else to Django (WSGI, in a
    pool of threads, as gunicorn's threads ran it)."""

    async def app(scope, receive, send) -> None:
        if scope["type"] == "http" and scope["path"].startswith(PREFIX):
            await stream_app(scope, receive, send)
        elif scope["type"] == "lifespan":
            await _lifespan(receive, send)
        else:
            await django_app(scope, receive, send)

    return app


async def _lifespan(receive, send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            hub().close_all()
            await send({"type": "lifespan.shutdown.complete"})
            return
