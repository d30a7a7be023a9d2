"""Every worked example and every table of the Thunee rules text, as numbers the core must give.

Seats are in order of play; team = seat % 2. In these 4-player games seat 0 deals unless a test
says otherwise, so seat 1 (on the dealer's right) makes trumps when nobody calls.
"""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.thunee import GameState
from scorekeeper.rules.thunee.cards import possible_totals

from .support import (
    dealer_team_loses,
    dealer_team_wins,
    fields_of,
    make_setup,
    play,
    refused,
    score,
    text,
)

FOUR_PLAYER_TOTALS = possible_totals(range(0, 7), 4)

# ---- counting: the examples of the text ---------------------------------------------------------


def test_call_30_trump_makers_40_jodie_and_last_trick_start_20_out_and_need_125():
    # "if the call was 30 but the trump makers called 40 Jodie and won the last trick, the counting
    # team ... will begin counting from '20 out' and will need 125 points in cards to win."
    deal = {
        "trump_maker": 2,
        "call": 30,
        "jodies": [{"seat": 2, "value": 40}],
        "last_trick": 2,
        "counting_points": 125,
    }
    result = score(deal)
    out = result.outcome
    assert out.counting_team == 1
    assert out.cards_needed == 125
    assert out.counting_total == 105
    assert out.winning_team == 1
    assert out.balls == (0, 2)  # counting team beat a call: 2 balls
    words = text(result)
    assert "starts 20 out" in words
    assert "needs 125 in cards" in words
    assert "+30 call" in words
    assert "-40 Jodie (Chetan)" in words
    assert "-10 last trick" in words
    assert out.lines[1].points == -20
    assert out.lines[1].data["needs"] == 125


def test_one_point_short_of_125_lets_the_trump_makers_make_their_call():
    deal = {
        "trump_maker": 2,
        "call": 30,
        "jodies": [{"seat": 2, "value": 40}],
        "last_trick": 2,
        "counting_points": 124,
    }
    out = score(deal).outcome
    assert out.counting_total == 104
    assert out.winning_team == 0
    assert out.balls == (1, 0)  # trump makers win: 1 ball even after a call
    assert "made their call of 30" in " ".join(out.explanation)


def test_the_same_count_reached_through_calling_turns():
    # 10 (dealer's team), 20 (the others), 30 (dealer's team): the dealer's team makes trumps.
    deal = {
        "trump_maker": 0,
        "calls": ["single", "single", "single"],
        "jodies": [{"seat": 0, "value": 40}],
        "last_trick": 2,
        "counting_points": 125,
    }
    out = score(deal).outcome
    assert out.call == 30
    assert out.cards_needed == 125
    assert out.balls == (0, 2)


@pytest.mark.parametrize(("last_trick", "needs"), [(0, 55), (1, 75)])
def test_a_call_of_40_leaves_only_65_more_before_the_last_trick(last_trick, needs):
    # "if a player calls 40 ... the counting team already has 40 card points towards the 105 they
    # need to win: only 65 more are needed." The last trick then moves that by 10 either way.
    deal = {"trump_maker": 1, "call": 40, "last_trick": last_trick, "counting_points": 120}
    result = score(deal)
    out = result.outcome
    assert out.counting_team == 0
    assert out.cards_needed == needs
    assert out.cards_needed + (10 if last_trick == 0 else -10) == 65
    assert "+40 call" in text(result)


def test_counting_team_that_lost_the_last_trick_starts_10_out_and_needs_115():
    result = score({"trump_maker": 1, "call": 0, "last_trick": 3, "counting_points": 115})
    out = result.outcome
    assert out.cards_needed == 115
    assert out.counting_total == 105
    assert out.winning_team == 0
    assert out.balls == (1, 0)
    assert "starts 10 out" in text(result)
    assert "needs 115 in cards" in text(result)


def test_counting_team_that_won_the_last_trick_starts_10_up_and_needs_95():
    result = score({"trump_maker": 1, "call": 0, "last_trick": 2, "counting_points": 95})
    out = result.outcome
    assert out.cards_needed == 95
    assert out.counting_total == 105
    assert out.winning_team == 0
    assert "starts 10 up" in text(result)
    assert "needs 95 in cards" in text(result)


