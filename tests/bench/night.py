"""A game night under load (`make bench`): N tables at once, over HTTP on this machine.

Each table has a scorekeeper on its table link (no account) recording a Thunee deal at a real
table's pace sped up (one every RECORD_EVERY seconds instead of about two minutes) and three
spectators following it by its watch link; one big screen polls the night every 2 seconds. The
server is gunicorn as `make serve` runs it (its workers, production settings) on the bench's
database: SQLite, or PostgreSQL when DATABASE_URL says so (with REDIS_URL, the cache the
workers share). Each stage runs STAGE_SECONDS; the clients are processes on the same 2-core
machine, and their own CPU time is printed with the figures, and the load average.

Printed per N: p50/p95/p99 of the record request and of the polls (spectators' and the big
screen's), errors (5xx, refused or broken answers), and deals lost or duplicated (the log of
every table against the deals its scorekeeper was told were recorded). N = 10, 100, 1,000
(NIGHT_STAGES), then the largest N whose record p95 stays under 200 ms, searched for.
"""

from __future__ import annotations

import heapq
import http.client
import multiprocessing
import os
import re
import resource
import statistics
import threading
import time
import uuid
from dataclasses import dataclass
from urllib.parse import urlencode

from tests.processes.server import Server, gunicorn

STAGES = tuple(int(n) for n in os.environ.get("NIGHT_STAGES", "10,100,1000").split(","))
# Then the largest N that held, searched for (NIGHT_SEARCH=0: only the stages above): within
# SEARCH_PRECISION of it (or 2 tables), so a handful of stages more.
SEARCH = os.environ.get("NIGHT_SEARCH", "1") != "0"
SEARCH_PRECISION = 0.1
STAGE_SECONDS = float(os.environ.get("NIGHT_SECONDS", "20"))
RECORD_EVERY = 12.0  # seconds between a table's deals: about two minutes, sped up ten times
POLL_EVERY = 2.0
SPECTATORS = int(os.environ.get("NIGHT_SPECTATORS", "3"))  # per table
PROCESSES, THREADS = 4, 48  # the load generator: enough connections for every actor's pace
GOAL_P95_MS = 200


@dataclass
class Actor:
    kind: str  # "record", "watch", "screen"
    path: str
    session: str | None = None
    deals: int = 0  # a scorekeeper's deals recorded so far
    stamp: str = ""


def setup_night(tables: int):
    """A night of `tables` tables of Thunee, its round started: one game, one table link (in a
    session, as a phone that opened it) and one watch link per table."""
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from scorekeeper.games import access
    from scorekeeper.games.models import ShareLink
    from scorekeeper.groups.models import Group, Membership
    from scorekeeper.nights import services
    from scorekeeper.nights.models import Night, Round

    admin = get_user_model().objects.create_user(f"organiser-{uuid.uuid4().hex[:8]}", password="x")
    group = Group.objects.create(name="Bench night")
    Membership.objects.create(group=group, user=admin, role="admin")
    night = Night.objects.create(
        group=group, organiser=admin, played_on="2026-11-24", kind="thunee", mode="4p"
    )
    # The seats are cut in order: the draw is not what this measures (and takes long for
    # thousands of players).
    names = [f"P{i}" for i in range(4 * tables)]
    Round.objects.create(
        night=night, number=1, tables=[names[i : i + 4] for i in range(0, len(names), 4)]
    )
    services.start_round(night)
    out = []
    for table in night.round_set.get().table_set.select_related("game").order_by("number"):
        link = ShareLink.objects.get(game=table.game, kind=ShareLink.TABLE)
        session = SessionStore()
        session[access.TABLE_LINKS_KEY] = {str(table.game_id): link.token}
        session[access.PHONE_NAME_KEY] = f"Phone {table.number}"
        session.create()
        watch = ShareLink.objects.create(game=table.game, kind=ShareLink.WATCH)
        out.append((table.game_id, session.session_key, watch.token))
    return night, out


def deal_post(deals: int) -> dict:
    """Deal `deals + 1` of a Thunee game where the counting team always wins: the deal passes
    every time, so the dealer is seat `deals % 4` and the next seat makes trumps."""
    maker = (deals + 1) % 4
    return {
        "kind": "normal",
        "call": 0,
        "trump_maker": maker,
        "last_trick": maker,
        "counting_points": 152,
        "token": str(uuid.uuid4()),
        "expected_number": deals + 1,
    }


POLL_LINK = re.compile(r'id="live-poll" hx-get="[^"]*\?v=([^"&]+)')
SCREEN_STAMP = re.compile(r'data-stamp="([^"]+)"')


