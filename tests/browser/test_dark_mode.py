"""The game page in the phone's dark mode: the board is there and readable."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .table import assert_fits_the_phone, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_dark_mode_game_page(new_page, live_server, factory, screenshot):
    game = factory.make_game(factory.make_user("dark-keeper"))
    for counting_wins in (True, False, True):
        factory.normal_deal(game, counting_wins=counting_wins)
    page = new_page("dark")
    log_in(page, live_server.url, "dark-keeper", game)

    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(17, 20, 18)", background  # --bg in the dark palette
    board = page.locator("section.board")
    expect(board).to_be_visible()
    expect(board.locator(".ball-card")).to_have_count(4)
    expect(page.get_by_test_id("balls-0")).to_be_visible()
    expect(page.locator("#log-list > li")).to_have_count(3)
    assert_fits_the_phone(page)
    screenshot(page, "01-dark-game")