@pytest.mark.parametrize(("last_trick", "points"), [(3, 114), (2, 94)])
def test_104_after_adjustments_is_not_enough(last_trick, points):
    out = score(
        {"trump_maker": 1, "call": 0, "last_trick": last_trick, "counting_points": points}
    ).outcome
    assert out.counting_total == 104
    assert out.winning_team == 1
    assert out.balls == (0, 1)


def test_a_call_of_10_against_the_last_trick_starts_level():
    result = score({"trump_maker": 0, "call": 10, "last_trick": 0, "counting_points": 105})
    assert result.outcome.cards_needed == 105
    assert "starts level" in text(result)


def test_jodies_of_the_counting_team_are_added():
    # Counting team (team 1) called 20 and 30 Jodies: +50; won the last trick: +10.
    deal = {
        "trump_maker": 0,  # seat 0 calls 10 for the dealer's team
        "call": 10,
        "jodies": [{"seat": 1, "value": 20}, {"seat": 3, "value": 30}],
        "last_trick": 3,
        "counting_points": 35,
    }
    result = score(deal)
    out = result.outcome
    assert out.cards_needed == 105 - 10 - 50 - 10 == 35
    assert out.counting_total == 105
    assert out.balls == (0, 2)
    assert "starts 70 up" in text(result)


# ---- calling ---------------------------------------------------------------------------------


def test_both_opponents_calling_at_once_after_10_make_30():
    # "if the dealer's partner calls 10 and then both members of the non-dealing team try to call
    # 20, the call will count as 30 and ... the dealer's team will decide which of their opponents
    # has to choose trumps."
    deal = {"trump_maker": 3, "calls": ["single", "both"], "last_trick": 0, "counting_points": 95}
    result = score(deal)
    out = result.outcome
    assert out.call == 30
    assert out.counting_team == 0
    assert out.cards_needed == 105 - 30 - 10
    assert "30 (both at once)" in text(result)
    assert out.winning_team == 0
    assert out.balls == (2, 0)


def test_after_a_simultaneous_call_the_dealers_team_cannot_make_trumps():
    deal = {"trump_maker": 2, "calls": ["single", "both"], "last_trick": 0, "counting_points": 95}
    assert fields_of(refused(deal)) == ["trump_maker"]


def test_house_rule_both_of_the_dealers_team_calling_10_counts_as_10():
    # "if both members of the dealer's team call '10', the call counts as 10 not 20."
    setup = make_setup(simultaneous_call_adds=10)
    deal = {"trump_maker": 2, "calls": ["both"], "last_trick": 1, "counting_points": 100}
    out = score(deal, setup).outcome
    assert out.call == 10
    assert out.cards_needed == 105 - 10 - 10
    # Standard rule: the same turn is 20.
    assert score(deal).outcome.call == 20


def test_calls_go_10_at_a_time_to_100_then_104():
    turns = ["single"] * 11  # 10, 20, ... 100, 104; the 11th turn is the dealer's team's
    out = score({"trump_maker": 0, "calls": turns, "last_trick": 0, "counting_points": 0}).outcome
    assert out.call == 104
    assert out.cards_needed == 105 - 104 + 10


def test_no_call_after_104():
    deal = {"trump_maker": 1, "calls": ["single"] * 12, "last_trick": 1, "counting_points": 0}
    assert "calls.11" in fields_of(refused(deal))


def test_both_at_once_never_goes_past_104():
    turns = ["single"] * 9 + ["both"]  # 90 by the dealer's team, then both opponents at once
    out = score({"trump_maker": 1, "calls": turns, "last_trick": 1, "counting_points": 0}).outcome
    assert out.call == 104


# ---- two players --------------------------------------------------------------------------


def test_two_player_opponent_called_10_and_20_jodie_and_won_last_trick_needs_145():
    # "if the opponent called 10 to make trumps, called a 20-Jodie and won the last trick, the
    # other player will in fact require 145 points in cards to win (125-10+20+10)."
    setup = make_setup("2p-two-deal")
    deal = {
        "trump_maker": 0,
        "call": 10,
        "jodies": [{"seat": 0, "value": 20}],
        "last_trick": 0,
        "counting_points": 145,
    }
    result = score(deal, setup)
    out = result.outcome
    assert out.counting_team == 1
    assert out.cards_needed == 145
    assert out.counting_total == 125
    assert out.balls == (0, 2)
    assert "needs 145 in cards" in text(result)
    assert "starts 20 out" in text(result)
    short = score({**deal, "counting_points": 144}, setup).outcome
    assert short.counting_total == 124
    assert short.balls == (1, 0)


