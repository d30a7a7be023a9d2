"""A save's answer brings only its part of the page (the board, the form, its own log row), so
the stamp it leaves there (the page's poll's `v`) is the game's new one only if the page knew
the game as it was before the save (live.js sends what it knew, X-Page-Stamp). A page that
missed another phone's edit keeps its own stamp: its next ask brings the whole log, the edit
with it, where a new stamp would have made every later ask answer 204."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from scorekeeper.games import services
from tests.bench.tables import ENDLESS
from tests.thunee.endless import thunee_next

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _thunee(factory):
    house_rules, players, _ = ENDLESS["thunee"]
    return factory.make_game(game="thunee", house_rules=house_rules, players=players)


def _stamp_in(html: str) -> str:
    return re.search(r'id="live-poll" hx-get="[^"]*\?v=([^&"]*)', html)[1]


def _record(client, game, page_stamp: str):
    data = {**thunee_next(game), "token": str(uuid.uuid4()), "keeps": "form"}
    return client.post(
        reverse("deal_record", args=[game.pk]), data, HTTP_X_PAGE_STAMP=page_stamp, **HTMX
    )


def _poll(client, game, stamp: str):
    return client.get(reverse("game_live", args=[game.pk]), {"v": stamp}, **HTMX)


def _edit_deal(game, number: int = 1) -> None:
    """Another phone changes a deal's card points."""
    facts = dict(game.deals.get(number=number).facts)
    facts["counting_points"] = 40 if facts["counting_points"] != 40 else 152
    services.edit_deal(game, number, facts, user=game.owner)


@pytest.fixture
def page(factory, client):
    """A game with one deal, open on a keeper's phone: (game, client, the page's stamp)."""
    game = _thunee(factory)
    client.force_login(game.owner)
    factory.normal_deal(game)
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    return game, client, _stamp_in(html)


def test_a_save_on_a_page_that_knew_the_game_leaves_the_new_stamp(page):
    game, client, seen = page
    answer = _record(client, game, seen)
    assert answer.status_code == 200
    after = _stamp_in(answer.content.decode())
    assert after != seen
    assert _poll(client, game, after).status_code == 204  # nothing more to bring


def test_a_save_on_a_page_that_missed_an_edit_keeps_its_stamp_and_the_edit_comes(page):
    game, client, seen = page
    _edit_deal(game)  # the page has not asked since
    answer = _record(client, game, seen)
    assert answer.status_code == 200 and game.deals.count() == 2
    assert _stamp_in(answer.content.decode()) == seen
    changes = _poll(client, game, seen)
    assert changes.status_code == 200
    assert "Deal 1 edited by" in changes.content.decode()


def test_a_damaged_page_stamp_leaves_none_and_the_next_ask_brings_everything(page):
    game, client, _ = page
    _edit_deal(game)
    answer = _record(client, game, '"><script>alert(1)</script>')
    html = answer.content.decode()
    assert "<script>alert(1)" not in html
    assert _stamp_in(html) == ""
    assert _poll(client, game, "").status_code == 200


def test_an_undo_on_a_page_that_missed_an_edit_keeps_its_stamp(page, factory):
    game, client, _ = page
    factory.normal_deal(game)
    seen = _stamp_in(client.get(reverse("game", args=[game.pk])).content.decode())
    _edit_deal(game, 2)  # the last deal: the one undone
    answer = client.post(
        reverse("deal_undo", args=[game.pk]), {"number": 2}, HTTP_X_PAGE_STAMP=seen, **HTMX
    )
    assert answer.status_code == 200 and game.deals.count() == 1
    assert _stamp_in(answer.content.decode()) == seen
    assert _poll(client, game, seen).status_code == 200
