"""The home page says of each game, at a glance: its kind, whether it goes on or who won, its
score in the game's own terms, how many deals and when it was last played; two games of the
same players are told apart."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from scorekeeper.games.models import Game

pytestmark = pytest.mark.django_db


def rows(html: str) -> list[str]:
    """Each game's row as text, tags and spacing gone."""
    found = re.findall(r'<li data-testid="game-row">(.*?)</li>', html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in found]


def test_two_games_of_the_same_players_are_told_apart(client_in, keeper, factory):
    done = factory.make_game(keeper)
    while not Game.objects.get(pk=done.pk).finished:
        factory.normal_deal(done)
    going = factory.make_game(keeper)
    factory.normal_deal(going)
    Game.objects.filter(pk=done.pk).update(updated_at=timezone.now() - timedelta(days=3))
    shown = rows(client_in.get(reverse("home")).content.decode())
    assert len(shown) == 2
    assert shown[0].startswith("Asha, Bongani, Chetan, Dev In progress Thunee · ")
    assert "1 deal" in shown[0] and "last played now" in shown[0]
    assert "Finished Thunee" in shown[1] and "won" in shown[1] and "3 days ago" in shown[1]
    assert shown[0] != shown[1]
    done.refresh_from_db()
    deals = done.deals.count()
    assert f"{deals} deals" in shown[1]


def test_the_home_page_in_chinese(client_in, keeper, factory):
    factory.normal_deal(factory.make_game(keeper))
    client_in.cookies["django_language"] = "zh-hans"
    shown = rows(client_in.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode())
    assert "进行中" in shown[0]


def test_a_visitors_home_lists_the_browsers_games(client):
    from tests.support.visitors import start_thunee

    start_thunee(client)
    page = client.get(reverse("home")).content.decode()
    assert "Games on this phone" in page and len(rows(page)) == 1
    assert reverse("signup") in page
