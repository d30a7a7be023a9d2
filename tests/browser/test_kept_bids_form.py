"""A two-step game's phone keeps a fresh bids form (static/js/offline.js): after the tricks it
puts that form back, and the record answer sends only what follows the game (the token and deal
number, Pottle's note of a player who must buy, the board, the new log row) instead of a fresh
bids form. The form put back works like the one a page load gives."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Game
from tests.factories import Factory

from .offline import forms_kept
from .table import log_in, tap_numbers

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _forms_kept(page: Page, game: Game) -> None:
    """Wait until the page has fetched and kept the game's fresh forms."""
    page.wait_for_function(f"() => {forms_kept(game)}")


def test_spades_puts_its_kept_bids_form_back_after_the_tricks(page: Page, live_server):
    factory = Factory()
    game = factory.make_game(game="spades", players=["Asha", "Bongani", "Chetan", "Dev"])
    log_in(page, live_server.url, game.owner.username, game)
    _forms_kept(page, game)
    answers, errors = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on(
        "response",
        lambda r: (
            answers.append(r) if r.url.endswith("/deals/") and r.request.method == "POST" else None
        ),
    )
    for number in (1, 2):
        tap_numbers(page, "bid", [3, 3, 3, 3])
        page.get_by_role("button", name="Bids in: play the hand").click()
        expect(page.locator("#deal-opening")).to_contain_text("bid 3 + 3 = 6")
        tap_numbers(page, "trick", [4, 3, 3, 3])
        page.get_by_role("button", name=f"Record deal {number}").click()
        expect(page.locator(f"#deal-{number}")).to_be_attached()
        # The kept bids form is in place, with this deal's number and token; the bids of the
        # deal just recorded are gone.
        expect(page.get_by_role("button", name="Bids in: play the hand")).to_be_visible()
        expect(page.locator("#deal-form")).to_have_class("deal-form stage-opening")
        expect(page.locator("#deal-form input[name=expected_number]")).to_have_value(
            str(number + 1)
        )
        expect(page.locator("#deal-form input[name=stage]")).to_have_value("opening")
        expect(page.locator("#deal-opening")).to_have_count(0)
        expect(page.locator("#id_bid_0")).to_have_value("")
        expect(page.locator("#dealer-line")).to_contain_text(f"Deal {number + 1}")
        expect(page.locator("#undo")).to_contain_text(f"Undo deal {number}")
    assert len(answers) == 2
    for answer in answers:
        assert answer.request.post_data and "keeps=bids-form" in answer.request.post_data
        assert 'id="deal-form"' not in answer.text()  # no bids form sent
    assert Game.objects.get(pk=game.pk).deals.count() == 2
    # Every part of the answers found its place (htmx says so otherwise). A preview replaced by
    # the next tap's is aborted, and htmx says that too: not a fault.
    aborted = ("htmx:sendAbort", "htmx:afterRequest")
    assert [e for e in errors if not e.startswith(aborted)] == []


def test_pottle_kept_bids_form_takes_the_note_of_who_must_buy(page: Page, live_server):
    factory = Factory()
    game = factory.make_game(
        game="pottle",
        players=["Asha", "Bongani", "Chetan", "Dev"],
        house_rules={"starting_chips": 1},
    )
    log_in(page, live_server.url, game.owner.username, game)
    _forms_kept(page, game)
    expect(page.locator("#buying")).not_to_have_attribute("open", "")
    # Chetan makes his bid alone and takes the pot; the others are left with no chips.
    tap_numbers(page, "bid", [1, 2, 3, 0])
    page.get_by_role("button", name="Bids in: play the hand").click()
    expect(page.locator("#deal-opening")).to_be_visible()
    tap_numbers(page, "trick", [1, 3, 3, 0])
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator("#deal-1")).to_be_attached()
    expect(page.locator("#deal-form")).to_contain_text("Asha has no chips: buy at least 1")
    expect(page.locator("#buying")).to_have_attribute("open", "")
    expect(page.locator("#deal-form input[name=expected_number]")).to_have_value("2")
    # The kept form saves the next bids, a purchase included.
    for seat in (0, 1, 3):
        page.fill(f"#id_buy_{seat}", "2")
    tap_numbers(page, "bid", [1, 2, 3, 0])
    page.get_by_role("button", name="Bids in: play the hand").click()
    expect(page.locator("#deal-opening")).to_be_visible()
    game.refresh_from_db()
    assert game.opening["bids"] == [1, 2, 3, 0]
    assert game.opening.get("chips_bought") == [2, 2, 0, 2]
