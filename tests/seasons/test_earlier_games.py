"""A group's page links its seasons; a finished game of a member's own, played before the group
existed, is added to the group by its owner and then counts in the season of its day; the
ratings are said in plain words, in English and Chinese."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Game, Player
from scorekeeper.seasons.models import Result, Season
from scorekeeper.seasons.sync import sync_group
from tests.support.groups import make_group, play

pytestmark = pytest.mark.django_db

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def own_game(owner, day: date) -> Game:
    """A finished Thunee game of the owner's own (no group), played on `day`."""
    game = play(None, owner, "thunee", NAMES, day)
    assert game.finished and game.group is None
    return game


def test_the_group_page_links_its_seasons(client_in, keeper):
    group = make_group(keeper)
    now = Season.objects.create(
        group=group, name="Now", start=date(2000, 1, 1), end=date(2999, 1, 1)
    )
    old = Season.objects.create(
        group=group, name="Old", start=date(1990, 1, 1), end=date(1990, 12, 1)
    )
    page = client_in.get(reverse("group", args=[group.pk])).content.decode()
    for scope in (now.pk, old.pk, "all-time"):
        assert reverse("seasons:standings", args=[group.pk, scope]) in page
    assert "Standings: Now" in page


def test_a_game_from_before_the_group_is_added_and_counts_in_its_season(client_in, keeper):
    earlier = own_game(keeper, date(2026, 3, 5))
    group = make_group(keeper)
    group.players.create(owner=keeper, name="asha")  # the group's Asha already
    Season.objects.create(group=group, name="Autumn", start=date(2026, 3, 1), end=date(2026, 5, 31))
    page = client_in.get(reverse("group", args=[group.pk])).content.decode()
    add = reverse("group_game_add", args=[group.pk, earlier.pk])
    assert add in page and "Your games from before the group" in page
    response = client_in.post(add, follow=True)
    assert "counts in the season of that day" in response.content.decode()
    earlier.refresh_from_db()
    assert earlier.group == group and earlier.played_on == date(2026, 3, 5)
    seated = [seat.player for seat in earlier.seats.all()]
    assert all(p.group == group for p in seated)
    assert seated[0].name == "asha"  # one Asha at the group's table
    assert Player.objects.filter(group=group).count() == 4
    sync_group(group.pk)
    assert Result.objects.filter(game=earlier).count() == 4
    standings = client_in.get(reverse("seasons:standings", args=[group.pk, "all-time"]))
    assert "Bongani" in standings.content.decode()
    assert add not in client_in.get(reverse("group", args=[group.pk])).content.decode()


def test_only_the_owner_adds_only_a_finished_game_of_no_group(client_in, keeper, factory):
    group = make_group(keeper)
    other_group = make_group(keeper, "Other")
    member = factory.make_user("member")
    group.memberships.create(user=member, role="member")
    theirs = own_game(member, date(2026, 3, 5))
    going = services.create_game(owner=keeper, game="spades", players=NAMES)
    elsewhere = play(other_group, keeper, "thunee", NAMES, date(2026, 3, 6))
    for game in (theirs, going, elsewhere):
        url = reverse("group_game_add", args=[group.pk, game.pk])
        assert client_in.post(url).status_code == 404
        game.refresh_from_db()
        assert game.group_id != group.pk
    outsider = Client()
    outsider.force_login(factory.make_user("outsider"))
    mine = own_game(keeper, date(2026, 3, 7))
    url = reverse("group_game_add", args=[group.pk, mine.pk])
    assert outsider.post(url).status_code == 404  # not in the group, not the owner
    assert Game.objects.get(pk=mine.pk).group is None


def test_the_ratings_are_said_in_plain_words(client_in, keeper):
    group = make_group(keeper)
    page = client_in.get(reverse("seasons:standings", args=[group.pk, "all-time"]))
    said = page.content.decode()
    start = said.index('data-testid="ratings-said"')
    assert "more so against stronger players" in said[start:]
    assert "mu − 3 sigma" not in said
    client_in.cookies["django_language"] = "zh-hans"
    chinese = client_in.get(reverse("seasons:standings", args=[group.pk, "all-time"]))
    assert "评分" in chinese.content.decode()
