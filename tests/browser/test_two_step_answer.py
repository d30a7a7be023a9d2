"""A two-step game's deal recorded on a phone that keeps a fresh bids form: the answer alone
(no live poll) puts the new log row, the board and the next deal's bids form in place, and
htmx finds every part of it a place in the page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .offline import ready_for_offline
from .table import log_in
from .test_spades import tap_numbers

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEALS = {  # bids, then tricks, of two deals
    "spades": [([3, 3, 3, 3], [4, 3, 3, 3]), ([2, 4, 3, 3], [2, 4, 4, 3])],
    "pottle": [([1, 2, 1, 2], [1, 2, 2, 2]), ([2, 2, 1, 1], [2, 2, 2, 1])],
}


@pytest.mark.parametrize("kind", sorted(DEALS))
def test_the_record_answer_alone_brings_the_page_up_to_date(
    new_page, live_server, factory, kind: str
):
    page: Page = new_page("light", service_workers="allow")  # the kept forms need the worker
    keeper = factory.make_user("two-steps")
    game = factory.make_game(keeper, game=kind)
    log_in(page, live_server.url, "two-steps", game)
    ready_for_offline(page, game)  # the phone keeps a fresh bids form: the answer leaves it out
    page.context.route(re.compile(r"/live/"), lambda route: route.abort())  # the answer alone
    htmx_errors: list[str] = []
    page.on(
        "console",
        lambda m: (
            htmx_errors.append(m.text)
            if re.search(r"htmx:\w*(oob|target|swap)\w*error", m.text, re.I)
            else None
        ),
    )
    asked: list[str] = []
    page.on(
        "request",
        lambda r: asked.append(r.post_data or "") if r.url.endswith("/deals/") else None,
    )
    for number, (bids, tricks) in enumerate(DEALS[kind], start=1):
        tap_numbers(page, "bid", bids)
        page.locator("#deal-submit").click()
        expect(page.locator("#deal-form input[name=stage]")).to_have_value("closing")
        tap_numbers(page, "trick", tricks)
        page.locator("#deal-submit").click()
        expect(page.locator(f"#deal-{number}")).to_be_attached()
        expect(page.locator("#deal-form input[name=stage]")).to_have_value("opening")
        expect(page.locator("#deal-form input[name=expected_number]")).to_have_value(
            str(number + 1)
        )
        expect(page.locator("#undo button")).to_be_visible()
    assert htmx_errors == []
    assert all("bids_form=kept" in body for body in asked) and len(asked) == 2
    assert game.deals.count() == 2
