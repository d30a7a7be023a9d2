"""The live streams over a real socket (uvicorn in a thread, the test's database): what a
spectator, a keeper and a stranger get, a snapshot on (re)connecting, a revoked link's stream
closing, a change rendered once for every spectator, a change announced by its POST."""

from __future__ import annotations

import re
import time
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.games.models import ShareLink
from scorekeeper.games.stamps import stamp_of
from scorekeeper.streams import inprocess
from tests.bench.night import deal_post
from tests.processes.server import Server

from .server import Stream, StreamServer

pytestmark = pytest.mark.django_db(transaction=True)


def watch(game) -> tuple[str, ShareLink]:
    link = ShareLink.objects.create(game=game, kind=ShareLink.WATCH)
    return f"/watch/{link.token}/live/?v={stamp_of(game)}", link


def quiet(stream: Stream, seconds: float) -> bool:
    """Nothing comes on the stream for `seconds` (it stays open)."""
    try:
        return stream.next(timeout=seconds) is None and False
    except TimeoutError:
        return True


def swapped(event) -> tuple[int, str]:
    assert event is not None and event.name == "swap", event
    number, _, html = event.data.partition("\n")
    return int(number), html


def test_every_spectator_gets_the_deal_as_the_poll_answers_it_rendered_once(
    stream_server, factory, monkeypatch
):
    game = factory.make_game()
    poll, link = watch(game)
    asked = []
    real_ask = inprocess.ask

    def counted(environ, path, query, **headers):
        asked.append(query)
        return real_ask(environ, path, query, **headers)

    monkeypatch.setattr(inprocess, "ask", counted)
    spectators = [Stream(stream_server.port, [poll]) for _ in range(3)]
    assert [s.status for s in spectators] == [200, 200, 200]
    asked.clear()
    factory.normal_deal(game)
    game.refresh_from_db()
    for spectator in spectators:
        event = spectator.next()
        number, html = swapped(event)
        assert number == 0
        assert 'id="deal-1"' in html and "Deal 1 recorded by" in html
        assert f"/watch/{link.token}/live/?v={stamp_of(game)}" in html  # its next poll's stamp
        assert event.id == stamp_of(game)
    assert asked == [""]  # the changed answer, asked once for all three (no `v`: changed)
    for spectator in spectators:
        spectator.close()


def test_a_page_that_missed_changes_gets_them_first_and_so_does_a_reconnect(stream_server, factory):
    game = factory.make_game()
    poll, link = watch(game)
    stale = Stream(stream_server.port, [f"/watch/{link.token}/live/?v=0.0"])
    _, html = swapped(stale.next())
    assert 'data-testid="balls-0"' in html and 'id="deal-' not in html  # where it stands
    stale.close()
    factory.normal_deal(game)
    # A reconnect: the page's address still says what it had at load, Last-Event-ID newer.
    game.refresh_from_db()
    current = Stream(stream_server.port, [poll], {"Last-Event-ID": stamp_of(game)})
    missed = Stream(stream_server.port, [poll])  # the old stamp: deal 1 is news
    _, html = swapped(missed.next())
    assert 'id="deal-1"' in html
    assert quiet(current, 1.0)  # nothing to send: it is current
    current.close()
    missed.close()


def test_a_revoked_watch_link_closes_its_stream_and_a_dead_one_cannot_open(stream_server, factory):
    game = factory.make_game()
    poll, link = watch(game)
    stream = Stream(stream_server.port, [poll])
    assert stream.status == 200
    ShareLink.objects.filter(pk=link.pk).update(revoked_at=timezone.now())
    event = stream.next()
    assert event.name == "gone" and event.data == "0"
    assert stream.next() is None  # and the stream ends: nothing more reaches that page
    again = Stream(stream_server.port, [poll])
    assert again.status == 404  # the poll's own answer to a revoked link


