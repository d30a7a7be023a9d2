"""Late deals: a deal a table phone kept offline reaches the server after its round ended. The
games refuse it and name where it goes; the phone hands it to the night; the organiser sees it
and adds it to the closed game with one tap (in the game's audit trail) or discards it; the
phone is told which. Nothing is lost without a word."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import DealChange
from scorekeeper.nights.models import LateDeal, Night, Table

from .conftest import YES, logged_in, new_night_post, table_url, thunee_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(club):
    """A round ended under a phone that holds table 1's link."""
    admin = logged_in(club.admin)
    admin.post(reverse("night_new", args=[club.group.pk]), new_night_post(club.group))
    night = Night.objects.get()
    admin.post(reverse("night_start", args=[night.pk]))
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    phone = Client()
    phone.post(table_url(page, 1), {"name": "Sipho's phone"})
    phone.get(table_url(page, 1))
    game = Table.objects.get(number=1).game
    admin.post(reverse("night_end_round", args=[night.pk]), {"round": 1, **YES})
    return night, admin, phone, game


def the_deal(game) -> dict:
    game.refresh_from_db()
    return thunee_deal((game.state_cache["dealer"] + 1) % 4, expected_number=1)


def hand_over(phone: Client, game, deal: dict, **over) -> object:
    fields = [[k, str(v)] for k, v in deal.items()]
    data = {
        "kind": "deals",
        "number": "1",
        "summary": "Trump maker: Dev",
        "fields": json.dumps(fields),
    }
    data.update(over)
    return phone.post(reverse("night_table_late", args=[game.pk]), data)


def test_the_refusal_names_where_the_phone_hands_the_entry(closed):
    _night, _admin, phone, game = closed
    refused = phone.post(
        reverse("deal_record", args=[game.pk]), the_deal(game), HTTP_HX_REQUEST="true"
    )
    assert refused.status_code == 403
    assert refused["X-Late-Entry"] == reverse("night_table_late", args=[game.pk])


def test_a_late_deal_is_kept_once_shown_to_the_organiser_and_added_with_one_tap(closed):
    night, admin, phone, game = closed
    deal = the_deal(game)
    answer = hand_over(phone, game, deal)
    assert answer.status_code == 200 and answer.json()["state"] == "waiting"
    assert "the organiser has it" in answer.json()["said"]
    again = hand_over(phone, game, deal)  # sent again (a reload): the same entry
    assert again.json()["state"] == "waiting" and LateDeal.objects.count() == 1
    late = LateDeal.objects.get()
    assert late.by_name == "Sipho's phone" and late.number == 1
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert "1 late deal" in page and "Table 1, round 1: deal 1" in page
    assert "Trump maker: Dev" in page
    added = admin.post(reverse("night_late_add", args=[night.pk, late.pk]), follow=True)
    assert "Deal 1 was added to table 1&#x27;s game." in added.content.decode()
    assert game.deals.count() == 1
    change = DealChange.objects.get(game=game, action="recorded")
    assert change.by == logged_in_user(admin)  # audited as the organiser's
    late.refresh_from_db()
    assert late.state == LateDeal.ADDED and late.decided_by is not None
    told = hand_over(phone, game, deal)
    assert told.json()["state"] == "added" and "added deal 1" in told.json()["said"]
    twice = admin.post(reverse("night_late_add", args=[night.pk, late.pk]), follow=True)
    assert "dealt with already" in twice.content.decode() and game.deals.count() == 1


def logged_in_user(client: Client):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(pk=client.session["_auth_user_id"])


def test_a_late_deal_discarded_is_said_to_the_phone(closed):
    night, admin, phone, game = closed
    deal = the_deal(game)
    hand_over(phone, game, deal)
    late = LateDeal.objects.get()
    admin.post(reverse("night_late_discard", args=[night.pk, late.pk]))
    assert game.deals.count() == 0
    assert hand_over(phone, game, deal).json()["state"] == "discarded"
    assert "late deal" not in admin.get(reverse("night", args=[night.pk])).content.decode()


def test_a_late_deal_the_game_no_longer_takes_is_said_and_stays(closed, factory):
    night, admin, phone, game = closed
    deal = the_deal(game)
    hand_over(phone, game, deal)
    factory.normal_deal(game)  # the organiser put deal 1 in by hand meanwhile
    late = LateDeal.objects.get()
    said = admin.post(reverse("night_late_add", args=[night.pk, late.pk]), follow=True)
    assert "Deal 1 of table 1 was not added" in said.content.decode()
    late.refresh_from_db()
    assert late.state == LateDeal.WAITING and game.deals.count() == 1


def test_only_the_tables_phone_hands_over_and_only_after_its_round_ended(club, closed):
    night, admin, phone, game = closed
    deal = the_deal(game)
    other = Table.objects.get(number=2).game
    assert hand_over(phone, other, deal).status_code == 404  # not this phone's table
    assert hand_over(Client(), game, deal).status_code == 404  # no table link at all
    assert hand_over(phone, game, deal, kind="undo").status_code == 400
    assert hand_over(phone, game, deal, fields="[[1, 2]]").status_code == 400
    assert hand_over(phone, game, deal, fields="{" * 5000).status_code == 400
    admin.post(reverse("night_take_back", args=[night.pk]), {"end": "round-1"})
    open_again = hand_over(phone, game, deal)  # the round plays again: record it there
    assert open_again.status_code == 409 and not LateDeal.objects.exists()


def test_late_deals_are_the_organisers_to_decide(club, closed):
    night, _admin, phone, game = closed
    hand_over(phone, game, the_deal(game))
    late = LateDeal.objects.get()
    for who, code in (("member", 403), ("stranger", 404)):
        client = logged_in(getattr(club, who))
        for name in ("night_late_add", "night_late_discard"):
            assert client.post(reverse(name, args=[night.pk, late.pk])).status_code == code
    late.refresh_from_db()
    assert late.state == LateDeal.WAITING


def test_a_phone_cannot_fill_the_organisers_page_with_late_entries(closed, monkeypatch):
    from scorekeeper.nights import late

    monkeypatch.setattr(late, "MAX_WAITING_PER_TABLE", 3)
    night, admin, phone, game = closed
    for token in range(3):
        deal = {**the_deal(game), "token": f"entry-{token}"}
        assert hand_over(phone, game, deal).json()["state"] == "waiting"
    deal = {**the_deal(game), "token": "entry-3"}
    answer = hand_over(phone, game, deal)
    assert answer.status_code == 429 and answer.json()["state"] == "refused"
    assert "stays on this phone" in answer.json()["said"]
    assert LateDeal.objects.count() == 3
    again = hand_over(phone, game, {**the_deal(game), "token": "entry-0"})
    assert again.json()["state"] == "waiting"  # one it has is still answered
    late_deal = LateDeal.objects.get(token="entry-0")
    admin.post(reverse("night_late_discard", args=[night.pk, late_deal.pk]))
    assert hand_over(phone, game, deal).json()["state"] == "waiting"  # room again
