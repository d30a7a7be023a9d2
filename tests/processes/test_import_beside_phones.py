"""A 20 MB import beside two phones saving (issue 30, finding 1), against gunicorn's workers on
one SQLite file and, when DATABASE_URL points at one, on PostgreSQL.

Two phones save a deal each, over and over, while a third person imports: first the file of
the finding (16,215 Spades games, 243,225 deals, 20 MB), refused by the limits; then 20 MB
of "Download all my games" within them (thousands of games with their computed scores),
imported whole. Every save of the phones lands, none waits 2 s: the import writes a chunk at a
time in short transactions (scorekeeper/transfer/imports.py), where it once held the database's
write lock for two minutes.
"""

from __future__ import annotations

import http.client
import json
import math
import re
import threading
import time
import uuid

import pytest

from scorekeeper.play.views import GAMES_PER_PAGE
from tests.support.logs import fixture_log

from .server import CSRF, Server, fresh_database, gunicorn, run_script
from .test_phones_at_once import BACKENDS, RECORDED

pytestmark = [
    pytest.mark.processes,
    pytest.mark.xdist_group("import-beside-phones"),
]  # one gunicorn

MB = 1024 * 1024
MAX_WAIT = 2.0  # seconds a phone's save may take
PHONE_DEALS = 1500  # more than the phones can save while the import runs
# Saves before anything is timed. A fresh PostgreSQL database's first seconds (8 s of saves was
# too few) once held two phones' saves for 4 s with nothing else going on: it gets 20 s. An
# SQLite file has nothing of the kind running beside it: its saves go on until the last
# QUICK_IN_A_ROW saves each took under QUICK_S (a second or two once every worker has loaded).
WARM_UP_S = 20.0  # at most
QUICK_S, QUICK_IN_A_ROW = 0.3, 20


def file_of_games(key: str, size: int, *, computed: bool) -> tuple[bytes, int, int]:
    """A "Download all my games" file of one fixture's game again and again, up to `size`
    bytes: (the file, its games, its deals)."""
    log = fixture_log(key)
    if not computed:
        log.pop("computed", None)
    item = json.dumps({"played_on": "2026-03-05", "friendly": False, "log": log})
    head, tail = '{"format": "scorekeeper-game-logs", "version": 1, "games": [', "]}"
    count = (size - len(head) - len(tail)) // (len(item) + 2)
    body = (head + ", ".join([item] * count) + tail).encode()
    return body, count, count * len(log["deals"])


def upload(server: Server, session: str, body: bytes) -> tuple[int, str, dict, float]:
    """POST the file to the import page as a browser does; (status, body, headers, seconds)."""
    boundary = uuid.uuid4().hex
    form = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="games.json"'
        f"\r\nContent-Type: application/json\r\n\r\n"
    ).encode()
    form += body + f"\r\n--{boundary}--\r\n".encode()
    headers = Server.headers(session, htmx=False)
    headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
    headers["Cookie"] = f"csrftoken={CSRF}; sessionid={session}"
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=900)
    began = time.monotonic()
    try:
        conn.request("POST", "/games/import/", form, headers)
        response = conn.getresponse()
        text = response.read().decode()
        return response.status, text, dict(response.getheaders()), time.monotonic() - began
    finally:
        conn.close()


class Phone(threading.Thread):
    """Saves its game's next deal, pauses a moment, and again, until told to stop."""

    def __init__(self, server: Server, session: str, game: dict) -> None:
        super().__init__(daemon=True)
        self.server, self.session, self.game = server, session, game
        self.stop = threading.Event()
        self.waits: list[float] = []
        self.failures: list[tuple[int, str]] = []

    def run(self) -> None:
        path = f"/games/{self.game['pk']}/deals/"
        for number, deal in enumerate(self.game["posts"], start=1):
            if self.stop.is_set():
                return
            data = {**deal, "expected_number": number, "token": str(uuid.uuid4())}
            began = time.monotonic()
            status, body = self.server.request("POST", path, session=self.session, data=data)
            self.waits.append(time.monotonic() - began)
            if status != 200 or RECORDED not in body:
                self.failures.append((status, body[:300]))
                return
            time.sleep(0.2)