def test_a_person_follows_their_game_page_and_a_stranger_cannot(stream_server, factory):
    owner = factory.make_user()
    game = factory.make_game(owner)
    client = Client()
    client.force_login(owner)
    page = client.get(f"/games/{game.pk}/").content.decode()
    poll = re.search(r'id="live-poll" hx-get="([^"]+)"', page)[1].replace("&amp;", "&")
    cookie = {"Cookie": f"sessionid={client.cookies['sessionid'].value}"}
    mine = Stream(stream_server.port, [poll], cookie)
    assert mine.status == 200
    stranger = Client()
    stranger.force_login(factory.make_user())
    theirs = {"Cookie": f"sessionid={stranger.cookies['sessionid'].value}"}
    assert Stream(stream_server.port, [poll], theirs).status == 404
    assert Stream(stream_server.port, [poll]).status == 401  # logged out (the poll's own)
    factory.normal_deal(game)
    game.refresh_from_db()
    event = mine.next()
    # A person's page: told to ask its own poll (their form, their ticket), with the stamp.
    assert event.name == "changed" and event.data == f"0 {stamp_of(game)}"
    mine.close()


@pytest.mark.parametrize(
    "query, status",
    [
        ("", 400),
        ("f=/games/", 400),
        ("f=http://elsewhere.example/watch/abc/live/", 400),
        ("f=/watch/no-such-link/live/%3Fv%3D1.2", 404),
        ("f=/screen/no-such-screen/live/", 404),
        ("f=/table/no-such-table/next/", 404),
    ],
)
def test_what_cannot_be_followed_is_refused(stream_server, query, status):
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", stream_server.port, timeout=10)
    conn.request("GET", f"/stream/?{query}", headers={"Host": "testserver"})
    assert conn.getresponse().status == status
    conn.close()


def test_a_change_posted_here_is_pushed_at_once_without_waiting_for_the_tick(
    factory, monkeypatch, transactional_db
):
    monkeypatch.setenv("STREAM_TICK", "30")  # the watcher's own reading: far away
    server = StreamServer()
    server.start()
    try:
        owner = factory.make_user()
        game = factory.make_game(owner)
        poll, link = watch(game)
        stream = Stream(server.port, [poll])
        assert stream.status == 200
        # Its first reading is done (0.3 s was too short once, on PostgreSQL under the whole
        # suite: the reading came after the deal and sent it). Nothing reads again for 30 s.
        time.sleep(1.0)
        factory.normal_deal(game)  # written straight to the database: nobody pokes
        assert quiet(stream, 1.0)
        stream.close()
        game.refresh_from_db()
        stream = Stream(server.port, [f"/watch/{link.token}/live/?v={stamp_of(game)}"])
        client = Client()
        client.force_login(owner)
        data = {**deal_post(1), "token": str(uuid.uuid4())}
        started = time.monotonic()
        status, _ = Server(server.port).request(
            "POST", f"/games/{game.pk}/deals/", session=client.cookies["sessionid"].value, data=data
        )
        assert status == 200
        _, html = swapped(stream.next(timeout=1.0))
        assert 'id="deal-2"' in html
        assert time.monotonic() - started < 1.0
        stream.close()
    finally:
        server.stop()


def test_the_organisers_page_and_a_table_phone_follow_the_night(stream_server, factory):
    from scorekeeper.nights import services
    from scorekeeper.nights.models import Night, Table
    from tests.bench.night import setup_night

    plans, _screen = setup_night(2)
    night = Night.objects.latest("pk")
    organiser = Client()
    organiser.force_login(night.organiser)
    page = organiser.get(f"/nights/{night.pk}/").content.decode()
    poll = re.search(r'id="night-live" hx-get="([^"]+)"', page)[1].replace("&amp;", "&")
    cookie = {"Cookie": f"sessionid={organiser.cookies['sessionid'].value}"}
    organiser_stream = Stream(stream_server.port, [poll], cookie)
    phone = {"Cookie": f"sessionid={plans[1].session}"}
    phone_stream = Stream(stream_server.port, [plans[1].game_poll, plans[1].follow_poll], phone)
    assert (organiser_stream.status, phone_stream.status) == (200, 200)
    factory.normal_deal(Table.objects.get(round__night=night, number=2).game)
    told = organiser_stream.next()
    assert told.name == "changed" and told.data.startswith("0 ")  # it asks its page's poll
    assert phone_stream.next().data.startswith("0 ")  # its own game changed (the table's)
    services.renew_link(night, 2)  # the organiser revokes table 2's link: its phone is out
    gone = phone_stream.next()
    assert (gone.name, gone.data) == ("gone", "1")  # the table's follow poll says why
    assert phone_stream.next() is None  # and the stream ends: its game went with the link
    assert Stream(stream_server.port, [plans[1].game_poll], phone).status in (401, 403, 404)
    organiser_stream.close()
    phone_stream.close()


