"""Call by call, Jodie timing (marials), what is allowed now, and the redeal reason."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from scorekeeper.games.models import Deal

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def post(client, game, view="deal_record", **fields):
    data = {"kind": "normal", "call": 0, "token": str(uuid.uuid4())}
    data.update(fields)
    return client.post(reverse(view, args=[game.pk]), data, **HTMX)


def test_both_called_at_once_adds_twenty(client_in, factory, keeper):
    game = factory.make_game(keeper)  # Asha (0) deals: her team calls first
    response = post(
        client_in, game, calls="single,both", trump_maker=1, last_trick=1, counting_points=100
    )
    assert response.status_code == 200
    deal = Deal.objects.get()
    assert deal.facts["calls"] == ["single", "both"] and "call" not in deal.facts
    # 10 by the dealer's team, then both opponents at once: 30, paid to the counting team.
    game.refresh_from_db()
    assert game.state_cache["balls"] == [2, 0]  # 100 + 30 - 10 = 120: counting team beat 30


def test_house_rule_both_at_once_adds_ten(client_in, factory, keeper):
    game = factory.make_game(keeper, house_rules={"simultaneous_call_adds": 10})
    html = post(
        client_in,
        game,
        "deal_preview",
        calls="both",
        trump_maker=2,
        last_trick=1,
        counting_points=100,
    ).content.decode()
    assert "Calls 10 (both at once): Chetan made trumps for 10." in html


def test_the_trump_maker_must_be_on_the_last_callers_team(client_in, factory, keeper):
    game = factory.make_game(keeper)
    response = post(
        client_in, game, calls="single", trump_maker=1, last_trick=1, counting_points=100
    )
    assert "The last call came from Asha &amp; Chetan" in response.content.decode()
    assert not Deal.objects.exists()


def test_a_garbled_calls_list_is_refused_at_its_field(client_in, factory, keeper):
    game = factory.make_game(keeper)
    response = post(
        client_in, game, calls="single,twice", trump_maker=2, last_trick=1, counting_points=100
    )
    assert response.context["form"].errors["calls"] == [
        "Each call is a single call or both at once."
    ]


def test_a_jodie_after_the_second_trick_is_stopped_by_marials(client_in, factory, keeper):
    game = factory.make_game(keeper)
    response = post(
        client_in,
        game,
        trump_maker=1,
        last_trick=1,
        counting_points=100,
        jodie_0="0:20",
        jodie_0_after=2,
    )
    errors = response.context["form"].errors["jodie_0_after"]
    assert "Marials" in errors[0] and "1st or 3rd trick" in errors[0]
    assert 'value="2" selected' in response.content.decode()
    assert not Deal.objects.exists()
    post(
        client_in,
        game,
        trump_maker=1,
        last_trick=1,
        counting_points=100,
        jodie_0="0:20",
        jodie_0_after=3,
    )
    assert Deal.objects.get().facts["jodies"] == [{"seat": 0, "value": 20, "after_trick": 3}]


def test_the_form_says_double_is_not_allowed_on_corner_house(client_in, factory, keeper):
    game = factory.make_game(keeper)
    for _ in range(11):
        game.refresh_from_db()
        factory.normal_deal(game, counting_wins=game.state_cache["dealer"] % 2 == 0)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Asha &amp; Chetan are on corner house: Double is not allowed" in html


def test_the_weak_four_redeal_is_offered_only_under_its_house_rule(client_in, factory, keeper):
    plain = factory.make_game(keeper)
    assert "Weak first four" not in client_in.get(reverse("game", args=[plain.pk])).content.decode()
    game = factory.make_game(keeper, house_rules={"redeal_on_weak_four": True})
    assert "Weak first four" in client_in.get(reverse("game", args=[game.pk])).content.decode()
    reason = "the trump chooser's first four cards were worth 10 or less"
    post(client_in, game, kind="cancelled", cancelled_reason=reason)
    assert Deal.objects.get().facts == {"cancelled": reason}
    game.refresh_from_db()
    assert game.state_cache["dealer"] == 0  # same dealer deals again
