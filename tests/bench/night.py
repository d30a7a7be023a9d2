"""A game night under load (`make bench`): N tables at once, every page following by stream.

Each table has a scorekeeper on its table link (no account) recording a Thunee deal every
RECORD_EVERY seconds (30: a real table's two minutes, sped up four times), as the phone's form
posts it, then asking for the score chart as the page does; the scorekeeper's page follows its
game and its table's night by stream, as a table phone's page does; three spectators a table
follow its watch link by stream, and one big screen follows the night. The
server is gunicorn as `make serve` runs it (its workers and threads, production settings) on
the bench's database: SQLite, or PostgreSQL when DATABASE_URL says so (with REDIS_URL, the
cache and the pokes the processes share). The clients are asyncio processes on the same
2-core machine: their own CPU time and the load average are printed with the figures.

Printed per N: p50/p95/p99 of the record request; of the update latency, from the change's
commit (the game's change time, which each event carries in its stamp) to each follower's
receipt, and the big screen's; the streams held to the end of the stage (of those wanted);
the server's memory (all its processes) and CPU over the stage; errors (a refused or failed
record, a stream that could not open or dropped, a follower left behind at the end), and deals
lost or duplicated (every table's log against the deals its scorekeeper was told were
recorded). N = 10, 100, 1,000 and 2,000 (NIGHT_STAGES).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import re
import resource
import statistics
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlencode

from tests.processes.server import CSRF, gunicorn

STAGES = tuple(int(n) for n in os.environ.get("NIGHT_STAGES", "10,100,1000,2000").split(","))
STAGE_SECONDS = float(os.environ.get("NIGHT_SECONDS", "60"))
RECORD_EVERY = float(os.environ.get("NIGHT_RECORD_EVERY", "30"))
SPECTATORS = int(os.environ.get("NIGHT_SPECTATORS", "3"))  # per table
PROCESSES = int(os.environ.get("NIGHT_CLIENTS", "2"))  # load generator processes
CONNECTING = 64  # streams opening at once per client process (a night's phones come in turn)
DRAIN_SECONDS = 5.0  # after the last deal: every follower should have it by then
GOAL_RECORD_P95_MS, GOAL_UPDATE_P95_MS = 200, 1000


@dataclass
class TablePlan:
    game: int
    session: str
    game_poll: str  # the scorekeeper's page: its game's poll and its table's
    follow_poll: str
    watch_poll: str
    opened: str = ""  # the game's stamp when its pages opened: current if no deal came


@dataclass
class Result:
    records: list[float] = field(default_factory=list)
    updates: list[float] = field(default_factory=list)
    screen: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    recorded: dict[int, int] = field(default_factory=dict)  # game -> deals told recorded
    held: int = 0
    wanted: int = 0
    last: dict[tuple[int, int], str] = field(default_factory=dict)  # (game, follower) -> stamp
    cpu: float = 0.0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def setup_night(tables: int):
    """A night of `tables` tables of Thunee, its round started: one game, one table link (in a
    session, as a phone that opened it) and one watch link per table; each page's polls, as
    its page shows them."""
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from scorekeeper.games import access
    from scorekeeper.games.models import ShareLink
    from scorekeeper.games.stamps import stamp_of
    from scorekeeper.groups.models import Group, Membership
    from scorekeeper.nights import follow, services
    from scorekeeper.nights.models import Night, Round
    from scorekeeper.nights.stamps import screen_stamp

    admin = get_user_model().objects.create_user(f"organiser-{uuid.uuid4().hex[:8]}", password="x")
    group = Group.objects.create(name="Bench night")
    Membership.objects.create(group=group, user=admin, role="admin")
    night = Night.objects.create(
        group=group, organiser=admin, played_on="2026-11-24", kind="thunee", mode="4p"
    )
    # The seats are cut in order: the draw is not what this measures.
    names = [f"P{i}" for i in range(4 * tables)]
    Round.objects.create(
        night=night, number=1, tables=[names[i : i + 4] for i in range(0, len(names), 4)]
    )
    services.start_round(night)
    links = {link.number: link.token for link in night.links.filter(revoked_at__isnull=True)}
    plans = []
    for table in night.round_set.get().table_set.select_related("game").order_by("number"):
        share = ShareLink.objects.get(game=table.game, kind=ShareLink.TABLE)
        token = links[table.number]
        phone = f"Phone {table.number}"
        session = SessionStore()
        session[access.TABLE_LINKS_KEY] = {str(table.game_id): share.token}
        session[access.PHONE_NAME_KEY] = phone
        session[access.TABLE_FOLLOW_KEY] = {str(table.game_id): f"/table/{token}/next/"}
        session.create()
        watch = ShareLink.objects.create(game=table.game, kind=ShareLink.WATCH)
        now = stamp_of(table.game)
        where = follow.follow(night, table.number, phone, table.game_id)
        plans.append(
            TablePlan(
                table.game_id,
                session.session_key,
                f"/games/{table.game_id}/live/?v={now}&t=",
                f"/table/{token}/next/?v={where.stamp}&game={table.game_id}",
                f"/watch/{watch.token}/live/?v={now}",
                opened=now,
            )
        )
    screen = f"/screen/{night.watch_token}/live/?v={screen_stamp(night.watch_token)}"
    _check_the_phones_form(plans[0])
    return plans, screen


def _check_the_phones_form(plan: TablePlan) -> None:
    """The phone's page posts what deal_post sends: its form carries the hint keeps=form."""
    from django.test import Client as PageClient

    page = PageClient()
    page.cookies["sessionid"] = plan.session
    html = page.get(f"/games/{plan.game}/").content.decode()
    assert '<input type="hidden" name="keeps" value="form">' in html, "the page's form changed"


