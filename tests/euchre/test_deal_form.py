"""Euchre's deal form and board through Django's test client: taps become the hand in game-log
form, what the page hides is left out, every refusal is said at its field with the taps kept,
the house rules change what the form asks, and the board shows the points towards the target."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.urls import reverse

from scorekeeper.euchre.board import board
from scorekeeper.euchre.forms import EuchreDealForm
from scorekeeper.rules.euchre import GameState, parse_deal
from tests.fuzz.page_forms import deal_form_on
from tests.support.logs import fixture_path

from .support import NAMES, make_setup

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}


def euchre(factory, owner, **house_rules):
    return factory.make_game(owner, game="euchre", players=NAMES, house_rules=house_rules)


def record(client, game, data, **headers):
    url = reverse("deal_record", args=[game.pk])
    response = client.post(url, {"token": uuid.uuid4(), **data}, **{**HTMX, **headers})
    game.refresh_from_db()
    return response


def recorded(game) -> list[dict]:
    return [deal.facts for deal in game.deals.order_by("number")]


def field_block(html: str, legend: str) -> str:
    """The fieldset whose legend starts with `legend`, up to its end."""
    start = html.rindex("<fieldset", 0, html.index(f"<legend>{legend}"))
    return html[start : html.index("</fieldset>", start)]


# ---- taps become the hand ----------------------------------------------------------------------


def test_a_plain_hand_is_a_maker_and_the_tricks(client_in, factory, keeper):
    game = euchre(factory, keeper)
    record(client_in, game, {"trump_maker": 2, "tricks": 3})
    assert recorded(game) == [{"maker": 2, "tricks": 3}]
    assert game.state_cache["points"] == [1, 0]


def test_alone_is_a_toggle_and_a_lone_march_scores_4(client_in, factory, keeper):
    game = euchre(factory, keeper)
    record(client_in, game, {"trump_maker": 3, "alone": "on", "tricks": 5})
    assert recorded(game) == [{"maker": 3, "alone": True, "tricks": 5}]
    assert game.state_cache["points"] == [0, 4]


def test_thrown_in_leaves_out_the_rest_of_the_hand_it_hides(client_in, factory, keeper):
    game = euchre(factory, keeper)
    record(client_in, game, {"thrown_in": "on", "trump_maker": 1, "alone": "on", "tricks": 4})
    assert recorded(game) == [{"maker": None}]
    assert game.state_cache["points"] == [0, 0] and game.state_cache["dealer"] == 1


def test_the_page_posts_its_own_maker_and_the_form_does_not_take_it(client_in, factory, keeper):
    """The deal page's hidden `maker` (whose phone made the entry) is no seat: with no chip
    tapped, the hand is refused at the trump maker's chips."""
    game = euchre(factory, keeper)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    form = deal_form_on(page)
    assert "maker" in form.names  # the page's own hidden field
    data = {name: value for name, value in form.pairs if name != "token"}
    response = record(client_in, game, {**data, "tricks": 3})
    assert recorded(game) == []
    chips = field_block(response.content.decode(), "Made trumps")
    assert "Choose who made trumps (nobody for a hand thrown in)." in chips
    assert re.search(r'name="tricks" value="3" id="[^"]+" checked', response.content.decode())


def test_missing_tricks_are_asked_at_the_tricks_with_the_maker_kept(client_in, factory, keeper):
    game = euchre(factory, keeper)
    response = record(client_in, game, {"trump_maker": 1, "alone": "on"})
    assert recorded(game) == []
    html = response.content.decode()
    tricks = field_block(html, "Tricks the makers won")
    assert "Enter how many of the 5 tricks the makers won." in tricks
    assert re.search(r'name="trump_maker" value="1" id="[^"]+" checked', html)
    assert re.search(r'name="alone" id="[^"]+" checked', html)


def test_tricks_out_of_range_are_refused_at_the_tricks(client_in, factory, keeper):
    game = euchre(factory, keeper)
    response = record(client_in, game, {"trump_maker": 1, "tricks": 6})
    assert recorded(game) == [] and response.status_code == 200
    assert "errorlist" in field_block(response.content.decode(), "Tricks the makers won")


# ---- the house rules change what the form asks -------------------------------------------------


def test_standard_rules_offer_thrown_in_and_no_lone_defender(client_in, factory, keeper):
    game = euchre(factory, keeper)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert 'name="thrown_in"' in html and 'name="defender_alone"' not in html
    assert html.count('name="tricks"') == 6 and html.count('name="trump_maker"') == 4
    # A lone defender sent anyway (an old page, a hand-made request) is not a fact.
    record(client_in, game, {"trump_maker": 1, "alone": "on", "defender_alone": 0, "tricks": 2})
    assert recorded(game) == [{"maker": 1, "alone": True, "tricks": 2}]


