"""The game page and recording a deal cost the same number of queries at 1 deal and at 100."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Deal
from scorekeeper.rules.thunee import GameState, Setup, parse_deal, score_deal
from tests.factories import Factory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def endless_log(setup: Setup, deals: int) -> list[dict]:
    """Deals in which the team behind always wins: with two to clear the game never ends."""
    state = GameState.initial(setup)
    log = []
    for _ in range(deals):
        maker = setup.after(state.dealer)
        counting = 1 - setup.team_of(maker)
        behind = 0 if state.balls[0] <= state.balls[1] else 1
        points = 152 if counting == behind else 40
        deal = {"trump_maker": maker, "call": 0, "last_trick": maker, "counting_points": points}
        state = score_deal(parse_deal(deal, setup), state, setup).after
        log.append(deal)
    assert not state.finished
    return log


def game_with_deals(factory: Factory, owner, deals: int):
    game = factory.make_game(owner, house_rules={"two_to_clear": "on"})
    log = endless_log(services.setup_of(game), deals)
    Deal.objects.bulk_create(
        Deal(game=game, number=i + 1, facts=f, created_by=owner) for i, f in enumerate(log)
    )
    services.rebuild(game)
    return game


def count_queries(client, method: str, url: str, data=None) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = getattr(client, method)(url, data or {}, **HTMX)
    assert response.status_code in (200, 302), response.content[:500]
    return len(ctx.captured_queries)


@pytest.mark.parametrize("view", ["game", "record"])
def test_queries_do_not_grow_with_the_log(client, factory, view):
    counts = []
    for deals in (1, 100):
        owner = factory.make_user()
        client.force_login(owner)
        game = game_with_deals(factory, owner, deals)
        game.refresh_from_db()
        assert not game.finished
        if view == "game":
            counts.append(count_queries(client, "get", reverse("game", args=[game.pk])))
        else:
            dealer = game.state_cache["dealer"]
            data = {
                "kind": "normal",
                "trump_maker": (dealer + 1) % 4,
                "call": 0,
                "last_trick": (dealer + 1) % 4,
                "counting_points": 100,
                "token": str(uuid.uuid4()),
                "expected_number": deals + 1,
            }
            counts.append(
                count_queries(client, "post", reverse("deal_record", args=[game.pk]), data)
            )
    assert counts[0] == counts[1], counts
    assert counts[0] <= 20
