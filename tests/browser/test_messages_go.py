"""A refused deal's messages go when their cause is put right, and say what to do; Thunee's card
points box names the team it counts for and has a keypad. On a 390x844 phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .schemes import in_each_scheme
from .table import log_in, start_game, tap_chip, tap_numbers

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def digits(page: Page, keys: str) -> None:
    """Tap the card points keypad: digits, "<" for the key that takes one back, "C" to clear."""
    names = {"<": "Take back a digit", "C": "Clear the card points"}
    pad = page.locator("#id_counting_points + .digit-pad")
    for key in keys:
        if key in names:
            pad.get_by_role("button", name=names[key]).tap()
        else:
            pad.get_by_role("button", name=key, exact=True).tap()


def test_thunees_messages_go_when_the_fields_are_filled(new_page, live_server, screenshot):
    page = new_page("light")
    base = live_server.url
    start_game(page, base, NAMES)
    page.get_by_role("button", name="Record deal 1").click()  # nothing filled in
    last = page.locator("#id_last_trick_error")
    points = page.locator("#id_counting_points_error")
    expect(last).to_have_text("Choose who won the last trick.")
    expect(points).to_have_text("Enter the card points in the counting team's tricks.")
    expect(page.locator("#id_counting_points")).to_have_attribute("aria-invalid", "true")
    in_each_scheme(page, lambda scheme: screenshot(page, f"01-refused-{scheme}"))

    tap_chip(page, "last_trick", 1)
    expect(last).to_have_count(0)  # put right: gone at once
    expect(points).to_be_visible()  # still to do
    digits(page, "130")
    expect(page.locator("#id_counting_points")).to_have_value("130")
    expect(points).to_have_count(0)
    expect(page.locator("#id_counting_points")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#deal-form .errorlist")).to_have_count(0)
    in_each_scheme(page, lambda scheme: screenshot(page, f"02-put-right-{scheme}"))
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator("#deal-1")).to_be_attached()
    expect(page.locator("#score-strip .strip-score > span:nth-child(1) b")).to_have_text("1")


def test_a_message_the_preview_no_longer_says_goes_too(page: Page, live_server):
    """A message whose cause is another field (a call that names who may make trumps) goes
    once the preview, the rules' own judgement, no longer says it."""
    base = live_server.url
    start_game(page, base, NAMES)
    tap_chip(page, "trump_maker", 0)  # Asha: with no call Bongani makes trumps
    tap_chip(page, "last_trick", 1)
    page.fill("#id_counting_points", "130")
    page.get_by_role("button", name="Record deal 1").click()
    said = page.locator("#id_trump_maker_error")
    expect(said).to_contain_text("makes trumps, not Asha")
    tap_chip(page, "call", 20)  # a call of 20 lets Asha make trumps
    expect(said).to_have_count(0)


def test_tricks_that_add_up_take_their_message_away(page: Page, live_server, factory):
    keeper = factory.make_user("adds-up")
    game = factory.make_game(keeper, game="spades")
    log_in(page, live_server.url, "adds-up", game)
    tap_numbers(page, "bid", [3, 3, 3, 3])
    page.get_by_role("button", name="Bids in: play the hand").click()
    tap_numbers(page, "trick", [4, 3, 3, 2])  # 12 of 13
    page.locator("#deal-submit").click()
    total = page.locator("#id_trick_total_error")
    expect(total).to_contain_text("12")
    tap_numbers(page, "trick", [4, 3, 3, 3])  # Dev took 3: 13 of 13
    expect(page.locator("fieldset[data-numbers=trick] .running-total")).to_contain_text("✓")
    expect(total).to_have_count(0)


def test_a_missing_bid_says_what_to_do(page: Page, live_server, factory):
    keeper = factory.make_user("says-what")
    game = factory.make_game(keeper, game="spades")
    log_in(page, live_server.url, "says-what", game)
    tap_numbers(page, "bid", [3, 3, 3])  # Dev's left out
    page.get_by_role("button", name="Bids in: play the hand").click()
    said = page.locator("#id_bid_3_error")
    expect(said).to_have_text("Tap Dev's bid.")
    page.locator("#id_bid_3 + .pad .pad-key[data-value='4']").tap()
    expect(said).to_have_count(0)


def test_thunees_card_points_name_their_team_and_have_a_keypad(new_page, live_server, screenshot):
    page = new_page("light")
    start_game(page, live_server.url, NAMES)
    label = page.locator("label[for=id_counting_points]")
    # Asha deals, Bongani makes trumps (no call): Asha & Chetan count.
    expect(label).to_have_text("Card points won by Asha & Chetan (the counting team)")
    tap_chip(page, "trump_maker", 0)
    expect(label).to_have_text("Card points won by Bongani & Dev (the counting team)")
    tap_chip(page, "trump_maker", 3)
    expect(label).to_have_text("Card points won by Asha & Chetan (the counting team)")
    box = page.locator("#id_counting_points")
    digits(page, "152")
    expect(box).to_have_value("152")
    digits(page, "<")
    expect(box).to_have_value("15")
    digits(page, "C")
    expect(box).to_have_value("")
    # 3, 5, 0 is 350, as a person reads it: kept, and said at the field to be put right.
    digits(page, "350")
    expect(box).to_have_value("350")
    slip = page.get_by_test_id("most-slip")
    expect(slip).to_have_text("At most 304 here: check the number.")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_have_attribute("aria-describedby", slip.get_attribute("id"))
    box.scroll_into_view_if_needed()
    in_each_scheme(page, lambda scheme: screenshot(page, f"card-points-past-304-{scheme}"))
    digits(page, "<")
    expect(box).to_have_value("35")
    expect(slip).to_have_count(0)
    expect(box).not_to_have_attribute("aria-invalid", "true")
    digits(page, "C")
    box.fill("305")  # typed on a keyboard: the same
    expect(slip).to_have_text("At most 304 here: check the number.")
    digits(page, "C")
    expect(slip).to_have_count(0)
    for key in page.locator("#id_counting_points + .digit-pad button").all():
        width, height = key.evaluate("(el) => [el.offsetWidth, el.offsetHeight]")
        assert width >= 44 and height >= 44, f"a key of {width}x{height}"
    box.scroll_into_view_if_needed()
    in_each_scheme(page, lambda scheme: screenshot(page, f"card-points-{scheme}"))
