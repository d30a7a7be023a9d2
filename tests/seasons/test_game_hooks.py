"""The games' interface hooks seasons use (GameRules.ranking, rating_matches, season_figures,
progression, open_ended, season_columns): for every registered game, on its hand-worked fixture
log, and the defaults a new game gets from its standings alone."""

from __future__ import annotations

import pytest

from scorekeeper import registry
from scorekeeper.core.game import GameRules, Match, Standing
from scorekeeper.gamelog import load_log
from scorekeeper.seasons.models import FIGURE_SLOTS
from tests.support.logs import fixture_log, fixture_path, game_keys

KINDS = game_keys()


def test_every_registered_game_has_a_fixture_here():
    assert [kind for kind in KINDS if not fixture_path(kind).exists()] == []


@pytest.mark.parametrize("kind", KINDS)
def test_hooks_on_the_fixture(kind):
    loaded = load_log(fixture_log(kind))
    rules = registry.game(kind).rules
    seats = len(loaded.setup.players)
    columns = [key for key, _ in rules.season_columns]
    assert 1 <= len(columns) <= FIGURE_SLOTS
    figures = rules.season_figures(loaded.setup, loaded.deals, loaded.state)
    assert set(figures) == set(range(seats))
    for seat in range(seats):
        assert set(columns) <= set(figures[seat]), (kind, seat)
    ranking = rules.ranking(loaded.setup, loaded.state)
    assert sorted(s for team in ranking.teams for s in team) == list(range(seats))
    assert min(ranking.places) == 1
    for match in rules.rating_matches(loaded.setup, loaded.deals, loaded.state):
        assert len(match.teams) == len(match.places) >= 2
        assert sorted(s for team in match.teams for s in team) == list(range(seats))
    progression = rules.progression(loaded.setup, loaded.deals)
    assert progression.measure in {"balls", "points", "chips", "levels"}
    assert all(len(s.values) == len(loaded.deals) + 1 for s in progression.series)


def test_the_fixtures_figures_by_hand():
    def figures(kind):
        loaded = load_log(fixture_log(kind))
        return registry.game(kind).rules.season_figures(loaded.setup, loaded.deals, loaded.state)

    thunee = figures("thunee")
    assert thunee[2]["khanaaks_called"] == thunee[2]["khanaaks_made"] == 1
    assert thunee[3]["thunees_called"] == thunee[3]["thunees_made"] == 1
    assert (thunee[0]["balls_for"], thunee[0]["balls_against"]) == (13, 11)
    spades = figures("spades")
    assert [spades[s]["nils_made"] for s in range(4)] == [1, 1, 0, 1]
    assert [spades[s]["bags"] for s in range(4)] == [14, 13, 14, 13]
    assert [figures("pottle")[s]["net"] for s in range(4)] == [-6, -6, 6, 2]
    zp = figures("zhao-pengyou")
    assert [zp[s]["times_trump_maker"] for s in range(6)] == [0, 1, 3, 2, 1, 0]


def test_open_ended_games():
    pottle = registry.game("pottle").rules
    zp = registry.game("zhao-pengyou").rules
    thunee = registry.game("thunee").rules
    assert pottle.open_ended(load_log(fixture_log("pottle")).setup)
    assert not thunee.open_ended(load_log(fixture_log("thunee")).setup)
    envelope = {"players": ["A", "B", "C", "D", "E"], "first_dealer": 0}
    assert not zp.open_ended(zp.setup(envelope))
    assert zp.open_ended(zp.setup({**envelope, "house_rules": {"beyond_ace": "joker-laps"}}))


class Tiny(GameRules):
    """A game that gives only its standings: what a new game gets for free."""

    key = "tiny"
    name = "Tiny"

    def __init__(self, rows):
        self.rows = rows

    def standings(self, setup, state):
        return self.rows

    def initial_state(self, setup):
        return None

    setup = envelope = state_to_cache = state_from_cache = next_dealer = None
    is_finished = winners = parse_deal = deal_to_log = score_deal = None
    computed_deal = computed_state = summary = headline = None


Tiny.__abstractmethods__ = frozenset()


def test_defaults_from_standings():
    teams = Tiny([Standing((0, 2), "A & C", 5, True, {"x": 3}), Standing((1, 3), "B & D", 2)])
    assert teams.ranking(None, None) == Match(((0, 2), (1, 3)), (1, 2))
    assert teams.rating_matches(None, [], None) == [Match(((0, 2), (1, 3)), (1, 2))]
    assert teams.season_figures(None, [], None) == {0: {"x": 3}, 2: {"x": 3}, 1: {}, 3: {}}
    assert not teams.open_ended(None)
    alone = Tiny([Standing((0,), "A", 4), Standing((1,), "B", 9), Standing((2,), "C", 4)])
    assert alone.ranking(None, None).places == (2, 1, 2)  # no winners: by score, ties share
    progression = alone.progression(None, [])
    assert progression.measure == "score"
    assert [s.values for s in progression.series] == [(4,), (9,), (4,)]
