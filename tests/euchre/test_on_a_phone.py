"""Euchre tapped on a phone in Chromium: a plain hand in three taps and the button, a lone march
in four, a hand thrown in; the board after each, the form cleared for the next hand, an edit
that shows a hand again, the rules link, and the page in dark mode."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import assert_fits_the_phone, chip, radio, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def start(page: Page, base: str) -> str:
    sign_up(page, base, "euchrekeeper")
    page.get_by_role("link", name="New Euchre game").click()
    for i, name in enumerate(NAMES):
        page.fill(f"#id_player_{i}", name)
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Record deal 1")).to_be_visible()
    return page.url


def expect_points(page: Page, a: int, b: int) -> None:
    expect(page.get_by_test_id("points-0")).to_have_text(str(a))
    expect(page.get_by_test_id("points-1")).to_have_text(str(b))


def test_three_hands_tapped_on_a_phone(page: Page, live_server, screenshot):
    game_url = start(page, live_server.url)
    expect(page.get_by_test_id("dealer")).to_have_text("Asha")  # the first seat deals first
    assert_fits_the_phone(page)
    screenshot(page, "01-first-hand", full_page=False)
    # Every chip is a thumb's target.
    for box in page.locator("#deal-form .chip span").all():
        size = box.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44, size

    # A plain hand: Chetan made trumps, his side took 3 tricks. Three taps and the button.
    chip(page, "trump_maker", 2).tap()
    chip(page, "tricks", 3).tap()
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Asha & Chetan won 3 of the 5 tricks: 1 point.")
    page.get_by_role("button", name="Record deal 1").tap()
    expect(page.locator("#deal-1")).to_contain_text("Chetan made trumps")
    expect_points(page, 1, 0)
    expect(page.get_by_test_id("dealer")).to_have_text("Bongani")
    # The form is clear for the next hand: nobody chosen, not alone.
    expect(page.locator("#deal-form input[name=trump_maker]:checked")).to_have_count(0)
    expect(page.locator("#deal-form input[name=tricks]:checked")).to_have_count(0)
    expect(page.locator("#deal-form input[name=alone]")).not_to_be_checked()

    # Dev alone takes all five: a lone march, four taps and the button.
    chip(page, "trump_maker", 3).tap()
    page.locator("label.chip:has(input[name=alone])").tap()
    chip(page, "tricks", 5).tap()
    expect(preview).to_contain_text("Dev, alone, won all 5 tricks, a march: 4 points.")
    page.get_by_role("button", name="Record deal 2").tap()
    expect(page.locator("#deal-2")).to_contain_text("+0 / +4 march")
    expect_points(page, 1, 4)

    # Nobody made trumps: thrown in. The rest of the hand is hidden and not asked.
    page.locator("label.chip:has(input[name=thrown_in])").tap()
    for part in page.locator("#deal-form :is(.eu-played, .eu-alone)").all():
        expect(part).to_be_hidden()
    page.get_by_role("button", name="Record deal 3").tap()
    expect(page.locator("#deal-3")).to_contain_text("thrown in")
    expect_points(page, 1, 4)
    expect(page.get_by_test_id("dealer")).to_have_text("Dev")  # thrown in, the deal passes too
    expect(page.locator("#deal-form .eu-played").first).to_be_visible()
    assert_fits_the_phone(page)
    screenshot(page, "02-after-three-hands")

    # The log's lines link to the rules page's sections.
    rule = page.locator("#deal-2 a.rule").first
    expect(rule).to_have_attribute("href", "/rules/euchre/#alone")

    # Editing the lone march shows it as it was tapped.
    page.locator("#deal-2").get_by_role("link", name="Edit deal 2").click()
    expect(radio(page, "trump_maker", 3)).to_be_checked()
    expect(page.locator("#deal-form input[name=alone]")).to_be_checked()
    expect(radio(page, "tricks", 5)).to_be_checked()
    assert_fits_the_phone(page)

    # Dark mode: the same game, the phone set to dark.
    page.emulate_media(color_scheme="dark")
    page.goto(game_url)
    expect_points(page, 1, 4)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(255, 255, 255)"
    screenshot(page, "03-dark")
