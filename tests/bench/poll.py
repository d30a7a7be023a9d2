"""The live poll of an unchanged game (scorekeeper/play/live.py): answers per second.

In process: Django's test client through the whole middleware stack, one request after another.
Over HTTP: gunicorn with 2 sync workers (production settings, the bench's SQLite file) and
client processes firing GETs as fast as the server answers, one connection per request (sync
workers close each), for a few seconds. The clients run on the same machine: on a 2-core
machine they share its cores with the server, so the figure is a floor.

Two polls: a watch link's (no session: one query), and a logged-in spectator's (session, user,
and the game with their access: three queries).
"""

from __future__ import annotations

import http.client
import multiprocessing
import re
import time
from dataclasses import dataclass

from django.test import Client
from django.urls import reverse

from tests.processes.server import Server, gunicorn

GOAL = 1_000  # answers a second for an unchanged game, on 2 cores


@dataclass
class PollFigures:
    who: str
    in_process: float  # answers a second
    over_http: float
    statuses: str


def poll_path(html: str) -> str:
    return re.search(r'id="live-poll" hx-get="([^"]+)"', html)[1].replace("&amp;", "&")


def _in_process(client: Client, path: str, rounds: int) -> float:
    for _ in range(50):
        assert client.get(path, HTTP_HX_REQUEST="true").status_code == 204
    started = time.perf_counter()
    for _ in range(rounds):
        client.get(path, HTTP_HX_REQUEST="true")
    return rounds / (time.perf_counter() - started)


def _hammer(port: int, path: str, headers: dict, until: float, out) -> None:
    answered, statuses = 0, {}
    while time.perf_counter() < until:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        conn.close()
        statuses[response.status] = statuses.get(response.status, 0) + 1
        answered += 1
    out.put((answered, statuses))


def _over_http(port: int, path: str, headers: dict, seconds: float, clients: int):
    ctx = multiprocessing.get_context("fork")  # the clients need nothing of Django
    queue = ctx.Queue()
    # warm up both workers
    for _ in range(20):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", path, headers=headers)
        assert conn.getresponse().status == 204
        conn.close()
    started = time.perf_counter()
    until = started + seconds
    procs = [
        ctx.Process(target=_hammer, args=(port, path, headers, until, queue))
        for _ in range(clients)
    ]
    for p in procs:
        p.start()
    results = [queue.get() for _ in procs]
    for p in procs:
        p.join()
    took = time.perf_counter() - started
    total = sum(n for n, _ in results)
    statuses: dict[int, int] = {}
    for _, s in results:
        for code, n in s.items():
            statuses[code] = statuses.get(code, 0) + n
    return total / took, statuses


def measure_polls(factory, database_url: str, *, rounds: int, seconds: float = 4.0):
    from scorekeeper.games.models import GameRole, ShareLink

    game = factory.make_game(house_rules={"two_to_clear": "on"})
    factory.normal_deal(game)
    spectator = factory.make_user()
    GameRole.objects.create(game=game, user=spectator, role=GameRole.SPECTATOR)
    link = ShareLink.objects.create(game=game, kind=ShareLink.WATCH, created_by=game.owner)

    anonymous = Client()
    watch_path = poll_path(anonymous.get(reverse("watch", args=[link.token])).content.decode())
    logged_in = Client()
    logged_in.force_login(spectator)
    session = logged_in.cookies["sessionid"].value
    game_path = poll_path(logged_in.get(reverse("game", args=[game.pk])).content.decode())

    figures = [
        PollFigures("watch link", _in_process(anonymous, watch_path, rounds), 0.0, ""),
        PollFigures("spectator", _in_process(logged_in, game_path, rounds), 0.0, ""),
    ]
    with gunicorn(database_url, workers=2) as server:
        for figure, path, sess in (
            (figures[0], watch_path, None),
            (figures[1], game_path, session),
        ):
            headers = Server.headers(sess)
            rate, statuses = _over_http(server.port, path, headers, seconds, clients=4)
            figure.over_http = rate
            figure.statuses = ", ".join(f"{code}: {n}" for code, n in sorted(statuses.items()))
    return figures
