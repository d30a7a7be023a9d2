"""The game page in the phone's dark mode: the board is there and readable."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_dark_mode_game_page(new_page, live_server, factory, screenshot):
    game = factory.make_game(factory.make_user("dark-keeper"))
    for counting_wins in (True, False, True):
        factory.normal_deal(game, counting_wins=counting_wins)
    page = new_page("dark")
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "dark-keeper")
    page.fill("#id_password", "pw-for-tests-1")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/games/{game.pk}/")

    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(17, 20, 18)", background  # --bg in the dark palette
    board = page.locator("section.board")
    expect(board).to_be_visible()
    expect(board.locator(".ball-card")).to_have_count(4)
    expect(page.get_by_test_id("balls-0")).to_be_visible()
    expect(page.locator("#log-list > li")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "01-dark-game")