def test_stick_the_dealer_has_no_thrown_in(client_in, factory, keeper):
    game = euchre(factory, keeper, stick_the_dealer=True)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert 'name="thrown_in"' not in html
    response = record(client_in, game, {"thrown_in": "on"})
    assert recorded(game) == []
    assert "Choose who made trumps" in field_block(response.content.decode(), "Made trumps")


def test_defend_alone_a_lone_defender_who_euchres_scores_4(client_in, factory, keeper):
    game = euchre(factory, keeper, defend_alone=True)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert html.count('name="defender_alone"') == 5  # nobody, and each seat
    record(client_in, game, {"trump_maker": 1, "alone": "on", "defender_alone": 0, "tricks": 2})
    assert recorded(game) == [{"maker": 1, "alone": True, "defender_alone": 0, "tricks": 2}]
    assert game.state_cache["points"] == [4, 0]


def test_defend_alone_without_alone_is_left_out_as_the_page_hides_it(client_in, factory, keeper):
    game = euchre(factory, keeper, defend_alone=True)
    record(client_in, game, {"trump_maker": 1, "defender_alone": 0, "tricks": 2})
    assert recorded(game) == [{"maker": 1, "tricks": 2}]
    assert game.state_cache["points"] == [2, 0]


def test_a_maker_s_partner_cannot_defend_alone_said_at_the_defender(client_in, factory, keeper):
    game = euchre(factory, keeper, defend_alone=True)
    data = {"trump_maker": 1, "alone": "on", "defender_alone": 3, "tricks": 2}
    response = record(client_in, game, data)
    assert recorded(game) == []
    block = field_block(response.content.decode(), "Defended alone against the lone maker")
    assert (
        "Dev is one of the makers (Bongani &amp; Dev): only Asha &amp; Chetan can defend alone."
        in block
    )
    chinese = record(client_in, game, data, **ZH).content.decode()
    assert "Dev是庄家方（Bongani &amp; Dev）的人：只有Asha &amp; Chetan能一个人防守。" in chinese


# ---- the form and the log agree ----------------------------------------------------------------


def test_every_fixture_hand_shown_again_is_the_same_hand():
    """initial_from_facts then deal_data: what an edit shows is what it saves."""
    log = json.loads(fixture_path("euchre").read_text(encoding="utf-8"))
    setup = make_setup(names=log["players"], dealer=log["first_dealer"], **log["house_rules"])
    for facts in log["deals"]:
        initial = EuchreDealForm.initial_from_facts(facts)
        data = {k: ("on" if v is True else v) for k, v in initial.items() if v is not False}
        form = EuchreDealForm(
            data={"token": uuid.uuid4(), **data}, setup=setup, state=None, rules=None
        )
        assert form.is_valid(), form.errors
        expected = {k: v for k, v in facts.items() if k != "dealer"}
        assert form.deal_data() == expected
        assert parse_deal(form.deal_data(), setup).to_dict() == expected


# ---- the board ---------------------------------------------------------------------------------


def test_the_board_shows_points_markers_and_the_dealing_team():
    setup = make_setup(names=NAMES, dealer=0)
    view = board(setup, GameState((3, 9), 1))
    a, b = view["teams"]
    assert view["target"] == 10
    assert (a.points, a.to_go, a.deals_now) == (3, 7, False)
    assert (b.points, b.to_go, b.deals_now) == (9, 1, True)
    assert a.markers == [True] * 3 + [False] * 7 and len(b.markers) == 10
    won = board(setup, GameState((10, 9), None, True, 0))
    assert won["teams"][0].won and not won["teams"][1].won
    assert not any(team.deals_now for team in won["teams"])


def test_a_long_game_shows_its_points_without_markers():
    view = board(make_setup(names=NAMES, dealer=0, target=50), GameState((12, 0), 0))
    assert view["teams"][0].markers == [] and view["teams"][0].to_go == 38


def test_the_game_page_board_in_both_languages(client_in, factory, keeper):
    game = euchre(factory, keeper, target=7)
    factory.record(game, maker=0, alone=True, tricks=5)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    board_html = html[html.index('id="board"') : html.index("</section>", html.index('id="board"'))]
    assert 'data-testid="points-0">4<' in board_html and "/ 7" in board_html
    assert "3 to go" in board_html and board_html.count('class="full"') == 4
    chinese = client_in.get(reverse("game", args=[game.pk]), **ZH).content.decode()
    assert "还差3分" in chinese
