"""The scorepad's deal form and board through Django's test client: one number per player
becomes the deal in game-log form (negative too), a zero-sum deal's last number is filled in
from the others, the last-deal chip ends the game, refusals stand at their fields, and the
game's own name heads the page."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from .support import NAMES

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def scorepad(factory, owner, **house_rules):
    return factory.make_game(owner, game="scorepad", players=NAMES, house_rules=house_rules)


def record(client, game, data):
    url = reverse("deal_record", args=[game.pk])
    response = client.post(url, {"token": uuid.uuid4(), **data}, **HTMX)
    game.refresh_from_db()
    return response


def recorded(game) -> list[dict]:
    return [deal.facts for deal in game.deals.order_by("number")]


def numbers(*points) -> dict[str, int | str]:
    return {f"points_{seat}": n for seat, n in enumerate(points)}


def test_one_number_per_player_below_zero_too(client_in, factory, keeper):
    game = scorepad(factory, keeper)
    record(client_in, game, numbers(25, -10, 0))
    assert recorded(game) == [{"points": [25, -10, 0]}]
    assert game.state_cache["totals"] == [25, -10, 0]


def test_zero_sum_fills_in_the_last_number_from_the_others(client_in, factory, keeper):
    game = scorepad(factory, keeper, zero_sum=True)
    record(client_in, game, numbers(30, -12, ""))
    assert recorded(game) == [{"points": [30, -12, -18]}]


def test_zero_sum_refuses_a_deal_that_does_not_add_up(client_in, factory, keeper):
    game = scorepad(factory, keeper, zero_sum=True)
    response = record(client_in, game, numbers(30, -12, 5))
    assert recorded(game) == []
    assert "add up to 23" in response.content.decode()


def test_a_missing_number_is_asked_for_and_nothing_is_saved(client_in, factory, keeper):
    game = scorepad(factory, keeper)
    response = record(client_in, game, numbers(5, "", 3))
    assert recorded(game) == []
    assert "Enter each player&#x27;s points" in response.content.decode()


def test_the_last_deal_chip_ends_the_game(client_in, factory, keeper):
    game = scorepad(factory, keeper, target=500)
    record(client_in, game, {**numbers(5, 7, 1), "last": "on"})
    assert recorded(game) == [{"points": [5, 7, 1], "last": True}]
    assert game.state_cache["finished"] is True


def test_the_page_is_headed_by_the_games_own_name(client_in, factory, keeper):
    game = scorepad(factory, keeper, name="Hearts", winner="lowest", target=100)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Hearts · 3 players" in page
    assert 'data-testid="scorepad-title">Hearts' in page
    assert "lowest total wins" in page
