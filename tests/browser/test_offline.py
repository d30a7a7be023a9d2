"""The table's network drops: entries made offline are kept on the phone, survive a reload,
and land once each, in order, when the network is back (static/js/offline.js)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal

from .offline import assert_same_log, expect_all_sent, expect_kept, ready_for_offline
from .table import enter_deal, log_in, tap_chip

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

THUNEE_DEALS = [(1, 2, 110), (2, 3, 40), (2, 0, 152)]  # trump maker, last trick, points


def thunee_deal(page: Page, number: int, maker: int, last: int, points: int) -> None:
    tap_chip(page, "trump_maker", maker)
    enter_deal(page, last, points)
    page.get_by_role("button", name=f"Record deal {number}").click()


def test_thunee_three_deals_offline_a_reload_and_back_online(
    page: Page, live_server, factory, screenshot
):
    keeper = factory.make_user("offline-keeper")
    game, twin = factory.make_game(keeper), factory.make_game(keeper)
    log_in(page, live_server.url, "offline-keeper", twin)
    for number, deal in enumerate(THUNEE_DEALS, start=1):  # the same deals, online
        thunee_deal(page, number, *deal)
        expect(page.locator(f"#deal-{number}")).to_be_attached()

    page.goto(f"{live_server.url}/games/{game.pk}/")
    ready_for_offline(page, game)
    page.context.set_offline(True)
    for number, deal in enumerate(THUNEE_DEALS, start=1):
        thunee_deal(page, number, *deal)
        expect(page.get_by_test_id("offline-note")).to_contain_text(
            f"Deal {number} kept on this phone, not sent yet."
        )
        expect_kept(page, list(range(1, number + 1)))
    expect(page.locator("#preview")).to_contain_text("No scoring without the server")
    screenshot(page, "01-kept-offline", full_page=False)
    assert Deal.objects.filter(game=game).count() == 0

    page.reload()  # offline: the page from the service worker, the entries from the phone
    expect_kept(page, [1, 2, 3])
    expect(page.get_by_role("button", name="Record deal 4")).to_be_visible()

    page.context.set_offline(False)
    expect_all_sent(page, [1, 2, 3])
    assert_same_log(game, twin)
