"""Seasons at scale: a generated season of 10,000 games and 20 players (every game kind), then
how long its standings take to render warm, what a change costs on the next read, and that a
game's page costs the same in a big group as in an empty one.

Part of `make bench`; alone: `.venv/bin/python -m tests.bench.seasons` (SEASON_GAMES=10000).

The generator stores games as an import would, without replaying each one: every game of a
kind is that kind's hand-worked fixture log (tests/gamelog/fixtures) with 4 to 6 of the 20
players drawn at random into its seats, on a day of the season.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from datetime import UTC, date, datetime, timedelta


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.bench.settings")
    import django

    django.setup()


def generate(owner, group, *, games: int, players: int, start: date, days: int, seed: int = 7):
    """Store `games` finished games of `group` (every kind in turn) over `days` days."""
    from scorekeeper.gamelog import load_log
    from scorekeeper.games.models import Deal, Game, Player, Seat
    from tests.support.logs import fixture_log, game_keys

    rng = random.Random(seed)
    names = [f"Player {i:02d}" for i in range(1, players + 1)]
    people = [Player.objects.create(owner=owner, group=group, name=n) for n in names]
    kinds = []
    for kind in game_keys():
        loaded = load_log(fixture_log(kind))
        rules = loaded_rules(kind)
        envelope = rules.envelope(loaded.setup)
        envelope["house_rules"] = rules.changed_house_rules(loaded.setup)
        kinds.append(
            (
                kind,
                envelope,
                rules.state_to_cache(loaded.state),
                rules.is_finished(loaded.state),
                loaded.records(),
            )
        )
    made = 0
    batch = 1000
    while made < games:
        rows, seats_of = [], []
        for i in range(made, min(games, made + batch)):
            kind, envelope, cache, finished, _records = kinds[i % len(kinds)]
            chosen = rng.sample(people, len(envelope["players"]))
            rows.append(
                Game(
                    owner=owner,
                    group=group,
                    kind=kind,
                    played_on=start + timedelta(days=rng.randrange(days)),
                    setup={**envelope, "players": [p.name for p in chosen]},
                    state_cache=cache,
                    finished=finished,
                )
            )
            seats_of.append(chosen)
        stored = Game.objects.bulk_create(rows)
        Seat.objects.bulk_create(
            Seat(game=game, player=p, position=n)
            for game, chosen in zip(stored, seats_of, strict=True)
            for n, p in enumerate(chosen)
        )
        by_kind = {k[0]: k[4] for k in kinds}
        Deal.objects.bulk_create(
            (
                Deal(game=game, number=n, facts=facts, created_by=owner)
                for game in stored
                for n, facts in enumerate(by_kind[game.kind], start=1)
            ),
            batch_size=2000,
        )
        made += len(rows)
    # Games of a season gone by: last changed long before tonight.
    long_ago = datetime.combine(start, datetime.min.time(), tzinfo=UTC)
    Game.objects.filter(group=group).update(updated_at=long_ago)
    return people


def loaded_rules(kind: str):
    from scorekeeper import registry

    return registry.game(kind).rules


def median_ms(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def bench_seasons(games: int | None = None, rounds: int = 30) -> dict[str, float]:
    """Prints the figures (and returns them)."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse
    from django.utils import timezone

    from scorekeeper.games.models import Game
    from scorekeeper.groups.models import Group, Membership
    from scorekeeper.seasons import standings
    from scorekeeper.seasons.models import Result, Season
    from scorekeeper.seasons.standings import Scope
    from scorekeeper.seasons.sync import sync_group
    from tests.support.groups import play

    games = games or int(os.environ.get("SEASON_GAMES", "10000"))
    players = 20
    start = date(2026, 1, 1)
    owner = get_user_model().objects.create_user(f"season-bench-{time.time_ns()}", password="x")
    group = Group.objects.create(name="Bench table")
    Membership.objects.create(group=group, user=owner, role="admin")
    season = Season.objects.create(
        group=group, name="2026", start=start, end=start + timedelta(days=364)
    )
    out: dict[str, float] = {"games": games}
    print(f"Seasons: one season of {games:,} games, {players} players, every game kind")
    t = time.perf_counter()
    generate(owner, group, games=games, players=players, start=start, days=365)
    out["generate_s"] = time.perf_counter() - t
    t = time.perf_counter()
    done = sync_group(group.pk)
    out["first_sync_s"] = time.perf_counter() - t
    rows = Result.objects.filter(group=group).count()
    print(
        f"  generated in {out['generate_s']:.1f} s; first read works out {done.games:,} games"
        f" and rates {done.rated:,} results in {out['first_sync_s']:.1f} s (once, off the"
        " record path)"
    )
    scope = Scope(group, season)
    client = Client()
    client.force_login(owner)
    url = reverse("seasons:standings", args=[group.pk, season.pk])
    assert client.get(url).status_code == 200  # warm up
    connection.queries_log.clear()  # a full log (9,000) would hide the count
    with CaptureQueriesContext(connection) as page_q:
        page = client.get(url)
    page_queries = len(page_q.captured_queries)
    out["standings_page_queries"] = page_queries
    out["standings_query_ms"] = median_ms(lambda: standings.standings(scope), rounds)
    out["standings_page_ms"] = median_ms(lambda: client.get(url), rounds)
    out["partnerships_ms"] = median_ms(lambda: standings.partnerships(scope), max(5, rounds // 3))
    a, b = (p for p, _ in standings.players_of(scope)[:2])
    out["head_to_head_ms"] = median_ms(lambda: standings.head_to_head(scope, a, b), rounds)
    print(
        f"  {'standings page (warm, HTTP in process)':<46} {out['standings_page_ms']:>8.1f} ms"
        f"  ({page_queries} queries, {len(page.content) / 1024:.0f} KB, {rows:,} result rows)"
    )
    print(f"  {'standings query alone':<46} {out['standings_query_ms']:>8.1f} ms")
    print(f"  {'partnerships':<46} {out['partnerships_ms']:>8.1f} ms")
    print(f"  {'head-to-head of two players':<46} {out['head_to_head_ms']:>8.1f} ms")

    # A game finished tonight: the next read works it out and rates from it on.
    last_day = (
        Game.objects.filter(group=group)
        .order_by("-played_on")
        .values_list("played_on", flat=True)[0]
    )
    tonight = play(group, owner, "thunee", [p.name for p in _four(group)], last_day)
    t = time.perf_counter()
    client.get(url)
    out["after_a_game_ms"] = (time.perf_counter() - t) * 1000
    print(f"  {'next read after tonight’s game ended':<46} {out['after_a_game_ms']:>8.1f} ms")
    # The worst case: the season's first game edited, every later rating worked out again.
    first = Game.objects.filter(group=group).order_by("played_on", "pk").first()
    Game.objects.filter(pk=first.pk).update(updated_at=timezone.now(), version=first.version + 1)
    t = time.perf_counter()
    client.get(url)
    out["after_first_game_edit_ms"] = (time.perf_counter() - t) * 1000
    print(
        f"  {'next read after the first game was edited':<46}"
        f" {out['after_first_game_edit_ms']:>8.1f} ms  (every rating again)"
    )

    # The game page: the same in this group as in an empty one.
    lonely = Group.objects.create(name="Empty table")
    alone = play(lonely, owner, "thunee", ["W", "X", "Y", "Z"], last_day)
    for key, name, game in (
        ("game page, empty group", "game page, empty group", alone),
        ("game page, this group", f"game page, {games:,}-game group", tonight),
    ):
        game_url = reverse("game", args=[game.pk])
        client.get(game_url)
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as q:
            client.get(game_url)
        queries = len(q.captured_queries)
        ms = median_ms(lambda u=game_url: client.get(u), rounds)
        out[key] = ms
        print(f"  {name:<46} {ms:>8.1f} ms  ({queries} queries)")
    sys.stdout.flush()
    return out


def _four(group):
    from scorekeeper.games.models import Player

    return list(Player.objects.filter(group=group).order_by("name")[:4])


if __name__ == "__main__":
    _setup_django()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    bench_seasons()
