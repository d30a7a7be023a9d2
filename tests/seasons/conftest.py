"""A group's table over two seasons, every game kind in it, worked out by hand: the games'
fixture logs (tests/gamelog/fixtures, each worked out by hand) with the names in their seats
chosen per game, so that who won, who partnered whom and each player's figures follow from the
fixtures' known results:

- Thunee: seats 0 & 2 win 13–11 (balls won in the deals); seat 2 calls and makes a Khanaak,
  seat 3 calls and makes a Thunee.
- Spades: seats 1 & 3 win 513–434; bags taken 14 (seats 0 & 2) and 13 (1 & 3); nils made by
  seats 0, 1 and 3.
- Nigerian Thuni: seats 0 & 2 win 17–16.
- Pottle (no set end, counted as it stands): chips won net -6, -6, +6, +2: seat 2 first,
  seat 3 second, seats 0 and 1 share third.
- Zhao Pengyou (6 players): seats 2 and 3 pass Ace; levels gained 0, 0, 14, 16, 4, 1; times as
  trump maker 0, 1, 3, 2, 1, 0; seven deals with trumps made (one of them neither side goes up).
"""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest

from scorekeeper.seasons.models import Season
from tests.support.groups import make_group, play

A, B, C, D, E, F = "Asha", "Bongani", "Chetan", "Dev", "Esi", "Femi"
AUTUMN = (date(2026, 3, 1), date(2026, 5, 31))
WINTER = (date(2026, 6, 1), date(2026, 8, 31))


@pytest.fixture
def table(factory, keeper):
    group = make_group(keeper)
    autumn = Season.objects.create(group=group, name="Autumn 2026", start=AUTUMN[0], end=AUTUMN[1])
    winter = Season.objects.create(group=group, name="Winter 2026", start=WINTER[0], end=WINTER[1])
    games = {
        # Autumn
        "t1": play(group, keeper, "thunee", [A, B, C, D], date(2026, 3, 5)),
        "t2": play(group, keeper, "thunee", [A, C, B, D], date(2026, 3, 12)),
        "s1": play(group, keeper, "spades", [A, B, C, D], date(2026, 3, 20)),
        "n1": play(group, keeper, "nigerian-thuni", [D, A, B, C], date(2026, 4, 2)),
        "p1": play(group, keeper, "pottle", [A, B, C, D], date(2026, 4, 10)),
        "z1": play(group, keeper, "zhao-pengyou", [A, B, C, D, E, F], date(2026, 4, 20)),
        "friendly": play(group, keeper, "thunee", [B, A, D, C], date(2026, 5, 1), friendly=True),
        "going": play(group, keeper, "thunee", [A, B, C, D], date(2026, 5, 2), deals=3),
        # Winter
        "t3": play(group, keeper, "thunee", [D, A, B, C], date(2026, 6, 10)),
        "s2": play(group, keeper, "spades", [C, A, D, B], date(2026, 6, 11)),
        "p2": play(group, keeper, "pottle", [D, C, B, A], date(2026, 7, 1)),
        # After both seasons: all time only
        "t4": play(group, keeper, "thunee", [A, D, C, B], date(2026, 9, 15)),
    }
    return SimpleNamespace(group=group, autumn=autumn, winter=winter, games=games, keeper=keeper)
