"""The end of the game: first to the target; both past it, the higher; equal, play on; lose_at."""

from __future__ import annotations

import pytest

from scorekeeper.rules.spades import GAME, Ending, judge_end

from .support import deal, make_setup, play

A_61_B_60 = deal([3, 3, 3, 3], [4, 3, 3, 3])  # A bid 6 took 7: +61; B bid 6 took 6: +60


@pytest.mark.parametrize(
    "points, lose_at, ending",
    [
        ((499, 0), None, Ending(None, None)),
        ((500, 0), None, Ending(0, "target")),
        ((0, 512), None, Ending(1, "target")),
        ((530, 510), None, Ending(0, "target")),
        ((505, 540), None, Ending(1, "target")),
        ((510, 510), None, Ending(None, "tie")),
        ((-5000, 0), None, Ending(None, None)),
        ((-199, 0), -200, Ending(None, None)),
        ((-200, 0), -200, Ending(1, "lose_at")),
        ((-10, -250), -200, Ending(0, "lose_at")),
        ((-210, -250), -200, Ending(0, "lose_at")),
        ((-250, -250), -200, Ending(None, "tie")),
        ((520, -300), -200, Ending(0, "target")),
    ],
)
def test_judge_end(points, lose_at, ending):
    assert judge_end(points, 500, lose_at) == ending
    assert ending.finished == (ending.winning_team is not None)


def test_one_team_reaching_the_target_wins():
    setup = make_setup(points=(450, 300))
    res = play(setup, [A_61_B_60])[0][0]
    after = res.after
    assert after.points == (511, 360)
    assert after.finished
    assert GAME.is_finished(after)
    assert GAME.winners(setup, after) == (0, 2)
    assert GAME.next_dealer(after) is None
    assert res.outcome.explanation[-1] == "Asha & Chetan reach 500 and win the game, 511 to 360."
    assert GAME.computed_state(setup, after) == {
        "points": [511, 360],
        "bags": [1, 0],
        "next_dealer": None,
        "finished": True,
        "winners": [0, 2],
    }
    standings = GAME.standings(setup, after)
    assert [s.won for s in standings] == [True, False]


def test_exactly_the_target_wins():
    setup = make_setup(points=(440, 0))
    res = play(setup, [deal([3, 3, 3, 3], [3, 3, 3, 4])])[0][0]
    assert res.after.points == (500, 61)
    assert res.after.winning_team == 0


def test_just_short_of_the_target_plays_on():
    setup = make_setup(points=(438, 0))
    res = play(setup, [deal([3, 3, 3, 3], [3, 3, 3, 4])])[0][0]
    assert res.after.points == (498, 61)
    assert not res.after.finished
    assert res.after.dealer == 1


def test_both_past_the_target_the_higher_wins():
    setup = make_setup(points=(450, 445))
    res = play(setup, [A_61_B_60])[0][0]
    assert res.after.points == (511, 505)
    assert res.after.winning_team == 0
    assert res.outcome.explanation[-1] == (
        "Both teams reached 500: Asha & Chetan win with the higher score, 511 to 505."
    )


def test_both_past_the_target_the_higher_wins_even_if_it_was_behind():
    setup = make_setup(points=(495, 490))
    res = play(setup, [deal([1, 4, 1, 4], [1, 6, 1, 5])])[0][0]  # A bid 2: +20; B bid 8: +83
    assert res.after.points == (515, 573)
    assert res.after.winning_team == 1
    assert res.after.winners(setup) == (1, 3)
    assert res.outcome.explanation[-1] == (
        "Both teams reached 500: Bongani & Dev win with the higher score, 573 to 515."
    )


def test_equal_past_the_target_plays_on_until_one_is_ahead():
    setup = make_setup(points=(450, 451))
    results, state = play(setup, [A_61_B_60])
    res = results[0]
    assert state.points == (511, 511)
    assert not state.finished
    assert state.dealer == 1
    assert res.outcome.explanation[-2:] == [
        "Both teams are on 511, at or past the target of 500: "
        "play goes on until one team is ahead.",
        "The deal passes to Bongani.",
    ]
    # The next deal decides it, whoever is ahead after it.
    results, state = play(setup, [A_61_B_60, deal([3, 3, 3, 3], [3, 4, 3, 3])])
    assert state.points == (571, 572)
    assert state.winning_team == 1


def test_a_team_at_or_below_lose_at_loses_even_if_the_other_is_far_from_the_target():
    setup = make_setup(lose_at=-200, points=(-180, 20))
    res = play(setup, [deal([3, 3, 3, 3], [2, 5, 2, 4])])[0][0]  # A -60
    assert res.after.points == (-240, 83)
    assert res.after.winning_team == 1


def test_both_at_or_below_lose_at_the_higher_wins():
    setup = make_setup(lose_at=-200, points=(-190, -150))
    res = play(setup, [deal([5, 5, 5, 5], [3, 4, 3, 3])])[0][0]  # both -100
    assert res.after.points == (-290, -250)
    assert res.after.winning_team == 1
    assert res.outcome.explanation[-1] == (
        "Both teams are at or below -200: Bongani & Dev win with the higher score, -250 to -290."
    )


def test_both_equal_below_lose_at_play_on():
    setup = make_setup(lose_at=-200, points=(-150, -150))
    results, state = play(setup, [deal([5, 5, 5, 5], [3, 4, 3, 3])])
    assert state.points == (-250, -250)
    assert not state.finished
    assert (
        "at or below -200: play goes on until one team is ahead"
        in (results[0].outcome.explanation[-2])
    )


def test_target_reached_while_the_other_falls_below_lose_at():
    setup = make_setup(lose_at=-200, points=(400, -150))
    res = play(setup, [deal([5, 5, 5, 5], [9, 0, 4, 0])])[0][0]  # A +103, B -100
    assert res.after.points == (503, -250)
    assert res.after.winning_team == 0
    assert res.outcome.explanation[-1] == "Asha & Chetan reach 500 and win the game, 503 to -250."


def test_a_bag_penalty_can_stop_a_team_reaching_the_target():
    setup = make_setup(points=(480, 0), bags=(9, 0))
    res = play(setup, [deal([3, 3, 3, 3], [4, 3, 3, 3])])[0][0]  # +61 - 100
    assert res.after.points == (441, 60)
    assert not res.after.finished
