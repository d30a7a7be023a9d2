"""A scorepad game counts in a season under the name its table gives it: Hearts and Rummy each
have their own standings (and ratings); a game left unnamed counts as the Scorepad."""

from __future__ import annotations

import copy
from datetime import date

import pytest
from django.test import Client

from scorekeeper.games import services
from scorekeeper.games.models import Game
from scorekeeper.seasons import standings
from scorekeeper.seasons.models import Result
from scorekeeper.seasons.standings import Scope
from scorekeeper.seasons.sync import sync_group
from tests.support.groups import make_group
from tests.support.logs import fixture_log

pytestmark = pytest.mark.django_db


def play(group, owner, name: str, players: list[str], winner: str = "lowest") -> Game:
    doc = copy.deepcopy(fixture_log("scorepad"))
    doc.pop("computed")
    doc["house_rules"] = {**doc["house_rules"], "name": name, "winner": winner}
    doc["players"] = players
    game = services.import_game(doc, owner=owner, group=group)
    Game.objects.filter(pk=game.pk).update(played_on=date(2026, 3, 5))
    return game


def test_each_name_is_its_own_standings(keeper):
    group = make_group(keeper)
    play(group, keeper, "Hearts", ["Asha", "Bongani", "Chetan", "Dev"])
    play(group, keeper, "Hearts", ["Dev", "Asha", "Bongani", "Chetan"])
    play(group, keeper, "Rummy", ["Asha", "Bongani", "Chetan", "Dev"], winner="highest")
    play(group, keeper, "", ["Asha", "Bongani", "Chetan", "Dev"])
    sync_group(group.pk)
    tables = {t.name: t for t in standings.standings(Scope(group))}
    assert list(tables) == ["Scorepad", "Hearts", "Rummy"]
    hearts = {line.name: (line.played, line.won) for line in tables["Hearts"].lines}
    # The fixture's seat 3 wins: Dev in the first game, Chetan in the second.
    assert hearts["Dev"] == (2, 1) and hearts["Chetan"] == (2, 1) and hearts["Asha"] == (2, 0)
    rummy = {line.name: (line.played, line.won) for line in tables["Rummy"].lines}
    assert rummy["Chetan"] == (1, 1)  # the highest total wins: seat 2's 107
    kinds = set(Result.objects.values_list("kind", flat=True))
    assert kinds == {"scorepad", "scorepad:Hearts", "scorepad:Rummy"}
    # Rated as a kind of its own: each player's games of Hearts counted apart from Rummy's.
    hearts_played = Result.objects.filter(kind="scorepad:Hearts", player__name="Dev")
    assert sorted(r.n_played for r in hearts_played) == [1, 2]
    assert all(r.mu_after is not None for r in hearts_played)


def test_the_standings_page_shows_each_name(keeper):
    group = make_group(keeper)
    play(group, keeper, "Hearts", ["Asha", "Bongani", "Chetan", "Dev"])
    sync_group(group.pk)
    client = Client()
    client.force_login(keeper)
    page = client.get(f"/seasons/{group.pk}/all-time/").content.decode()
    assert 'data-testid="standings-scorepadhearts"' in page
    assert ">Hearts</h2>" in page
