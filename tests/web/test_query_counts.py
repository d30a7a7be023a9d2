"""Each view of the record path asks the database the same number of times whatever the log's
length: measured on a game of 3 deals and one of 30, with a ceiling so that a query added to
every request is noticed too."""

from __future__ import annotations

import re
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper import registry
from scorekeeper.games import services
from scorekeeper.games.models import Deal
from scorekeeper.rules.thunee import GameState, Setup, parse_deal, score_deal
from tests.bench.tables import ENDLESS
from tests.factories import Factory
from tests.support.forms import seat_fields

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SHORT, LONG = 3, 30


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
    """A Thunee game whose log holds `deals` deals (written at once, then the cache rebuilt)."""
    game = factory.make_game(owner, house_rules={"two_to_clear": "on"})
    log = endless_log(services.setup_of(game), deals)
    Deal.objects.bulk_create(
        Deal(game=game, number=i + 1, facts=f, created_by=owner) for i, f in enumerate(log)
    )
    services.rebuild(game)
    game.refresh_from_db()
    assert not game.finished
    return game


def two_step_game_with_deals(factory: Factory, owner, deals: int):
    """A game recorded in two steps (bids, then tricks) with `deals` deals, through the services."""
    key = next(k for k in ENDLESS if ENDLESS[k].next_post.__class__.__name__ == "BidsThenTricks")
    house_rules, players, next_post = ENDLESS[key]
    game = factory.make_game(owner, game=key, house_rules=house_rules, players=players)
    for _ in range(deals):
        facts = {"bids": next_post.bids, "tricks": next_post.tricks}
        services.record_deal(game, facts, user=owner, token=uuid.uuid4())
        game.refresh_from_db()
    return game, next_post


def count(client, method: str, url: str, data=None, *, status: int = 200, htmx: bool = True) -> int:
    """The queries of one request, which must answer `status`."""
    with CaptureQueriesContext(connection) as ctx:
        response = getattr(client, method)(url, data or {}, **(HTMX if htmx else {}))
    assert response.status_code == status, response.content[:500]
    return len(ctx.captured_queries)


def _next_deal(game) -> dict:
    return {**ENDLESS["thunee"].next_post(game), "token": str(uuid.uuid4())}


def _stamp_and_ticket(client, game) -> tuple[str, str]:
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    found = re.search(r'id="live-poll" hx-get="[^"]*\?v=([^&"]*)&amp;t=([^&"]*)', html)
    return found[1], found[2]


# Each view: what it is asked, on a game of `deals` deals; the number of queries that took.
def _game_page(client, game):
    return count(client, "get", reverse("game", args=[game.pk]))


def _record(client, game):
    return count(client, "post", reverse("deal_record", args=[game.pk]), _next_deal(game))


def _record_repeated(client, game):
    data = _next_deal(game)
    url = reverse("deal_record", args=[game.pk])
    client.post(url, data, **HTMX)
    return count(client, "post", url, data)  # a double tap's second tap


def _record_stale(client, game):
    data = {**_next_deal(game), "expected_number": 1}  # made when the game was at deal 1
    return count(client, "post", reverse("deal_record", args=[game.pk]), data)


def _undo(client, game):
    number = game.deals.count()
    return count(client, "post", reverse("deal_undo", args=[game.pk]), {"number": number})


def _edit_form(client, game):
    return count(client, "get", reverse("deal_edit", args=[game.pk, 1]))


def _edit(client, game):
    # The deal saved again as it was: every later deal is rescored all the same.
    facts = game.deals.get(number=1).facts
    data = {**registry.game(game.kind).deal_form.initial_from_facts(facts), "token": uuid.uuid4()}
    url = reverse("deal_edit", args=[game.pk, 1])
    return count(client, "post", url, data, status=302, htmx=False)


def _what_if(client, game):
    return count(client, "get", reverse("deal_what_if", args=[game.pk, 1]))


def _preview(client, game):
    return count(client, "post", reverse("deal_preview", args=[game.pk]), _next_deal(game))


def _live_changed(client, game):
    return count(client, "get", reverse("game_live", args=[game.pk]), {"v": "0.0"})


def _live_unchanged(client, game):
    stamp, ticket = _stamp_and_ticket(client, game)
    return count(
        client, "get", reverse("game_live", args=[game.pk]), {"v": stamp, "t": ticket}, status=204
    )


# The ceilings: what each view asks now (a change that adds a query says so here).
VIEWS = {
    "game page": (_game_page, 6),
    "record": (_record, 8),
    "record repeated": (_record_repeated, 11),
    "record, another phone first": (_record_stale, 8),
    "undo": (_undo, 16),
    "edit form": (_edit_form, 5),
    "edit": (_edit, 15),
    "what-if": (_what_if, 5),
    "preview": (_preview, 3),
    "live, changed": (_live_changed, 7),
    "live, unchanged": (_live_unchanged, 1),
}


@pytest.mark.parametrize("view", list(VIEWS))
def test_a_view_asks_as_often_at_3_deals_as_at_30(client, factory, view):
    ask, ceiling = VIEWS[view]
    counts = []
    for deals in (SHORT, LONG):
        owner = factory.make_user()
        client.force_login(owner)
        counts.append(ask(client, game_with_deals(factory, owner, deals)))
    assert counts[0] == counts[1], counts
    assert counts[0] <= ceiling, counts


def _open_bids(client, game, next_post):
    number = game.deals.count() + 1
    data = {**seat_fields("bid", next_post.bids), "stage": "opening", "expected_number": number}
    data["token"] = str(uuid.uuid4())
    return count(client, "post", reverse("deal_open", args=[game.pk]), data)


def _reopen(client, game, next_post):
    services.open_deal(game, {"bids": next_post.bids}, user=game.owner)
    return count(client, "post", reverse("deal_reopen", args=[game.pk]))


def _record_tricks(client, game, next_post):
    data = {**next_post(game), "token": str(uuid.uuid4())}
    return count(client, "post", reverse("deal_record", args=[game.pk]), data)


TWO_STEP_VIEWS = {
    "bids": (_open_bids, 12),
    "bids taken back": (_reopen, 7),
    "tricks": (_record_tricks, 8),
}


@pytest.mark.parametrize("view", list(TWO_STEP_VIEWS))
def test_a_two_step_view_asks_as_often_at_3_deals_as_at_30(client, factory, view):
    ask, ceiling = TWO_STEP_VIEWS[view]
    counts = []
    for deals in (SHORT, LONG):
        owner = factory.make_user()
        client.force_login(owner)
        game, next_post = two_step_game_with_deals(factory, owner, deals)
        counts.append(ask(client, game, next_post))
    assert counts[0] == counts[1], counts
    assert counts[0] <= ceiling, counts
