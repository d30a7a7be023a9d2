"""The end of the game: first to the target; both past it, the higher; level, play on."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import GameOver
from scorekeeper.rules.nigerian_thuni import GAME, GameState, game_winner

from .support import at, make_setup, play, score, text

EXAMPLE_2 = {"bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]}  # 2 and 5 points
EXAMPLE_1 = {"bids": [None, 1, 4, 3], "tricks": [2, 2, 2, 2]}  # 1 and 4 points


def test_the_first_team_to_sixteen_wins():
    setup = make_setup()
    result = score(EXAMPLE_2, setup, at((15, 0)))
    assert result.after.points == (17, 5)
    assert result.after.finished
    assert result.after.winning_team == 0
    assert GAME.winners(setup, result.after) == (0, 2)
    assert GAME.computed_state(setup, result.after) == {
        "points": [17, 5],
        "next_dealer": None,
        "finished": True,
        "winners": [0, 2],
    }
    assert result.outcome.explanation[-1] == "Asha & Chetan reach 16 and win the game (17–5)."
    assert result.outcome.lines[-1].rule == "winning"


def test_exactly_sixteen_wins():
    result = score(EXAMPLE_2, make_setup(), at((0, 11)))
    assert result.after.points == (2, 16)
    assert GAME.winners(make_setup(), result.after) == (1, 3)


def test_no_deal_after_the_end():
    setup = make_setup()
    result = score(EXAMPLE_2, setup, at((15, 0)))
    with pytest.raises(GameOver):
        score(EXAMPLE_1, setup, result.after)


def test_both_past_the_target_the_higher_wins():
    result = score(EXAMPLE_2, make_setup(), at((15, 12)))
    assert result.after.points == (17, 17)  # level: not yet
    assert not result.after.finished
    assert "Both teams reached 16 and are level at 17: play goes on until one is ahead." in text(
        result
    )
    assert result.after.dealer == 1
    later = score(EXAMPLE_1, make_setup(), result.after)
    assert later.after.points == (18, 21)
    assert later.after.winning_team == 1
    assert later.outcome.explanation[-1] == (
        "Both teams reached 16: Bongani & Dev win with the higher score (18–21)."
    )


def test_both_reaching_the_target_in_one_deal():
    result = score(EXAMPLE_2, make_setup(), at((15, 13)))
    assert result.after.points == (17, 18)
    assert result.after.winning_team == 1


def test_a_capture_or_a_concession_can_end_the_game():
    capture = score({"bids": [None, 1, 2, 3], "tricks": [5, 0, 3, 0]}, make_setup(), at((6, 15)))
    assert capture.after.points == (16, 15)
    assert capture.after.winning_team == 0
    conceded = score({"conceded": 0}, make_setup(), at((6, 13)))
    assert conceded.after.winning_team == 1


def test_the_target_house_rule():
    setup = make_setup(target=5)
    result = score(EXAMPLE_2, setup)
    assert result.after.points == (2, 5)
    assert result.after.winning_team == 1
    assert "Bongani & Dev reach 5 and win the game (2–5)." in text(result)
    longer = make_setup(target=30)
    assert not score(EXAMPLE_2, longer, at((15, 20))).after.finished


def test_a_game_started_on_paper():
    setup = make_setup(points=(10, 12))
    assert GameState.initial(setup).points == (10, 12)
    assert GAME.envelope(setup)["start"] == {"points": [10, 12]}
    assert "start" not in GAME.envelope(make_setup())
    _, state = play(setup, [EXAMPLE_2])
    assert state.points == (12, 17)
    assert state.finished


def test_a_start_already_past_the_target_is_a_finished_game():
    setup = make_setup(points=(16, 3))
    state = GameState.initial(setup)
    assert state.finished
    assert GAME.winners(setup, state) == (0, 2)
    assert GAME.next_dealer(state) is None
    with pytest.raises(GameOver):
        score(EXAMPLE_2, setup, state)


def test_game_winner():
    assert game_winner((15, 15), 16) == (None, False)
    assert game_winner((16, 15), 16) == (0, False)
    assert game_winner((16, 17), 16) == (1, True)
    assert game_winner((17, 17), 16) == (None, True)
