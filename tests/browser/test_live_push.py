"""Live push in Chromium: a spectator's page follows by stream (its polls blocked, so only the
stream can bring the deal), sees a deal within a second, gets what it missed when the stream
dropped (the server restarted), and with streams blocked falls back to polling."""

from __future__ import annotations

import re
import time
import uuid

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from scorekeeper.games.models import ShareLink
from tests.bench.night import deal_post
from tests.processes.server import Server
from tests.streams.server import StreamServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLLS = re.compile(r"/(live|next)/\?")  # every poll of a page (the stream's address is /stream/)


@pytest.fixture
def served(transactional_db):
    server = StreamServer()
    server.start()
    yield server
    server.stop()


def spectator_of(new_page, served: StreamServer, factory, *, block: re.Pattern) -> tuple:
    owner = factory.make_user()
    game = factory.make_game(owner)
    link = ShareLink.objects.create(game=game, kind=ShareLink.WATCH)
    page: Page = new_page()
    page.route(block, lambda route: route.abort())
    page.goto(f"{served.url}/watch/{link.token}/")
    expect(page.get_by_test_id("watching")).to_be_visible()
    return page, game, owner


def record_through_the_app(served: StreamServer, game, owner) -> None:
    client = Client()
    client.force_login(owner)
    game.refresh_from_db()
    data = {**deal_post(game.version), "token": str(uuid.uuid4())}
    status, body = Server(served.port).request(
        "POST", f"/games/{game.pk}/deals/", session=client.cookies["sessionid"].value, data=data
    )
    assert status == 200 and f'id="deal-{game.version + 1}"' in body


def test_a_spectator_sees_a_deal_within_a_second(new_page, served, factory, screenshot):
    page, game, owner = spectator_of(new_page, served, factory, block=POLLS)
    expect(page.locator("html[data-stream=open]")).to_have_count(1)
    for number in (1, 2):
        record_through_the_app(served, game, owner)
        started = time.monotonic()
        expect(page.locator(f"#deal-{number}")).to_be_attached(timeout=1_000)
        assert time.monotonic() - started < 1.0
    expect(page.get_by_test_id("last-change")).to_contain_text("Deal 2 recorded by")
    screenshot(page, "spectator-by-stream")


def test_a_page_whose_stream_dropped_gets_the_deal_it_missed_on_reconnecting(
    new_page, served, factory
):
    page, game, _owner = spectator_of(new_page, served, factory, block=POLLS)
    expect(page.locator("html[data-stream=open]")).to_have_count(1)
    served.stop()  # the server restarts: the stream drops
    expect(page.locator("html[data-stream=open]")).to_have_count(0)
    factory.normal_deal(game)  # made while the page was not listening
    served.start()  # the same address again
    expect(page.locator("html[data-stream=open]")).to_have_count(1, timeout=10_000)
    expect(page.locator("#deal-1")).to_be_attached(timeout=2_000)


def test_with_streams_blocked_the_page_falls_back_to_polling(new_page, served, factory):
    page, game, owner = spectator_of(new_page, served, factory, block=re.compile(r"/stream/"))
    record_through_the_app(served, game, owner)
    expect(page.locator("#deal-1")).to_be_attached(timeout=3_500)  # the poll: every 2 s
    expect(page.locator("html[data-stream=open]")).to_have_count(0)


def test_two_keepers_pages_one_records_the_other_asks_its_poll_once(new_page, served, factory):
    from scorekeeper.games.models import GameRole

    from .table import enter_deal, log_in, record

    asha, dev = factory.make_user("asha"), factory.make_user("dev")
    game = factory.make_game(asha)
    GameRole.objects.create(game=game, user=dev, role=GameRole.SCOREKEEPER)
    pages, asked = {}, {"asha": [], "dev": []}
    for name in asked:
        page = new_page()
        page.on("request", lambda r, n=name: "/live/?" in r.url and asked[n].append(r.url))
        log_in(page, served.url, name, game)
        expect(page.locator("html[data-stream=open]")).to_have_count(1)
        pages[name] = page
    asked["asha"].clear()
    asked["dev"].clear()
    enter_deal(pages["asha"], last_trick=0, points=95)
    record(pages["asha"], 1)
    expect(pages["dev"].locator("#deal-1")).to_be_attached(timeout=1_000)
    expect(pages["dev"].get_by_test_id("last-change")).to_contain_text("Deal 1 recorded by asha")
    time.sleep(0.5)  # anything more would have come by now
    assert asked == {"asha": [], "dev": [asked["dev"][0]]}  # the page's own change: no poll
    expect(pages["dev"].get_by_role("button", name="Record deal 2")).to_be_visible()  # its form