def deal_post(deals: int) -> dict:
    """Deal `deals + 1` of a Thunee game where the counting team always wins: the deal passes
    every time, so the dealer is seat `deals % 4` and the next seat makes trumps. With the
    page's hint `keeps=form`, as the phone's form posts it (setup_night checks the page has it):
    the phone resets its form itself, and the answer carries only what changed."""
    maker = (deals + 1) % 4
    return {
        "keeps": "form",
        "kind": "normal",
        "call": 0,
        "trump_maker": maker,
        "last_trick": maker,
        "counting_points": 152,
        "token": str(uuid.uuid4()),
        "expected_number": deals + 1,
    }


def committed_at(kind: str, stamp: str) -> float | None:
    """When the change a stamp names was made (the seconds of its game's change time): a
    game's stamp is "version.micros"; a big screen's is "shape:night.tables.versions.latest"
    and more (scorekeeper/nights/stamps.py), latest its tables' latest change."""
    try:
        if kind == "screen":
            parts = stamp.split(":", 1)[-1].split(".")
            return float(f"{parts[4]}.{parts[5]}")
        return int(stamp.split(".")[1]) / 1_000_000
    except (IndexError, ValueError):
        return None


# ---- the load generator: one asyncio loop per process ---------------------------------------


async def _headers(reader) -> int:
    status_line = await reader.readline()
    status = int(status_line.split(b" ", 2)[1]) if status_line else 0
    while await reader.readline() not in (b"\r\n", b""):
        pass
    return status


