"""Nigerian Thuni's forms: the new-game form says who partners whom, and the deal form says
each refusal of the rules in the reader's language, at its field."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper.core.errors import FactError, GameOver, NotThisDealer, Refusals
from scorekeeper.games import refusals

from .support import at, make_setup, play, refused, score

pytestmark = pytest.mark.django_db

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]
HTMX = {"HTTP_HX_REQUEST": "true"}
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
HAN = re.compile(r"[\u4e00-\u9fff]")
PARTNERS_TIE = {"bids": [1, None, 2, None], "tricks": [3, 1, 3, 1]}  # Asha and Chetan draw


def test_the_new_game_form_says_who_partners_whom(client_in):
    page = client_in.get(reverse("game_new") + "?game=nigerian-thuni").content.decode()
    labels = re.findall(r"<label>(Seat \d[^<]*) <input", page)
    assert labels == ["Seat 1 · team A", "Seat 2 · team B", "Seat 3 · team A", "Seat 4 · team B"]
    assert "Partners sit opposite: seats 1 and 3 (team A) against seats 2 and 4 (team B)." in page
    assert "play goes clockwise" in page


# ---- the refusals a phone can meet, each as the core writes it -------------------------------


def core_refusals() -> list[FactError]:
    """Every refusal of the bids, the tricks and the draws a phone can meet, made by the core."""
    setup = make_setup()
    met = [
        refused({"bids": [None] * 4, "tricks": [2] * 4}),
        refused({"bids": [None, 3, 3, 4], "tricks": [2] * 4}),
        refused({"bids": [2, None, None, None], "tricks": [2] * 4}),
        refused({"bids": [None, 2, 3, 4], "tricks": [1, 4, 0, 4]}),
    ]
    _, drawing = play(setup, [PARTNERS_TIE])
    met.append(refused({"bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]}, setup, drawing))
    with pytest.raises(NotThisDealer) as info:
        score({"dealer": 1, "bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]}, setup, drawing)
    met.append(info.value)
    deal = {"bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]}
    met.append(refused({**deal, "next_dealer": 3}))
    met.append(refused({**PARTNERS_TIE, "next_dealer": 1}))
    met.append(refused({**PARTNERS_TIE, "next_dealer": 0}, setup, at((12, 0))))
    met.append(GameOver())
    with pytest.raises(NotThisDealer) as info:
        score({**deal, "dealer": 2})
    met.append(info.value)
    return met


def test_each_refusal_is_said_as_the_core_wrote_it_in_english_and_in_chinese():
    met = core_refusals()
    assert [e.code for e in met] == [
        "NOBODY_BID",
        "SAME_BID",
        "FORCED_BID",
        "TRICKS_ADD_UP",
        "DRAW_WINNER",
        "NOT_IN_DRAW",
        "NO_DRAW_NEEDED",
        "NOT_IN_TIE",
        "NOBODY_DEALS_NEXT",
        "GAME_OVER",
        "NOT_THIS_DEALER",
    ]
    for error in met:
        with translation.override("en"):
            assert refusals.said(error) == error.message
        with translation.override("zh-hans"):
            said = refusals.said(error)
            assert HAN.search(said), said
            assert not re.search(r"[a-z]{3}", re.sub("|".join(NAMES), "", said)), said


def test_a_list_of_names_is_said_the_reader_s_way():
    error = core_refusals()[4]
    with translation.override("en"):
        assert refusals.said(error) == (
            "Asha and Chetan drew cards for this deal: choose who won the draw and deals."
        )
    with translation.override("zh-hans"):
        assert refusals.said(error).startswith("Asha和Chetan")


def test_tricks_that_do_not_make_eight_say_what_does_not_add_up(client_in, factory, keeper):
    game = factory.make_game(keeper, game="nigerian-thuni", players=NAMES)
    data = {"token": uuid.uuid4(), "conceded": "", "bid_0": "", "bid_1": 2, "bid_2": 3, "bid_3": 4}
    client_in.post(reverse("deal_open", args=[game.pk]), data, **HTMX)
    data = {"token": uuid.uuid4(), "trick_0": 1, "trick_1": 4, "trick_2": 0, "trick_3": 4}
    response = client_in.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    assert response.context["form"].errors["trick_total"] == [
        "The tricks add up to 9, but every deal has 8 tricks (8 cards each): check each "
        "player's tricks."
    ]


def test_a_refusal_in_chinese(client_in, factory, keeper):
    """A refusal at its field, in the reader's language."""
    game = factory.make_game(keeper, game="nigerian-thuni", players=NAMES)
    data = {"token": uuid.uuid4(), "conceded": "", "bid_0": "", "bid_1": 3, "bid_2": 3, "bid_3": 4}
    response = client_in.post(reverse("deal_open", args=[game.pk]), data, **HTMX, **ZH)
    assert response.context["form"].errors["bid_total"] == [
        "Bongani和Chetan都叫了3：每次叫牌都必须比前一次高，所以不会有两个相同的叫牌。"
    ]


def test_every_message_of_the_form_and_the_house_rules_is_in_the_catalogue():
    from scorekeeper.rules.nigerian_thuni import GAME
    from scorekeeper.rules.nigerian_thuni.setup import HOUSE_RULES
    from tests.web.test_i18n import MESSAGES

    catalogue = {e["msgid"] for e in MESSAGES}
    said = set(Refusals("scorekeeper.rules.nigerian_thuni").templates.values()) | {GAME.seating}
    for rule in HOUSE_RULES:
        said |= {rule.label, *rule.labels, rule.help}
    assert said - catalogue == set()
