"""A small site with a row in every table a backup keeps, and its fingerprint: what must come
back identical after a restore (every game's exported log, every season's standings)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model

from scorekeeper.games import services
from scorekeeper.games.models import Game, GameRole, Player, ShareLink
from scorekeeper.groups.models import Group
from scorekeeper.nights.models import Attendee, Night, Round, TableLink
from scorekeeper.nights.models import Table as NightTable
from scorekeeper.seasons.models import Season
from scorekeeper.seasons.standings import Scope, standings
from scorekeeper.seasons.sync import sync_group
from tests.support.groups import make_group, play
from tests.support.logs import log_with

A, B, C, D, E, F = "Asha", "Bongani", "Chetan", "Dev", "Esi", "Femi"
PASSWORD = "pw-for-tests-1"


def build_site() -> dict[str, Any]:
    users = get_user_model().objects
    keeper = users.create_user("keeper", password=PASSWORD, email="k@example.org")
    friend = users.create_user("friend", password=PASSWORD)
    watcher = users.create_user("watcher", password=PASSWORD)
    group = make_group(keeper, members=[friend])
    Season.objects.create(group=group, name="Autumn", start=date(2026, 3, 1), end=date(2026, 5, 31))
    Season.objects.create(group=group, name="Winter", start=date(2026, 6, 1), end=date(2026, 8, 31))
    games = [
        play(group, keeper, "thunee", [A, B, C, D], date(2026, 3, 5)),
        play(group, friend, "spades", [A, B, C, D], date(2026, 3, 20)),
        play(group, keeper, "nigerian-thuni", [D, A, B, C], date(2026, 4, 2)),
        play(group, keeper, "pottle", [A, B, C, D], date(2026, 6, 10)),
        play(group, keeper, "zhao-pengyou", [A, B, C, D, E, F], date(2026, 6, 20)),
        play(group, keeper, "thunee", [B, A, D, C], date(2026, 7, 1), friendly=True),
        play(group, keeper, "thunee", [A, B, C, D], date(2026, 7, 2), deals=4),
    ]
    Player.objects.filter(group=group, name=B).update(user=friend)  # Bongani is friend's account
    going = games[-1]
    # The audit trail: an edit and an undo.
    first = going.deals.get(number=1).facts
    services.edit_deal(
        going, 1, {**first, "counting_points": first["counting_points"] - 1}, user=friend
    )
    services.undo_last(Game.objects.get(pk=going.pk), user=keeper)
    # Spades' bids of the coming deal, recorded before the hand (Game.opening).
    spades = services.import_game(log_with("spades", [A, B, C, D]) | {"deals": []}, owner=keeper)
    services.open_deal(spades, {"bids": [3, 4, 2, 3]}, user=keeper)
    GameRole.objects.create(game=going, user=watcher, role=GameRole.SPECTATOR, added_by=keeper)
    ShareLink.objects.create(game=going, kind=ShareLink.WATCH, created_by=keeper)
    revoked = ShareLink.objects.create(game=going, kind=ShareLink.KEEP, created_by=keeper)
    ShareLink.objects.filter(pk=revoked.pk).update(revoked_at=revoked.created_at)
    add_night(group, keeper, games[0])
    return {"keeper": keeper, "group": group, "going": going}


def add_night(group, organiser, game: Game) -> None:
    """A game night of one round whose one table is `game`, with its table link."""
    night = Night.objects.create(
        group=group, organiser=organiser, played_on=game.played_on, kind=game.kind, rounds=1
    )
    names = [seat.player.name for seat in game.seats.order_by("position")]
    for order, name in enumerate(names):
        Attendee.objects.create(
            night=night, player=Player.objects.get(group=group, name=name), order=order
        )
    played = Round.objects.create(
        night=night, number=1, tables=[names], started_at=night.created_at
    )
    NightTable.objects.create(round=played, number=1, game=game)
    TableLink.objects.create(night=night, number=1)


def fingerprint() -> dict[str, Any]:
    """Every game's log as exported, and every scope's standings, as JSON-ready data."""
    logs = {str(g.pk): services.export_game(g) for g in Game.objects.order_by("pk")}
    tables = {}
    for group in Group.objects.order_by("pk"):
        sync_group(group.pk, full=True)
        seasons = [None, *Season.objects.filter(group=group).order_by("pk")]
        for season in seasons:
            scope = Scope(group, season)
            tables[f"{group.pk}/{scope.slug}"] = [
                [t.kind, t.columns, [vars(line) for line in t.lines]] for t in standings(scope)
            ]
    return json.loads(json.dumps({"logs": logs, "standings": tables}, default=str))
