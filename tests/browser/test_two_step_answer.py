"""A two-step game's deal recorded on a phone that keeps a fresh bids form: the answer alone
(no live poll) puts the new log row, the board and the next deal's bids form in place, and
htmx finds every part of it a place in the page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import registry
from tests.bench.tables import ENDLESS, BidsThenTricks
from tests.support.logs import game_keys

from .offline import ready_for_offline
from .table import log_in, tap_numbers

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every registered game that records a deal in two steps, with the bids and tricks of its
# endless play (tests/<game>/endless.py), two deals of them.
TWO_STEP = [key for key in game_keys() if registry.game(key).rules.opening_fields]


@pytest.mark.parametrize("kind", TWO_STEP)
def test_the_record_answer_alone_brings_the_page_up_to_date(
    new_page, live_server, factory, kind: str
):
    page: Page = new_page("light", service_workers="allow")  # the kept forms need the worker
    keeper = factory.make_user("two-steps")
    house_rules, players, deal = ENDLESS[kind]
    assert isinstance(deal, BidsThenTricks), f"{kind}: its endless play taps bids, then tricks"
    game = factory.make_game(keeper, game=kind, house_rules=house_rules, players=players)
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
    for number, (bids, tricks) in enumerate([(deal.bids, deal.tricks)] * 2, start=1):
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
    assert all("keeps=bids-form" in body for body in asked) and len(asked) == 2
    assert game.deals.count() == 2
