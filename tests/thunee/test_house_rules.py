"""Each Thunee house rule, standard value and variants: what it changes and what it leaves alone."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError, InvalidFacts
from scorekeeper.core.reader import json_word
from scorekeeper.rules.thunee import HOUSE_RULE_CHOICES, GameState, HouseRules, Setup
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


def special(call: str, seat: int, result: str) -> dict:
    return {"special": {"call": call, "seat": seat, "result": result}}


# ---- checking the settings ------------------------------------------------------------------


def test_standard_values_are_the_first_choices():
    rules = HouseRules()
    for key, choices in HOUSE_RULE_CHOICES.items():
        assert getattr(rules, key) == choices[0], key
    assert make_setup().rules == rules
    assert rules.to_dict(only_changed=True) == {}


def test_changed_rules_are_listed():
    rules = make_setup(thunee_partner_catch=6, winning_balls="13-after-khanaak").rules
    assert rules.to_dict(only_changed=True) == {
        "thunee_partner_catch": 6,
        "winning_balls": "13-after-khanaak",
    }
    assert rules.to_dict()["rotation"] == "behind-deals-again"


def test_every_listed_value_is_accepted():
    for key, choices in HOUSE_RULE_CHOICES.items():
        for value in choices:
            assert getattr(make_setup(**{key: value}).rules, key) == value


def test_unknown_house_rule():
    with pytest.raises(FactError) as info:
        make_setup(jokers=True)
    assert info.value.field == "house_rules.jokers"
    assert info.value.code == "NOT_A_HOUSE_RULE"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("rotation", "winner-deals"),
        ("simultaneous_call_adds", 30),
        ("simultaneous_call_adds", "20"),
        ("redeal_on_weak_four", 1),
        ("redeal_on_weak_four", "true"),
        ("thunee_partner_catch", 5),
        ("thunee_partner_catch", 8.0),
        ("thunee_partner_catch", True),
        ("khanaak_count", "none"),
        ("winning_balls", "12"),
        ("winning_balls", 11),
        ("winning_balls", "13"),
        ("two_to_clear", True),
        ("two_to_clear", "off "),
        ("blind_thunee", 4),
        ("blind_thunee", False),
        ("royals", 1),
        ("royals", None),
        ("trips_partner_catch", 4),
    ],
)
def test_unknown_house_rule_value(key, value):
    with pytest.raises(FactError) as info:
        make_setup(**{key: value})
    assert info.value.field == f"house_rules.{key}"
    assert info.value.code == "RULE_CHOICE"
    assert info.value.message.startswith(f"{json_word(value)} is not a setting of this house rule")


def test_several_bad_house_rules_are_all_named():
    with pytest.raises(InvalidFacts) as info:
        Setup.create(
            players=["a", "b", "c", "d"],
            house_rules={"royals": "yes", "blind_thunee": 7, "speed": 1},
        )
    assert fields_of(info.value) == [
        "house_rules.royals",
        "house_rules.blind_thunee",
        "house_rules.speed",
    ]


def test_house_rules_must_be_an_object():
    with pytest.raises(FactError) as info:
        Setup.create(players=["a", "b", "c", "d"], house_rules=["royals"])
    assert info.value.field == "house_rules"


# ---- rotation -------------------------------------------------------------------------------


def test_loser_deals_again_even_when_ahead():
    setup = make_setup(dealer=0, balls=(5, 0), rotation="loser-deals-again")
    res = score(dealer_team_loses(0), setup)
    assert res.after.balls == (5, 1)
    assert res.after.dealer == 0
    assert "deals again: the dealer's team did not win the deal" in text(res)
    # The standard rule passes the deal: the dealer's team is ahead.
    assert score(dealer_team_loses(0), make_setup(dealer=0, balls=(5, 0))).after.dealer == 1


def test_winner_passes_the_deal_even_when_behind():
    setup = make_setup(dealer=0, balls=(0, 5), rotation="loser-deals-again")
    res = score(dealer_team_wins(0), setup)
    assert res.after.balls == (1, 5)
    assert res.after.dealer == 1
    # The standard rule keeps the dealer: the dealer's team is still behind.
    assert score(dealer_team_wins(0), make_setup(dealer=0, balls=(0, 5))).after.dealer == 0


def test_loser_deals_again_over_several_deals():
    setup = make_setup(dealer=2, rotation="loser-deals-again")
    results, state = play(
        setup,
        [dealer_team_wins(2), dealer_team_loses(3), dealer_team_loses(3), dealer_team_wins(3)],
    )
    assert [r.outcome.dealer for r in results] == [2, 3, 3, 3]
    assert state.dealer == 0
    assert state.balls == (3, 1)


def test_loser_deals_again_after_a_penalty_against_the_dealers_team():
    setup = make_setup(dealer=1, rotation="loser-deals-again")
    assert score({"penalty": {"seat": 3}}, setup).after.dealer == 1
    assert score({"penalty": {"seat": 0}}, setup).after.dealer == 2


def test_forfeited_balls_still_count_as_winning_the_deal_for_loser_deals_again():
    setup = make_setup(dealer=0, balls=(0, 3), rotation="loser-deals-again")
    res = score({**dealer_team_wins(0), "forfeited": True}, setup)
    assert res.outcome.balls == (0, 0)
    assert res.outcome.winning_team == 0
    assert res.after.balls == (0, 3)
    assert res.after.dealer == 1


def test_forfeited_balls_do_not_count_for_the_standard_rotation():
    setup = make_setup(dealer=0, balls=(0, 3))
    res = score({**dealer_team_wins(0), "forfeited": True}, setup)
    assert res.after.balls == (0, 3)
    assert res.after.dealer == 0  # still behind
    assert "did not open their 1 ball" in text(res)


def test_cancelled_deal_keeps_the_dealer_under_loser_deals_again():
    setup = make_setup(dealer=3, rotation="loser-deals-again")
    assert score({"cancelled": "no trumps"}, setup).after.dealer == 3


# ---- simultaneous calls -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("adds", "calls", "maker", "call"),
    [
        (20, ["both"], 0, 20),
        (10, ["both"], 0, 10),
        (20, ["single", "both"], 1, 30),
        (10, ["single", "both"], 1, 20),
        (20, ["single", "both", "both"], 2, 50),
        (10, ["single", "both", "both"], 2, 30),
        (10, ["both", "single", "both"], 0, 30),
        (20, ["both", "single", "both"], 0, 50),
    ],
)
def test_simultaneous_call_adds(adds, calls, maker, call):
    setup = make_setup(simultaneous_call_adds=adds)
    deal = {"trump_maker": maker, "calls": calls, "last_trick": maker, "counting_points": 100}
    out = score(deal, setup).outcome
    assert out.call == call
    assert out.cards_needed == 105 - call + 10


# ---- Thunee partner catch (Royals too) --------------------------------------------------------


@pytest.mark.parametrize("catch", [8, 6, 4])
@pytest.mark.parametrize("call", ["thunee", "royals"])
def test_thunee_partner_catch(catch, call):
    setup = make_setup(thunee_partner_catch=catch, royals=True)
    out = score(special(call, 1, "partner_catch"), setup).outcome
    assert out.balls == (catch, 0)
    assert out.winning_team == 0
    # Made and failed stay at 4 whatever the house rule.
    assert score(special(call, 1, "success"), setup).outcome.balls == (0, 4)
    assert score(special(call, 1, "failed"), setup).outcome.balls == (4, 0)


def test_royals_scores_as_thunee():
    setup = make_setup(royals=True)
    out = score(special("royals", 2, "success"), setup).outcome
    assert out.special == ("royals", "success")
    assert out.balls == (4, 0)
    assert "Royals made" in " ".join(out.explanation)


def test_thunee_partner_catch_rule_does_not_touch_double_or_khanaak():
    setup = make_setup(thunee_partner_catch=6)
    deal = {
        "trump_maker": 1,
        "call": 0,
        "last_trick": 3,
        "counting_points": 0,
        "special": {"call": "double", "seat": 1},
    }
    assert score(deal, setup).outcome.balls == (4, 0)


# ---- Khanaak count ------------------------------------------------------------------------


def khanaak_deal(points: int) -> dict:
    # Trump makers (team 1) called 20 and a 50 Jodie, the counting team a 20 Jodie; the caller
    # (seat 1) won the last trick.
    return {
        "trump_maker": 1,
        "call": 20,
        "jodies": [{"seat": 3, "value": 50}, {"seat": 0, "value": 20}],
        "last_trick": 1,
        "counting_points": points,
        "special": {"call": "khanaak", "seat": 1},
    }


@pytest.mark.parametrize(
    ("count", "below"),
    [
        ("full", 20),  # cards + 20 call + 20 Jodie - 50 - 10 < 0
        ("without-call", 40),  # cards + 20 Jodie - 50 - 10 < 0
        ("jodie-only", 60),  # cards - 50 - 10 < 0
    ],
)
def test_khanaak_count(count, below):
    setup = make_setup(khanaak_count=count)
    assert {below - 1, below} <= FOUR_PLAYER_TOTALS
    made = score(khanaak_deal(below - 1), setup).outcome
    assert made.special == ("khanaak", "success")
    assert made.balls == (0, 3)
    missed = score(khanaak_deal(below), setup).outcome
    assert missed.special == ("khanaak", "failed")
    assert missed.balls == (4, 0)


def test_khanaak_count_lines_show_what_is_counted():
    full = score(khanaak_deal(19), make_setup()).outcome.explanation
    assert (
        "Khanaak count: 19 in cards +20 call +20 their Jodies -50 caller's Jodies -10 last trick"
        " = -1, below zero." in full
    )
    without = score(khanaak_deal(19), make_setup(khanaak_count="without-call")).outcome.explanation
    assert (
        "Khanaak count: 19 in cards +20 their Jodies -50 caller's Jodies -10 last trick"
        " = -21, below zero." in without
    )
    only = score(khanaak_deal(19), make_setup(khanaak_count="jodie-only")).outcome.explanation
    assert (
        "Khanaak count: 19 in cards -50 caller's Jodies -10 last trick = -41, below zero." in only
    )


@pytest.mark.parametrize(("count", "result"), [("full", "success"), ("without-call", "failed")])
def test_backward_khanaak_counts_the_call_against_the_trump_makers_only_in_full(count, result):
    # The trump makers (team 1) called 20 and took 24 in cards; the counting team's seat 0 calls
    # Khanaak and wins the last trick. Full: 24 - 20 - 10 < 0. Without the call: 24 - 10 >= 0.
    deal = {
        "trump_maker": 1,
        "call": 20,
        "last_trick": 0,
        "counting_points": 280,
        "special": {"call": "khanaak", "seat": 0},
    }
    out = score(deal, make_setup(khanaak_count=count)).outcome
    assert out.special == ("backward_khanaak", result)
    assert out.balls == ((6, 0) if result == "success" else (0, 4))


@pytest.mark.parametrize("count", ["full", "without-call", "jodie-only"])
def test_every_khanaak_count_needs_a_trick_for_the_opponents_and_the_last_for_the_caller(count):
    setup = make_setup(khanaak_count=count)
    no_trick = score(khanaak_deal(0) | {"jodies": [{"seat": 3, "value": 50}]}, setup).outcome
    assert no_trick.special == ("khanaak", "failed")
    lost_last = score(khanaak_deal(19) | {"last_trick": 0}, setup).outcome
    assert lost_last.special == ("khanaak", "failed")
    caught = score(khanaak_deal(19) | {"last_trick": 3}, setup).outcome
    assert caught.special == ("khanaak", "partner_catch")
    assert caught.balls == (4, 0)


# ---- winning balls ----------------------------------------------------------------------------


def test_twelve_balls_win_by_default():
    res = score(dealer_team_wins(0), make_setup(balls=(11, 0)))
    assert res.after.finished
    assert res.after.target == 12


def test_thirteen_ball_game():
    setup = make_setup(balls=(11, 0), winning_balls=13)
    assert GameState.initial(setup).target == 13
    results, state = play(setup, [dealer_team_wins(0), dealer_team_loses(1)])
    assert results[0].after.balls == (12, 0)
    assert not results[0].after.finished
    assert state.finished
    assert state.balls == (13, 0)


def test_thirteen_ball_game_corner_house_is_12():
    double = {
        "trump_maker": 1,
        "call": 0,
        "last_trick": 0,
        "counting_points": 304,
        "special": {"call": "double", "seat": 0},
    }
    on_12 = score(double, make_setup(balls=(12, 3), winning_balls=13)).outcome
    assert on_12.kind == "corner_house_double"
    assert on_12.balls == (0, 4)
    on_11 = score(double, make_setup(balls=(11, 3), winning_balls=13)).outcome
    assert on_11.kind == "special"
    assert on_11.balls == (2, 0)
    # In a 12-ball game, 11 is corner house.
    assert score(double, make_setup(balls=(11, 3))).outcome.kind == "corner_house_double"


KHANAAK_MADE = {
    "trump_maker": 1,
    "call": 0,
    "last_trick": 1,
    "counting_points": 8,
    "special": {"call": "khanaak", "seat": 1},
}
KHANAAK_FAILED = {**KHANAAK_MADE, "last_trick": 0}


def test_13_after_khanaak_counts_from_the_deal_with_the_khanaak():
    setup = make_setup(balls=(2, 9), winning_balls="13-after-khanaak")
    assert GameState.initial(setup).target == 12
    res = score(KHANAAK_MADE, setup)
    assert res.outcome.balls == (0, 3)
    assert res.after.balls == (2, 12)
    assert res.after.target == 13
    assert not res.after.finished
    assert "now played to 13 balls" in text(res)
    # The standard game ends at 12.
    assert score(KHANAAK_MADE, make_setup(balls=(2, 9))).after.finished


def test_13_after_khanaak_a_failed_khanaak_raises_it_too():
    setup = make_setup(balls=(8, 0), winning_balls="13-after-khanaak")
    res = score(KHANAAK_FAILED, setup)
    assert res.outcome.balls == (4, 0)
    assert res.after.balls == (12, 0)
    assert res.after.target == 13
    assert not res.after.finished


def test_13_after_khanaak_stays_13_and_corner_house_becomes_12():
    setup = make_setup(balls=(2, 9), winning_balls="13-after-khanaak")
    double = {
        "trump_maker": 1,
        "call": 0,
        "last_trick": 1,
        "counting_points": 0,
        "special": {"call": "double", "seat": 1},
    }
    results, state = play(setup, [KHANAAK_MADE, double, dealer_team_loses(0)])
    assert [r.after.target for r in results] == [13, 13, 13]
    # On 12 of 13 the Double is a corner-house Double: 4 balls to the opponents.
    assert results[1].outcome.kind == "corner_house_double"
    assert results[1].after.balls == (6, 12)
    assert not results[1].after.finished
    assert state.finished
    assert state.balls == (6, 13)
    assert state.winning_team == 1


def test_13_after_khanaak_with_a_given_result():
    setup = make_setup(balls=(2, 9), winning_balls="13-after-khanaak")
    deal = {
        "trump_maker": 1,
        "call": 0,
        "special": {"call": "khanaak", "seat": 1, "result": "success"},
    }
    res = score(deal, setup)
    assert res.after.target == 13
    assert res.after.balls == (2, 12)


def test_13_after_khanaak_other_deals_leave_the_target_at_12():
    setup = make_setup(balls=(2, 9), winning_balls="13-after-khanaak")
    results, state = play(setup, [dealer_team_loses(0), dealer_team_loses(0), dealer_team_loses(0)])
    assert [r.after.target for r in results] == [12, 12, 12]
    assert state.finished
    assert state.balls == (2, 12)


# ---- two to clear -----------------------------------------------------------------------------


def test_two_to_clear_off_plays_on_from_11_11():
    setup = make_setup(balls=(11, 10))
    res = score(dealer_team_loses(0), setup)
    assert res.after.balls == (11, 11)
    assert not res.after.deuce
    assert res.after.target == 12


def test_two_to_clear_on_in_a_13_ball_game_resets_at_12_12_not_11_11():
    setup = make_setup(balls=(11, 10), winning_balls=13, two_to_clear="on")
    results, state = play(setup, [dealer_team_loses(0), dealer_team_wins(1), dealer_team_wins(2)])
    assert results[0].after.balls == (11, 11)
    assert not results[0].after.deuce
    assert results[1].after.balls == (11, 12)
    assert results[2].after.balls == (0, 0)
    assert state.deuce
    assert "12\u201312 with two to clear" in text(results[2])


def test_two_to_clear_only_in_13_point_games_leaves_a_12_game_alone():
    setup = make_setup(balls=(11, 10), two_to_clear="13-point-games")
    results, state = play(setup, [dealer_team_loses(0), dealer_team_loses(1)])
    assert results[0].after.balls == (11, 11)
    assert not results[0].after.deuce
    assert state.finished
    assert state.balls == (12, 11)


def test_two_to_clear_only_in_13_point_games_applies_to_a_13_game():
    setup = make_setup(balls=(12, 11), winning_balls=13, two_to_clear="13-point-games")
    res = score(dealer_team_loses(0), setup)
    assert res.after.balls == (0, 0)
    assert res.after.deuce
    assert not res.after.finished


def test_two_to_clear_only_in_13_point_games_applies_once_khanaak_made_it_13():
    setup = make_setup(
        balls=(9, 8), winning_balls="13-after-khanaak", two_to_clear="13-point-games"
    )
    khanaak_by_team_0 = {
        "trump_maker": 1,
        "call": 0,
        "last_trick": 0,
        "counting_points": 296,
        "special": {"call": "khanaak", "seat": 0},
    }
    results, state = play(setup, [KHANAAK_MADE, khanaak_by_team_0, dealer_team_wins(1)])
    assert [r.after.balls for r in results] == [(9, 11), (12, 11), (0, 0)]
    assert state.target == 13
    assert state.deuce
    assert not state.finished


def test_after_the_reset_double_is_allowed_and_a_two_ball_lead_wins():
    setup = make_setup(balls=(11, 10), two_to_clear="on")
    double = {
        "trump_maker": 2,
        "call": 0,
        "last_trick": 2,
        "counting_points": 0,
        "special": {"call": "double", "seat": 2},
    }
    # 11-11 resets; the deal passes to seat 1; team 0 makes trumps and doubles: 2-0 wins.
    results, state = play(setup, [dealer_team_loses(0), double])
    assert results[1].outcome.kind == "special"
    assert results[1].outcome.balls == (2, 0)
    assert state.finished
    assert state.winning_team == 0
    assert state.balls == (2, 0)


# ---- blind calls --------------------------------------------------------------------------


@pytest.mark.parametrize("value", [6, 8])
def test_blind_thunee_is_worth_its_value_won_or_lost(value):
    setup = make_setup(blind_thunee=value)
    made = score(special("blind_thunee", 3, "success"), setup).outcome
    assert made.balls == (0, value)
    assert made.special == ("blind_thunee", "success")
    failed = score(special("blind_thunee", 3, "failed"), setup).outcome
    assert failed.balls == (value, 0)


@pytest.mark.parametrize("value", [6, 8])
@pytest.mark.parametrize("catch", [8, 4])
def test_blind_thunee_partner_catch_scores_as_a_failure(value, catch):
    setup = make_setup(blind_thunee=value, thunee_partner_catch=catch)
    caught = score(special("blind_thunee", 3, "partner_catch"), setup).outcome
    assert caught.balls == (value, 0)
    assert caught.winning_team == 0
    assert caught.special == ("blind_thunee", "partner_catch")


@pytest.mark.parametrize("value", [6, 8])
def test_blind_royals_is_worth_the_blind_value(value):
    setup = make_setup(blind_thunee=value, royals=True)
    assert score(special("blind_royals", 0, "success"), setup).outcome.balls == (value, 0)
    assert score(special("blind_royals", 0, "partner_catch"), setup).outcome.balls == (0, value)


def test_blind_thunee_off_by_default():
    error = refused(special("blind_thunee", 0, "success"))
    assert fields_of(error) == ["special.call"]


# ---- six-player Trips ------------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "caught"), [(3, 3), (6, 6)])
def test_trips_partner_catch(rule, caught):
    setup = make_setup("6p", trips_partner_catch=rule)
    assert score(special("trips", 4, "success"), setup).outcome.balls == (3, 0)
    assert score(special("trips", 4, "failed"), setup).outcome.balls == (0, 3)
    out = score(special("trips", 4, "partner_catch"), setup).outcome
    assert out.balls == (0, caught)
    assert out.winning_team == 1


@pytest.mark.parametrize("catch", [8, 6, 4])
def test_moenie_partner_catch_is_8_whatever_the_thunee_rule(catch):
    setup = make_setup("6p", thunee_partner_catch=catch, trips_partner_catch=6)
    assert score(special("moenie", 1, "partner_catch"), setup).outcome.balls == (8, 0)


# ---- re-deal on a weak four ---------------------------------------------------------------------


def test_redeal_on_weak_four_is_a_cancelled_deal():
    setup = make_setup(dealer=2, balls=(3, 1), redeal_on_weak_four=True)
    res = score({"cancelled": "weak first four: 9 points"}, setup)
    assert res.outcome.kind == "cancelled"
    assert res.after.balls == (3, 1)
    assert res.after.dealer == 2
    assert "weak first four" in text(res)
