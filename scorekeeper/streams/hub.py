"""One watcher per process: every stream of the process, what each page has, what changed.

Each tick it reads the stamps of everything followed here (stamps.py: one query per kind, in
one thread of its own), and for each stamp that moved it tells the pages that do not have it
yet: a shared answer rendered once per change and language (render.py, on a small pool), a
note for a page that asks its own poll. A tick comes every TICK seconds, or sooner when a
change was made in this process (poke.py) or, with REDIS_URL, in any other (pubsub.py). Each
page has a bounded queue: one that falls behind (a slow phone) has its queue emptied and is
sent, once, where everything stands now: pushes are states, not steps, so nothing is lost by
skipping.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import datetime, timedelta
from http.cookies import CookieError, SimpleCookie
from importlib import import_module

from django.conf import settings
from django.db import DatabaseError, connection
from django.utils import timezone

from . import events, inprocess, pubsub, render, renderer, stamps
from .topics import Topic

log = logging.getLogger(__name__)

Key = tuple[str, str]
QUEUE = 8  # events waiting for one page; more and it has fallen behind
CLOSE = b""  # put in a queue: end that stream
UNSENT = "?"  # a page whose state is not known (fallen behind): send it everything


def _seconds(name: str, default: float) -> float:
    try:
        return max(0.01, float(os.environ.get(name, default)))
    except ValueError:
        return default


def tick_seconds() -> float:
    """How often the watcher reads the stamps unasked (STREAM_TICK). With Redis every change is
    announced, so the tick is only a safety net; without, it is what a change waits for."""
    return _seconds("STREAM_TICK", 1.0 if os.environ.get("REDIS_URL") else 0.2)


FOLLOW_EVERY = 1.0  # table phones' nights and big screens are read this often
# Kinds read only every FOLLOW_EVERY (and when a page comes): table phones' nights change rarely;
# a big screen's stamp sums all its night's tables (6.6 ms of CPU at 1,000 tables), and its
# answer is rendered at most every RENDER_WAIT_MOST anyway, so reading it at each tick (up to
# ten a second while deals come) cost more than the screen gained.
SLOW = {"follow", "screen"}
RENDER_WAIT_MOST = 3.0  # seconds between two renders of one costly shared answer, at most
RETRY_SECONDS = 0.5  # after a render that failed
COSTLY = 0.05  # CPU seconds: an answer whose last render cost more renders apart
LOOK_AGAIN_SECONDS = 0.03  # for an answer another process is rendering
MIN_GAP = 0.1  # between two ticks, however many pokes came
# Between two whole reads (every FOLLOW_EVERY) a tick reads only the games changed since the last
# read, less this margin: a change stamped before a read began but committed after it is still
# caught; a slower one, by the next whole read.
CHANGED_MARGIN = timedelta(seconds=2)
# How often the browsers' sessions are read: a stream whose session is gone (its person logged
# out) ends within this, less than a heartbeat (app.py).
SESSIONS_EVERY = 10.0
ALLOWED = {200, 204, 286}  # the poll's answers to a page that may follow it


def may_follow(environ: dict, topic: Topic, now: str) -> bool:
    """In a worker thread: whether the page's poll still answers the page (asked in process
    with the page's cookies, as when the stream opened, at the stamp it is now told of: a 204
    of one query when it may)."""
    answer = inprocess.ask(environ, topic.path, topic.query_with(now))
    return answer.status in ALLOWED


def session_of(environ: dict) -> str | None:
    """The browser's session key, if its cookie names a session that exists."""
    try:
        morsel = SimpleCookie(environ.get("HTTP_COOKIE", "")).get(settings.SESSION_COOKIE_NAME)
    except CookieError:
        return None
    key = morsel.value[:64] if morsel is not None else ""
    return key if key and living_sessions({key}) else None


def living_sessions(keys: set[str]) -> set[str]:
    """Which of these session keys name a session that still exists (one query a thousand)."""
    engine = import_module(settings.SESSION_ENGINE)
    if settings.SESSION_ENGINE == "django.contrib.sessions.backends.db":
        from django.contrib.sessions.models import Session

        alive: set[str] = set()
        ordered = sorted(keys)
        for start in range(0, len(ordered), 1000):
            chunk = ordered[start : start + 1000]
            found = Session.objects.filter(session_key__in=chunk, expire_date__gt=timezone.now())
            alive.update(found.values_list("session_key", flat=True))
        return alive
    return {key for key in keys if engine.SessionStore().exists(key)}


