"""The score in view after every save, on a 390x844 phone: the score strip in the sticky top bar
says the new score and who deals next without scrolling, and the next field to fill sits below
that bar (after a deal, and after a two-step game's bids). Every registered game, light and dark
(each checked in both schemes where it stands: a theme changes colours, not where things are).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import registry
from tests.bench.tables import ENDLESS, BidsThenTricks
from tests.support.logs import game_keys

from .schemes import in_each_scheme
from .table import assert_fits_the_phone, enter_deal, log_in, record, start_game, tap_numbers

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]
PHONE_HEIGHT = 844

# The bookkeeping of a POST that a person never fills in.
NOT_FILLED = {"expected_number", "stage", "token", "bids_form", "prefilled"}

# Where an element is on the screen, and the sticky bar's bottom edge.
BOX = "(el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, r.height]; }"
BAR_BOTTOM = "document.querySelector('header.topbar').getBoundingClientRect().bottom"
# The first field of the deal form a person sees (a game's first chips, or its first pad).
FIRST_FIELD = """() => {
  const form = document.getElementById('deal-form');
  const shown = (el) => el.checkVisibility();
  const el = [...form.querySelectorAll('fieldset, .chips, label, select, input:not([type=hidden])')]
    .find(shown);
  const r = el.getBoundingClientRect();
  return [r.top, r.bottom];
}"""


def in_view(page: Page, selector: str) -> tuple[float, float]:
    top, bottom, height = page.locator(selector).evaluate(BOX)
    assert height > 0, f"{selector} takes no room"
    assert top >= 0 and bottom <= PHONE_HEIGHT, f"{selector} is at {top}..{bottom}, off the screen"
    return top, bottom


def assert_next_field_below_the_bar(page: Page, what: str) -> None:
    """The next field to fill starts below the sticky bar (not under it) and on the screen."""
    for _ in range(50):  # the answer settles, then the page scrolls
        bar = page.evaluate(BAR_BOTTOM)
        top, _ = page.evaluate(FIRST_FIELD)
        if bar - 1 <= top < PHONE_HEIGHT - 60:
            return
        page.wait_for_timeout(100)
    where = page.evaluate("window.scrollY")
    raise AssertionError(f"{what}: the next field at {top}, the bar ends {bar}, scrolled {where}")


def assert_score_and_dealer_in_view(page: Page) -> None:
    """The strip is on the screen where the page now is, and names who deals next as the dealer
    line does."""
    expect(page.locator("#score-strip")).to_be_visible()
    in_view(page, "#score-strip")
    in_view(page, "#score-strip .strip-dealer")
    dealer = page.locator("#dealer-line [data-testid=dealer]")
    if dealer.count():
        expect(page.locator("#score-strip .strip-dealer")).to_contain_text(dealer.inner_text())


def shot(page: Page, name: str) -> None:
    """What the phone shows as it is now (not scrolled to the top): $SCREENSHOT_DIR, if set."""
    directory = os.environ.get("SCREENSHOT_DIR")
    if directory:
        Path(directory).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(directory) / f"score-in-view--{name}.png"))


def test_a_visitors_thunee_deal_shows_the_score_and_the_next_dealer_without_scrolling(
    new_page, live_server
):
    page = new_page("light")
    base = live_server.url
    page.goto(f"{base}/games/new/")
    expect(page).to_have_url(f"{base}/games/new/")  # no account asked for
    start_game(page, base, NAMES)
    expect(page.locator("#score-strip .strip-score > span:nth-child(1) b")).to_have_text("0")
    expect(page.locator("#score-strip .strip-dealer")).to_contain_text("Deal 1 · Asha deals")
    enter_deal(page, 1, 130)  # Bongani makes trumps; Asha & Chetan count 130 and win a ball
    page.get_by_role("button", name="Record deal 1").scroll_into_view_if_needed()
    record(page, 1)
    expect(page.locator("#score-strip .strip-score > span:nth-child(1) b")).to_have_text("1")
    expect(page.locator("#score-strip .strip-score > span:nth-child(2) b")).to_have_text("0")
    expect(page.locator("#score-strip .strip-dealer")).to_contain_text("Deal 2 · Bongani deals")

    def all_in_view(scheme: str) -> None:
        assert_score_and_dealer_in_view(page)
        in_view(page, "#score-strip .strip-score > span:nth-child(1) b")
        assert_next_field_below_the_bar(page, f"after deal 1 ({scheme})")
        assert_fits_the_phone(page)
        shot(page, f"thunee-after-a-save-{scheme}")

    in_each_scheme(page, all_in_view)


def fill(page: Page, post: dict[str, Any]) -> None:
    """Put a deal's POST data into the form as taps would: chips chosen, boxes filled."""
    values = {k: v for k, v in post.items() if k not in NOT_FILLED}
    page.evaluate(
        """(values) => {
          const form = document.getElementById('deal-form');
          for (const [name, value] of Object.entries(values)) {
            const wanted = (Array.isArray(value) ? value : [value]).map(String);
            for (const el of form.querySelectorAll(`[name="${name}"]`)) {
              const chosen = el.type === 'radio' || el.type === 'checkbox';
              if (chosen) el.checked = wanted.includes(el.value);
              else el.value = wanted[0];
              el.dispatchEvent(new Event('change', { bubbles: true }));
            }
          }
        }""",
        values,
    )


@pytest.mark.parametrize("kind", game_keys())
def test_every_game_keeps_the_score_in_view_after_a_save(new_page, live_server, factory, kind: str):
    page = new_page("light")
    keeper = factory.make_user("in-view")
    house_rules, players, deal = ENDLESS[kind]
    game = factory.make_game(keeper, game=kind, house_rules=house_rules, players=players)
    log_in(page, live_server.url, "in-view", game)
    before = page.locator("#score-strip").inner_text()
    if isinstance(deal, BidsThenTricks):
        tap_numbers(page, "bid", deal.bids)
        page.locator("#deal-submit").scroll_into_view_if_needed()
        page.locator("#deal-submit").click()
        expect(page.locator("#deal-form input[name=stage]")).to_have_value("closing")

        def tricks_in_view(scheme: str) -> None:
            assert_next_field_below_the_bar(page, f"{kind}: the tricks after the bids ({scheme})")
            shot(page, f"{kind}-after-the-bids-{scheme}")

        in_each_scheme(page, tricks_in_view)
        tap_numbers(page, "trick", deal.tricks)
    else:
        fill(page, deal(game))
    page.locator("#deal-submit").scroll_into_view_if_needed()
    page.locator("#deal-submit").click()
    expect(page.locator("#deal-1")).to_be_attached()
    expect(page.locator("#score-strip .strip-dealer")).to_contain_text("Deal 2")
    assert page.locator("#score-strip").inner_text() != before

    def strip_in_view(scheme: str) -> None:
        assert_score_and_dealer_in_view(page)
        assert_next_field_below_the_bar(page, f"{kind}: after deal 1 ({scheme})")
        # The strip itself never sticks out sideways (the endless games' chips and targets run
        # to a million, wider than any board was made for: the page as a whole is not measured).
        right = page.locator("#score-strip").evaluate("(el) => el.getBoundingClientRect().right")
        assert right <= 390, f"{kind} ({scheme}): the strip reaches {right}px"
        shot(page, f"{kind}-after-a-save-{scheme}")

    in_each_scheme(page, strip_in_view)
    if registry.game(kind).rules.opening_fields:  # the next deal starts with its bids again
        expect(page.locator("#deal-form input[name=stage]")).to_have_value("opening")