def _act(conn_for, actor: Actor, out: dict) -> None:
    started = time.perf_counter()
    status = 0
    try:
        conn = conn_for()
        if actor.kind == "record":
            data = deal_post(actor.deals)
            conn.request("POST", actor.path, urlencode(data), Server.headers(actor.session))
        else:
            path = f"{actor.path}?v={actor.stamp}" if actor.stamp else actor.path
            conn.request("GET", path, headers=Server.headers(None))
        response = conn.getresponse()
        body = response.read().decode()
        conn.close()
        status = response.status
    except (OSError, http.client.HTTPException):
        body = ""
    took = (time.perf_counter() - started) * 1000
    group = "record" if actor.kind == "record" else actor.kind
    out[group].append(took)
    ok = status == 200 or (status == 204 and actor.kind != "record")
    if not ok:
        out["errors"].append(f"{actor.kind} {status}")
        return
    if actor.kind == "record":
        if f'id="deal-{actor.deals + 1}"' in body:
            actor.deals += 1
            out["recorded"].append(actor.path)
        else:
            out["errors"].append("record refused")
    elif status == 200:
        found = (SCREEN_STAMP if actor.kind == "screen" else POLL_LINK).search(body)
        actor.stamp = found.group(1) if found else ""


def _thread(port: int, actors: list[Actor], until: float, out: dict) -> None:
    now = time.perf_counter()
    # Spread each actor's first request over its period, as tables do not start in step.
    queue = []
    for i, actor in enumerate(actors):
        period = RECORD_EVERY if actor.kind == "record" else POLL_EVERY
        queue.append((now + period * ((i * 0.618) % 1), i))
    heapq.heapify(queue)
    while queue:
        due, i = heapq.heappop(queue)
        if due >= until:
            break
        wait = due - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        actor = actors[i]
        _act(lambda: http.client.HTTPConnection("127.0.0.1", port, timeout=30), actor, out)
        period = RECORD_EVERY if actor.kind == "record" else POLL_EVERY
        heapq.heappush(queue, (max(due + period, time.perf_counter()), i))


