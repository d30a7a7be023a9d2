"""Keeping the seasons' cache (records, results, ratings) in step with the games: off the
request path of recording a deal.

Recording, undoing or editing a deal writes nothing here and runs nothing here: the games'
services already bump `Game.updated_at` (and `version`) on every change. A read of a group's
seasons pages calls `sync_group` first, which

1. asks for the group's games changed since the last check (a window on `updated_at`, with
   SLACK to spare for transactions that were still open then), compares each with its record
   (version, updated_at, friendly, date, group), and works out again only those that differ:
   replaying the log of a counted game through its rules core (`GameRules.ranking`,
   `season_figures`, `rating_matches`, never a per-game branch here);
2. marks the ratings of each changed game's kind stale from that game on (`Stale`); a deleted
   game's record does so too (signals.py);
3. works the ratings out again in game order (date played, then id) from the first stale game
   on, starting from each player's rating just before it.

When nothing changed that costs four small queries. `manage.py recompute_seasons` does the same
for every group (`--full` compares every game, not only the window), for a cron job or after a
bulk change that bypassed `updated_at` (a game moved out of every group, say).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from scorekeeper import registry
from scorekeeper.core.errors import FactError
from scorekeeper.core.explain import said_data
from scorekeeper.core.game import GameRules, replay
from scorekeeper.games.models import Deal, Game, Seat

from . import ratings
from .kinds import season_kind
from .models import (
    FIGURE_SLOTS,
    FIGURES,
    RUNNING,
    GameRecord,
    Result,
    Roster,
    Stale,
    SyncState,
)

SLACK = timedelta(minutes=10)  # longer than any transaction that changes a game
ADVANCE_EVERY = timedelta(seconds=60)  # the check time is written at most this often
CHUNK = 200  # games worked out per batch of queries

GameKey = tuple[date, int]  # the order ratings are learnt in: date played, then the game's id


@dataclass
class Synced:
    games: int = 0  # games worked out again
    rated: int = 0  # results whose ratings were worked out again


def sync_group(group_id: int, *, full: bool = False) -> Synced:
    """Bring the group's records, results and ratings up to date with its games."""
    now = timezone.now()
    state = SyncState.objects.filter(group_id=group_id).first()
    games = Game.objects.filter(group_id=group_id)
    records = GameRecord.objects.filter(game__group_id=group_id)
    if state is not None and state.checked_at is not None and not full:
        since = state.checked_at - SLACK
        games = games.filter(updated_at__gte=since)
        records = records.filter(game__updated_at__gte=since)
    seen = games.values_list("pk", "version", "updated_at", "friendly", "played_on")
    known = {
        pk: rest
        for pk, *rest in records.values_list(
            "pk", "game_version", "game_updated_at", "friendly", "played_on", "group_id"
        )
    }
    changed = [
        pk
        for pk, *rest in seen
        if known.get(pk) != [*rest, group_id]  # new, changed, or moved into this group
    ]
    done = Synced()
    if changed and state is None:
        state, _ = SyncState.objects.get_or_create(group_id=group_id)
    for chunk in _chunks(changed, CHUNK):
        with transaction.atomic():
            # One sync of a group at a time (PostgreSQL; SQLite's write lock does it already).
            list(SyncState.objects.select_for_update().filter(group_id=group_id))
            work_out(chunk)
    done.games = len(changed)
    if full:
        moved_out = GameRecord.objects.filter(group_id=group_id).exclude(game__group_id=group_id)
        for record in moved_out:
            record.delete()  # marks its ratings stale (signals.py)
    done.rated = rerate_stale(group_id)
    if state is None:
        SyncState.objects.get_or_create(group_id=group_id, defaults={"checked_at": now})
    elif full or state.checked_at is None or now - state.checked_at >= ADVANCE_EVERY:
        SyncState.objects.filter(group_id=group_id).update(checked_at=now)
    return done


