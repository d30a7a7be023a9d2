"""Groups, and games played in them on a given day: seasons, nights, backups and the browser
tests build their sites so. The games are the fixture logs (tests/support/logs.py), whose
results were worked out by hand (the seasons tests' hand-worked figures follow from them)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.utils import timezone

from scorekeeper.games import services
from scorekeeper.games.models import Game
from scorekeeper.groups.models import Group, Membership

from .logs import fixture_log, game_keys, log_with


def make_group(owner, name: str = "Friday table", *, members=()) -> Group:
    group = Group.objects.create(name=name)
    Membership.objects.create(group=group, user=owner, role="admin")
    for user in members:
        Membership.objects.create(group=group, user=user, role="member")
    return group


def play(
    group: Group,
    owner,
    kind: str,
    players: list[str],
    day: date,
    *,
    friendly: bool = False,
    deals: int | None = None,
) -> Game:
    """A game of the group played on `day`: the fixture's log (its first `deals` deals)."""
    doc = log_with(kind, players)
    if deals is not None:
        doc["deals"] = doc["deals"][:deals]
    game = services.import_game(doc, owner=owner, group=group)
    Game.objects.filter(pk=game.pk).update(
        played_on=day, friendly=friendly, updated_at=timezone.now()
    )
    game.refresh_from_db()
    return game


def touch(game: Game, **fields: Any) -> None:
    """Change a game as the shell would: its `updated_at` moves with it."""
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now(), **fields)


def play_the_other_games(group: Group, owner, day: date, played: set[str]) -> list[Game]:
    """One game of each registered game not in `played`, with its fixture log's own names: a
    hand-worked table of games then covers a game added later too."""
    return [
        play(group, owner, kind, fixture_log(kind)["players"], day)
        for kind in game_keys()
        if kind not in played
    ]