def _process(port: int, actors: list[Actor], until: float, queue) -> None:
    out: dict[str, list] = {k: [] for k in ("record", "watch", "screen", "errors", "recorded")}
    threads = [
        threading.Thread(target=_thread, args=(port, actors[t::THREADS], until, out))
        for t in range(THREADS)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    queue.put((out, usage.ru_utime + usage.ru_stime))


def run_stage(port: int, actors: list[Actor], seconds: float) -> tuple[dict, float]:
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    until = time.perf_counter() + seconds
    procs = [
        ctx.Process(target=_process, args=(port, actors[p::PROCESSES], until, queue))
        for p in range(PROCESSES)
    ]
    for p in procs:
        p.start()
    merged: dict[str, list] = {k: [] for k in ("record", "watch", "screen", "errors", "recorded")}
    cpu = 0.0
    for _ in procs:
        out, used = queue.get()
        cpu += used
        for key, values in out.items():
            merged[key].extend(values)
    for p in procs:
        p.join()
    return merged, cpu


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def warm_up(port: int, tables: list[tuple[int, str, str]]) -> None:
    """Unprinted, once: each worker's first record and first changed poll load code and
    templates (most of a second on a busy machine), so that no stage counts them. Two deals
    at every table of a night of its own, all at once, so every worker gets some."""
    out: dict[str, list] = {k: [] for k in ("record", "watch", "screen", "errors", "recorded")}
    actors = []
    for game_pk, session, watch in tables:
        actors += [Actor("record", f"/games/{game_pk}/deals/", session)]
        actors += [Actor("watch", f"/watch/{watch}/live/", stamp="0.0")]
    for _ in range(2):
        threads = [
            threading.Thread(
                target=_act,
                args=(lambda: http.client.HTTPConnection("127.0.0.1", port, timeout=60), a, out),
            )
            for a in actors
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()


@dataclass
class Stage:
    tables: int
    line: str
    held: bool  # record p95 under the goal, no error, nothing lost or duplicated


def run_night_stage(server, n: int) -> Stage:
    """One night of `n` tables for STAGE_SECONDS; its printed line."""
    from django.db.models import Count

    from scorekeeper.games.models import Game

    night, tables = setup_night(n)
    # Unprinted first: every worker loads its code, templates and the screen's cards.
    warm = [Actor("watch", f"/watch/{tables[0][2]}/live/") for _ in range(40)]
    screen = f"/screen/{night.watch_token}/live/"
    run_stage(server.port, warm + [Actor("screen", screen) for _ in range(8)], 3)
    actors = []
    for game_pk, session, watch in tables:
        path = f"/games/{game_pk}/deals/"
        actors.append(Actor("record", path, session))
        actors.extend(Actor("watch", f"/watch/{watch}/live/") for _ in range(SPECTATORS))
    actors.append(Actor("screen", screen))
    out, cpu = run_stage(server.port, actors, STAGE_SECONDS)
    load = os.getloadavg()[0]
    after = dict(
        Game.objects.filter(pk__in=[t[0] for t in tables])
        .annotate(n=Count("deals"))
        .values_list("pk", "n")
    )
    told: dict[int, int] = {}
    for path in out["recorded"]:
        pk = int(path.split("/")[2])
        told[pk] = told.get(pk, 0) + 1
    lost = sum(max(0, told.get(pk, 0) - after[pk]) for pk in after)
    dup = sum(max(0, after[pk] - told.get(pk, 0)) for pk in after)
    rec, polls = out["record"], out["watch"]
    p95 = pct(rec, 95)
    line = (
        f"{n:>6} {len(rec):>8} {pct(rec, 50):>8.0f}/{p95:>5.0f}/{pct(rec, 99):>6.0f}"
        f" {len(polls):>7} {pct(polls, 50):>7.0f}/{pct(polls, 95):>5.0f}/"
        f"{pct(polls, 99):>6.0f} {pct(out['screen'], 95):>10.0f}"
        f" {len(out['errors']):>6} {lost:>5} {dup:>4}"
        f" {cpu / STAGE_SECONDS * 100:>9.0f} % {load:>5.1f}"
    )
    if out["errors"]:
        kinds: dict[str, int] = {}
        for e in out["errors"]:
            kinds[e] = kinds.get(e, 0) + 1
        line += f"\n{'':>6} errors: {kinds}"
    held = p95 < GOAL_P95_MS and not out["errors"] and not lost and not dup
    return Stage(n, line, held)


def largest_held(measure, known: dict[int, bool], *, top: int = 100_000) -> int:
    """The largest N that held, from the stages measured so far (`known`: N -> held) and more
    asked of `measure(N) -> held`: doubling past the largest that held, then halving the gap
    to the smallest above it that did not, until the two are within SEARCH_PRECISION."""

    def low() -> int:
        return max((n for n, ok in known.items() if ok), default=0)

    def high() -> int | None:
        return min((n for n, ok in known.items() if not ok and n > low()), default=None)

    while high() is None and low() and 2 * low() <= top:
        n = 2 * low()
        known[n] = measure(n)
    while (hi := high()) is not None and hi - low() > max(2, low() * SEARCH_PRECISION):
        n = (low() + hi) // 2 if low() else max(1, hi // 2)
        known[n] = measure(n)
    return low()


def bench_night() -> None:
    import django.db

    from scorekeeper.hosting.serve import threads, workers

    database_url = os.environ["DATABASE_URL"]
    engine = django.db.connection.vendor
    from django.conf import settings

    cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]  # Redis, file or memory
    count, each = workers(), threads()  # as `make serve` runs (WORKERS, THREADS)
    print(
        f"A game night under load: each stage a night of N tables, {STAGE_SECONDS:.0f} s;"
        f" a deal every {RECORD_EVERY:.0f} s a table, {SPECTATORS} spectators a table and a big"
        f" screen polling every {POLL_EVERY:.0f} s"
    )
    print(
        f"Database: {engine} ({_safe(database_url)}); cache: {cache}; gunicorn: {count} workers"
        f" x {each} threads; load average before: {os.getloadavg()[0]:.1f}"
    )
    print(
        f"{'tables':>6} {'records':>8} {'record p50/p95/p99 ms':>22} {'polls':>7}"
        f" {'poll p50/p95/p99 ms':>20} {'screen p95':>10} {'errors':>6} {'lost':>5} {'dup':>4}"
        f" {'loadgen CPU':>11} {'load':>5}"
    )
    known: dict[int, bool] = {}
    with gunicorn(database_url, workers=count, threads=each) as server:
        warm_up(server.port, setup_night(4 * count * each)[1])

        def measure(n: int) -> bool:
            stage = run_night_stage(server, n)
            print(stage.line, flush=True)
            return stage.held

        for n in STAGES:
            known[n] = measure(n)
        held = (
            largest_held(measure, known)
            if SEARCH
            else max((n for n, ok in known.items() if ok), default=0)
        )
    print(f"The largest N whose p95 record stays under {GOAL_P95_MS} ms: {held or 'none'}")
    print(
        "(loadgen CPU: the load generator's own CPU time over the stage, % of one core;"
        " load: the machine's 1-minute load average at the stage's end)"
    )


def _safe(url: str) -> str:
    """The database's address without a password."""
    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)
