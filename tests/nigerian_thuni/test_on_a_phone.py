"""A whole game of Nigerian Thuni to 16, tapped on a phone, from the fixture log: bids with
passes, a capture, a concession, three draws for the deal asked for in the form (one undone and
recorded again), the board's points after every deal, the game over, and the log exported and
imported again to the same scores."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal, Game
from tests.browser.table import (
    assert_fits_the_phone,
    chip,
    sign_up,
    tap_numbers,
    undo_and_enter_tricks_again,
)
from tests.support.logs import fixture_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURE = fixture_path("nigerian-thuni")


def draw_won_by(page: Page, names: list[str], seat: int) -> None:
    """The form asks who won the draw for the deal; only the players who drew are offered."""
    draw = page.locator("#draw-field")
    expect(draw).to_contain_text("Who won the draw to deal?")
    chip(page, "dealer", seat).tap()
    expect(page.locator(f'#deal-form input[name=dealer][value="{seat}"]')).to_be_checked()


def test_a_nigerian_thuni_game_with_a_capture_a_concession_and_draws(
    page: Page, live_server, screenshot
):
    game_log = json.loads(FIXTURE.read_text(encoding="utf-8"))
    names = game_log["players"]
    deals, computed = game_log["deals"], game_log["computed"]["deals"]
    base = live_server.url
    sign_up(page, base, "thunikeeper")
    page.get_by_role("link", name="New Nigerian Thuni game").click()
    for i, name in enumerate(names):
        page.fill(f"#id_player_{i}", name)
    # Partners sit opposite: the seats say which team each is on.
    expect(page.locator("ol.seats label")).to_have_text(
        [re.compile(rf"^Seat {n} · team {t}") for n, t in zip("1234", "ABAB", strict=True)]
    )
    expect(page.locator(".new-game .hint").first).to_contain_text(
        "Partners sit opposite: seats 1 and 3 (team A) against seats 2 and 4 (team B)."
    )
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Bids in: play the hand")).to_be_visible()
    screenshot(page, "01-first-deal", full_page=False)

    points = [0, 0]
    for number, (deal, result) in enumerate(zip(deals, computed, strict=True), start=1):
        previous = computed[number - 2] if number > 1 else None
        drawn = number > 1 and previous is not None and "draw" in previous["explanation"][-1]
        if drawn:
            # The last deal left the deal to a draw: the dealer line says so, the form asks.
            expect(page.get_by_test_id("dealer-open")).to_have_text("draw for the deal")
            expect(page.locator("#draw-field .chip")).to_have_count(2)
            if number == 2:
                screenshot(page, "03-draw-asked", full_page=False)
            draw_won_by(page, names, deal["dealer"])
        else:
            expect(page.get_by_test_id("dealer")).to_have_text(names[deal["dealer"]])
        if "conceded" in deal:
            chip(page, "conceded", deal["conceded"]).tap()
            expect(page.locator("fieldset[data-numbers=bid]")).to_be_hidden()
            expect(page.locator("#preview")).to_contain_text("conceded before the bidding")
            screenshot(page, "05-concession", full_page=False)
        else:
            tap_numbers(page, "bid", deal["bids"])
        if number == 1:
            expect(page.locator("#preview")).to_contain_text("Dev bids 4 and chooses trumps")
            screenshot(page, "02-bids-with-passes")
        if "conceded" in deal:  # thrown in: recorded at once, no tricks
            expect(page.get_by_role("button", name="Bids in: play the hand")).to_be_hidden()
            page.get_by_role("button", name=f"Record deal {number}: conceded").click()
        else:
            page.get_by_role("button", name="Bids in: play the hand").click()
            expect(page.locator(".opening")).to_contain_text("Contracts:")
            tap_numbers(page, "trick", deal["tricks"])
            expect(page.locator(".running-total")).to_contain_text("8 of 8 tricks ✓")
            page.get_by_role("button", name=f"Record deal {number}").click()
        row = page.locator(f"#deal-{number}")
        expect(row).to_be_attached()
        expect(row).to_contain_text(result["explanation"][-2 if number < 5 else -1])
        points = [points[t] + result["points"][t] for t in (0, 1)]
        expect(page.get_by_test_id("points-0")).to_have_text(str(points[0]))
        expect(page.get_by_test_id("points-1")).to_have_text(str(points[1]))
        if number == 1:
            expect(row).to_contain_text("a capture, 10 points")
            screenshot(page, "03-after-the-capture", full_page=False)
        if number == 2:
            # A slip: undo deal 2. The bids and the draw's winner come back with it.
            expect(row).to_contain_text("Bongani won the draw against Dev and deals.")
            undo_and_enter_tricks_again(page, 2, "Dev bids 4", deal["tricks"])
            page.get_by_role("button", name="Record deal 2").click()
            expect(page.locator("#deal-2")).to_contain_text("Bongani won the draw")
            screenshot(page, "04-after-deal-2")

    over = page.locator(".game-over")
    expect(over).to_contain_text("Asha & Chetan win!")
    expect(over).to_contain_text("17–16")
    rule = page.locator("#deal-4 a.rule").first
    expect(rule).to_have_attribute("href", "/rules/nigerian-thuni/#conceding")
    assert_fits_the_phone(page)
    screenshot(page, "06-game-over")

    # Editing the deal whose dealer won a draw: the draw's winner is shown and kept.
    page.locator("#deal-3").get_by_role("link", name="Edit deal 3").click()
    expect(page.locator('#deal-form input[name=dealer][value="3"]')).to_be_checked()
    expect(page.locator("#draw-field .chip")).to_have_count(2)
    assert_fits_the_phone(page)
    screenshot(page, "07-edit-a-drawn-deal")
    page.get_by_role("button", name="Save changes to deal 3").click()
    expect(page.locator(".msg")).to_contain_text("Deal 3 changed")

    game = Game.objects.get()
    stored = [d.facts for d in Deal.objects.filter(game=game).order_by("number")]
    assert stored == [
        {"bids": [None, 2, 3, 4], "tricks": [0, 4, 0, 4]},
        {"dealer": 1, "bids": [3, None, 1, 4], "tricks": [2, 2, 2, 2]},
        {"dealer": 3, "bids": [1, None, 3, None], "tricks": [3, 2, 2, 1]},
        {"conceded": 1},
        {"dealer": 3, "bids": [2, 3, 4, None], "tricks": [2, 2, 3, 1]},
    ]

    # The exported log imports again to the same scores as the hand-worked fixture.
    exported = page.request.get(f"{base}/games/{game.pk}/export/").json()
    assert exported["computed"]["state"] == game_log["computed"]["state"]
    assert [d["points"] for d in exported["computed"]["deals"]] == [d["points"] for d in computed]
    page.goto(f"{base}/games/import/")
    page.fill("#id_text", json.dumps(exported))
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".game-over")).to_contain_text("17–16")
    again = Game.objects.exclude(pk=game.pk).get()
    assert page.request.get(f"{base}/games/{again.pk}/export/").json() == exported
