"""Partnership tables (which pairs win together, in games with partners) and head-to-head for
any two players, on the hand-worked table."""

from __future__ import annotations

import pytest

from scorekeeper.games.models import Player
from scorekeeper.seasons import standings
from scorekeeper.seasons.standings import Scope
from scorekeeper.seasons.sync import sync_group

from .conftest import A, B, C, D

pytestmark = pytest.mark.django_db


def pairs_of(scope: Scope) -> dict[str, dict[tuple[str, str], tuple[int, int]]]:
    return {
        kind: {pair.names: (pair.played, pair.won) for pair in pairs}
        for kind, _name, pairs in standings.partnerships(scope)
    }


def test_partnerships_in_autumn_only_for_games_with_partners(table):
    sync_group(table.group.pk)
    got = pairs_of(Scope(table.group, table.autumn))
    # Pottle and Zhao Pengyou have no fixed partners: no tables for them.
    assert list(got) == ["thunee", "spades", "nigerian-thuni"]
    # t1 [A B C D]: A & C beat B & D; t2 [A C B D]: A & B beat C & D.
    assert got["thunee"] == {(A, C): (1, 1), (A, B): (1, 1), (B, D): (1, 0), (C, D): (1, 0)}
    assert got["spades"] == {(B, D): (1, 1), (A, C): (1, 0)}
    assert got["nigerian-thuni"] == {(B, D): (1, 1), (A, C): (1, 0)}


def test_partnerships_all_time(table):
    sync_group(table.group.pk)
    got = pairs_of(Scope(table.group))
    # t3 [D A B C]: B & D win; t4 [A D C B]: A & C win.
    assert got["thunee"] == {
        (A, C): (3, 2),
        (B, D): (3, 1),  # t1 lost, t3 won, t4 lost
        (A, B): (1, 1),
        (C, D): (1, 0),
    }
    # s2 [C A D B]: A & B beat C & D.
    assert got["spades"] == {(B, D): (1, 1), (A, C): (1, 0), (A, B): (1, 1), (C, D): (1, 0)}
    first = standings.partnerships(Scope(table.group))[0][2][0]
    assert first.names == (A, C) and first.win_percent == pytest.approx(200 / 3)


def ids(*names: str) -> list[int]:
    return [Player.objects.get(name=name).pk for name in names]


def test_head_to_head_asha_and_dev_in_autumn(table):
    sync_group(table.group.pk)
    a, d = ids(A, D)
    versus, meetings = standings.head_to_head(Scope(table.group, table.autumn), a, d)
    got = {
        v.kind: (v.against, v.a_ahead, v.b_ahead, v.level, v.together, v.won_together)
        for v in versus
    }
    assert got == {
        "thunee": (2, 2, 0, 0, 0, 0),  # opponents twice, Asha's side won both
        "spades": (1, 0, 1, 0, 0, 0),
        "pottle": (1, 0, 1, 0, 0, 0),  # Dev second (+2), Asha third (-6)
        "nigerian-thuni": (1, 0, 1, 0, 0, 0),
        "zhao-pengyou": (1, 0, 1, 0, 0, 0),  # Dev passed Ace
    }
    assert [m.kind for m in meetings] == [
        "zhao-pengyou",
        "pottle",
        "nigerian-thuni",
        "spades",
        "thunee",
        "thunee",
    ]


def test_head_to_head_asha_and_chetan_all_time(table):
    sync_group(table.group.pk)
    a, c = ids(A, C)
    versus, _ = standings.head_to_head(Scope(table.group), a, c)
    got = {
        v.kind: (v.against, v.a_ahead, v.b_ahead, v.level, v.together, v.won_together)
        for v in versus
    }
    assert got == {
        # t1, t3, t4 partners (won t1 and t4); t2 opponents, Asha's side won.
        "thunee": (1, 1, 0, 0, 3, 2),
        # s1 [A B C D] partners, lost; s2 [C A D B] opponents, Asha & Bongani won.
        "spades": (1, 1, 0, 0, 1, 0),
        # p1: Chetan first, Asha third; p2 [D C B A]: Asha +2 second, Chetan -6 third.
        "pottle": (2, 1, 1, 0, 0, 0),
        "nigerian-thuni": (0, 0, 0, 0, 1, 0),  # n1 [D A B C]: partners, lost
        "zhao-pengyou": (1, 0, 1, 0, 0, 0),  # Chetan passed Ace
    }