@pytest.fixture(scope="module", params=BACKENDS)
def site(request, tmp_path_factory):
    with fresh_database(request.param, tmp_path_factory.mktemp(request.param)) as url:
        seeded = run_script(url, "seed", "6", "3", str(PHONE_DEALS))
        with gunicorn(url, workers=3, threads=4) as server:  # 4 threads, as `make serve`
            warm_up(server, seeded, request.param)
            yield request.param, url, server, seeded


def warm_up(server: Server, seeded: dict, backend: str) -> None:
    """Pages of every kind asked for at once, and deals saved (games 4 and 5), so that every
    worker process has loaded its templates before anything is timed (a first request of a
    kind takes seconds)."""
    pages = [f"/games/{game['pk']}/" for game in seeded["games"]] + ["/games/import/", "/"]
    asks = [(session, page) for session in seeded["sessions"] for page in pages] * 2

    def ask(session: str, page: str) -> None:
        server.request("GET", page, session=session, htmx=False)

    threads = [threading.Thread(target=ask, args=pair) for pair in asks]
    for thread in threads:
        thread.start()

    def until_warm(phones: list[Phone]) -> None:
        deadline = time.monotonic() + WARM_UP_S
        while time.monotonic() < deadline:
            if backend == "sqlite" and quick_lately(phones):
                return
            time.sleep(0.2)

    with_phones(server, seeded, (4, 5), until_warm)
    for thread in threads:
        thread.join(timeout=120)


def quick_lately(phones: list[Phone]) -> bool:
    waits = [w for phone in phones for w in phone.waits[-QUICK_IN_A_ROW // len(phones) :]]
    return len(waits) >= QUICK_IN_A_ROW and max(waits) < QUICK_S


def with_phones(server: Server, seeded: dict, games: tuple[int, int], work):
    """Two phones saving, each its own game of `games`, while `work(phones)` runs."""
    phones = [Phone(server, seeded["sessions"][i], seeded["games"][g]) for i, g in enumerate(games)]
    for phone in phones:
        phone.start()
    time.sleep(1)  # the phones are saving
    try:
        result = work(phones)
    finally:
        for phone in phones:
            phone.stop.set()
        for phone in phones:
            phone.join(timeout=60)
    return result, phones


def check_phones(backend: str, what: str, phones: list[Phone]) -> None:
    waits = sorted(w for phone in phones for w in phone.waits)
    print(
        f"\n{backend}, {what}: {len(waits)} saves beside it, slowest {waits[-1]:.2f} s,"
        f" median {waits[len(waits) // 2]:.3f} s"
    )
    for phone in phones:
        assert not phone.failures, phone.failures[:3]
        assert phone.waits, "the phone saved nothing"
    assert waits[-1] < MAX_WAIT, waits[-5:]


def test_the_findings_file_is_refused_by_the_limits_and_no_save_waits(site):
    backend, _url, server, seeded = site
    body, games, deals = file_of_games("spades", 20 * MB - 64 * 1024, computed=False)
    assert games > 16_000 and deals > 240_000 and len(body) > 19 * MB
    importer = seeded["sessions"][2]
    (status, text, _headers, took), phones = with_phones(
        server, seeded, (0, 1), lambda _phones: upload(server, importer, body)
    )
    print(f"\n{backend}: the finding's file ({len(body) / MB:.1f} MB) refused in {took:.1f} s")
    assert status == 200 and f"holds {games} games; one import takes at most" in text
    check_phones(backend, "the finding's file", phones)


def test_a_20_mb_import_within_the_limits_lands_and_no_save_waits(site):
    backend, _url, server, seeded = site
    body, games, deals = file_of_games("thunee", 20 * MB - 64 * 1024, computed=True)
    assert len(body) > 19 * MB and games <= 5_000 and deals <= 50_000
    importer = seeded["sessions"][2]
    (status, text, headers, took), phones = with_phones(
        server, seeded, (2, 3), lambda _phones: upload(server, importer, body)
    )
    print(f"\n{backend}: {games} games, {deals} deals ({len(body) / MB:.1f} MB) in {took:.1f} s")
    assert status == 302, text[:2000]
    home = server.request("GET", headers.get("Location", "/"), session=importer, htmx=False)[1]
    seen = games + len(seeded["games"])  # theirs, and those they keep with the phones
    assert re.search(rf"Page 1 of {math.ceil(seen / GAMES_PER_PAGE)}\s*<", home)
    check_phones(backend, "a 20 MB import", phones)