class Client:
    def __init__(self, port: int, result: Result, window: tuple[float, float]) -> None:
        self.port = port
        self.result = result
        self.start, self.end = window  # wall-clock seconds: samples only inside
        self.open = 0

    def inside(self, now: float) -> bool:
        return self.start <= now <= self.end + DRAIN_SECONDS

    async def follow(self, polls: list[str], cookie: str, who: tuple[int, int], kind: str, ready):
        """Hold one stream until cancelled; count what it receives."""
        query = "&".join("f=" + quote(p, safe="") for p in polls)
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=2**22)
            writer.write(
                f"GET /stream/?{query} HTTP/1.1\r\nHost: testserver\r\nCookie: {cookie}\r\n"
                "Accept: text/event-stream\r\n\r\n".encode()
            )
            status = await _headers(reader)
        except OSError:
            status = 0
        ready.set()
        if status != 200:
            self.result.error(f"stream refused {status}")
            return
        self.open += 1
        buffer = b""
        try:
            while True:
                size = int((await reader.readline()).strip() or b"0", 16)
                if size == 0:
                    break
                buffer += (await reader.readexactly(size + 2))[:-2]
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    self.received(event, who, kind)
            self.result.error("stream ended")
        except (OSError, asyncio.IncompleteReadError, ValueError):
            self.result.error("stream dropped")
        except asyncio.CancelledError:
            self.result.held += 1
            writer.close()
            raise
        finally:
            self.open -= 1

    def received(self, event: bytes, who: tuple[int, int], kind: str) -> None:
        now = time.time()
        name = stamp = ""
        for line in event.split(b"\n", 3)[:3]:
            if line.startswith(b"event: "):
                name = line[7:].decode()
            elif line.startswith(b"id: "):
                stamp = line[4:].decode().split("|")[0]
        if name not in ("swap", "changed") or not stamp:
            return
        self.result.last[who] = stamp
        at = committed_at(kind, stamp)
        if at is None or not self.inside(now):
            return
        (self.result.screen if kind == "screen" else self.result.updates).append((now - at) * 1000)

    async def keep(self, plan: TablePlan, offset: float) -> None:
        """The scorekeeper: a deal every RECORD_EVERY seconds from `start + offset`."""
        deals = 0
        due = self.start + offset
        cookie = f"csrftoken={CSRF}; sessionid={plan.session}"
        while due < self.end:
            await asyncio.sleep(max(0.0, due - time.time()))
            body = urlencode(deal_post(deals)).encode()
            request = (
                f"POST /games/{plan.game}/deals/ HTTP/1.1\r\nHost: testserver\r\n"
                f"Cookie: {cookie}\r\nX-CSRFToken: {CSRF}\r\nHX-Request: true\r\n"
                "Content-Type: application/x-www-form-urlencoded\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
            ).encode() + body
            started = time.perf_counter()
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.write(request)
                status = await _headers(reader)
                answer = await reader.read()
                writer.close()
            except OSError:
                status, answer = 0, b""
            self.result.records.append((time.perf_counter() - started) * 1000)
            if status != 200:
                self.result.error(f"record {status}")
            elif f'id="deal-{deals + 1}"'.encode() in answer:
                deals += 1
                self.result.recorded[plan.game] = deals
                await self.chart(plan, cookie)
            else:
                self.result.error("record refused")
            due += RECORD_EVERY

    async def chart(self, plan: TablePlan, cookie: str) -> None:
        """What the phone's page asks after a record (its answer's event `log-changed`): the
        score chart again."""
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            writer.write(
                f"GET /games/{plan.game}/chart/ HTTP/1.1\r\nHost: testserver\r\n"
                f"Cookie: {cookie}\r\nHX-Request: true\r\nConnection: close\r\n\r\n".encode()
            )
            status = await _headers(reader)
            await reader.read()
            writer.close()
        except OSError:
            status = 0
        if status != 200:
            self.result.error(f"chart {status}")


async def _client(port, plans, screen, seconds, ready_count, go, out) -> None:
    """One load generator process: open its streams, say so, wait for the start, keep score
    for the stage, drain, report."""
    result = Result()
    client = Client(port, result, (0.0, 0.0))
    gate = asyncio.Semaphore(CONNECTING)
    streams = []

    async def opened(coroutine_factory):
        async with gate:
            ready = asyncio.Event()
            streams.append(asyncio.ensure_future(coroutine_factory(ready)))
            await ready.wait()

    openings = []
    for plan in plans:
        keeper = f"csrftoken={CSRF}; sessionid={plan.session}"
        openings.append(
            lambda r, p=plan, c=keeper: client.follow(
                [p.game_poll, p.follow_poll], c, (p.game, 0), "game", r
            )
        )
        for n in range(1, SPECTATORS + 1):
            openings.append(
                lambda r, p=plan, n=n: client.follow([p.watch_poll], "", (p.game, n), "game", r)
            )
    if screen:
        openings.append(lambda r: client.follow([screen], "", (0, 0), "screen", r))
    result.wanted = len(openings)
    await asyncio.gather(*(opened(f) for f in openings))
    ready_count.put(client.open)
    while not go.is_set():
        await asyncio.sleep(0.05)
    client.start = go.start.value
    client.end = client.start + seconds
    keepers = [client.keep(plan, RECORD_EVERY * ((i * 0.618) % 1)) for i, plan in enumerate(plans)]
    await asyncio.gather(*keepers)
    await asyncio.sleep(max(0.0, client.end + DRAIN_SECONDS - time.time()))
    for task in streams:
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    result.cpu = usage.ru_utime + usage.ru_stime
    out.put(result)


