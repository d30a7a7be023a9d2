"""The scorepad tapped on a phone in Chromium: Hearts started from its preset, a deal's numbers
tapped on the keypad (a minus too), a zero-sum game whose last number fills itself in, and the
last-deal chip ending a game; the board's totals and leaders after each."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import assert_fits_the_phone, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Asha", "Bongani", "Chetan"]


def start(page: Page, base: str, user: str, preset: str | None = None, **rules: str) -> None:
    sign_up(page, base, user)
    page.get_by_role("link", name="New Scorepad game").click()
    for i, name in enumerate(NAMES):
        page.fill(f"#id_player_{i}", name)
    if preset:
        page.locator(".sp-preset", has_text=preset).tap()
    if rules:
        page.locator("details.house-rules > summary").tap()
    for key, value in rules.items():
        page.select_option(f"#id_rule_{key}", value)
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Record deal 1")).to_be_visible()


def tap_number(page: Page, seat: int, keys: str) -> None:
    """Choose a player's box and tap its number on the keypad ("-" the minus key)."""
    page.locator(f"#id_points_{seat}").tap()
    pad = page.locator(".sp-keypad")
    for key in keys:
        pad.get_by_role("button", name="minus" if key == "-" else key, exact=True).tap()


def expect_totals(page: Page, *totals: int) -> None:
    for seat, total in enumerate(totals):
        expect(page.get_by_test_id(f"total-{seat}")).to_have_text(str(total))


def test_hearts_from_its_preset_with_a_minus_on_the_keypad(page: Page, live_server, screenshot):
    start(page, live_server.url, "heartskeeper", preset="Hearts")
    expect(page.get_by_test_id("scorepad-title")).to_contain_text("Hearts")
    expect(page.locator("h1.game-rules")).to_contain_text("Hearts · 3 players")
    assert_fits_the_phone(page)
    for key in page.locator(".sp-keypad button").all():
        size = key.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44, size

    tap_number(page, 0, "13")
    tap_number(page, 1, "-5")
    tap_number(page, 2, "0")
    expect(page.locator("#id_points_1")).to_have_value("-5")
    page.get_by_role("button", name="Record deal 1").tap()
    expect_totals(page, 13, -5, 0)
    expect(page.locator(".sp-player.leads")).to_contain_text("Bongani")  # the lowest leads
    expect(page.locator("#id_points_0")).to_have_value("")  # cleared for the next deal
    screenshot(page, "01-hearts-after-a-deal", full_page=False)

    tap_number(page, 0, "90")
    tap_number(page, 1, "1")
    tap_number(page, 2, "2")
    page.get_by_role("button", name="Record deal 2").tap()
    expect_totals(page, 103, -4, 2)
    expect(page.locator(".sp-player.won")).to_contain_text("Bongani")  # over 100: over
    expect(page.get_by_role("button", name="Record deal 3")).to_have_count(0)


def test_zero_sum_fills_in_the_last_number_and_the_last_deal_ends_it(
    page: Page, live_server, screenshot
):
    start(page, live_server.url, "zerokeeper", zero_sum="true")
    tap_number(page, 0, "30")
    tap_number(page, 1, "-12")
    expect(page.locator("#id_points_2")).to_have_value("-18")  # filled in from the others
    page.locator("label.chip:has(input[name=last])").tap()
    page.get_by_role("button", name="Record deal 1").tap()
    expect_totals(page, 30, -12, -18)
    expect(page.locator(".sp-player.won")).to_contain_text("Asha")
    assert_fits_the_phone(page)
    screenshot(page, "02-zero-sum-over")
