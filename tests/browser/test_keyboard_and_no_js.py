"""The shared deal form without a finger or without JavaScript: a deal entered and recorded with
Tab, Space and Enter alone, and a two-step game kept with plain forms and full page loads (the
number pads are number boxes then)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from .conftest import PHONE, TIMEOUT_MS
from .table import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann", "Ben", "Cat", "Dan"]

# What has the focus: its accessible name as a test can read it, and whether it can be seen.
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {name: "", inForm: false, seen: true};
  const label = e.labels && e.labels[0] ? e.labels[0].textContent : e.textContent;
  const name = e.getAttribute("aria-label") || label;
  return {name: name.trim(), inForm: Boolean(e.closest("#deal-form")),
          seen: getComputedStyle(e).opacity !== "0" && e.offsetWidth > 1};
}"""


@pytest.fixture
def no_js_page(browser) -> Iterator[Page]:
    context = browser.new_context(java_script_enabled=False, color_scheme="light", **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def tab_to(page: Page, name: str, limit: int = 60) -> int:
    """Press Tab until the focus is on `name`; every stop on the way must be visible."""
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        assert focused["seen"], f"Tab stopped on something unseen: {focused}"
        if focused["name"] == name:
            return n
    raise AssertionError(f"{name!r} not reached in {limit} Tabs")


def key_in(page: Page, numbers: list[int], dealer: int) -> None:
    """Each player's number, in the order the table speaks: from the dealer's left."""
    for seat in [(dealer + 1 + n) % len(NAMES) for n in range(len(NAMES))]:
        tab_to(page, f"{NAMES[seat]} {numbers[seat]}")
        page.keyboard.press("Space")


def test_a_spades_deal_by_keyboard_alone(page: Page, live_server, factory):
    """Bids and tricks keyed in with Tab and Space, each step sent with Enter. Every Tab stop
    is visible (the boxes behind the pads take none), and after each answer the focus is
    at the top of the deal form, so the next Tab goes on into it, not to the page's foot."""
    owner = factory.make_user("keys-only")
    game = factory.make_game(owner, game="spades", players=NAMES)
    log_in(page, live_server.url, "keys-only", game)
    page.locator("#dealer-line").evaluate("e => { e.tabIndex = -1; e.focus(); }")

    key_in(page, [3, 4, 2, 3], dealer=0)
    tab_to(page, "Bids in: play the hand")
    page.keyboard.press("Enter")
    expect(page.locator(".opening")).to_contain_text("Ann & Cat bid 3 + 2 = 5.")
    expect(page.locator("#dealer-line")).to_be_focused()

    key_in(page, [3, 5, 2, 3], dealer=0)
    tab_to(page, "Record deal 1")
    page.keyboard.press("Enter")
    expect(page.locator("#deal-1")).to_contain_text("Ann & Cat bid 3 + 2 = 5, took 5: 50.")
    expect(page.locator("#dealer-line")).to_contain_text("Deal 2")
    expect(page.locator("#dealer-line")).to_be_focused()
    page.keyboard.press("Tab")  # Ben deals deal 2: Cat, on his left, bids first
    assert page.evaluate(FOCUSED) == {"name": "Cat 0", "inForm": True, "seen": True}


def test_enter_in_a_bid_box_without_javascript_sends_the_bids(
    no_js_page: Page, live_server, factory
):
    """Nigerian Thuni without JavaScript: the bids typed, then Enter (a phone's Go key). That
    sends the bids and brings the tricks, as the main button does; it used to go through the
    hidden "conceded" button and ask for the tricks of a hand not yet played."""
    page = no_js_page
    owner = factory.make_user("go-key")
    game = factory.make_game(owner, game="nigerian-thuni", players=NAMES)
    log_in(page, live_server.url, "go-key", game)
    page.fill("#id_bid_0", "3")
    page.fill("#id_bid_1", "4")
    page.locator("#id_bid_1").press("Enter")
    expect(page.locator(".opening")).to_contain_text("Contracts: Ann & Cat 3, Ben & Dan 4")
    expect(page.get_by_role("group", name="Tricks")).to_be_visible()
    expect(page.locator(".errorlist")).to_have_count(0)


def test_spades_without_javascript_bids_tricks_undo_and_edit(
    no_js_page: Page, live_server, factory
):
    """Plain forms and full page loads: the pads are number boxes, and every step (the bids,
    the tricks, an undo, an edit of a past deal) lands back on a page that goes on."""
    page = no_js_page
    owner = factory.make_user("no-script")
    game = factory.make_game(owner, game="spades", players=NAMES)
    log_in(page, live_server.url, "no-script", game)
    game_url = f"{live_server.url}/games/{game.pk}/"

    for number, (bids, tricks) in enumerate(
        [([3, 4, 2, 3], [3, 5, 2, 3]), ([4, 3, 3, 2], [4, 3, 4, 2])], start=1
    ):
        for seat, bid in enumerate(bids):
            page.fill(f"#id_bid_{seat}", str(bid))
        page.get_by_role("button", name="Bids in: play the hand").click()
        expect(page).to_have_url(game_url)
        for seat, took in enumerate(tricks):
            page.fill(f"#id_trick_{seat}", str(took))
        page.get_by_role("button", name=f"Record deal {number}").click()
        expect(page).to_have_url(game_url)
        expect(page.locator(f"#deal-{number}")).to_be_visible()
    expect(page.get_by_test_id("dealer")).to_have_text("Cat")

    page.get_by_role("button", name="Undo deal 2").click()
    expect(page).to_have_url(game_url)
    expect(page.locator("#deal-2")).to_have_count(0)
    expect(page.locator("#id_trick_2")).to_have_value("4")  # its facts are back in the form

    page.get_by_role("link", name="Edit deal 1").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit deal 1")
    page.fill("#id_trick_0", "4")
    page.fill("#id_trick_1", "4")
    page.get_by_role("button", name="Save changes to deal 1").click()
    expect(page).to_have_url(game_url)
    expect(page.locator("#deal-1")).to_contain_text(re.compile(r"took 6: 50 \+ 1 bag = 51"))
