"""Two phones keeping one two-step game (Pottle: bids, then tricks): an entry made for a step
another phone has passed saves nothing, says so and says back what was entered; a late double
tap is a quiet repeat."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Deal

from .conftest import HTMX, bids_post, tricks_post

pytestmark = pytest.mark.django_db

STEP = {"stage": "opening", "expected_number": 2}


def phone(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_bids_from_a_second_phone_do_not_replace_the_first_phones(table):
    one, two = phone(table.people["owner"]), phone(table.people["scorekeeper"])
    game = table.game
    first = {**bids_post((1, 2, 3, 0)), **STEP}
    one.post(reverse("deal_open", args=[game.pk]), first, **HTMX)
    html = two.post(
        reverse("deal_open", args=[game.pk]), {**bids_post((2, 2, 1, 1)), **STEP}, **HTMX
    ).content.decode()
    game.refresh_from_db()
    assert game.opening["bids"] == [1, 2, 3, 0]  # the first phone's bids stand
    assert "The bids of deal 2 were entered on another phone." in html
    assert "What you entered was not saved: bids: Asha 2, Bongani 2, Chetan 1, Dev 1." in html

    again = one.post(reverse("deal_open", args=[game.pk]), first, **HTMX).content.decode()
    assert "another phone" not in again  # its own late second tap: a quiet repeat


def test_tricks_for_a_deal_recorded_on_another_phone_are_said_back_not_lost(table):
    one, two = phone(table.people["owner"]), phone(table.people["scorekeeper"])
    game = table.game
    one.post(reverse("deal_open", args=[game.pk]), {**bids_post(), **STEP}, **HTMX)
    closing = {"stage": "closing", "expected_number": 2}
    recorded = {**tricks_post((1, 3, 3, 0)), **closing}
    one.post(reverse("deal_record", args=[game.pk]), recorded, **HTMX)
    assert Deal.objects.filter(game=game).count() == 2

    late = two.post(
        reverse("deal_record", args=[game.pk]), {**tricks_post((2, 2, 3, 0)), **closing}, **HTMX
    ).content.decode()
    assert Deal.objects.filter(game=game).count() == 2
    assert "Deal 2 was recorded on another phone while you were entering it." in late
    assert "not saved: tricks: Asha 2, Bongani 2, Chetan 3, Dev 0." in late  # said back
    assert "errorlist" not in late  # no errors at fields nobody filled

    repeat = one.post(reverse("deal_record", args=[game.pk]), recorded, **HTMX)
    assert "another phone" not in repeat.content.decode()  # a late double tap: quiet
    assert Deal.objects.filter(game=game).count() == 2
