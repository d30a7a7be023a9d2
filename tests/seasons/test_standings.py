"""Season and all-time standings of the hand-worked table (conftest.py, helpers.py): games
played, won, lost, win % and each game's own figures, for every game kind at once."""

from __future__ import annotations

import pytest

from scorekeeper import registry
from scorekeeper.seasons import standings
from scorekeeper.seasons.models import GameRecord, Result
from scorekeeper.seasons.standings import Scope
from scorekeeper.seasons.sync import sync_group

from .conftest import A, B, C, D, E, F

pytestmark = pytest.mark.django_db


def table_of(scope: Scope) -> dict[str, dict[str, tuple]]:
    """{kind: {name: (played, won, lost, {figure key: total})}}"""
    out = {}
    for t in standings.standings(scope):
        keys = [key for key, _ in registry.game(t.kind).rules.season_columns]
        out[t.kind] = {
            line.name: (
                line.played,
                line.won,
                line.lost,
                dict(zip(keys, line.figures, strict=True)),
            )
            for line in t.lines
        }
    return out


def thunee(balls_for, balls_against, thunees=(0, 0), khanaaks=(0, 0)) -> dict[str, int]:
    return {
        "balls_for": balls_for,
        "balls_against": balls_against,
        "thunees_called": thunees[0],
        "thunees_made": thunees[1],
        "khanaaks_called": khanaaks[0],
        "khanaaks_made": khanaaks[1],
    }


def spades(points, against, bags, nils) -> dict[str, int]:
    return {"points": points, "points_against": against, "bags": bags, "nils_made": nils}


def test_autumn_standings_of_every_game(table):
    sync_group(table.group.pk)
    got = table_of(Scope(table.group, table.autumn))
    assert list(got) == ["thunee", "spades", "pottle", "nigerian-thuni", "zhao-pengyou"]
    # Thunee t1 [A B C D] and t2 [A C B D]: seats 0 & 2 win 13–11; seat 2 makes a Khanaak,
    # seat 3 a Thunee. The friendly game and the game still going do not count.
    assert got["thunee"] == {
        A: (2, 2, 0, thunee(26, 22)),
        B: (2, 1, 1, thunee(24, 24, khanaaks=(1, 1))),
        C: (2, 1, 1, thunee(24, 24, khanaaks=(1, 1))),
        D: (2, 0, 2, thunee(22, 26, thunees=(2, 2))),
    }
    # Spades s1 [A B C D]: Bongani & Dev win 513–434.
    assert got["spades"] == {
        B: (1, 1, 0, spades(513, 434, 13, 1)),
        D: (1, 1, 0, spades(513, 434, 13, 1)),
        A: (1, 0, 1, spades(434, 513, 14, 1)),
        C: (1, 0, 1, spades(434, 513, 14, 0)),
    }
    # Nigerian Thuni n1 [D A B C]: Dev & Bongani win 17–16.
    assert got["nigerian-thuni"] == {
        B: (1, 1, 0, {"points": 17}),
        D: (1, 1, 0, {"points": 17}),
        A: (1, 0, 1, {"points": 16}),
        C: (1, 0, 1, {"points": 16}),
    }
    # Pottle p1 [A B C D], as it stands: Chetan first with +6.
    assert got["pottle"] == {
        C: (1, 1, 0, {"net": 6}),
        D: (1, 0, 1, {"net": 2}),
        A: (1, 0, 1, {"net": -6}),
        B: (1, 0, 1, {"net": -6}),
    }
    # Zhao Pengyou z1 [A B C D E F]: Chetan and Dev pass Ace.
    assert got["zhao-pengyou"] == {
        C: (1, 1, 0, {"levels_gained": 14, "times_trump_maker": 3}),
        D: (1, 1, 0, {"levels_gained": 16, "times_trump_maker": 2}),
        B: (1, 0, 1, {"levels_gained": 0, "times_trump_maker": 1}),
        E: (1, 0, 1, {"levels_gained": 4, "times_trump_maker": 1}),
        F: (1, 0, 1, {"levels_gained": 1, "times_trump_maker": 0}),
        A: (1, 0, 1, {"levels_gained": 0, "times_trump_maker": 0}),
    }


def test_winter_and_all_time(table):
    sync_group(table.group.pk)
    winter = table_of(Scope(table.group, table.winter))
    # t3 [D A B C]: Dev & Bongani win; Bongani's Khanaak, Chetan's Thunee.
    assert winter["thunee"] == {
        B: (1, 1, 0, thunee(13, 11, khanaaks=(1, 1))),
        D: (1, 1, 0, thunee(13, 11)),
        A: (1, 0, 1, thunee(11, 13)),
        C: (1, 0, 1, thunee(11, 13, thunees=(1, 1))),
    }
    # s2 [C A D B]: Asha & Bongani win; nils made by Chetan, Asha and Bongani.
    assert winter["spades"][A] == (1, 1, 0, spades(513, 434, 13, 1))
    assert winter["spades"][D] == (1, 0, 1, spades(434, 513, 14, 0))
    # p2 [D C B A]: Bongani first.
    assert winter["pottle"][B] == (1, 1, 0, {"net": 6})
    assert set(winter) == {"thunee", "spades", "pottle"}

    ever = table_of(Scope(table.group))
    # Thunee t1, t2, t3 and t4 [A D C B] (after both seasons): Asha & Chetan win t4.
    assert {name: row[:3] for name, row in ever["thunee"].items()} == {
        A: (4, 3, 1),
        B: (4, 2, 2),
        C: (4, 2, 2),
        D: (4, 1, 3),
    }
    assert ever["thunee"][B][3] == thunee(48, 48, thunees=(1, 1), khanaaks=(2, 2))
    assert ever["spades"][B][:3] == (2, 2, 0)
    assert ever["pottle"][A][3] == {"net": -4}
    lines = {t.kind: t for t in standings.standings(Scope(table.group))}
    asha = next(line for line in lines["thunee"].lines if line.name == A)
    assert asha.win_percent == 75.0
    order = [line.name for line in lines["thunee"].lines]
    assert order[0] == A and order[-1] == D  # most games won first


def test_only_finished_games_count_and_the_records_say_why(table):
    sync_group(table.group.pk)
    records = {r.game_id: r for r in GameRecord.objects.all()}
    g = table.games
    assert records[g["friendly"].pk].friendly and not records[g["friendly"].pk].counted
    assert not records[g["going"].pk].counted and records[g["going"].pk].deals == 3
    assert records[g["p1"].pk].counted  # Pottle has no end: it counts as it stands
    assert records[g["t1"].pk].summary == "13–11"
    assert records[g["t1"].pk].winners == f"{A} & {C}"
    assert Result.objects.filter(game=g["friendly"]).count() == 0
    assert Result.objects.filter(game=g["z1"]).count() == 6


def test_a_game_outside_every_group_is_not_in_any_standings(table, factory):
    other = factory.make_game(table.keeper)  # no group
    sync_group(table.group.pk)
    assert not GameRecord.objects.filter(game=other).exists()


def test_an_empty_season_has_no_tables(table):
    from datetime import date

    from scorekeeper.seasons.models import Season

    empty = Season.objects.create(
        group=table.group, name="Spring", start=date(2027, 1, 1), end=date(2027, 2, 1)
    )
    sync_group(table.group.pk)
    assert standings.standings(Scope(table.group, empty)) == []
