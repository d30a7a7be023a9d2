"""The shared game pages for assistive technology and plain forms: one heading that names the
page, errors tied to the box they are about, and a deal form whose Enter key does what its main
button does (a phone's Go key, or a browser without JavaScript)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from scorekeeper import registry
from tests.support.forms import seat_fields
from tests.support.logs import fixture_log, game_keys

pytestmark = pytest.mark.django_db

# Every registered game, with the players of its fixture log.
GAMES = [(key, fixture_log(key)["players"]) for key in game_keys()]


def deal_form(html: str) -> str:
    start = html.index('<form id="deal-form"')
    return html[start : html.index("</form>", start)]


def tag(html: str, element_id: str) -> str:
    """The opening tag of the element with this id."""
    match = re.search(rf'<[a-z]+[^>]*\bid="{re.escape(element_id)}"[^>]*>', html)
    assert match, element_id
    return match.group(0)


@pytest.mark.parametrize(("key", "players"), GAMES)
def test_the_game_page_has_one_heading_naming_the_game(client_in, factory, keeper, key, players):
    game = factory.make_game(keeper, game=key, players=players)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    headings = re.findall(r"<h1\b[^>]*>(.*?)</h1>", html, re.S)
    assert len(headings) == 1, headings
    assert headings[0].strip().startswith(str(registry.game(key).name))


def test_a_refused_bid_is_tied_to_its_box(client_in, factory, keeper):
    """A bid past the top is refused at its box: the box is marked invalid and described by
    the message, so a screen reader says why when the box is reached."""
    game = factory.make_game(keeper, game="spades", players=["Asha", "Bongani", "Chetan", "Dev"])
    data = {"token": str(uuid.uuid4()), **seat_fields("bid", [3, 14, 2, 3])}
    html = client_in.post(reverse("deal_open", args=[game.pk]), data).content.decode()
    box = tag(html, "id_bid_1")
    assert 'aria-invalid="true"' in box
    assert 'aria-describedby="id_bid_1_error"' in box
    assert 'id="id_bid_1_error"' in html
    assert "aria-describedby" not in tag(html, "id_bid_0")  # a good bid has no message


def test_tricks_that_do_not_add_up_are_tied_to_their_group(client_in, factory, keeper):
    game = factory.make_game(keeper, game="pottle", players=["Asha", "Bongani", "Chetan", "Dev"])
    opening = {"token": str(uuid.uuid4()), "trumps": "", **seat_fields("bid", [1, 2, 3, 0])}
    client_in.post(reverse("deal_open", args=[game.pk]), opening)
    data = {"token": str(uuid.uuid4()), **seat_fields("trick", [1, 1, 1, 1])}
    html = client_in.post(reverse("deal_record", args=[game.pk]), data).content.decode()
    error = re.search(r'<ul class="errorlist" id="(id_trick_[a-z]+_error)"', html)
    assert error, "the total's message"
    fieldset = re.search(r'<fieldset class="seat-numbers" data-numbers="trick"[^>]*>', html)
    assert f'aria-describedby="{error.group(1)}"' in fieldset.group(0)


def test_a_refused_chip_purchase_is_tied_to_its_box(client_in, factory, keeper):
    """Pottle's chips bought (the shared number widget): the refusal describes the box."""
    game = factory.make_game(keeper, game="pottle", players=["Asha", "Bongani", "Chetan", "Dev"])
    data = {
        "token": str(uuid.uuid4()),
        "trumps": "",
        "buy_0": "-3",
        **seat_fields("bid", [1, 2, 3, 0]),
    }
    html = client_in.post(reverse("deal_open", args=[game.pk]), data).content.decode()
    box = tag(html, "id_buy_0")
    assert 'aria-invalid="true"' in box
    assert 'aria-describedby="id_buy_0_error"' in box
    assert 'id="id_buy_0_error"' in html


@pytest.mark.parametrize(("key", "players"), GAMES)
def test_the_deal_forms_default_button_is_its_main_action(client_in, factory, keeper, key, players):
    """Enter in a box submits through the form's first submit button (the default button):
    that must be one without its own formaction, so Enter does what the main button does.
    In Nigerian Thuni's bidding the first was "Record deal 1: conceded", and Enter after
    typing the bids asked for the tricks of a hand not yet played."""
    game = factory.make_game(keeper, game=key, players=players)
    form = deal_form(client_in.get(reverse("game", args=[game.pk])).content.decode())
    first = re.search(r'<button[^>]*type="submit"[^>]*>', form)
    assert first, "a submit button"
    assert "formaction" not in first.group(0)
    assert "hx-post" not in first.group(0)
