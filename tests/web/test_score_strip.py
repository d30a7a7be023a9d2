"""The score strip in the game page's sticky top bar: the score in the game's own terms and who
deals next, on the page and in every answer that changes the score (a record, an undo, the live
poll), for every registered game; a game without a strip of its own gets its summary."""

from __future__ import annotations

import re
import uuid

import pytest
from django.template.loader import select_template
from django.urls import reverse

from scorekeeper import registry
from scorekeeper.games import services
from scorekeeper.registry import RegisteredGame
from tests.bench.tables import ENDLESS
from tests.support.logs import game_keys

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
STRIP = re.compile(r'<div id="score-strip".*?</div>', re.S)


def strip_of(html: str) -> str:
    found = STRIP.search(html)
    assert found, "no score strip"
    return found.group(0)


def next_dealer(game) -> str:
    game.refresh_from_db()
    entry = registry.game(game.kind)
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    return setup.players[entry.rules.next_dealer(state)]


def a_game(factory, kind: str):
    house_rules, players, deal = ENDLESS[kind]
    game = factory.make_game(game=kind, house_rules=house_rules, players=players)
    return game, deal


@pytest.mark.parametrize("kind", game_keys())
def test_the_page_has_the_strip_in_its_top_bar(client, factory, kind):
    game, _ = a_game(factory, kind)
    client.force_login(game.owner)
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    header = html[html.index('<header class="topbar">') : html.index("</header>")]
    strip = strip_of(header)
    assert "hx-swap-oob" not in strip  # in place, not out of band
    assert "Deal 1 · " in strip and f"<strong>{next_dealer(game)}</strong>" in strip


@pytest.mark.parametrize("kind", game_keys())
def test_a_record_and_an_undo_send_the_strip_out_of_band(client, factory, kind):
    game, deal = a_game(factory, kind)
    client.force_login(game.owner)
    url = reverse("deal_record", args=[game.pk])
    before = strip_of(client.get(reverse("game", args=[game.pk])).content.decode())
    answer = client.post(url, {**deal(game), "token": str(uuid.uuid4())}, **HTMX)
    assert answer.status_code == 200 and game.deals.count() == 1
    strip = strip_of(answer.content.decode())
    assert 'hx-swap-oob="true"' in strip
    assert "Deal 2 · " in strip and f"<strong>{next_dealer(game)}</strong>" in strip
    assert strip.replace(' hx-swap-oob="true"', "") != before  # the score moved on
    undone = client.post(reverse("deal_undo", args=[game.pk]), {"number": 1}, **HTMX)
    strip = strip_of(undone.content.decode())
    assert 'hx-swap-oob="true"' in strip and "Deal 1 · " in strip


def test_the_live_poll_brings_the_strip_too(client, factory):
    game = factory.make_game(game="thunee")
    client.force_login(game.owner)
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)
    answer = client.get(reverse("game_live", args=[game.pk]), {"v": "old"}, **HTMX)
    strip = strip_of(answer.content.decode())
    assert 'hx-swap-oob="true"' in strip and "Deal 2 · " in strip


def test_thunees_strip_says_each_teams_balls_and_the_target(client, factory):
    game = factory.make_game(game="thunee")
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)
    client.force_login(game.owner)
    strip = strip_of(client.get(reverse("game", args=[game.pk])).content.decode())
    assert "<span>Asha &amp; Chetan <b>1</b></span>" in strip
    assert "<span>Bongani &amp; Dev <b>0</b></span>" in strip
    assert "<small>/ 12</small>" in strip


def test_a_finished_game_says_so_in_the_strip(client, factory):
    game = factory.make_game(game="thunee")
    for _ in range(30):
        setup = services.setup_of(game)
        state = services.state_from_cache(game, setup)
        if state.finished:
            break
        maker = setup.after(state.dealer)
        counting = 1 - setup.team_of(maker)
        # Team A takes every deal: 200 when it counts, the counting team short when it trumps.
        points = 200 if counting == 0 else 40
        factory.record(game, trump_maker=maker, call=0, last_trick=maker, counting_points=points)
        game.refresh_from_db()
    client.force_login(game.owner)
    strip = strip_of(client.get(reverse("game", args=[game.pk])).content.decode())
    assert "Game over" in strip and "deals" not in strip


def test_a_game_without_a_strip_of_its_own_shows_its_summary():
    entry = registry.game("thunee")
    other = RegisteredGame(entry.rules, entry.deal_form, entry.board)
    names = tuple(name.replace("thunee", "no-such-game") for name in other.score_strip_template)
    template = select_template(names)
    assert template.origin.template_name == "games/score_strip.html"
    assert "7–5" in template.render({"summary": "7–5"})