def test_a_visitor_follows_their_own_game_and_another_visitor_cannot(stream_server, factory):
    """A game kept without an account (holders.py): its browser's cookie opens its stream."""
    from scorekeeper.accounts.holders import COOKIE
    from tests.groups.conftest import become_visitor
    from tests.support.visitors import start_thunee

    visitor = Client()
    game = start_thunee(visitor)
    page = visitor.get(f"/games/{game.pk}/").content.decode()
    poll = re.search(r'id="live-poll" hx-get="([^"]+)"', page)[1].replace("&amp;", "&")
    mine = Stream(
        stream_server.port, [poll], {"Cookie": f"{COOKIE}={visitor.cookies[COOKIE].value}"}
    )
    assert mine.status == 200
    other = Client()
    become_visitor(other)
    theirs = {"Cookie": f"{COOKIE}={other.cookies[COOKIE].value}"}
    assert Stream(stream_server.port, [poll], theirs).status == 404
    factory.normal_deal(game)
    assert mine.next().name == "changed"
    mine.close()


def test_one_client_takes_its_share_of_streams_and_another_still_gets_one(
    stream_server, factory, monkeypatch
):
    """A browser session holds at most STREAMS_PER_SESSION streams (then 503 with a retry
    hint, not a server error); a stream from another session is still served."""
    from scorekeeper.streams import app

    monkeypatch.setattr(app, "STREAMS_PER_SESSION", 3)
    game = factory.make_game()
    poll, _link = watch(game)
    mine = {"Cookie": "sessionid=hammering"}
    held = [Stream(stream_server.port, [poll], mine) for _ in range(3)]
    assert [s.status for s in held] == [200, 200, 200]
    refused = Stream(stream_server.port, [poll], mine)
    assert refused.status == 503 and refused.response.getheader("Retry-After") == "30"
    other = Stream(stream_server.port, [poll], {"Cookie": "sessionid=ordinary"})
    assert other.status == 200
    held[0].close()
    time.sleep(0.3)
    again = Stream(stream_server.port, [poll], mine)
    assert again.status == 200  # a closed stream gives its place back
    for stream in [*held[1:], refused, other, again]:
        stream.close()


def test_a_process_holds_no_more_streams_than_its_open_file_limit_allows(monkeypatch):
    import resource

    from scorekeeper.streams import app

    monkeypatch.setattr(resource, "getrlimit", lambda _which: (400, 4096))
    monkeypatch.setenv("STREAM_MOST", "20000")
    assert app._most_streams() == 400 - 64  # the rest kept for the database, the socket, files


def keeper_stream(stream_server, factory, game, user):
    client = Client()
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/").content.decode()
    poll = re.search(r'id="live-poll" hx-get="([^"]+)"', page)[1].replace("&amp;", "&")
    cookie = {"Cookie": f"sessionid={client.cookies['sessionid'].value}"}
    stream = Stream(stream_server.port, [poll], cookie)
    assert stream.status == 200
    return client, stream


def test_a_co_keeper_removed_is_told_gone_and_their_stream_ends(stream_server, factory):
    from scorekeeper.games.models import GameRole

    owner, helper = factory.make_user(), factory.make_user()
    game = factory.make_game(owner)
    GameRole.objects.create(game=game, user=helper, role="scorekeeper")
    _client, stream = keeper_stream(stream_server, factory, game, helper)
    organiser = Client()
    organiser.force_login(owner)
    organiser.post(reverse("game_person_remove", args=[game.pk, helper.pk]))
    assert not GameRole.objects.filter(user=helper).exists()
    event = stream.next(timeout=5)
    assert event is not None and event.name == "gone"
    assert stream.next() is None  # the stream ends


def test_a_person_who_logs_out_is_told_gone_within_a_heartbeat(stream_server, factory, monkeypatch):
    from scorekeeper.streams import hub

    monkeypatch.setattr(hub, "SESSIONS_EVERY", 0.5)
    owner = factory.make_user()
    game = factory.make_game(owner)
    client, stream = keeper_stream(stream_server, factory, game, owner)
    client.post("/logout/")
    event = stream.next(timeout=5)
    assert event is not None and event.name == "gone"
    assert stream.next() is None