class _Go:
    def __init__(self, ctx) -> None:
        self.event = ctx.Event()
        self.start = ctx.Value("d", 0.0)

    def is_set(self) -> bool:
        return self.event.is_set()

    def set(self, start: float) -> None:
        self.start.value = start
        self.event.set()


def _process(port, plans, screen, seconds, ready_count, go, out) -> None:
    import uvloop

    uvloop.run(_client(port, plans, screen, seconds, ready_count, go, out))


# ---- the server's own figures -----------------------------------------------------------------


def _tree(pid: int) -> list[int]:
    """gunicorn's master and its workers."""
    out = [pid]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                pass
    return out


def server_usage(pid: int) -> tuple[float, float]:
    """(CPU seconds so far, resident MB) of the server's processes."""
    ticks = os.sysconf("SC_CLK_TCK")
    page = os.sysconf("SC_PAGE_SIZE")
    cpu = memory = 0.0
    for proc in _tree(pid):
        try:
            fields = Path(f"/proc/{proc}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / ticks
            memory += int(Path(f"/proc/{proc}/statm").read_text().split()[1]) * page / 2**20
        except (OSError, ValueError, IndexError):
            pass
    return cpu, memory


# ---- a stage ----------------------------------------------------------------------------------


def pct(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


@dataclass
class Stage:
    tables: int
    line: str
    held: bool  # within the goals: record and update p95, every stream held, nothing lost
    case: str = ""
    figures: dict[str, str] = field(default_factory=dict)


def run_stage(server, tables: int, seconds: float = STAGE_SECONDS) -> Stage:
    from django.db.models import Count

    from scorekeeper.games.models import Game
    from scorekeeper.games.stamps import stamp_of

    plans, screen = setup_night(tables)
    ctx = multiprocessing.get_context("fork")
    ready, out, go = ctx.Queue(), ctx.Queue(), _Go(ctx)
    shares = [plans[p::PROCESSES] for p in range(PROCESSES)]
    procs = [
        ctx.Process(
            target=_process,
            args=(server.port, share, screen if p == 0 else "", seconds, ready, go, out),
        )
        for p, share in enumerate(shares)
    ]
    for p in procs:
        p.start()
    opened = sum(ready.get(timeout=600) for _ in procs)
    cpu_before, _ = server_usage(server.pid)
    go.set(time.time() + 1.0)
    results = [out.get(timeout=seconds + 600) for _ in procs]
    cpu_after, memory = server_usage(server.pid)
    load = os.getloadavg()[0]
    for p in procs:
        p.join()
    merged = Result()
    for r in results:
        merged.records += r.records
        merged.updates += r.updates
        merged.screen += r.screen
        merged.held += r.held
        merged.wanted += r.wanted
        merged.cpu += r.cpu
        merged.recorded.update(r.recorded)
        merged.last.update(r.last)
        for kind, count in r.errors.items():
            merged.errors[kind] = merged.errors.get(kind, 0) + count
    games = {plan.game for plan in plans}
    after = dict(
        Game.objects.filter(pk__in=games).annotate(n=Count("deals")).values_list("pk", "n")
    )
    finals = {game.pk: stamp_of(game) for game in Game.objects.filter(pk__in=games)}
    for plan in plans:
        for n in range(SPECTATORS + 1):
            if merged.last.get((plan.game, n), plan.opened) != finals[plan.game]:
                merged.error(f"{'spectators' if n else 'scorekeepers'} behind at the end")
    lost = sum(max(0, merged.recorded.get(pk, 0) - after[pk]) for pk in after)
    dup = sum(max(0, after[pk] - merged.recorded.get(pk, 0)) for pk in after)
    errors = sum(merged.errors.values())
    rec, upd = merged.records, merged.updates
    line = (
        f"{tables:>6} {len(rec):>7} {pct(rec, 50):>6.0f}/{pct(rec, 95):>5.0f}/{pct(rec, 99):>5.0f}"
        f" {len(upd):>7} {pct(upd, 50):>5.0f}/{pct(upd, 95):>5.0f}/{pct(upd, 99):>5.0f}"
        f" {pct(merged.screen, 50):>6.0f}/{pct(merged.screen, 95):>5.0f}"
        f" {merged.held:>6}/{merged.wanted:<6} {opened:>6}"
        f" {memory:>6.0f} {(cpu_after - cpu_before) / seconds * 100:>6.0f}%"
        f" {errors:>6} {lost:>4} {dup:>4} {merged.cpu / seconds * 100:>7.0f}% {load:>5.1f}"
    )
    if merged.errors:
        line += f"\n{'':>6} errors: {merged.errors}"
    held = (
        pct(rec, 95) <= GOAL_RECORD_P95_MS
        and pct(upd, 95) <= GOAL_UPDATE_P95_MS
        and not errors
        and not lost
        and not dup
        and merged.held == merged.wanted
    )
    figures = {
        "records": f"{len(rec):,}",
        "record p50 / p95 / p99": _percentiles(rec, 50, 95, 99),
        "updates": f"{len(upd):,}",
        "update p50 / p95 / p99": _percentiles(upd, 50, 95, 99),
        "big screen p50 / p95": _percentiles(merged.screen, 50, 95),
        "streams held": f"{merged.held:,} of {merged.wanted:,}",
        "server memory": f"{memory:,.0f} MB",
        "server CPU": f"{(cpu_after - cpu_before) / seconds * 100:.0f}% of a core",
        "errors": ", ".join(f"{kind}: {n}" for kind, n in sorted(merged.errors.items())) or "0",
        "deals lost / duplicated": f"{lost} / {dup}",
        "load generator CPU": f"{merged.cpu / seconds * 100:.0f}% of a core",
        "load average at the end": f"{load:.1f}",
        "record p95 ≤ 200 ms, update p95 ≤ 1 s, no error or loss": "yes" if held else "no",
    }
    return Stage(tables, line, held, f"{tables:,} tables", figures)


def _percentiles(values: list[float], *qs: int) -> str:
    if not values:
        return "none"
    return " / ".join(f"{pct(values, q):,.0f}" for q in qs) + " ms"


def bench_night() -> list[Stage]:
    """Prints each stage's line as it ends, and returns the stages."""
    import django.db
    from django.conf import settings

    from scorekeeper.hosting.serve import threads, workers

    database_url = os.environ["DATABASE_URL"]
    engine = django.db.connection.vendor
    cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    count, each = workers(), threads()  # as `make serve` runs (WORKERS, THREADS)
    print(
        f"A game night under load, every page following by stream: each stage a night of N"
        f" tables for {STAGE_SECONDS:.0f} s, a deal every {RECORD_EVERY:.0f} s a table; a"
        f" table's scorekeeper and {SPECTATORS} spectators, and one big screen, following"
    )
    print(
        f"Database: {engine} ({_safe(database_url)}); cache: {cache};"
        f" pokes: {'Redis' if os.environ.get('REDIS_URL') else 'in process and the tick'};"
        f" server: {count} workers x {each} threads; load average before:"
        f" {os.getloadavg()[0]:.1f}"
    )
    print(
        f"{'tables':>6} {'records':>7} {'record p50/95/99':>17} {'updates':>7}"
        f" {'update p50/95/99':>17} {'screen p50/95':>13} {'streams held':>13} {'opened':>6}"
        f" {'MB':>6} {'CPU':>7} {'errors':>6} {'lost':>4} {'dup':>4} {'loadgen':>8} {'load':>5}"
    )
    stages = []
    with gunicorn(database_url, workers=count, threads=each) as server:
        run_stage(server, 4 * count, seconds=RECORD_EVERY / 2)  # unprinted: code, templates
        for n in STAGES:
            stage = run_stage(server, n)
            stage.case = f"{n:,} tables, {engine}"
            stages.append(stage)
            print(stage.line, flush=True)
    print(
        "(ms; update: from a change's commit to a follower's receipt; screen: the big screen's;"
        " streams held: open to the end, of those wanted; opened: open when the stage began;"
        " MB and CPU: the server's processes, CPU in % of one core over the stage; loadgen: the"
        " load generator's CPU; load: the 1-minute load average at the stage's end)"
    )
    return stages


def _safe(url: str) -> str:
    """The database's address without a password."""
    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)
