"""The rules text's five worked examples (target 10), exactly as told, at a table seated by the
compass: North (seat 0), East (1), South (2), West (3); West deals, so North is on the dealer's
left. North & South are team 0, East & West team 1."""

from __future__ import annotations

from scorekeeper.rules.euchre import GAME, GameState

from .support import EAST, NORTH, SOUTH, WEST, make_setup, score, text

SETUP = make_setup()


def test_example_1_north_orders_up_and_north_south_take_4_tricks_for_1():
    result = score({"maker": NORTH, "tricks": 4}, SETUP)
    assert GAME.computed_deal(result) == {
        "dealer": WEST,
        "makers": 0,
        "points": [1, 0],
        "march": False,
        "euchred": False,
        "explanation": [
            "North made trumps: North & South are the makers.",
            "North & South won 4 of the 5 tricks: 1 point.",
            "Score: North & South 1, East & West 0.",
            "The deal passes to the left: North deals next.",
        ],
    }
    assert result.after.points == (1, 0)


def test_example_2_east_names_trumps_alone_and_takes_all_5_for_4():
    result = score({"maker": EAST, "alone": True, "tricks": 5}, SETUP)
    out = result.outcome
    assert (out.makers, out.points, out.march, out.euchred) == (1, (0, 4), True, False)
    assert text(result)[:2] == [
        "East made trumps and went alone; West sat out.",
        "East, alone, won all 5 tricks, a march: 4 points.",
    ]
    assert result.after.points == (0, 4)


def test_example_3_west_the_dealer_picks_up_and_is_euchred_with_2_tricks():
    result = score({"maker": WEST, "tricks": 2}, SETUP)
    out = result.outcome
    assert out.dealer == WEST
    assert (out.makers, out.points, out.march, out.euchred) == (1, (2, 0), False, True)
    assert text(result)[1] == (
        "East & West won 2 of the 5 tricks, fewer than 3: euchred, so North & South score 2 points."
    )


def test_example_4_south_alone_takes_3_tricks_and_north_south_reach_10_and_win():
    setup = make_setup(points=(9, 8))
    result = score({"maker": SOUTH, "alone": True, "tricks": 3}, setup)
    assert result.outcome.points == (1, 0)
    assert result.after == GameState((10, 8), None, finished=True, winning_team=0, deals=1)
    assert GAME.computed_state(setup, result.after) == {
        "points": [10, 8],
        "next_dealer": None,
        "finished": True,
        "winners": [NORTH, SOUTH],
    }
    assert text(result) == [
        "South made trumps and went alone; North sat out.",
        "South, alone, won 3 of the 5 tricks: 1 point.",
        "Score: North & South 10, East & West 8.",
        "North & South reach 10 and win the game (10–8).",
    ]


def test_example_5_east_defends_alone_and_euchres_north_alone_for_4():
    setup = make_setup(defend_alone=True)
    result = score({"maker": NORTH, "alone": True, "defender_alone": EAST, "tricks": 2}, setup)
    out = result.outcome
    assert (out.makers, out.points, out.march, out.euchred) == (0, (0, 4), False, True)
    assert text(result)[:3] == [
        "North made trumps and went alone; South sat out.",
        "East defended alone against North; West sat out.",
        "North, alone, won 2 of the 5 tricks, fewer than 3: euchred by East defending alone, "
        "so East & West score 4 points.",
    ]
