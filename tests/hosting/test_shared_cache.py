"""The cache several app servers share (REDIS_URL), or one machine's workers (a folder beside its
SQLite database): what is kept there and what happens when the cache server does not answer.
Under `make test-postgres` the whole suite runs on Redis."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from scorekeeper.games.models import Game

ROOT = Path(__file__).resolve().parents[2]
HTMX = {"HTTP_HX_REQUEST": "true"}


def _settings_cache(**env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    clean.update(env, DEBUG="true", DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    script = "from django.conf import settings; c = settings.CACHES['default'];"
    script += "print(c['BACKEND'], c.get('LOCATION', ''))"
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=clean, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_redis_url_puts_the_cache_on_redis_and_without_it_sqlite_keeps_it_beside_the_database(
    tmp_path,
):
    assert _settings_cache(REDIS_URL="redis://10.0.0.9:6379/2") == (
        "django.core.cache.backends.redis.RedisCache redis://10.0.0.9:6379/2"
    )
    # One machine's workers share a folder beside its SQLite database.
    database = tmp_path / "scores.sqlite3"
    assert _settings_cache(DATABASE_URL=f"sqlite:///{database}") == (
        f"scorekeeper.hosting.folder_cache.FolderCache {database}.cache"
    )
    assert _settings_cache().endswith(f" {ROOT / 'db.sqlite3'}.cache")
    # A database server without REDIS_URL: each process keeps its own (still correct: keys
    # hold the game's last change).
    server = _settings_cache(DATABASE_URL="postgres://u:p@10.0.0.8:5432/scores")
    assert server.startswith("django.core.cache.backends.locmem.LocMemCache")


def test_the_workers_of_one_machine_share_its_cache(tmp_path):
    """What one process keeps, another on the same SQLite database finds."""
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(
        DEBUG="true",
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DATABASE_URL=f"sqlite:///{tmp_path / 'scores.sqlite3'}",
    )
    setup = "import django; django.setup(); from django.core.cache import cache;"
    for script in ("cache.set('k', 'drawn once', 60)", "print(cache.get('k'))"):
        result = subprocess.run(
            [sys.executable, "-c", setup + script],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "drawn once"


def chart(client, game) -> str:
    return client.get(reverse("game_chart", args=[game.pk]), **HTMX).content.decode()


@pytest.mark.django_db
def test_a_game_id_that_comes_again_does_not_find_another_games_chart(client_in, factory, keeper):
    """Another database on the same Redis (a restored copy, a test run) can hold a game with
    the same id and version: the time of its last change tells them apart."""
    game = factory.make_game(keeper)
    factory.normal_deal(game)
    assert "Asha" in chart(client_in, game)
    game.refresh_from_db()
    setup = {**game.setup, "players": ["Zola", *game.setup["players"][1:]]}
    Game.objects.filter(pk=game.pk).update(
        setup=setup, updated_at=game.updated_at + timedelta(seconds=1)
    )
    drawn = chart(client_in, game)
    assert "Zola" in drawn and "Asha" not in drawn


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens once it is closed


@pytest.mark.django_db
def test_a_cache_server_that_does_not_answer_costs_a_redraw_not_the_page(
    client_in, factory, keeper
):
    game = factory.make_game(keeper)
    factory.normal_deal(game)
    down = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{_closed_port()}/1",
        }
    }
    with override_settings(CACHES=down):  # Django sets up its cache handler again
        assert client_in.get(reverse("game", args=[game.pk])).status_code == 200
        assert "Asha" in chart(client_in, game)
    assert cache.get("anything") is None  # the real cache is back for the next test


@pytest.mark.django_db
def test_a_chart_is_drawn_once_per_change_of_its_game(client_in, factory, keeper, monkeypatch):
    from scorekeeper.seasons.templatetags import season_charts

    drawn = []
    real = season_charts.line_chart
    monkeypatch.setattr(
        season_charts, "line_chart", lambda *a, **k: drawn.append(1) or real(*a, **k)
    )
    game = factory.make_game(keeper)
    factory.normal_deal(game)
    first = chart(client_in, game)
    assert chart(client_in, game) == first and len(drawn) == 1  # the second from the cache
    factory.normal_deal(game)
    assert chart(client_in, game) != first and len(drawn) == 2


def test_the_folder_is_looked_over_once_a_second_and_kept_to_its_size(tmp_path, monkeypatch):
    from scorekeeper.hosting import folder_cache

    clock = [1000.0]
    monkeypatch.setattr(folder_cache.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(folder_cache, "_last_cull", [float("-inf")])
    cache = folder_cache.FolderCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 30}})
    listed = []
    real = cache._list_cache_files
    monkeypatch.setattr(cache, "_list_cache_files", lambda: listed.append(1) or real())
    for i in range(45):  # within one second: one look at the folder, when it was empty
        cache.set(f"k{i}", i, 60)
    assert len(listed) == 1 and len(real()) == 45
    clock[0] += 1.5
    cache.set("next", 1, 60)  # a second later: full, so a third goes
    assert len(listed) == 2 and len(real()) == 45 - 15 + 1
    assert cache.get("next") == 1
