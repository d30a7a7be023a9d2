"""Results and ratings follow every change of the games, worked out on the next read of the
standings (or by `manage.py recompute_seasons`), never while a deal is recorded; ratings again
in game order from the first changed game on."""

from __future__ import annotations

import uuid
from datetime import date

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Game
from scorekeeper.seasons import standings
from scorekeeper.seasons.models import GameRecord, Result, Stale
from scorekeeper.seasons.standings import Scope
from scorekeeper.seasons.sync import sync_group
from tests.support.groups import play, touch

from .conftest import A, B, C, D
from .test_ratings import Direct

pytestmark = pytest.mark.django_db


def thunee_ordinals(game) -> dict[str, float]:
    return {
        r.player.name: r.mu_after - 3 * r.sigma_after
        for r in Result.objects.filter(game=game).select_related("player")
    }


def check_thunee_chain(games, chain) -> None:
    """Each game's ratings after it are OpenSkill's, fed the chain of (game, teams) in order."""
    direct = Direct()
    for key, teams in chain:
        direct.rate(teams, [1, 2])
        got = thunee_ordinals(games[key])
        assert got == pytest.approx({n: direct.ordinal(n) for n in got}), key


def seasons_sql(queries) -> list[str]:
    return [q["sql"] for q in queries if "seasons_" in q["sql"]]


def test_recording_the_last_deal_touches_no_season_table_and_the_next_read_counts_it(client, table):
    keeper, group = table.keeper, table.group
    game = services.create_game(
        owner=keeper, game="thunee", mode="4p", players=[A, B, C, D], start={"balls": [11, 0]}
    )
    touch(game, group=group, played_on=date(2026, 4, 1))
    sync_group(group.pk)
    assert not GameRecord.objects.get(game=game).counted
    client.force_login(keeper)
    data = {
        "kind": "normal",
        "trump_maker": 1,  # team B makes trumps; team A counts and takes its 152
        "call": 0,
        "last_trick": 0,
        "counting_points": 152,
        "token": str(uuid.uuid4()),
        "expected_number": 1,
    }
    with CaptureQueriesContext(connection) as recorded:
        response = client.post(reverse("deal_record", args=[game.pk]), data)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.finished
    assert seasons_sql(recorded.captured_queries) == []
    with CaptureQueriesContext(connection) as page:
        client.get(reverse("game", args=[game.pk]))
    assert seasons_sql(page.captured_queries) == []
    assert not GameRecord.objects.get(game=game).counted  # nothing ran after the response
    assert not Result.objects.filter(game=game).exists()

    client.get(reverse("seasons:standings", args=[group.pk, table.autumn.pk]))
    assert GameRecord.objects.get(game=game).counted
    assert Result.objects.filter(game=game, won=True).count() == 2


def test_a_read_with_nothing_changed_is_four_small_queries(table):
    sync_group(table.group.pk)
    with CaptureQueriesContext(connection) as ctx:
        done = sync_group(table.group.pk)
    assert done.games == 0 and done.rated == 0
    assert len(ctx.captured_queries) <= 4


def test_undoing_a_deal_uncounts_the_game_and_rerates_the_games_after_it(table):
    sync_group(table.group.pk)
    g = table.games
    services.undo_last(g["t1"], user=table.keeper)
    done = sync_group(table.group.pk)
    assert done.games == 1
    assert not GameRecord.objects.get(game=g["t1"]).counted
    assert not Result.objects.filter(game=g["t1"]).exists()
    check_thunee_chain(
        g, [("t2", [[A, B], [C, D]]), ("t3", [[D, B], [A, C]]), ("t4", [[A, C], [D, B]])]
    )
    # The other games' ratings did not move.
    assert Stale.objects.count() == 0


def test_deleting_a_game_rerates_the_games_after_it(table):
    sync_group(table.group.pk)
    g = table.games
    g["t2"].delete()
    assert Stale.objects.filter(kind="thunee").count() == 1  # the deleted record marked it
    sync_group(table.group.pk)
    check_thunee_chain(
        g, [("t1", [[A, C], [B, D]]), ("t3", [[D, B], [A, C]]), ("t4", [[A, C], [D, B]])]
    )


