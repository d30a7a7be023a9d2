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

    # The dealer's yellow tag stays dark on yellow, also with the score chart's styles loaded.
    expect(page.locator("#game-chart svg")).to_be_visible()
    tag = board.locator(".tag").first
    expect(tag).to_have_text("deals")
    assert contrast(tag) >= 4.5


CONTRAST = """el => {
  const rgb = c => c.match(/\\d+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => {
    v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const style = getComputedStyle(el);
  const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def contrast(locator) -> float:
    """WCAG contrast of an element's text on its own background colour."""
    return locator.evaluate(CONTRAST)