def _chunks(items: list[int], size: int) -> Iterable[list[int]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


# ---- one game -------------------------------------------------------------------------------


@dataclass
class Worked:
    """What a game gives its season: whether it counts and, if it does, a result per seat."""

    counted: bool
    deals: int = 0
    summary: str = ""
    summary_said: dict = field(default_factory=dict)  # the summary, translatable (said_data)
    winners: tuple[int, ...] = ()
    matches: list[Any] | None = None
    seats: list[dict[str, Any]] | None = None  # per seat: team, team_size, place, won, figures


def judge(rules: GameRules, setup: Any, facts: list[Any]) -> Worked:
    """Replay a game's log and take what seasons need, through the games' interface only."""
    deals, state = replay(rules, setup, facts)
    open_ended = rules.open_ended(setup)
    if not (rules.is_finished(state) or (open_ended and state.deals > 0)):
        return Worked(counted=False, deals=state.deals)
    standings = rules.standings(setup, state)
    ranking = rules.ranking(setup, state)
    winners = set(rules.winners(setup, state))
    place_of = {
        seat: place
        for team, place in zip(ranking.teams, ranking.places, strict=True)
        for seat in team
    }
    if not winners and open_ended and len(set(ranking.places)) > 1:
        winners = {seat for seat, place in place_of.items() if place == 1}
    figures = rules.season_figures(setup, deals, state)
    summary = rules.summary(setup, state)
    said = said_data(summary)
    columns = [key for key, _ in rules.season_columns][:FIGURE_SLOTS]
    seats: list[dict[str, Any]] = [{} for _ in setup.players]
    for team, row in enumerate(standings):
        for seat in row.seats:
            own = figures.get(seat, {})
            seats[seat] = {
                "team": team,
                "team_size": len(row.seats),
                "place": place_of.get(seat, 1),
                "won": seat in winners,
                "figures": [int(own.get(key, 0)) for key in columns],
            }
    matches = [
        [[list(team) for team in match.teams], list(match.places)]
        for match in rules.rating_matches(setup, deals, state)
    ]
    return Worked(
        counted=True,
        deals=state.deals,
        summary=str(summary)[:200],
        summary_said=said if isinstance(said, dict) else {},  # {} for a summary with no words
        winners=tuple(sorted(winners)),
        matches=matches,
        seats=seats,
    )


def work_out(game_ids: list[int]) -> None:
    """Work out the records and results of these games again; mark their ratings stale."""
    games = list(
        Game.objects.filter(pk__in=game_ids).only(
            "pk",
            "group_id",
            "kind",
            "played_on",
            "friendly",
            "finished",
            "setup",
            "state_cache",
            "version",
            "updated_at",
        )
    )
    old = {r.pk: r for r in GameRecord.objects.filter(pk__in=game_ids)}
    players: dict[int, dict[int, int]] = defaultdict(dict)
    for game_id, position, player_id in Seat.objects.filter(game_id__in=game_ids).values_list(
        "game_id", "position", "player_id"
    ):
        players[game_id][position] = player_id
    # Only a game that may count is replayed; an unfinished one waits for its end.
    maybe = {g.pk for g in games if g.group_id is not None and _may_count(g)}
    logs: dict[int, list[Any]] = defaultdict(list)
    for game_id, facts in (
        Deal.objects.filter(game_id__in=maybe)
        .order_by("game_id", "number")
        .values_list("game_id", "facts")
    ):
        logs[game_id].append(facts)

    stale: list[Stale] = []
    records: list[GameRecord] = []
    results: list[Result] = []
    for game in games:
        before = old.get(game.pk)
        if before is not None and before.counted:
            stale.append(_stale(before.group_id, before.kind, before.played_on, game.pk))
        if game.group_id is None:  # out of every group: seasons forget it
            continue
        worked = Worked(counted=False, deals=_deals_so_far(game))
        kind = _kind_of(game)
        if game.pk in maybe:
            entry = registry.game(game.kind)
            setup = entry.rules.setup(game.setup)
            worked = judge(entry.rules, setup, logs[game.pk])
        seat_players = players[game.pk]
        records.append(
            GameRecord(
                game_id=game.pk,
                group_id=game.group_id,
                kind=kind,
                played_on=game.played_on,
                friendly=game.friendly,
                counted=worked.counted,
                game_version=game.version,
                game_updated_at=game.updated_at,
                deals=worked.deals,
                summary=worked.summary,
                summary_said=worked.summary_said,
                winners=" & ".join(_names(game, worked.winners)),
                matches=worked.matches or [],
            )
        )
        if not worked.counted:
            continue
        stale.append(_stale(game.group_id, kind, game.played_on, game.pk))
        for seat, row in enumerate(worked.seats or []):
            results.append(
                Result(
                    game_id=game.pk,
                    group_id=game.group_id,
                    kind=kind,
                    played_on=game.played_on,
                    player_id=seat_players[seat],
                    seat=seat,
                    team=row["team"],
                    team_size=row["team_size"],
                    place=row["place"],
                    won=row["won"],
                    **dict(zip(FIGURES, row["figures"], strict=False)),
                )
            )
    gone = [g.pk for g in games if g.group_id is None and g.pk in old]
    GameRecord.objects.filter(pk__in=gone).delete()
    Result.objects.filter(game_id__in=game_ids).delete()
    GameRecord.objects.bulk_create(
        records,
        update_conflicts=True,
        unique_fields=["game"],
        update_fields=[f.name for f in GameRecord._meta.concrete_fields if not f.primary_key],
    )
    Result.objects.bulk_create(results, batch_size=500)
    Stale.objects.bulk_create(stale)


def _may_count(game: Game) -> bool:
    entry = registry.GAMES.get(game.kind)
    if entry is None or game.friendly:
        return False
    return game.finished or entry.rules.open_ended(entry.rules.setup(game.setup))


def _kind_of(game: Game) -> str:
    """The kind the game counts under: its key, or with the season name its rules give it."""
    entry = registry.GAMES.get(game.kind)
    if entry is None:
        return game.kind
    try:
        setup = entry.rules.setup(game.setup)
    except FactError:
        return game.kind
    return season_kind(game.kind, setup)


def _deals_so_far(game: Game) -> int:
    """From the state cached on the game: no replay for a game that does not count."""
    entry = registry.GAMES.get(game.kind)
    if entry is None or not game.state_cache:
        return 0
    rules = entry.rules
    return rules.state_from_cache(game.state_cache, rules.setup(game.setup)).deals


def _names(game: Game, seats: tuple[int, ...]) -> list[str]:
    names = game.setup.get("players") or []
    return [names[s] for s in seats if s < len(names)]


def _stale(group_id: int, kind: str, played_on: date, game_id: int) -> Stale:
    return Stale(group_id=group_id, kind=kind, played_on=played_on, game_id=game_id)


# ---- ratings --------------------------------------------------------------------------------


def from_game(key: GameKey) -> Q:
    """This game and every game after it, in game order."""
    day, game_id = key
    return Q(played_on__gt=day) | Q(played_on=day, game_id__gte=game_id)


def before_game(key: GameKey) -> Q:
    day, game_id = key
    return Q(played_on__lt=day) | Q(played_on=day, game_id__lt=game_id)


def rerate_stale(group_id: int) -> int:
    """Work out the group's stale ratings again; returns how many results were rated."""
    stale = list(
        Stale.objects.filter(group_id=group_id).values_list("pk", "kind", "played_on", "game_id")
    )
    if not stale:
        return 0
    first: dict[str, GameKey] = {}
    for _, kind, day, game_id in stale:
        first[kind] = min(first.get(kind, (day, game_id)), (day, game_id))
    rated = 0
    with transaction.atomic():
        for kind, key in sorted(first.items()):
            rated += rerate(group_id, kind, key)
        Stale.objects.filter(pk__in=[pk for pk, *_ in stale]).delete()
    return rated


def rerate(group_id: int, kind: str, key: GameKey) -> int:
    """One game kind at a group's table, again from game `key` on, in game order: each
    player's rating before and after every game, and the running totals the standings read."""
    rows = list(
        Result.objects.filter(group_id=group_id, kind=kind)
        .filter(from_game(key))
        .order_by("played_on", "game_id", "seat")
        .values_list("pk", "game_id", "player_id", "seat", "won", *FIGURES)
    )
    if not rows:
        return 0
    matches = dict(
        GameRecord.objects.filter(group_id=group_id, kind=kind, counted=True)
        .filter(from_game(key))
        .values_list("game_id", "matches")
    )
    players = {row[2] for row in rows}
    current: dict[int, ratings.Rating] = {}
    totals: dict[int, list[int]] = {}  # played, won, then each figure
    for player in players:
        last = (
            Result.objects.filter(group_id=group_id, kind=kind, player_id=player)
            .filter(before_game(key))
            .order_by("-played_on", "-game_id")
            .values_list("mu_after", "sigma_after", "n_played", "n_won", *RUNNING)
            .first()
        )
        if last is not None and last[0] is not None:
            current[player] = (last[0], last[1])
            totals[player] = list(last[2:])
        else:
            totals[player] = [0] * (2 + FIGURE_SLOTS)
    updates: list[tuple] = []
    for game_id, game_rows in itertools.groupby(rows, key=lambda row: row[1]):
        game_rows = list(game_rows)
        player_at = {row[3]: row[2] for row in game_rows}
        before = {player: current.get(player, ratings.START) for player in player_at.values()}
        ratings.play_game(current, matches.get(game_id, []), player_at)
        for pk, _, player, _, won, *figures in game_rows:
            mu, sigma = current.setdefault(player, before[player])
            running = totals[player]
            running[0] += 1
            running[1] += won
            for i, value in enumerate(figures):
                running[2 + i] += value
            updates.append((*before[player], mu, sigma, *running, pk))
    columns = ["mu_before", "sigma_before", "mu_after", "sigma_after", "n_played", "n_won"]
    columns += RUNNING
    Result.objects.bulk_update(
        [Result(pk=row[-1], **dict(zip(columns, row[:-1], strict=True))) for row in updates],
        columns,
        batch_size=500,
    )
    Roster.objects.bulk_create(
        [Roster(group_id=group_id, kind=kind, player_id=player) for player in players],
        ignore_conflicts=True,
    )
    return len(updates)