def test_moving_a_game_to_another_day_moves_it_in_the_seasons_and_in_game_order(table):
    sync_group(table.group.pk)
    g = table.games
    touch(g["t1"], played_on=date(2026, 10, 1))  # now the last Thunee game
    sync_group(table.group.pk)
    autumn = {t.kind: t for t in standings.standings(Scope(table.group, table.autumn))}
    assert {line.name: line.played for line in autumn["thunee"].lines} == {A: 1, B: 1, C: 1, D: 1}
    check_thunee_chain(
        g,
        [
            ("t2", [[A, B], [C, D]]),
            ("t3", [[D, B], [A, C]]),
            ("t4", [[A, C], [D, B]]),
            ("t1", [[A, C], [B, D]]),
        ],
    )


def test_a_friendly_game_leaves_the_standings_and_the_ratings(client, table):
    sync_group(table.group.pk)
    g = table.games
    client.force_login(table.keeper)
    url = reverse("seasons:friendly", args=[table.group.pk, g["t2"].pk])
    assert client.post(url, {"friendly": "1"}).status_code == 302
    assert Game.objects.get(pk=g["t2"].pk).friendly
    client.get(reverse("seasons:standings", args=[table.group.pk, "all-time"]))
    assert not Result.objects.filter(game=g["t2"]).exists()
    check_thunee_chain(
        g, [("t1", [[A, C], [B, D]]), ("t3", [[D, B], [A, C]]), ("t4", [[A, C], [D, B]])]
    )
    client.post(url, {"friendly": "0"})
    client.get(reverse("seasons:standings", args=[table.group.pk, "all-time"]))
    assert Result.objects.filter(game=g["t2"]).count() == 4


def test_an_edit_to_a_past_deal_is_worked_out_again(table):
    sync_group(table.group.pk)
    game = table.games["t1"]  # [A B C D]

    def thunees_called() -> dict[str, int]:  # f2: Thunee's third season column
        rows = Result.objects.filter(game=game).select_related("player")
        return {r.player.name: r.f2 for r in rows}

    assert thunees_called() == {A: 0, B: 0, C: 0, D: 1}
    deal = game.deals.get(number=3)
    assert deal.facts["special"] == {"call": "thunee", "seat": 3, "result": "success"}
    # The Thunee was Bongani's, not Dev's (same team: every score stays the same).
    facts = {**deal.facts, "special": {"call": "thunee", "seat": 1, "result": "success"}}
    services.edit_deal(game, 3, facts, user=table.keeper)
    assert sync_group(table.group.pk).games == 1
    assert thunees_called() == {A: 0, B: 1, C: 0, D: 0}


def test_the_command_compares_every_game_with_full(table):
    sync_group(table.group.pk)
    g = table.games
    # A change that bypassed updated_at long ago is outside the read's window...
    Game.objects.filter(pk=g["t3"].pk).update(friendly=True)
    from scorekeeper.seasons.models import SyncState

    SyncState.objects.update(checked_at=g["t3"].updated_at.replace(year=2099))
    sync_group(table.group.pk)
    assert Result.objects.filter(game=g["t3"]).exists()
    # ...and `recompute_seasons --full` finds it.
    call_command("recompute_seasons", "--full", verbosity=0)
    assert not Result.objects.filter(game=g["t3"]).exists()
    # A game taken out of every group leaves the seasons.
    Game.objects.filter(pk=g["t4"].pk).update(group=None)
    call_command("recompute_seasons", "--full", verbosity=0)
    assert not GameRecord.objects.filter(game=g["t4"]).exists()
    check_thunee_chain(g, [("t1", [[A, C], [B, D]]), ("t2", [[A, B], [C, D]])])


def test_a_game_added_later_on_an_earlier_day_rerates_from_it(table):
    sync_group(table.group.pk)
    g = dict(table.games)
    g["t0"] = play(table.group, table.keeper, "thunee", [B, C, D, A], date(2026, 3, 1))
    sync_group(table.group.pk)
    check_thunee_chain(
        g,
        [
            ("t0", [[B, D], [C, A]]),
            ("t1", [[A, C], [B, D]]),
            ("t2", [[A, B], [C, D]]),
            ("t3", [[D, B], [A, C]]),
            ("t4", [[A, C], [D, B]]),
        ],
    )
