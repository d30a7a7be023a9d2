"""A visitor's game (kept by a browser, without an account) × every game view: its holder does
everything a game's owner does; another visitor, a stranger with an account and someone with no
cookie at all get what anyone gets for a game they cannot see, and nothing changes."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import GameRole, ShareLink

from .conftest import HTMX, become_visitor, play_deal
from .test_access_matrix import VIEWS, snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def visitor_game(client):
    game = become_visitor(client, names=("Asha", "Bongani", "Chetan", "Dev"))
    play_deal(client, game)
    return game


def _url(game, name, args, spectator_pk: int) -> str:
    args = [spectator_pk if a == "SPECTATOR" else a for a in args]
    return reverse(name, args=[game.pk, *args])


@pytest.mark.parametrize("who", ["holder", "other visitor", "stranger", "no cookie"])
@pytest.mark.parametrize(
    ("name", "method", "args", "data", "need"),
    VIEWS,
    ids=[f"{v[1].upper()}-{v[0]}-{'-'.join(map(str, v[2]))}" for v in VIEWS],
)
def test_every_view_of_a_visitors_game(
    visitor_game, client, factory, who, name, method, args, data, need
):
    spectator = factory.make_user("spectator")
    GameRole.objects.create(game=visitor_game, user=spectator, role=GameRole.SPECTATOR)
    ShareLink.objects.create(game=visitor_game, kind="keep")
    if name == "share_link_revoke":
        ShareLink.objects.create(game=visitor_game, kind="watch")
    browser = client if who == "holder" else Client()
    if who == "other visitor":
        become_visitor(browser)
    elif who == "stranger":
        browser.force_login(factory.make_user("stranger"))
    before = snapshot(visitor_game)
    kwargs = {"data": data(None)} if data else {}
    url = _url(visitor_game, name, args, spectator.pk)
    response = getattr(browser, method)(url, **kwargs, **HTMX)
    if who == "holder":
        assert response.status_code in (200, 204, 302, 405), response.content[:400]
        if response.status_code == 302:
            assert not response["Location"].startswith("/login/")
        return
    if who == "no cookie" and name == "game_live":
        assert response.status_code == 401
    elif who == "no cookie":
        assert response.status_code == 302 and response["Location"].startswith("/login/")
    else:
        assert response.status_code == 404
    assert snapshot(visitor_game) == before
    assert b"Bongani" not in response.content


def test_a_visitor_cannot_play_again_or_open_another_visitors_game(visitor_game, client):
    other = Client()
    own = become_visitor(other)
    for url in (reverse("play_again", args=[visitor_game.pk]),):
        assert other.post(url).status_code == 404
    assert other.get(reverse("game", args=[own.pk])).status_code == 200
    assert client.get(reverse("game", args=[own.pk])).status_code == 404
