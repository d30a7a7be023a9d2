"""Finding 9: a page, JSON or CSV of one person's games is kept by no cache, the browser's
own included (`Cache-Control: private, no-store`): the next person at a shared phone, or a
proxy between, finds none of it. The static files keep their own (public) cache."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import ShareLink
from scorekeeper.seasons.models import Season
from tests.support.groups import make_group, play

pytestmark = pytest.mark.django_db

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


@pytest.fixture
def owner_client(keeper):
    client = Client()
    client.force_login(keeper)
    return client


def test_private_pages_json_and_csv_are_kept_by_no_cache(owner_client, keeper):
    group = make_group(keeper)
    season = Season.objects.create(
        group=group, name="Spring", start=date(2026, 3, 1), end=date(2026, 5, 31)
    )
    game = play(group, keeper, "thunee", NAMES, date(2026, 3, 5))
    link = ShareLink.objects.create(game=game, kind=ShareLink.WATCH, created_by=keeper)
    urls = [
        reverse("home"),
        reverse("game", args=[game.pk]),
        reverse("game_export", args=[game.pk]),  # JSON
        reverse("game_share", args=[game.pk]),
        reverse("game_import"),
        reverse("account"),
        reverse("seasons:standings_csv", args=[group.pk, season.pk]),  # CSV
        reverse("seasons:json", args=[group.pk, season.pk]),
        reverse("my_games"),  # JSON, streamed
        reverse("watch", args=[link.token]),
        reverse("watch_export", args=[link.token]),
    ]
    for url in urls:
        response = owner_client.get(url)
        assert response.status_code == 200, url
        said = {part.strip() for part in response["Cache-Control"].split(",")}
        assert {"private", "no-store"} <= said, (url, response["Cache-Control"])


def test_the_login_page_is_not_kept_either():
    response = Client().get(reverse("login"))
    assert "no-store" in response["Cache-Control"]


def test_static_files_keep_their_own_cache():
    response = Client().get("/static/css/app.css")
    assert response.status_code == 200
    said = response.get("Cache-Control", "")
    assert "no-store" not in said and "private" not in said
