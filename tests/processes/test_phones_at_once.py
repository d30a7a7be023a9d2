"""Phones saving at the same instant, against gunicorn's 4 worker processes on one SQLite file
(WAL, immediate transactions, a busy timeout: scorekeeper/settings.py) and, when DATABASE_URL
points at one, on PostgreSQL.

Each round every phone sends the same next deal (its own form token) at once, released by a
barrier: exactly one saves it, each other one is told clearly that another phone recorded it
and gets its own input back; never a server error. A double tap (one token sent twice at once)
records the deal once. Afterwards the log holds every deal once, in order, with nothing lost.
"""

from __future__ import annotations

import http.client
import os
import threading
import uuid
from collections import Counter

import pytest

from .server import Server, fresh_database, gunicorn, run_script

# One worker runs the module (pytest-xdist): its gunicorn is started once, not once a worker.
pytestmark = [pytest.mark.processes, pytest.mark.xdist_group("phones-at-once")]

TWO_PHONES_ROUNDS = 60
EIGHT_PHONES_ROUNDS = 20
DOUBLE_TAP_ROUNDS = 30
RECORD_AND_UNDO_ROUNDS = 40

BACKENDS = ["sqlite"]
if os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
    BACKENDS.append("postgres")

RECORDED = 'hx-swap-oob="afterbegin:#log-list"'  # the answer to a phone whose deal was saved
TOLD = ("changed on another phone", "Another phone recorded this deal")


@pytest.fixture(scope="module", params=BACKENDS)
def table(request, tmp_path_factory):
    with fresh_database(request.param, tmp_path_factory.mktemp(request.param)) as url:
        seeded = run_script(url, "seed", "4", "8", str(TWO_PHONES_ROUNDS))
        with gunicorn(url, workers=4) as server:
            yield request.param, url, server, seeded


