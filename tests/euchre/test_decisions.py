"""Every decision of the game-log spec's Euchre paragraph, one test (or one table) each:

- makers with 3 or 4 tricks score 1 (alone too); all 5 score 2, or 4 alone;
- fewer than 3 give the defenders 2, or 4 when a lone defender euchred a lone maker;
- `defender_alone` needs `alone`, the house rule and a seat of the other partnership
  (tests/euchre/test_validation.py refuses each at its field);
- a hand thrown in scores nothing and the deal passes to the left; it is refused under
  `stick_the_dealer`;
- the deal always passes to the left;
- reaching the target ends the game, and no deal can be recorded after that.
"""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import GameOver
from scorekeeper.rules.euchre import GAME, GameState

from .support import EAST, NORTH, SOUTH, WEST, at, fields_of, make_setup, play, refused, score

LONE_DEFENCE = make_setup(defend_alone=True)


def outcome(deal: dict, setup=None, state=None) -> tuple:
    out = score(deal, setup, state).outcome
    return out.points, out.march, out.euchred


@pytest.mark.parametrize("tricks", [3, 4])
@pytest.mark.parametrize("alone", [False, True])
def test_makers_with_3_or_4_tricks_score_1_alone_or_not(tricks, alone):
    assert outcome({"maker": EAST, "alone": alone, "tricks": tricks}) == ((0, 1), False, False)
    assert outcome({"maker": SOUTH, "alone": alone, "tricks": tricks}) == ((1, 0), False, False)


@pytest.mark.parametrize(("alone", "points"), [(False, 2), (True, 4)])
def test_all_5_tricks_are_a_march_worth_2_or_4_alone(alone, points):
    assert outcome({"maker": NORTH, "alone": alone, "tricks": 5}) == ((points, 0), True, False)
    assert outcome({"maker": WEST, "alone": alone, "tricks": 5}) == ((0, points), True, False)


@pytest.mark.parametrize("tricks", [0, 1, 2])
@pytest.mark.parametrize("alone", [False, True])
def test_makers_with_fewer_than_3_are_euchred_and_the_defenders_score_2(tricks, alone):
    assert outcome({"maker": NORTH, "alone": alone, "tricks": tricks}) == ((0, 2), False, True)
    # The house rule alone changes nothing while nobody defends alone.
    deal = {"maker": EAST, "alone": alone, "tricks": tricks}
    assert outcome(deal, LONE_DEFENCE) == ((2, 0), False, True)


@pytest.mark.parametrize("tricks", [0, 1, 2])
def test_a_lone_defender_who_euchres_a_lone_maker_scores_4(tricks):
    deal = {"maker": NORTH, "alone": True, "defender_alone": WEST, "tricks": tricks}
    assert outcome(deal, LONE_DEFENCE) == ((0, 4), False, True)
    deal = {"maker": WEST, "alone": True, "defender_alone": SOUTH, "tricks": tricks}
    assert outcome(deal, LONE_DEFENCE) == ((4, 0), False, True)


@pytest.mark.parametrize(
    ("tricks", "points", "march"), [(3, 1, False), (4, 1, False), (5, 4, True)]
)
def test_a_lone_maker_who_beats_a_lone_defender_scores_as_any_lone_hand(tricks, points, march):
    deal = {"maker": SOUTH, "alone": True, "defender_alone": EAST, "tricks": tricks}
    assert outcome(deal, LONE_DEFENCE) == ((points, 0), march, False)


def test_a_hand_thrown_in_scores_nothing_and_the_deal_passes_to_the_left():
    setup = make_setup(dealer=SOUTH)
    result = score({"maker": None}, setup, at((3, 7), SOUTH))
    out = result.outcome
    assert (out.makers, out.points, out.march, out.euchred) == (None, (0, 0), False, False)
    assert result.after.points == (3, 7)
    assert result.after.dealer == WEST
    assert GAME.computed_deal(result) == {
        "dealer": SOUTH,
        "makers": None,
        "points": [0, 0],
        "march": False,
        "euchred": False,
        "explanation": [
            "All four passed twice: the hand is thrown in and nobody scores.",
            "Score: North & South 3, East & West 7.",
            "The deal passes to the left: West deals next.",
        ],
    }


def test_a_hand_thrown_in_is_refused_under_stick_the_dealer():
    error = refused({"maker": None}, make_setup(stick_the_dealer=True))
    assert fields_of(error) == ["maker"]
    assert error.code == "STICK_THE_DEALER" and "stick the dealer" in error.message


def test_the_deal_always_passes_to_the_left():
    deals = [
        {"maker": NORTH, "tricks": 3},
        {"maker": None},
        {"maker": EAST, "alone": True, "tricks": 1},
        {"maker": SOUTH, "tricks": 5},
        {"maker": WEST, "tricks": 0},
        {"maker": None},
    ]
    results, state = play(make_setup(dealer=EAST), deals)
    assert [r.outcome.dealer for r in results] == [EAST, SOUTH, WEST, NORTH, EAST, SOUTH]
    assert state.dealer == WEST
    assert [r.after.dealer for r in results] == [SOUTH, WEST, NORTH, EAST, SOUTH, WEST]


def test_reaching_the_target_ends_the_game_and_no_deal_comes_after_it():
    setup = make_setup(points=(8, 9))
    result = score({"maker": WEST, "tricks": 3}, setup)
    assert result.after.finished and result.after.winning_team == 1
    assert GAME.next_dealer(result.after) is None
    assert GAME.winners(setup, result.after) == (EAST, WEST)
    for deal in ({"maker": NORTH, "tricks": 3}, {"maker": None}):
        error = refused(deal, setup, result.after)
        assert isinstance(error, GameOver)
        assert fields_of(error) == ["deal"]
    with pytest.raises(GameOver):
        play(setup, [{"maker": WEST, "tricks": 3}, {"maker": NORTH, "tricks": 3}])


def test_a_side_that_passes_the_target_wins_too():
    """A march alone from 8 ends at 12: past the target is as good as on it."""
    result = score({"maker": EAST, "alone": True, "tricks": 5}, make_setup(points=(9, 8)))
    assert result.after.points == (9, 12)
    assert result.after.finished and result.after.winning_team == 1


def test_a_side_one_short_of_the_target_plays_on():
    result = score({"maker": EAST, "tricks": 4}, make_setup(points=(9, 8)))
    assert result.after == GameState((9, 9), NORTH, deals=1)
    assert GAME.computed_state(make_setup(), result.after)["finished"] is False
