"""A game's own pages (registry.GamePage, such as Pottle's settle-up and ledger): reached
through one generic URL, for the game's owner only, and only for the game that has them."""

from __future__ import annotations

import pytest
from django.urls import resolve, reverse

from scorekeeper import registry
from scorekeeper.play import views

pytestmark = pytest.mark.django_db

PAGES = [(entry.key, page.slug) for entry in registry.GAMES.values() for page in entry.pages]


def test_some_game_has_pages():
    assert ("pottle", "settle-up") in PAGES and ("pottle", "ledger") in PAGES


@pytest.mark.parametrize(("key", "slug"), PAGES)
def test_a_page_is_only_for_the_owner_of_the_game(key, slug, client, factory):
    owner = factory.make_user()
    game = factory.make_game(owner, game=key)
    url = reverse("game_page", args=[game.pk, slug])
    assert resolve(url).func is views.game_page  # no fixed path of the shell hides it

    response = client.get(url)  # nobody logged in
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))

    client.force_login(factory.make_user())  # someone else
    assert client.get(url).status_code == 404

    client.force_login(owner)
    response = client.get(url)
    assert response.status_code == 200
    assert str(registry.game(key).page(slug).label) in response.content.decode()


def test_a_page_another_game_has_is_not_found(client_in, factory, keeper):
    game = factory.make_game(keeper)  # Thunee has no pages of its own
    assert not registry.game(game.kind).pages
    assert client_in.get(reverse("game_page", args=[game.pk, "settle-up"])).status_code == 404


def test_an_unknown_page_is_not_found(client_in, factory, keeper):
    game = factory.make_game(keeper, game="pottle")
    assert client_in.get(reverse("game_page", args=[game.pk, "no-such-page"])).status_code == 404
    assert client_in.get(f"/games/{game.pk + 1000}/settle-up/").status_code == 404


def test_the_game_page_links_to_its_pages(client_in, factory, keeper):
    game = factory.make_game(keeper, game="pottle")
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    for page in registry.game("pottle").pages:
        assert f'href="{reverse("game_page", args=[game.pk, page.slug])}"' in html
