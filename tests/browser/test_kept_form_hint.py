"""Thunee's form stays in the page between deals: it says so with its hint (`keeps=form`), and
the answer is only what follows the game, the form reset in place. A form brought back with an
undone deal's facts says nothing (a reset would bring those facts back): its answer is the top
of the page, with a fresh form."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import Factory

from .table import enter_deal, log_in, radio

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_form_says_what_it_keeps_and_the_answer_fits_it(page: Page, live_server):
    game = Factory().make_game(game="thunee", players=["Asha", "Bongani", "Chetan", "Dev"])
    log_in(page, live_server.url, game.owner.username, game)
    answers = []
    page.on(
        "response",
        lambda r: (
            answers.append(r) if r.url.endswith("/deals/") and r.request.method == "POST" else None
        ),
    )
    enter_deal(page, last_trick=1, points=130)
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator("#deal-1")).to_be_attached()
    expect(page.get_by_role("button", name="Record deal 2")).to_be_visible()
    expect(page.locator("#id_counting_points")).to_have_value("")  # reset in place
    expect(radio(page, "last_trick", 1)).not_to_be_checked()
    assert "keeps=form" in answers[0].request.post_data
    assert 'id="main"' not in answers[0].text()  # only the parts that follow the game

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#undo button").click()
    expect(page.locator("#deal-1")).to_have_count(0)
    expect(page.locator("#deal-form [data-prefilled]")).to_be_attached()
    expect(page.locator("#id_counting_points")).to_have_value("130")
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator("#deal-1")).to_be_attached()
    expect(page.get_by_role("button", name="Record deal 2")).to_be_visible()
    assert "keeps=" not in answers[1].request.post_data  # it keeps nothing of this form
    assert 'id="main"' in answers[1].text()
    expect(page.locator("#id_counting_points")).to_have_value("")  # a fresh form, not the facts
    expect(page.locator("#deal-form [data-prefilled]")).to_have_count(0)
    page.screenshot(path="/tmp/record-after-undo-390.png")
