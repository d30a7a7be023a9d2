"""Ratings against OpenSkill called directly: teams in Thunee, Spades and Nigerian Thuni, every
deal's trump-maker team against the defenders in Zhao Pengyou, everyone for themselves in
Pottle; learnt in game order, per game kind; shown as mu - 3 sigma."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scorekeeper.games.models import Player
from scorekeeper.seasons import standings
from scorekeeper.seasons.models import Result
from scorekeeper.seasons.standings import Scope
from scorekeeper.seasons.sync import sync_group
from tests.support.logs import fixture_log

from .conftest import A, B, C, D, E, F

pytestmark = pytest.mark.django_db


class Direct:
    """OpenSkill's own model, fed by hand: teams of names and their ranks."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.ratings: dict[str, object] = {}

    def get(self, name: str):
        return self.ratings.setdefault(name, self.model.rating(name=name))

    def rate(self, teams: list[list[str]], ranks: list[int]) -> None:
        rated = self.model.rate([[self.get(n) for n in team] for team in teams], ranks=ranks)
        for team, new in zip(teams, rated, strict=True):
            for name, rating in zip(team, new, strict=True):
                self.ratings[name] = rating

    def ordinal(self, name: str) -> float:
        return self.get(name).ordinal()


def after(game, name: str) -> float:
    row = Result.objects.get(game=game, player__name=name)
    return row.mu_after - 3 * row.sigma_after, (row.mu_after, row.sigma_after)


def test_thunee_teams_in_game_order(table):
    sync_group(table.group.pk)
    direct = Direct()
    g = table.games
    for game, teams in [
        ("t1", [[A, C], [B, D]]),
        ("t2", [[A, B], [C, D]]),  # the friendly game and the unfinished one are skipped
        ("t3", [[D, B], [A, C]]),
        ("t4", [[A, C], [D, B]]),
    ]:
        direct.rate(teams, [1, 2])
        for name in (A, B, C, D):
            got, (mu, sigma) = after(g[game], name)
            want = direct.get(name)
            assert (mu, sigma) == pytest.approx((want.mu, want.sigma)), (game, name)
            assert got == pytest.approx(direct.ordinal(name))


def test_spades_nigerian_thuni_and_pottle(table):
    sync_group(table.group.pk)
    g = table.games
    spades = Direct()
    spades.rate([[A, C], [B, D]], [2, 1])  # s1: Bongani & Dev win
    spades.rate([[C, D], [A, B]], [2, 1])  # s2 [C A D B]: Asha & Bongani win
    for name in (A, B, C, D):
        assert after(g["s2"], name)[0] == pytest.approx(spades.ordinal(name))
    thuni = Direct()
    thuni.rate([[D, B], [A, C]], [1, 2])
    for name in (A, B, C, D):
        assert after(g["n1"], name)[0] == pytest.approx(thuni.ordinal(name))
    pottle = Direct()
    pottle.rate([[A], [B], [C], [D]], [3, 3, 1, 2])  # p1: net -6, -6, +6, +2
    pottle.rate([[D], [C], [B], [A]], [3, 3, 1, 2])  # p2 [D C B A]
    for name in (A, B, C, D):
        assert after(g["p2"], name)[0] == pytest.approx(pottle.ordinal(name))


def test_zhao_pengyou_learns_from_every_deal_with_trumps(table):
    sync_group(table.group.pk)
    names = [A, B, C, D, E, F]
    log = fixture_log("zhao-pengyou")
    direct = Direct()
    contests = 0
    for deal, computed in zip(log["deals"], log["computed"]["deals"], strict=True):
        if "team" not in deal:  # nobody made trumps
            continue
        team = sorted(deal["team"])
        others = [s for s in range(6) if s not in team]
        ranks = {"trump_makers": [1, 2], "defenders": [2, 1]}.get(computed["side"], [1, 1])
        direct.rate([[names[s] for s in team], [names[s] for s in others]], ranks)
        contests += 1
    assert contests == 7
    for name in names:
        assert after(table.games["z1"], name)[0] == pytest.approx(direct.ordinal(name))


def test_the_standings_show_the_rating_at_the_end_of_the_scope_and_its_change(table):
    sync_group(table.group.pk)
    direct = Direct()
    direct.rate([[A, C], [B, D]], [1, 2])
    direct.rate([[A, B], [C, D]], [1, 2])
    autumn_end = {n: direct.ordinal(n) for n in (A, B, C, D)}
    direct.rate([[D, B], [A, C]], [1, 2])
    winter_end = {n: direct.ordinal(n) for n in (A, B, C, D)}

    def lines(scope):
        table_ = next(t for t in standings.standings(scope) if t.kind == "thunee")
        return {line.name: (line.rating, line.change) for line in table_.lines}

    autumn = lines(Scope(table.group, table.autumn))
    for name in (A, B, C, D):
        rating, change = autumn[name]
        assert rating == pytest.approx(autumn_end[name])
        assert change == pytest.approx(autumn_end[name] - 0.0)  # everyone starts at 0
    winter = lines(Scope(table.group, table.winter))
    for name in (A, B, C, D):
        rating, change = winter[name]
        assert rating == pytest.approx(winter_end[name])
        assert change == pytest.approx(winter_end[name] - autumn_end[name])


def test_a_player_history_is_before_and_after_each_game(table):
    sync_group(table.group.pk)
    asha = Player.objects.get(name=A)
    history = standings.rating_history(Scope(table.group), asha.pk)
    thunee = history["thunee"]
    assert len(thunee) == 4
    assert thunee[0].before == pytest.approx(0.0)
    for earlier, later in zip(thunee, thunee[1:], strict=False):
        assert later.before == pytest.approx(earlier.after)
    assert set(history) == {"thunee", "spades", "pottle", "nigerian-thuni", "zhao-pengyou"}
