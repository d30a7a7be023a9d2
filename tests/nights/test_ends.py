"""Ending is reversible: "End this round" and "End the night" ask once, and either end can be
taken back until the next round starts: the round plays again, its links keep score again, its
games are as they were, and nothing is lost."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import ShareLink
from scorekeeper.nights import services
from scorekeeper.nights.models import Night, Table

from .conftest import YES, logged_in, new_night_post, table_url, thunee_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing(club):
    admin = logged_in(club.admin)
    admin.post(reverse("night_new", args=[club.group.pk]), new_night_post(club.group))
    night = Night.objects.get()
    admin.post(reverse("night_start", args=[night.pk]))
    return night, admin


def phone_at(admin, night, number: int) -> Client:
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    phone = Client()
    phone.post(table_url(page, number), {"name": f"Phone {number}"})
    phone.get(table_url(page, number))
    return phone


def record(phone: Client, game) -> int:
    game.refresh_from_db()
    maker = (game.state_cache["dealer"] + 1) % 4
    return phone.post(reverse("deal_record", args=[game.pk]), thunee_deal(maker)).status_code


def test_an_end_is_asked_once_and_a_stray_post_only_asks(playing):
    night, admin = playing
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert 'data-testid="end-round"' in page and "Yes, end round 1" in page
    asked = admin.post(reverse("night_end_round", args=[night.pk]), {"round": 1})
    assert asked.status_code == 200 and "End round 1 now?" in asked.content.decode()
    assert night.round_set.get().ended_at is None
    asked = admin.post(reverse("night_end", args=[night.pk]))
    assert "End the night now?" in asked.content.decode()
    night.refresh_from_db()
    assert night.ended_at is None


def test_the_end_of_a_round_taken_back_brings_its_links_and_games_back(playing, factory):
    night, admin = playing
    phone = phone_at(admin, night, 1)
    game = Table.objects.get(number=1).game
    assert record(phone, game) in (200, 302)
    admin.post(reverse("night_end_round", args=[night.pk]), {"round": 1, **YES})
    assert night.round_set.count() == 2
    assert record(phone, game) == 403  # closed: the round has ended
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert "Take back the end of round 1" in page
    back = admin.post(reverse("night_take_back", args=[night.pk]), {"end": "round-1"}, follow=True)
    assert "Round 1 goes on: its end was taken back." in back.content.decode()
    assert night.round_set.count() == 1 and night.round_set.get().ended_at is None
    assert not ShareLink.objects.filter(kind=ShareLink.TABLE, closed_at__isnull=False).exists()
    assert record(phone, game) in (200, 302)  # the phone keeps score again
    assert game.deals.count() == 2


def test_the_end_of_the_night_taken_back_brings_the_drawn_round_back(playing, factory):
    night, admin = playing
    for table in Table.objects.all():
        while not table.game.finished:
            factory.normal_deal(table.game)
            table.game.refresh_from_db()
    admin.get(reverse("night", args=[night.pk]))  # the round ends by itself: round 2 drawn
    drawn = night.round_set.get(number=2)
    resting = drawn.sitting_out[0]
    admin.post(reverse("night_swap", args=[night.pk]), {"a": drawn.tables[0][0], "b": resting})
    drawn.refresh_from_db()
    seats = drawn.tables
    assert seats[0][0] == resting
    admin.post(reverse("night_end", args=[night.pk]), YES)
    night.refresh_from_db()
    assert night.ended_at is not None
    assert "Round 2" not in admin.get(reverse("night_results", args=[night.pk])).content.decode()
    admin.post(reverse("night_take_back", args=[night.pk]), {"end": "night-2"})
    night.refresh_from_db()
    assert night.ended_at is None
    assert night.round_set.get(number=2).tables == seats  # the swap kept: as it was


def test_the_end_of_the_night_in_a_round_taken_back_reopens_the_round(playing):
    night, admin = playing
    phone = phone_at(admin, night, 2)
    game = Table.objects.get(number=2).game
    admin.post(reverse("night_end", args=[night.pk]), YES)
    assert record(phone, game) == 403
    admin.post(reverse("night_take_back", args=[night.pk]), {"end": "night-1"})
    night.refresh_from_db()
    assert night.ended_at is None and night.round_set.get().ended_at is None
    assert record(phone, game) in (200, 302)


def test_no_take_back_once_the_next_round_started_or_after_a_natural_end(playing, factory):
    night, admin = playing
    admin.post(reverse("night_end_round", args=[night.pk]), {"round": 1, **YES})
    admin.post(reverse("night_start", args=[night.pk]), {"round": 2})
    late = admin.post(reverse("night_take_back", args=[night.pk]), {"end": "round-1"}, follow=True)
    assert "can no longer be taken back" in late.content.decode()
    assert night.round_set.get(number=1).ended_at is not None
    assert night.round_set.get(number=2).started_at is not None
    # Every table finished on its own: that end would only come again.
    for table in Table.objects.filter(round__number=2):
        while not table.game.finished:
            factory.normal_deal(table.game)
            table.game.refresh_from_db()
    services.advance(night)
    assert services.end_to_take_back(night) is None


def test_a_take_back_from_an_old_page_changes_nothing(playing):
    night, admin = playing
    admin.post(reverse("night_end_round", args=[night.pk]), {"round": 1, **YES})
    stale = admin.post(reverse("night_take_back", args=[night.pk]), {"end": "night-1"}, follow=True)
    assert "can no longer be taken back" in stale.content.decode()
    assert night.round_set.count() == 2
