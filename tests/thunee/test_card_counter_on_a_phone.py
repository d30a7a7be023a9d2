"""The card counter: tap the cards in one team's tricks instead of typing the card points.

Card values as the table counts them: J 30, 9 20, A 11, 10 10, K 3, Q 2; 304 in the pack.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal
from tests.browser.table import FACTORY_PASSWORD, assert_fits_the_phone, log_in, tap_chip

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ONE_TRICK = ["J♠", "9♠", "A♠", "10♠"]  # 30 + 20 + 11 + 10 = 71


def log_in_to_a_game(page: Page, base: str, factory, username: str, **game) -> None:
    """A keeper the factory made, logged in, on a new game's page with the deal form."""
    game = factory.make_game(factory.make_user(username, FACTORY_PASSWORD), **game)
    log_in(page, base, username, game)
    expect(page.locator("#deal-form")).to_be_visible()


def open_counter(page: Page):
    counter = page.locator("#deal-form details.card-counter")
    counter.locator("summary").tap()
    expect(counter).to_have_attribute("open", "")
    return counter


def card(page: Page, name: str):
    return page.locator(f'#deal-form [data-card="{name}"]')


def tap_cards(page: Page, *names: str) -> None:
    for name in names:
        card(page, name).tap()


def test_tapping_cards_fills_in_the_points(new_page, live_server, factory, screenshot):
    page = new_page("light")
    log_in_to_a_game(page, live_server.url, factory, "counter-keeper")
    points = page.locator("#id_counting_points")
    preview = page.locator("#preview")
    # Asha deals, Bongani makes trumps, so A (Asha, Chetan) count; Asha won the last trick.
    tap_chip(page, "last_trick", 0)
    counter = open_counter(page)
    readout = counter.locator("[data-cc-readout]")
    warning = counter.locator("[data-cc-warning]")
    expect(counter.locator("[data-card]")).to_have_count(24)
    expect(counter).to_have_attribute("data-cards-per-trick", "4")
    expect(readout).to_have_text("0 cards · 0 points → counting team –")
    assert_fits_the_phone(page)
    screenshot(page, "01-open")

    # One trick of the counting team's: 71 in the box, and the preview scores it.
    tap_cards(page, *ONE_TRICK)
    for name in ONE_TRICK:
        expect(card(page, name)).to_have_attribute("aria-pressed", "true")
    expect(points).to_have_value("71")
    expect(readout).to_have_text("4 cards · 71 points → counting team 71")
    expect(warning).to_be_hidden()
    expect(preview).to_contain_text("71 in cards")
    screenshot(page, "02-one-trick")

    # The same cards as the other team's trick: the counting team has the rest, 304 - 71.
    counter.get_by_role("button", name="Other team's tricks").tap()
    expect(counter.locator('[data-cc-side="other"]')).to_have_attribute("aria-pressed", "true")
    expect(counter.locator('[data-cc-side="counting"]')).to_have_attribute("aria-pressed", "false")
    expect(points).to_have_value("233")
    expect(readout).to_contain_text("4 cards · 71 points → counting team 233")
    expect(preview).to_contain_text("233 in cards")

    # A second tap takes a card back.
    card(page, "10♠").tap()
    expect(card(page, "10♠")).to_have_attribute("aria-pressed", "false")
    expect(points).to_have_value("243")  # 304 - 61
    expect(warning).to_be_visible()  # 3 cards: not a whole trick
    card(page, "10♠").tap()
    expect(points).to_have_value("233")
    expect(warning).to_be_hidden()

    # Five cards are not a whole number of four-card tricks.
    card(page, "K♥").tap()
    expect(readout).to_contain_text("5 cards · 74 points")
    expect(points).to_have_value("230")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("not a whole number of tricks")
    assert_fits_the_phone(page)
    screenshot(page, "03-five-cards-warning")

    # Back to the counting team's side: the taps stay, the sum flips.
    counter.get_by_role("button", name="Counting team's tricks").tap()
    expect(points).to_have_value("74")

    # Clear: no cards, an empty box, the preview asks for the points again.
    counter.get_by_role("button", name="Clear").tap()
    expect(points).to_have_value("")
    expect(counter.locator('[data-card][aria-pressed="true"]')).to_have_count(0)
    expect(readout).to_have_text("0 cards · 0 points → counting team –")
    expect(warning).to_be_hidden()
    expect(preview).not_to_contain_text("in cards makes")

    # Nothing in the counter is sent with the deal: it has no named fields.
    assert counter.locator("[name]").count() == 0


