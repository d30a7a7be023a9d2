"""Who starts each deal, who makes trumps by result, passing Ace (alone and together), and the
Joker laps."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import GameOver
from scorekeeper.rules.zhao_pengyou import GAME

from .support import deal, levels, make_setup, play, score

# ---- standard: the trump maker starts the next deal ---------------------------------------------


def test_trump_maker_starts_next_whoever_started():
    setup = make_setup(6, first=1)
    results, state = play(
        setup,
        [
            {"starter": 1, **deal(4, [4, 5], 60)},
            {"starter": 4, **deal(2, [2, 0], 150)},  # the trump makers lose: still 2 starts
            {"starter": 2, "no_trumps": True},
            {"starter": 2, **deal(5, [5], 0)},
        ],
    )
    assert [r.outcome.dealer for r in results] == [1, 4, 2, 2]
    assert GAME.next_dealer(state) == 5
    assert results[1].outcome.explanation[-1] == "Chen made trumps and starts the next deal."


# ---- house rule: the start passes to the right --------------------------------------------------


def test_rotate_passes_one_seat_each_deal_and_wraps():
    setup = make_setup(5, first=3, starter="rotate")
    results, state = play(
        setup,
        [deal(0, [0, 1], 60), deal(2, [2], 60), {"no_trumps": True}, deal(1, [1, 3], 90)],
    )
    assert [r.outcome.dealer for r in results] == [3, 4, 0, 0]  # no trumps: the same starter
    assert GAME.next_dealer(state) == 1
    assert results[0].outcome.explanation[-1] == "The start passes to Esha."


def test_rotate_with_active_passive_skips_passive_players():
    setup = make_setup(6, first=0, starter="rotate", scoring="active-passive")
    result = score(deal(0, [0, 3, 4], 50), setup)  # 1, 2, 5 lose and turn passive
    assert GAME.next_dealer(result.after) == 3
    assert result.outcome.explanation[-1] == "The start passes to Dara, the next active player."


# ---- house rule: the trump maker by result ------------------------------------------------------


@pytest.mark.parametrize(
    ("maker", "team", "points", "next_maker", "line"),
    [
        (
            4,
            [4, 1, 5],
            30,
            5,
            "The trump makers won: Femi, the trump maker's nearest partner, makes trumps next.",
        ),
        (
            4,
            [4, 1, 2],
            30,
            1,
            "The trump makers won: Bo, the trump maker's nearest partner, makes trumps next.",
        ),
        (4, [4], 30, 4, "The trump makers won: Esha played alone and makes trumps again."),
        (
            4,
            [4, 5],
            150,
            0,
            "The defenders won: Asha, the nearest defender, makes trumps next.",
        ),
        (4, [4, 0], 150, 5, "The defenders won: Femi, the nearest defender, makes trumps next."),
        (4, [4, 0], 100, 4, "Nobody went up: Esha makes trumps again."),
    ],
)
def test_by_result_next_trump_maker(maker, team, points, next_maker, line):
    setup = make_setup(6, starter="by-result")
    result = score(deal(maker, team, points), setup)
    computed = GAME.computed_state(setup, result.after)
    assert computed["next_trump_maker"] == next_maker
    assert computed["next_starter"] is None
    assert result.outcome.explanation[-1] == line


def test_by_result_nobody_is_due_to_start_not_even_the_first_deal():
    """Spec: by result `next_starter` is null, the rules do not fix who starts; the first trump
    maker is free. So the first starter of the setup is not used either (the rules page: the app
    does not ask who starts the first deal)."""
    setup = make_setup(6, first=2, starter="by-result")
    state = GAME.initial_state(setup)
    computed = GAME.computed_state(setup, state)
    assert computed["next_trump_maker"] is None
    assert computed["next_starter"] is None
    assert GAME.next_dealer(state) is None
    results, state = play(
        setup,
        [
            {"starter": 4, **deal(5, [5, 1], 60)},  # any starter: seat 2 was only the setup's
            deal(1, [1, 3], 120),  # no starter: the rules do not fix one
            {"starter": 4, **deal(2, [2, 3], 120)},  # Chen, the nearest defender; any starter
        ],
    )
    assert [GAME.computed_deal(r)["starter"] for r in results] == [4, None, 4]
    assert GAME.next_dealer(state) is None


def test_by_result_a_first_deal_without_trumps_names_no_starter():
    setup = make_setup(6, first=2, starter="by-result")
    results, state = play(setup, [{"no_trumps": True}])
    assert results[0].outcome.explanation == [
        "Nobody made trumps: no score, the cards are dealt again."
    ]
    assert GAME.computed_deal(results[0])["starter"] is None
    assert state.starter is None and state.trump_maker is None


def test_by_result_no_trumps_keeps_the_trump_maker():
    setup = make_setup(6, starter="by-result")
    results, state = play(setup, [deal(0, [0, 2], 60), {"no_trumps": True}])
    assert state.trump_maker == 2
    assert results[1].outcome.explanation == [
        "Nobody made trumps: no score, the cards are dealt again.",
        "Chen still makes trumps.",
    ]


def test_by_result_with_active_passive_the_named_trump_maker_plays_even_if_passive():
    setup = make_setup(6, starter="by-result", scoring="active-passive")
    _, state = play(setup, [deal(0, [0, 1], 120)])  # defenders win: nearest defender 2
    assert state.trump_maker == 2 and state.active[2]
    _, state = play(setup, [deal(0, [0, 1], 60)])  # trump makers win: partner 1
    assert state.trump_maker == 1


# ---- passing Ace --------------------------------------------------------------------------------


def test_several_pass_ace_at_once_and_all_win():
    setup = make_setup(6, start={"levels": ["K", "A", "Q", "2", "2", "2"]})
    result = score(deal(0, [0, 1, 2], 30), setup)  # +2 each
    computed = GAME.computed_state(setup, result.after)
    assert computed["levels"][:3] == ["past A", "past A", "A"]
    assert computed["winners"] == [0, 1]
    assert computed["finished"] is True
    assert result.outcome.explanation[-1] == "Game over: Asha, Bo went past Ace and won."
    standings = GAME.standings(setup, result.after)
    assert [s.won for s in standings] == [True, True, False, False, False, False]
    with pytest.raises(GameOver):
        score(deal(0, [0], 60), setup, result.after)


def test_defenders_can_pass_ace_together():
    setup = make_setup(5, start={"levels": ["2", "2", "A", "K", "A"]})
    result = score(deal(0, [0, 1], 200), setup)  # D+3
    assert GAME.winners(setup, result.after) == (2, 3, 4)


def test_past_ace_with_active_passive():
    setup = make_setup(
        6, scoring="active-passive", start={"levels": ["A", "2", "2", "2", "2", "2"]}
    )
    result = score(deal(0, [0, 1, 2], 60), setup)
    assert GAME.computed_state(setup, result.after)["winners"] == [0]


def test_passive_on_ace_winning_one_point_does_not_pass_ace():
    setup = make_setup(
        6,
        scoring="active-passive",
        start={"levels": ["A", "2", "2", "2", "2", "2"], "active": [False] + [True] * 5},
    )
    result = score(deal(1, [1, 0, 2], 60), setup)
    computed = GAME.computed_state(setup, result.after)
    assert computed["levels"][0] == "A" and computed["active"][0] is True
    assert not computed["finished"]


# ---- laps ---------------------------------------------------------------------------------------


def test_joker_laps_never_end():
    setup = make_setup(6, beyond_ace="joker-laps", start={"levels": ["K", "A", "2", "2", "2", "2"]})
    results, state = play(setup, [deal(0, [0], 0)] * 3)  # alone, no points: +9 each time
    assert not state.finished
    assert levels(setup, state)[0] == "Q++"  # K + 27: A, Joker, 2+ … A+, Joker+, 2++ … Q++
    assert results[0].outcome.explanation[-2] == "Asha: K → 8+ (+9)."
    assert GAME.next_dealer(state) == 0


def test_joker_laps_names_in_order():
    setup = make_setup(5, beyond_ace="joker-laps", start={"levels": ["Q", "2", "2", "2", "2"]})
    names = []
    state = GAME.initial_state(setup)
    for _ in range(16):
        state = score(deal(0, [0, 1], 60), setup, state).after  # 40-75 with 2 packs: +1
        names.append(levels(setup, state)[0])
    assert names == [
        "K", "A", "Joker", "2+", "3+", "4+", "5+", "6+", "7+", "8+", "9+", "10+", "J+", "Q+",
        "K+", "A+",
    ]  # fmt: skip


def test_skip_low_after_the_first_lap():
    setup = make_setup(
        5, beyond_ace="joker-laps-skip-low", start={"levels": ["K", "2", "2", "2", "2"]}
    )
    names = []
    state = GAME.initial_state(setup)
    for _ in range(10):
        state = score(deal(0, [0, 1], 60), setup, state).after
        names.append(levels(setup, state)[0])
    assert names == ["A", "Joker", "10+", "J+", "Q+", "K+", "A+", "Joker+", "10++", "J++"]


def test_lap_lines_link_to_the_laps_section():
    setup = make_setup(6, beyond_ace="joker-laps", start={"levels": ["A", "2", "2", "2", "2", "2"]})
    result = score(deal(0, [0, 1, 2], 60), setup)
    line = next(line for line in result.outcome.lines if line.code == "level")
    assert (line.text, line.rule) == ("Asha: A → Joker (+1).", "laps")