class Subscriber:
    """One open stream: the polls its page follows and the stamp the page has of each."""

    def __init__(
        self,
        topics: list[Topic],
        language: str,
        environ: dict,
        known: dict[Key, str],
        session: str | None = None,
    ) -> None:
        self.topics = topics
        self.live = {t.key for t in topics}
        self.sent: dict[Key, str] = {t.key: known.get(t.key, t.stamp) for t in topics}
        self.language = language
        self.environ = environ
        self.session = session  # the browser's session when the stream opened, if it had one
        self.queue: asyncio.Queue[bytes] = asyncio.Queue(maxsize=QUEUE)
        self.behind = 0  # times it fell behind (told once each)

    def number(self, key: Key) -> int:
        return next(i for i, t in enumerate(self.topics) if t.key == key)

    def ids(self) -> str:
        return "|".join(self.sent.get(t.key, "") for t in self.topics).replace(UNSENT, "")

    def put(self, chunk: bytes, hub: Hub) -> None:
        try:
            self.queue.put_nowait(chunk)
        except asyncio.QueueFull:
            self.fell_behind(hub)

    def fell_behind(self, hub: Hub) -> None:
        """Drop what waits and send where everything stands, once the page reads again."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.behind += 1
        for key in self.live:
            self.sent[key] = UNSENT
            hub.pending.add(key)
        hub.poke()


class Hub:
    def __init__(self) -> None:
        self.subs: dict[Key, set[Subscriber]] = defaultdict(set)
        self.current: dict[Key, str | None] = {}
        self.pending: set[Key] = set()
        self.bodies: dict[tuple[Key, str], tuple[str, bytes]] = {}  # (key, language) -> latest
        self.rendering: set[tuple[Key, str]] = set()  # (key, language) being rendered now
        self.next_render: dict[Key, float] = {}
        self.delayed: set[Key] = set()
        self.streams = 0
        self.clients: Counter[str] = Counter()  # open streams by client (app.py's client_keys)
        self.database = ThreadPoolExecutor(1, "stream-stamps")
        self.work = ThreadPoolExecutor(2, "stream-work")  # checks, and renders without a process
        self.renderer = renderer.executor(self.work)  # the shared answers (renderer.py says where)
        # A costly answer (a big screen of hundreds of tables: 0.3 s and more) renders apart,
        # made on its first use: in the same process it held back every table page's render
        # queued behind it, a second and more under load.
        self.costly_renderer: Executor | None = None
        self.costs: dict[Key, float] = {}  # the last render's CPU seconds
        self.loop: asyncio.AbstractEventLoop | None = None
        self.wake: asyncio.Event | None = None
        self.task: asyncio.Task | None = None
        self.listener: asyncio.Task | None = None  # Redis pub/sub, with REDIS_URL
        self.version = stamps.DataVersion()
        self.timed_read = 0.0  # when the table phones' nights and the screens were read
        self.read_at: datetime | None = None  # when the last read began (the database's time)

    # ---- streams come and go ----------------------------------------------------------------

    def start(self) -> None:
        if self.task is None:
            self.loop = asyncio.get_running_loop()
            self.wake = asyncio.Event()
            self.task = self.loop.create_task(self.run())
            self.listener = self.loop.create_task(pubsub.listen(self.poke))

    def add(self, sub: Subscriber) -> None:
        self.start()
        self.streams += 1
        for key in sub.live:
            self.subs[key].add(sub)
            self.pending.add(key)
        self.poke()

    def remove(self, sub: Subscriber) -> None:
        self.streams -= 1
        for key in list(sub.live):
            self.drop(sub, key)

    def drop(self, sub: Subscriber, key: Key) -> None:
        sub.live.discard(key)
        followers = self.subs.get(key)
        if followers is not None:
            followers.discard(sub)
            if not followers:
                del self.subs[key]
                self.current.pop(key, None)
                self.next_render.pop(key, None)
                self.costs.pop(key, None)
                for language_key in [k for k in self.bodies if k[0] == key]:
                    del self.bodies[language_key]

    def poke(self) -> None:
        """Read the stamps soon (a change was made, a page came)."""
        if self.wake is not None:
            self.wake.set()

    def poke_threadsafe(self) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.poke)

    def end(self, sub: Subscriber, key: Key) -> None:
        """`sub` may no longer follow `key`: it is told `gone` and its stream ends (the page
        reopens what it may still follow, and its poll says why)."""
        number = sub.number(key)
        for other in list(sub.live):
            self.drop(sub, other)
        sub.put(events.gone(number), self)
        sub.put(CLOSE, self)

    def close_all(self) -> None:
        for followers in list(self.subs.values()):
            for sub in list(followers):
                sub.put(CLOSE, self)

    # ---- the watcher ------------------------------------------------------------------------

    async def run(self) -> None:
        assert self.wake is not None and self.loop is not None
        tick = tick_seconds()
        sessions_read = time.monotonic()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout=tick)
            self.wake.clear()
            try:
                await self.tick()
                if time.monotonic() - sessions_read >= SESSIONS_EVERY:
                    sessions_read = time.monotonic()
                    await self.check_sessions()
            except Exception:  # a watcher that dies would leave every stream silent
                log.exception("stream watcher tick failed")
            await asyncio.sleep(MIN_GAP)

    async def tick(self) -> None:
        assert self.loop is not None
        keys = list(self.subs)
        if keys:
            unread = any(key not in self.current for key in keys)
            fresh = await self.loop.run_in_executor(self.database, self.read, keys, unread)
            for key, value in fresh.items():
                if key in self.subs and (key not in self.current or self.current[key] != value):
                    self.current[key] = value
                    self.pending.add(key)
        pending, self.pending = self.pending, set()
        for key in pending:
            self.deliver(key)

    def read(self, keys: list[Key], unread: bool) -> dict[Key, str | None]:
        """In the stamps' thread: the stamps, unless nothing was committed since the last read
        (SQLite says so for free). Table phones' nights and big screens (SLOW) are read every
        FOLLOW_EVERY whatever was committed (a screen's final scores leave it after a while,
        with no commit), and not in between; so is everything else, whole. A tick in between
        reads the games and watch links changed since the last read (CHANGED_MARGIN)."""
        try:
            now = time.monotonic()
            due = now - self.timed_read >= FOLLOW_EVERY
            moved = self.version.moved()
            started, since = timezone.now(), None
            if due:
                self.timed_read = now
            elif unread:
                pass  # a new page's keys: everything now
            elif moved:
                keys = [k for k in keys if k[0] not in SLOW]
                if self.read_at is not None:  # only the games changed since the last read
                    since = self.read_at - CHANGED_MARGIN
            else:
                return {}
            found = stamps.read(keys, since)
            self.read_at = started
            return found
        except DatabaseError:
            log.warning("stream watcher: the database did not answer", exc_info=True)
            connection.close()  # a new one next tick
            self.version.seen = None
            return {}

    def deliver(self, key: Key) -> None:
        followers = self.subs.get(key)
        if not followers or key not in self.current:
            return
        now = self.current[key]
        if now is None:  # revoked, ended, gone: the stream ends, and the page's poll says why
            for sub in list(followers):
                self.end(sub, key)
            return
        waiting = [sub for sub in followers if sub.sent.get(key) != now]
        if not waiting:
            return
        topic = waiting[0].topics[waiting[0].number(key)]
        if not topic.shared:
            # A page's own poll (a keeper's game): the person may have lost the game since the
            # stream opened (removed, a link revoked); asked as the page would ask, once a change.
            for sub in waiting:
                sub.sent[key] = now
                self.recheck(sub, key, now)
            return
        by_language: dict[str, list[Subscriber]] = defaultdict(list)
        for sub in waiting:
            by_language[sub.language].append(sub)
        for language, subs in by_language.items():
            self.push_shared(key, now, language, subs)

    def recheck(self, sub: Subscriber, key: Key, now: str) -> None:
        """Tell `sub` of the change if its page may still follow `key`; else end its stream."""
        assert self.loop is not None
        topic = sub.topics[sub.number(key)]
        future = self.loop.run_in_executor(self.work, may_follow, sub.environ, topic, now)

        def answered(done: asyncio.Future[bool]) -> None:
            if key not in sub.live:
                return  # closed meanwhile
            if done.exception() is None and done.result() is False:
                self.end(sub, key)
            else:  # allowed, or the check failed: the page's own poll judges
                sub.put(events.changed(sub.ids(), sub.number(key), now), self)

        future.add_done_callback(answered)

    async def check_sessions(self) -> None:
        """End the streams whose browser's session is gone (logged out) since they opened."""
        assert self.loop is not None
        subs = {sub for followers in self.subs.values() for sub in followers if sub.session}
        if not subs:
            return
        keys = {sub.session for sub in subs if sub.session}
        alive = await self.loop.run_in_executor(self.database, living_sessions, keys)
        for sub in subs:
            if sub.session not in alive and sub.live:
                self.end(sub, next(iter(sub.live)))

    def push_shared(self, key: Key, now: str, language: str, subs: list[Subscriber]) -> None:
        kept = self.bodies.get((key, language))
        if kept is not None and kept[0] == now:
            for sub in subs:
                self.swap(sub, key, now, kept[1])
            return
        if (key, language) in self.rendering:
            return  # one render of a page at a time: its end sends it, then the next one
        wait = self.next_render.get(key, 0.0) - time.monotonic()
        if wait > 0:  # a big answer (a big screen of many tables): not more often than it costs
            if key not in self.delayed:  # one timer, however many changes come meanwhile
                assert self.loop is not None
                self.delayed.add(key)
                self.loop.call_later(wait, self.redeliver, key)
            return
        assert self.loop is not None
        # Who waits for it, and what each had: a page told something newer meanwhile is not
        # sent this one.
        waiting = {sub: sub.sent.get(key) for sub in subs}
        self.rendering.add((key, language))
        sub = subs[0]
        topic = sub.topics[sub.number(key)]
        started = time.monotonic()
        environ = renderer.plain(sub.environ)
        costly = self.costs.get(key, 0.0) > COSTLY
        if costly and self.costly_renderer is None:
            self.costly_renderer = renderer.executor(self.work)
        pool = self.costly_renderer if costly else self.renderer
        future = self.loop.run_in_executor(
            pool, render.shared_answer, topic, now, language, environ
        )
        job = (key, now, language, costly)
        future.add_done_callback(lambda done: self.rendered(job, waiting, started, done))

    def swap(self, sub: Subscriber, key: Key, now: str, lines: bytes) -> None:
        sub.sent[key] = now
        sub.put(events.swap(sub.ids(), sub.number(key), lines), self)

    def redeliver(self, key: Key) -> None:
        self.delayed.discard(key)
        self.pending.add(key)
        self.poke()

    def rendered(
        self,
        job: tuple[Key, str, str, bool],
        waiting: dict[Subscriber, str | None],
        started: float,
        done: asyncio.Future,
    ) -> None:
        key, now, language, costly = job
        self.rendering.discard((key, language))
        assert self.loop is not None
        try:
            body, cost = done.result()
        except BrokenProcessPool:  # the render process died: a new one, and try again
            log.exception("stream: the render process died")
            if costly:
                self.costly_renderer = None  # made again at its next use
            else:
                self.renderer = renderer.executor(self.work)
            body, cost = None, time.monotonic() - started
        except Exception:
            log.exception("stream: rendering %s failed", key)
            body, cost = None, time.monotonic() - started
        if body == render.RENDERING:  # by another process: in the cache soon
            self.loop.call_later(LOOK_AGAIN_SECONDS, self.redeliver, key)
            return
        # A cheap answer (a table's) may come again at once; a costly one (a big screen of a
        # thousand tables) waits so that it takes a small share of the process: a third at
        # most, and past 15 ms a share of 5 ms over its cost (a twentieth at 100 ms); never
        # more than RENDER_WAIT_MOST apart. Its cost in CPU time: a busy machine does not
        # stretch it.
        wait = min(RENDER_WAIT_MOST, max(3 * cost, cost * cost / 0.005))
        self.costs[key] = cost
        self.next_render[key] = time.monotonic() + wait
        if key not in self.subs:
            return
        if body is None:  # refused (revoked meanwhile: the tick says so) or failed: try again
            self.loop.call_later(RETRY_SECONDS, self.redeliver, key)
            return
        lines = events.body_lines(body)
        self.bodies[(key, language)] = (now, lines)
        # Sent to whoever waited for it, even if the page has changed again since: it is newer
        # than what they have (a page that changes faster than it renders still moves on).
        for sub, had in waiting.items():
            if key in sub.live and sub.sent.get(key) == had:
                self.swap(sub, key, now, lines)
        self.deliver(key)


_hub: Hub | None = None
_lock = threading.Lock()


def hub() -> Hub:
    """This process's watcher."""
    global _hub
    with _lock:
        if _hub is None:
            _hub = Hub()
        return _hub


def running() -> Hub | None:
    """The watcher, if this process serves streams (poke.py tells it of changes made here)."""
    return _hub if _hub is not None and _hub.task is not None else None