def test_record_a_deal_with_the_counter_only(new_page, live_server, factory):
    page = new_page("light")
    log_in_to_a_game(page, live_server.url, factory, "counter-recorder")
    points = page.locator("#id_counting_points")
    tap_chip(page, "last_trick", 0)  # Asha, of the counting team A
    counter = open_counter(page)

    # The trump makers (B) took two tricks; A have everything else: 304 - 142 = 162.
    counter.get_by_role("button", name="Other team's tricks").tap()
    tap_cards(page, "J♠", "9♠", "A♠", "10♠", "J♥", "9♥", "A♥", "10♥")
    expect(points).to_have_value("162")
    expect(page.locator("#preview")).to_contain_text("162 in cards")
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator("#deal-1")).to_be_attached()
    expect(page.get_by_test_id("balls-0")).to_have_text("1")  # 162 + 10 beats 105: A win

    deal = Deal.objects.get()
    assert deal.facts["counting_points"] == 162
    assert deal.facts["last_trick"] == 0

    # The form htmx swapped in has a clean counter, and it still works.
    expect(page.get_by_role("button", name="Record deal 2")).to_be_visible()
    counter = open_counter(page)
    expect(counter.locator('[data-card][aria-pressed="true"]')).to_have_count(0)
    expect(counter.locator('[data-cc-side="counting"]')).to_have_attribute("aria-pressed", "true")
    expect(points).to_have_value("")
    card(page, "J♦").tap()
    expect(points).to_have_value("30")
    counter.get_by_role("button", name="Clear").tap()
    expect(points).to_have_value("")


def test_six_players_count_six_card_tricks(new_page, live_server, factory):
    page = new_page("light")
    players = ["Asha", "Bongani", "Chetan", "Dev", "Ebrahim", "Farah"]
    log_in_to_a_game(page, live_server.url, factory, "counter-six", mode="6p", players=players)
    counter = open_counter(page)
    expect(counter).to_have_attribute("data-cards-per-trick", "6")
    warning = counter.locator("[data-cc-warning]")

    tap_cards(page, *ONE_TRICK)  # four cards: a whole trick for four players, not for six
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("tricks of 6")
    tap_cards(page, "K♠", "Q♠")
    expect(warning).to_be_hidden()
    expect(page.locator("#id_counting_points")).to_have_value("76")


def test_counter_in_dark_mode(new_page, live_server, factory, screenshot):
    page = new_page("dark")
    log_in_to_a_game(page, live_server.url, factory, "counter-dark")
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    counter = open_counter(page)
    tap_cards(page, *ONE_TRICK, "K♥")
    expect(counter.locator("[data-cc-warning]")).to_be_visible()

    # Red suits are red, and tap targets are big enough for a thumb.
    heart = card(page, "J♥").locator(".cc-pip")
    spade = card(page, "J♠").locator(".cc-pip")
    assert heart.evaluate("e => getComputedStyle(e).color") == "rgb(255, 138, 128)"
    assert spade.evaluate("e => getComputedStyle(e).color") == "rgb(236, 235, 230)"  # --fg
    for target in counter.locator("button").all():
        box = target.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
    assert_fits_the_phone(page)
    screenshot(page, "01-dark-five-cards")