# ---- the normal ball table ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "balls"),
    [
        # no call: whoever wins opens 1
        ({"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 120}, (1, 0)),
        ({"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": 60}, (0, 1)),
        # 10 or more called: trump makers 1, counting team 2
        ({"trump_maker": 0, "call": 10, "last_trick": 0, "counting_points": 80}, (1, 0)),
        ({"trump_maker": 0, "call": 10, "last_trick": 1, "counting_points": 120}, (0, 2)),
        ({"trump_maker": 3, "call": 80, "last_trick": 3, "counting_points": 40}, (2, 0)),
        ({"trump_maker": 3, "call": 80, "last_trick": 3, "counting_points": 20}, (0, 1)),
    ],
)
def test_normal_ball_table(deal, balls):
    out = score(deal).outcome
    assert out.kind == "normal"
    assert out.balls == balls
    assert out.winning_team == (0 if balls[0] else 1)


# ---- Khanaak examples -------------------------------------------------------------------------


def khanaak_deal(points: int, counting_jodie: bool = False) -> dict:
    jodies = [{"seat": 3, "value": 50}]
    if counting_jodie:
        jodies.append({"seat": 0, "value": 20})
    return {
        "trump_maker": 1,
        "call": 20,
        "jodies": jodies,
        "last_trick": 1,
        "counting_points": points,
        "special": {"call": "khanaak", "seat": 1},
    }


@pytest.mark.parametrize(("points", "result"), [(39, "success"), (40, "failed")])
def test_khanaak_after_20_call_and_50_jodie_needs_counting_cards_below_40(points, result):
    # "suppose a team has called 20 to make trumps and has called 50 Jodie. If the trump makers win
    # the last trick the counting team will begin their count at '40 out' (+ 20 - 50 - 10), so a
    # 'khanaak' call is a claim that the cards in their tricks will be worth less than 40 points."
    assert {39, 40} <= FOUR_PLAYER_TOTALS
    res = score(khanaak_deal(points))
    out = res.outcome
    assert out.kind == "special"
    assert out.special == ("khanaak", result)
    if result == "success":
        assert out.balls == (0, 3)
        assert out.winning_team == 1
    else:
        assert out.balls == (4, 0)
        assert out.winning_team == 0
    assert f"Khanaak count: {points} in cards +20 call -50 caller's Jodies -10 last trick" in text(
        res
    )


@pytest.mark.parametrize(("points", "result"), [(19, "success"), (20, "failed")])
def test_khanaak_with_a_counting_20_jodie_needs_cards_below_20(points, result):
    # "If in addition the counting team had called a 20 Jodie, the khanaak would only succeed if
    # their tricks contained less than 20 points."
    assert {19, 20} <= FOUR_PLAYER_TOTALS
    out = score(khanaak_deal(points, counting_jodie=True)).outcome
    assert out.special == ("khanaak", result)
    assert out.balls == ((0, 3) if result == "success" else (4, 0))


# ---- the special ball table, partner catch included --------------------------------------------


def test_thunee_table():
    made = score({"special": {"call": "thunee", "seat": 2, "result": "success"}}).outcome
    failed = score({"special": {"call": "thunee", "seat": 2, "result": "failed"}}).outcome
    caught = score({"special": {"call": "thunee", "seat": 2, "result": "partner_catch"}}).outcome
    assert (made.balls, made.winning_team) == ((4, 0), 0)
    assert (failed.balls, failed.winning_team) == ((0, 4), 1)
    assert (caught.balls, caught.winning_team) == ((0, 8), 1)
    assert made.special == ("thunee", "success")
    assert caught.special == ("thunee", "partner_catch")
    assert made.kind == failed.kind == caught.kind == "special"
    assert made.trump_maker == 2
    assert "Thunee lost to a partner catch" in " ".join(caught.explanation)


def double_deal(seat: int, last_trick: int, points: int, call: int = 0, maker: int = 1) -> dict:
    return {
        "trump_maker": maker,
        "call": call,
        "last_trick": last_trick,
        "counting_points": points,
        "special": {"call": "double", "seat": seat},
    }


@pytest.mark.parametrize(
    ("deal", "special", "balls"),
    [
        # Trump makers (team 1, seat 1 made trumps with no call) call Double.
        (double_deal(1, 1, 0), ("double", "success"), (0, 2)),
        (double_deal(3, 3, 0), ("double", "success"), (0, 2)),
        (double_deal(1, 3, 0), ("double", "partner_catch"), (4, 0)),
        (double_deal(1, 0, 8), ("double", "failed"), (4, 0)),
        (double_deal(1, 1, 8), ("double", "failed"), (4, 0)),  # the counting team won a trick
        # The counting team calls Double against no call: an ordinary Double.
        (double_deal(0, 0, 304), ("double", "success"), (2, 0)),
        # ... and against a call of 20: Backward Double.
        (double_deal(0, 0, 304, call=20), ("backward_double", "success"), (4, 0)),
        (double_deal(0, 1, 296, call=20), ("backward_double", "failed"), (0, 4)),
        (double_deal(0, 2, 304, call=20), ("backward_double", "partner_catch"), (0, 4)),
        (double_deal(2, 2, 296, call=20), ("backward_double", "failed"), (0, 4)),
    ],
)
def test_double_table(deal, special, balls):
    out = score(deal).outcome
    assert out.kind == "special"
    assert out.special == special
    assert out.balls == balls


def khanaak(seat: int, last_trick: int, points: int, call: int = 0, jodies=()) -> dict:
    return {
        "trump_maker": 1,
        "call": call,
        "jodies": list(jodies),
        "last_trick": last_trick,
        "counting_points": points,
        "special": {"call": "khanaak", "seat": seat},
    }


@pytest.mark.parametrize(
    ("deal", "special", "balls"),
    [
        # Trump makers' Khanaak with no call: the counting team's 8 - 10 is below zero.
        (khanaak(1, 1, 8), ("khanaak", "success"), (0, 3)),
        (khanaak(1, 1, 10), ("khanaak", "failed"), (4, 0)),  # 10 - 10 is not below zero
        (khanaak(1, 1, 0), ("khanaak", "failed"), (4, 0)),  # the opponents won no trick
        (khanaak(1, 0, 8), ("khanaak", "failed"), (4, 0)),  # an opponent won the last trick
        (khanaak(1, 3, 8), ("khanaak", "partner_catch"), (4, 0)),
        # The counting team's Khanaak against a call of 20: backward. The trump makers took 24
        # in cards, less the 20 they called, less the 10 for the last trick: below zero.
        (khanaak(0, 0, 280, call=20), ("backward_khanaak", "success"), (6, 0)),
        (khanaak(0, 0, 270, call=20), ("backward_khanaak", "failed"), (0, 4)),
        (khanaak(0, 2, 280, call=20), ("backward_khanaak", "partner_catch"), (0, 4)),
        # Against no call it is an ordinary Khanaak.
        (khanaak(0, 0, 296), ("khanaak", "success"), (3, 0)),
    ],
)
def test_khanaak_table(deal, special, balls):
    out = score(deal).outcome
    assert out.special == special
    assert out.balls == balls


def test_backward_is_explained():
    res = score(khanaak(0, 0, 280, call=20))
    assert "against a call of 20: it is backward" in text(res)
    assert "Backward Khanaak made" in text(res)
    assert "Khanaak count: 24 in cards -20 call -10 last trick = -6, below zero." in text(res)


# ---- game: corner house, penalty, cancelled deals, rotation, winning ---------------------------


def test_double_on_corner_house_gives_the_opponents_4_and_nothing_else():
    setup = make_setup(balls=(11, 5))
    # A Double that would have been made: still only the opponents' 4 balls.
    deal = double_deal(0, 0, 304)
    res = score(deal, setup)
    out = res.outcome
    assert out.kind == "corner_house_double"
    assert out.balls == (0, 4)
    assert out.winning_team == 1
    assert out.special is None
    assert res.after.balls == (11, 9)
    assert not res.after.finished
    assert "corner house" in text(res)


def test_thunee_and_khanaak_are_allowed_on_corner_house():
    setup = make_setup(balls=(11, 5))
    res = score({"special": {"call": "thunee", "seat": 0, "result": "success"}}, setup)
    assert res.outcome.balls == (4, 0)
    assert res.after.finished
    assert res.after.winning_team == 0
    res = score(khanaak(0, 0, 296), setup)
    assert res.outcome.special == ("khanaak", "success")
    assert res.after.balls == (14, 5)


def test_the_other_team_may_double_while_one_team_is_on_corner_house():
    setup = make_setup(balls=(11, 5))
    out = score(double_deal(1, 1, 0), setup).outcome
    assert out.kind == "special"
    assert out.balls == (0, 2)


def test_four_ball_penalty_replaces_every_other_score():
    deal = {**dealer_team_wins(0), "penalty": {"seat": 0, "reason": "colour cutting"}}
    res = score(deal)
    out = res.outcome
    assert out.kind == "penalty"
    assert out.balls == (0, 4)
    assert out.winning_team == 1
    assert out.warnings and "colour cutting" in out.warnings[0]
    assert res.after.balls == (0, 4)
    assert not res.after.finished
    # The dealer's team is behind after the penalty: the same dealer deals the new deal.
    assert res.after.dealer == 0


def test_four_ball_penalty_can_win_the_game():
    res = score({"penalty": {"seat": 1}}, make_setup(balls=(9, 3)))
    assert res.after.balls == (13, 3)
    assert res.after.finished
    assert res.after.winners(make_setup()) == (0, 2)


def test_cancelled_deal_scores_nothing_and_the_same_dealer_deals_again():
    setup = make_setup(dealer=1, balls=(2, 6))  # the dealer's team is ahead
    res = score({"cancelled": "the counting team held no trumps"}, setup)
    out = res.outcome
    assert out.kind == "cancelled"
    assert out.balls == (0, 0)
    assert out.winning_team is None
    assert res.after.balls == (2, 6)
    assert res.after.dealer == 1
    assert res.after.deals == 1
    assert "deals again" in text(res)


def test_dealer_rotation_same_dealer_while_behind_equal_or_ahead_passes_right():
    setup = make_setup(dealer=0)
    results, state = play(
        setup,
        [
            dealer_team_loses(0),  # 0-1: seat 0's team is behind, seat 0 deals again
            dealer_team_wins(0),  # 1-1: equal, the deal passes to seat 1
            dealer_team_wins(1),  # 1-2: seat 1's team ahead, passes to seat 2
            dealer_team_loses(2),  # 1-3: seat 2's team behind, seat 2 again
            dealer_team_loses(2),  # 1-4
            {"dealer": 2, **dealer_team_wins(2)},  # 2-4
        ],
    )
    assert [r.outcome.dealer for r in results] == [0, 0, 1, 2, 2, 2]
    assert [r.after.dealer for r in results] == [0, 1, 2, 2, 2, 2]
    assert [r.after.balls for r in results] == [(0, 1), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]
    assert "deals again: the dealer's team is behind" in text(results[0])
    assert "The deal passes to Bongani." in text(results[1])
    assert state.dealer == 2


def test_dealer_team_winning_but_still_behind_deals_again():
    setup = make_setup(dealer=3, balls=(5, 0))
    res = score(dealer_team_wins(3), setup)
    assert res.after.balls == (5, 1)
    assert res.after.dealer == 3


def test_the_deal_passes_round_the_table_back_to_seat_0():
    setup = make_setup(dealer=3, balls=(0, 5))
    res = score(dealer_team_loses(3), setup)
    assert res.after.balls == (1, 5)
    assert res.after.dealer == 0


def test_game_is_won_at_12_balls():
    # Six deals of 2 balls for team 0, each beating a call of 10 by the dealer (seat 1).
    setup = make_setup(dealer=1)
    beat_call = {"trump_maker": 1, "call": 10, "last_trick": 0, "counting_points": 120}
    results, state = play(setup, [beat_call] * 6)
    # Seat 1's team stays behind all game, so seat 1 deals every time.
    assert [r.after.balls for r in results] == [(2 * i, 0) for i in range(1, 7)]
    assert state.finished
    assert state.winning_team == 0
    assert state.winners(setup) == (0, 2)
    assert state.dealer is None
    assert state.balls == (12, 0)
    assert "Asha & Chetan win the game with 12 balls (12\u20130)." in text(results[-1])
    assert [r.after.finished for r in results] == [False] * 5 + [True]


def test_no_deal_after_the_game_is_over():
    setup = make_setup(dealer=1, balls=(11, 0))
    beat_call = {"trump_maker": 1, "call": 10, "last_trick": 0, "counting_points": 120}
    with pytest.raises(FactError) as info:
        play(setup, [beat_call, beat_call])
    assert info.value.field == "deal"
    assert info.value.deal == 2


# ---- two to clear ---------------------------------------------------------------------------


def test_two_to_clear_bypass_11_8_and_a_thunee_wins():
    # "if the score is 11-8 and the team with 8 points scores 4 for a Thunee, that team will win."
    setup = make_setup(balls=(11, 8), two_to_clear="on")
    res = score({"special": {"call": "thunee", "seat": 3, "result": "success"}}, setup)
    assert res.after.balls == (11, 12)
    assert res.after.finished
    assert res.after.winning_team == 1
    assert not res.after.deuce


def test_two_to_clear_11_11_resets_both_teams_to_zero():
    setup = make_setup(dealer=0, balls=(11, 10), two_to_clear="on")
    results, state = play(
        setup,
        [
            dealer_team_loses(0),  # 11-11: reset to 0-0
            dealer_team_wins(1),  # 0-1
            dealer_team_loses(2),  # 0-2: a two-ball lead wins
        ],
    )
    first = results[0].after
    assert first.balls == (0, 0)
    assert first.deuce
    assert not first.finished
    assert first.dealer == 1  # equal after the reset: the deal passes on
    assert "11\u201311 with two to clear" in text(results[0])
    assert "start again from zero" in text(results[0])
    assert not results[1].after.finished
    assert results[1].after.balls == (0, 1)
    assert state.finished
    assert state.winning_team == 1
    assert state.balls == (0, 2)
    assert "with a two-ball lead" in text(results[2])


def test_after_a_reset_one_ball_lead_is_not_enough():
    setup = make_setup(dealer=0, balls=(11, 10), two_to_clear="on")
    results, state = play(
        setup,
        [
            dealer_team_loses(0),  # 11-11 -> 0-0
            dealer_team_loses(1),  # 1-0
            dealer_team_wins(1),  # 1-1
            dealer_team_loses(2),  # 1-2
            dealer_team_wins(2),  # 2-2
        ],
    )
    assert [r.after.balls for r in results] == [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)]
    assert not state.finished


