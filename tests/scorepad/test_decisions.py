"""Each decision of the spec's Scorepad paragraph, as a test: when the game is over (a target
reached, a fixed number of deals, `last`, whichever first), who wins and who leads (highest or
lowest, ties sharing), and the dealer passing to the left."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import GameOver, NotThisDealer
from scorekeeper.rules.scorepad import GAME

from .support import at, make_setup, play, refused, score


def test_points_go_on_each_total():
    result = score({"points": [10, -3, 0]}, state=at((5, 5, 5)))
    assert result.after.totals == (15, 2, 5)
    assert result.outcome.points == (10, -3, 0)
    assert result.outcome.totals == (15, 2, 5)


def test_the_target_ends_the_game_when_a_total_is_at_least_it():
    setup = make_setup(target=100)
    exactly = score({"points": [100, 0, 0]}, setup)
    assert exactly.after.finished
    short = score({"points": [99, 0, 0]}, setup)
    assert not short.after.finished


def test_under_lowest_the_target_ends_it_and_the_fewest_points_win():
    setup = make_setup(winner="lowest", target=100)
    _, state = play(setup, [{"points": [60, 20, 30]}, {"points": [45, 10, 5]}])
    assert state.finished
    assert GAME.winners(setup, state) == (1,)
    assert state.totals == (105, 30, 35)


def test_a_fixed_number_of_deals_ends_it_after_the_last_of_them():
    setup = make_setup(deals=3)
    results, state = play(setup, [{"points": [1, 2, 3]}] * 3)
    assert [r.after.finished for r in results] == [False, False, True]
    assert GAME.winners(setup, state) == (2,)


def test_last_ends_the_game_even_with_a_target_and_deals_to_go():
    setup = make_setup(target=500, deals=10)
    result = score({"points": [5, 7, 1], "last": True}, setup)
    assert result.after.finished
    assert result.after.won == (1,)


def test_without_target_or_deals_only_last_ends_it():
    setup = make_setup()
    _, state = play(setup, [{"points": [100_000, 0, 0]}] * 20)
    assert not state.finished
    assert state.totals[0] == 2_000_000


def test_whichever_comes_first_target_before_deals():
    setup = make_setup(target=50, deals=5)
    results, state = play(setup, [{"points": [30, 0, 0]}, {"points": [30, 0, 0]}])
    assert state.finished and state.deals == 2
    assert [line.code for line in results[-1].outcome.lines][-2:] == ["target", "game_over"]


def test_whichever_comes_first_deals_before_target():
    setup = make_setup(target=500, deals=2)
    results, state = play(setup, [{"points": [30, 0, 0]}, {"points": [30, 0, 0]}])
    assert state.finished
    assert "deals" in [line.code for line in results[-1].outcome.lines]


@pytest.mark.parametrize(
    ("winner", "points", "won"),
    [
        ("highest", [10, 10, 3], (0, 1)),
        ("lowest", [10, 3, 3], (1, 2)),
        ("highest", [4, 4, 4], (0, 1, 2)),
    ],
)
def test_equal_totals_share_the_win(winner, points, won):
    setup = make_setup(winner=winner)
    state = score({"points": points, "last": True}, setup).after
    assert GAME.winners(setup, state) == won


@pytest.mark.parametrize(
    ("winner", "deals", "leaders"),
    [
        ("highest", [[5, 1, 1], [0, 9, 0]], [(0,), (1,)]),
        ("lowest", [[5, 1, 1], [0, 9, 0]], [(1, 2), (2,)]),
        ("highest", [[2, 2, 0], [0, 0, 2]], [(0, 1), (0, 1, 2)]),
    ],
)
def test_leaders_after_every_deal(winner, deals, leaders):
    results, _ = play(make_setup(winner=winner), [{"points": p} for p in deals])
    assert [r.outcome.leaders for r in results] == leaders


def test_winners_are_null_in_the_log_until_the_game_is_over():
    setup = make_setup()
    _, state = play(setup, [{"points": [1, 2, 3]}])
    assert GAME.computed_state(setup, state)["winners"] is None
    _, state = play(setup, [{"points": [1, 2, 3], "last": True}])
    computed = GAME.computed_state(setup, state)
    assert computed["winners"] == [2]
    assert computed["next_dealer"] is None and computed["finished"] is True


def test_the_deal_passes_to_the_left_and_round():
    setup = make_setup(names=["A", "B", "C", "D"], dealer=2)
    results, state = play(setup, [{"points": [0, 0, 0, 0]}] * 5)
    assert [r.outcome.dealer for r in results] == [2, 3, 0, 1, 2]
    assert state.dealer == 3


def test_a_deal_naming_another_dealer_is_refused():
    with pytest.raises(NotThisDealer):
        score({"points": [0, 0, 0], "dealer": 1})
    assert score({"points": [0, 0, 0], "dealer": 0}).outcome.dealer == 0


def test_no_deal_after_the_game_is_over():
    setup = make_setup()
    state = score({"points": [1, 0, 0], "last": True}, setup).after
    with pytest.raises(GameOver):
        score({"points": [1, 0, 0]}, setup, state)
    assert refused({"points": [1, 0, 0]}, setup, state).field == "deal"


def test_the_start_totals_are_where_the_game_begins():
    setup = make_setup(totals=[90, -5, 0], target=100)
    result = score({"points": [10, 0, 0]}, setup)
    assert result.after.totals == (100, -5, 0)
    assert result.after.finished


def test_a_name_left_blank_is_shown_as_scorepad():
    assert make_setup().title == "Scorepad"
    assert make_setup(name="Hearts").title == "Hearts"


def test_the_header_names_the_game_as_the_table_calls_it():
    assert GAME.mode_label(make_setup(name="Hearts")) == "Hearts · 3 players"
    assert GAME.mode_label(make_setup()) == "3 players"