def at_once(server: Server, sends: list[tuple[str, dict]], path: str) -> list[tuple[int, str]]:
    """POST each (session, data) from its own thread, all released at the same instant."""
    barrier = threading.Barrier(len(sends))
    results: list[tuple[int, str] | None] = [None] * len(sends)

    def phone(i: int, session: str, data: dict) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        conn.connect()
        barrier.wait()
        try:
            results[i] = server.send(conn, "POST", path, session=session, data=data)
        except OSError as e:  # pragma: no cover - reported as a failure below
            results[i] = (0, repr(e))
        finally:
            conn.close()

    threads = [threading.Thread(target=phone, args=(i, s, d)) for i, (s, d) in enumerate(sends)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return results  # type: ignore[return-value]


def play(server: Server, game: dict, sessions: list[str], rounds: int) -> Counter:
    """Every round, each phone sends the next deal at once. Returns what the phones were told."""
    path = f"/games/{game['pk']}/deals/"
    told = Counter()
    for number, deal in enumerate(game["posts"][:rounds], start=1):
        sends = [
            (s, {**deal, "expected_number": number, "token": str(uuid.uuid4())}) for s in sessions
        ]
        answers = at_once(server, sends, path)
        saved = [body for status, body in answers if status == 200 and RECORDED in body]
        for status, body in answers:
            told[status] += 1
            if status == 200 and RECORDED not in body:
                assert any(text in body for text in TOLD), body[:600]
                # The losing phone keeps its input: its points are back in the form.
                assert f'value="{deal["counting_points"]}"' in body, body[:600]
                told["told"] += 1
        assert len(saved) == 1, (number, [status for status, _ in answers])
    return told


def expect_log(url: str, game: dict, deals: int, *, undone: int = 0) -> None:
    found = run_script(url, "check", str(game["pk"]))[str(game["pk"])]
    assert found["numbers"] == list(range(1, deals + 1))  # none lost, none twice
    assert found["tokens"] == deals
    assert found["recorded"] == deals + undone  # the audit trail: every deal ever recorded
    assert found["undone"] == undone
    assert found["version"] == deals + 2 * undone and found["cached_deals"] == deals
    sent = [{k: v for k, v in post.items() if k != "kind"} for post in game["posts"][:deals]]
    assert found["facts"] == sent


def test_two_phones_save_the_same_deal_at_the_same_instant(table):
    backend, url, server, seeded = table
    game = seeded["games"][0]
    told = play(server, game, seeded["sessions"][:2], TWO_PHONES_ROUNDS)
    print(f"\n{backend}: two phones x {TWO_PHONES_ROUNDS}: {dict(told)}")
    assert set(told) <= {200, "told"}, told  # no server error, ever
    assert told["told"] == TWO_PHONES_ROUNDS
    expect_log(url, game, TWO_PHONES_ROUNDS)


def test_eight_phones_save_the_same_deal_at_the_same_instant(table):
    backend, url, server, seeded = table
    game = seeded["games"][1]
    told = play(server, game, seeded["sessions"][:8], EIGHT_PHONES_ROUNDS)
    print(f"\n{backend}: eight phones x {EIGHT_PHONES_ROUNDS}: {dict(told)}")
    assert set(told) <= {200, "told"}, told
    assert told["told"] == 7 * EIGHT_PHONES_ROUNDS
    expect_log(url, game, EIGHT_PHONES_ROUNDS)


def test_a_double_tap_records_the_deal_once(table):
    backend, url, server, seeded = table
    game = seeded["games"][2]
    session = seeded["sessions"][0]
    path = f"/games/{game['pk']}/deals/"
    statuses = Counter()
    for number, deal in enumerate(game["posts"][:DOUBLE_TAP_ROUNDS], start=1):
        data = {**deal, "expected_number": number, "token": str(uuid.uuid4())}
        answers = at_once(server, [(session, data), (session, data)], path)
        statuses.update(status for status, _ in answers)
        assert [status for status, _ in answers] == [200, 200], answers
        # Both taps see the deal saved: one as the fresh record, one as the game now.
        assert all(f"Undo deal {number}" in body for _, body in answers), answers
    print(f"\n{backend}: double tap x {DOUBLE_TAP_ROUNDS}: {dict(statuses)}")
    expect_log(url, game, DOUBLE_TAP_ROUNDS)


def test_one_phone_records_while_the_other_undoes(table):
    """Two scorekeepers: one saves the next deal as the other undoes the last, at once. One of
    them wins, the other is told and nothing of theirs is half done."""
    backend, url, server, seeded = table
    game = seeded["games"][3]
    record_path, undo_path = f"/games/{game['pk']}/deals/", f"/games/{game['pk']}/undo/"
    keeper, other = seeded["sessions"][:2]
    server.request(
        "POST", record_path, session=keeper, data={**game["posts"][0], "token": str(uuid.uuid4())}
    )
    deals, undone, told = 1, 0, Counter()
    for _ in range(RECORD_AND_UNDO_ROUNDS):
        deal = {**game["posts"][deals], "expected_number": deals + 1, "token": str(uuid.uuid4())}
        barrier = threading.Barrier(2)
        answers: dict[str, tuple[int, str]] = {}

        def send(name, path, session, data, answers=answers, barrier=barrier):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            conn.connect()
            barrier.wait()
            answers[name] = server.send(conn, "POST", path, session=session, data=data)
            conn.close()

        threads = [
            threading.Thread(target=send, args=("record", record_path, keeper, deal)),
            threading.Thread(target=send, args=("undo", undo_path, other, {"number": deals})),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        told.update(status for status, _ in answers.values())
        assert {status for status, _ in answers.values()} == {200}, answers
        recorded = RECORDED in answers["record"][1]
        was_undone = f"Deal {deals} undone." in answers["undo"][1]
        assert recorded != was_undone, (deals, recorded, was_undone)  # exactly one of them
        if recorded:
            assert "Nothing was undone." in answers["undo"][1]
            deals += 1
        else:
            assert "changed on another phone" in answers["record"][1]
            assert f'value="{deal["counting_points"]}"' in answers["record"][1]  # input kept
            deals, undone = deals - 1, undone + 1
        if deals == 0:  # keep a deal to undo
            server.request(
                "POST",
                record_path,
                session=keeper,
                data={**game["posts"][0], "token": str(uuid.uuid4())},
            )
            deals = 1
    print(f"\n{backend}: record and undo x {RECORD_AND_UNDO_ROUNDS}: {dict(told)}, undone {undone}")
    expect_log(url, game, deals, undone=undone)