def test_without_two_to_clear_11_11_plays_on_and_12_wins():
    setup = make_setup(dealer=0, balls=(11, 10))
    # 11-11 is equal for the dealer's team, so seat 1 deals the next deal.
    results, state = play(setup, [dealer_team_loses(0), dealer_team_loses(1)])
    assert results[0].after.balls == (11, 11)
    assert not results[0].after.deuce
    assert state.finished
    assert state.balls == (12, 11)
    assert state.winning_team == 0


def test_bad_example_deal_is_refused_with_its_number():
    setup = make_setup()
    with pytest.raises(FactError) as info:
        play(setup, [dealer_team_wins(0), {"trump_maker": 3, "call": 0}])
    assert info.value.deal == 2
    assert fields_of(info.value) == ["trump_maker"]


def test_initial_state():
    state = GameState.initial(make_setup(dealer=2))
    assert state.balls == (0, 0)
    assert state.dealer == 2
    assert state.target == 12
    assert not state.finished


@pytest.mark.parametrize(
    ("deal", "rule"),
    [(double_deal(0, 0, 304, call=20), "double"), (khanaak(0, 0, 280, call=20), "khanaak")],
)
def test_backward_calls_point_at_their_rules_section(deal, rule):
    lines = score(deal).outcome.lines
    result_line = next(line for line in lines if line.code == "special_result")
    assert result_line.rule == rule
    assert result_line.data["balls"] == (4 if rule == "double" else 6)
    assert result_line.data["result"] == "success"
    assert result_line.data["team"] == 0


def test_double_made_is_explained():
    res = score(double_deal(1, 1, 0))
    assert "Bongani called Double." in text(res)
    assert (
        "Double made: Bongani's team won every trick and the last. Bongani & Dev open 2 balls."
        in (text(res))
    )
