"""Facts the rules cannot accept: each raises FactError naming the field that is wrong."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError, InvalidFacts
from scorekeeper.rules.thunee import GameState, Setup, parse_deal, score_deal

from .support import dealer_team_wins, fields_of, make_setup, play, refused, score

GOOD = {"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 120}
PLAY = {"last_trick": 0, "counting_points": 120}  # for deals that give `calls` instead of `call`


def test_the_good_deal_is_accepted():
    assert score(GOOD).outcome.balls == (1, 0)


# ---- single fields ---------------------------------------------------------------------------


@pytest.mark.parametrize("points", [305, -1, 1000, "120", 120.0, True])
def test_counting_points_outside_0_to_304_or_not_a_whole_number(points):
    error = refused({**GOOD, "counting_points": points})
    assert fields_of(error) == ["counting_points"]


def test_counting_points_305_is_refused_when_parsed():
    with pytest.raises(FactError) as info:
        parse_deal({**GOOD, "counting_points": 305}, make_setup())
    assert info.value.field == "counting_points"
    assert info.value.code == "OUT_OF_RANGE"
    assert info.value.values["value"] == "305" and info.value.values["span"] == "0 to 304"


@pytest.mark.parametrize(
    ("last_trick", "points", "near"),
    [
        (0, 303, [296, 304]),
        (1, 303, [296]),  # not 304: the trump makers won the last trick, so a trick's points
        (1, 300, [296]),
        (1, 2, [0, 8]),
        (0, 2, [8]),  # the counting team won the last trick: a trick holds 8 at least
        (1, 30, [29, 32]),
    ],
)
def test_totals_no_whole_tricks_can_hold(last_trick, points, near):
    error = refused({**GOOD, "last_trick": last_trick, "counting_points": points})
    assert error.field == "counting_points"
    assert error.code == ("NO_SUCH_TOTAL" if len(near) == 1 else "NO_SUCH_TOTAL_TWO")
    suggested = [error.values[k] for k in ("a", "b") if k in error.values]
    assert error.values["points"] == points and suggested == near
    assert f"nearest possible: {' and '.join(map(str, near))})" in error.message
    for total in suggested:
        score({**GOOD, "last_trick": last_trick, "counting_points": total})  # fits


@pytest.mark.parametrize("call", [105, 15, 110, -10, "10", 10.0, True])
def test_call_that_is_not_a_call(call):
    assert fields_of(refused({**GOOD, "trump_maker": 0, "call": call})) == ["call"]


@pytest.mark.parametrize("call", [10, 20, 50, 100, 104])
def test_every_real_call_is_accepted(call):
    out = score({"trump_maker": 0, "call": call, "last_trick": 1, "counting_points": 150}).outcome
    assert out.call == call
    assert out.cards_needed == 105 - call - 10


@pytest.mark.parametrize("value", [35, 10, 60, 0, "20", 20.0])
def test_jodie_of_a_value_that_does_not_exist(value):
    deal = {**GOOD, "jodies": [{"seat": 0, "value": value}]}
    assert fields_of(refused(deal)) == ["jodies.0.value"]


def test_jodie_fields_are_checked_one_by_one():
    deal = {
        **GOOD,
        "jodies": [
            {"seat": 0, "value": 20},
            {"value": 30},
            {"seat": 7, "value": 20},
            {"seat": 2, "value": 20, "suit": "hearts"},
            {"seat": 2, "value": 20, "after_trick": 2},
            "20",
        ],
    }
    error = refused(deal)
    assert isinstance(error, InvalidFacts)
    assert fields_of(error) == [
        "jodies.1.seat",
        "jodies.2.seat",
        "jodies.3.suit",
        "jodies.4.after_trick",
        "jodies.5",
        "jodies",  # six Jodies
    ]


@pytest.mark.parametrize("after", [True, False, 1.0, "1", 0, 7])
def test_after_trick_must_be_a_trick_number(after):
    deal = {**GOOD, "jodies": [{"seat": 0, "value": 20, "after_trick": after}]}
    assert fields_of(refused(deal)) == ["jodies.0.after_trick"]


@pytest.mark.parametrize("after", [2, 4, 5, 6])
def test_a_jodie_at_the_wrong_time_is_stopped_by_marials(after):
    deal = {**GOOD, "jodies": [{"seat": 0, "value": 20, "after_trick": after}]}
    error = refused(deal)
    assert fields_of(error) == ["jodies.0.after_trick"]
    assert error.code == "MARIALS"
    assert error.values["nth"] == ("2nd" if after == 2 else f"{after}th")


def test_in_the_open_face_game_a_jodie_may_follow_any_won_trick():
    setup = make_setup("2p-open-face")
    facts = parse_deal({"jodies": [{"seat": 0, "value": 20, "after_trick": 7}]}, setup)
    assert facts.jodies[0].after_trick == 7


@pytest.mark.parametrize("after", [1, 3])
def test_after_trick_1_or_3_is_kept(after):
    facts = parse_deal(
        {**GOOD, "jodies": [{"seat": 0, "value": 20, "after_trick": after}]}, make_setup()
    )
    assert facts.jodies[0].after_trick == after
    assert facts.to_dict()["jodies"] == [{"seat": 0, "value": 20, "after_trick": after}]


def test_more_than_four_jodies():
    jodies = [{"seat": s % 4, "value": 20} for s in range(5)]
    error = refused({**GOOD, "jodies": jodies})
    assert "jodies" in fields_of(error)
    assert error.code == "TOO_MANY_JODIES" and error.values["count"] == 5


def test_two_jodies_in_trumps():
    jodies = [{"seat": 0, "value": 40}, {"seat": 1, "value": 50}]
    error = refused({**GOOD, "jodies": jodies})
    assert fields_of(error) == ["jodies"]
    assert error.code == "TRUMP_JODIES"


def test_four_jodies_outside_trumps_are_impossible():
    # One suit is trumps, so only three suits can give a Jodie of 20 or 30.
    jodies = [{"seat": 0, "value": 20}, {"seat": 1, "value": 30}, {"seat": 2, "value": 20}]
    jodies.append({"seat": 3, "value": 30})
    error = refused({**GOOD, "jodies": jodies})
    assert fields_of(error) == ["jodies"]
    assert error.code == "PLAIN_JODIES"


def test_four_jodies_one_in_trumps_are_accepted():
    # Counting team (team 0): +20 +30, trump makers: -50 -20; counting team won the last trick.
    jodies = [
        {"seat": 0, "value": 20},
        {"seat": 2, "value": 30},
        {"seat": 1, "value": 50},
        {"seat": 3, "value": 20},
    ]
    out = score({**GOOD, "jodies": jodies}).outcome
    assert out.cards_needed == 105 - 50 + 70 - 10 == 115
    assert out.counting_total == 120 + 50 - 70 + 10 == 110
    assert out.balls == (1, 0)


@pytest.mark.parametrize("seat", [4, -1, True, "1", 1.0])
def test_trump_maker_that_is_not_a_seat(seat):
    assert fields_of(refused({**GOOD, "trump_maker": seat})) == ["trump_maker"]


@pytest.mark.parametrize("field", ["last_trick", "dealer"])
def test_other_seats_must_be_seats(field):
    assert fields_of(refused({**GOOD, field: 4})) == [field]


# ---- who makes trumps ------------------------------------------------------------------------


@pytest.mark.parametrize("maker", [0, 2, 3])
def test_with_no_call_only_the_player_after_the_dealer_makes_trumps(maker):
    error = refused({**GOOD, "trump_maker": maker})
    assert fields_of(error) == ["trump_maker"]
    assert error.code == "NO_CALL_MAKER" and error.values["right"] == "Bongani"


def test_with_no_call_trump_maker_follows_the_dealer():
    setup = make_setup(dealer=3)
    out = score({**GOOD, "trump_maker": 0, "last_trick": 1}, setup).outcome
    assert out.trump_maker == 0
    assert out.counting_team == 1
    assert fields_of(refused({**GOOD, "trump_maker": 1}, setup)) == ["trump_maker"]


@pytest.mark.parametrize("maker", [1, 3])
def test_a_call_of_10_comes_from_the_dealers_team(maker):
    error = refused({**GOOD, "trump_maker": maker, "call": 10})
    assert fields_of(error) == ["trump_maker"]
    assert error.code == "CALL_OF_TEN"


def test_a_call_of_20_may_come_from_either_team():
    for maker in range(4):
        deal = {**GOOD, "trump_maker": maker, "call": 20, "last_trick": maker}
        deal["counting_points"] = 100
        assert score(deal).outcome.trump_maker == maker


def test_calls_name_the_team_that_made_trumps():
    # 10 (dealer's team), 20 (the others): a player of the others makes trumps.
    deal = {**PLAY, "trump_maker": 2, "calls": ["single", "single"]}
    assert fields_of(refused(deal)) == ["trump_maker"]
    assert score({**PLAY, "trump_maker": 3, "calls": ["single", "single"]}).outcome.call == 20


def test_call_and_calls_together():
    deal = {**GOOD, "trump_maker": 0, "call": 10, "calls": ["single"]}
    assert "calls" in fields_of(refused(deal))


@pytest.mark.parametrize(
    ("calls", "field"),
    [([], "calls"), ("single", "calls"), (["single", "twice"], "calls.1"), ([10], "calls.0")],
)
def test_calls_must_be_a_list_of_turns(calls, field):
    assert fields_of(refused({**PLAY, "trump_maker": 0, "calls": calls})) == [field]


# ---- missing fields --------------------------------------------------------------------------


@pytest.mark.parametrize("missing", ["trump_maker", "call", "last_trick", "counting_points"])
def test_a_normal_deal_needs_each_field(missing):
    deal = {k: v for k, v in GOOD.items() if k != missing}
    error = refused(deal)
    assert missing in fields_of(error)
    assert (
        error.code
        == {
            "trump_maker": "WHO_MADE_TRUMPS",
            "call": "CALL_MISSING",
            "last_trick": "WHO_WON_LAST_TRICK",
            "counting_points": "COUNTING_POINTS",
        }[missing]
    )


def test_an_empty_deal_names_what_is_missing():
    error = refused({})
    assert set(fields_of(error)) == {"call", "trump_maker"}


def test_a_double_without_result_needs_the_play():
    deal = {"trump_maker": 1, "call": 0, "special": {"call": "double", "seat": 1}}
    assert set(fields_of(refused(deal))) == {"last_trick", "counting_points"}


def test_a_double_with_only_part_of_the_play():
    deal = {
        "trump_maker": 1,
        "call": 0,
        "last_trick": 1,
        "special": {"call": "double", "seat": 1, "result": "success"},
    }
    assert fields_of(refused(deal)) == ["counting_points"]


def test_a_double_with_its_result_needs_no_play():
    deal = {
        "trump_maker": 1,
        "call": 0,
        "special": {"call": "double", "seat": 1, "result": "success"},
    }
    assert score(deal).outcome.balls == (0, 2)


def test_a_double_still_needs_trumps():
    deal = {"special": {"call": "double", "seat": 1, "result": "success"}}
    assert set(fields_of(refused(deal))) == {"call", "trump_maker"}


@pytest.mark.parametrize("call", ["thunee", "royals", "blind_thunee", "blind_royals"])
def test_thunee_like_calls_need_their_result(call):
    setup = make_setup(royals=True, blind_thunee=6)
    error = refused({"special": {"call": call, "seat": 0}}, setup)
    assert fields_of(error) == ["special.result"]


@pytest.mark.parametrize(
    ("special", "fields"),
    [
        ({"seat": 0, "result": "success"}, ["special.call"]),
        ({"call": "thunee", "result": "success"}, ["special.seat"]),
        ({"call": "thunee", "seat": 0, "result": "won"}, ["special.result"]),
        ({"call": "slam", "seat": 0, "result": "success"}, ["special.call"]),
        ({"call": "thunee", "seat": 4, "result": "success"}, ["special.seat"]),
        ({"call": "thunee", "seat": 0, "result": "success", "by": 1}, ["special.by"]),
        ("thunee", ["special"]),
    ],
)
def test_special_fields(special, fields):
    assert fields_of(refused({"special": special})) == fields


@pytest.mark.parametrize(
    ("penalty", "field"),
    [
        ({"reason": "talking"}, "penalty.seat"),
        ({"seat": None, "reason": ""}, "penalty.seat"),  # the form's "—": nobody chosen
        ({"seat": 9}, "penalty.seat"),
        (3, "penalty.seat"),
    ],
)
def test_penalty_needs_the_offender(penalty, field):
    assert fields_of(refused({"penalty": penalty})) == [field]


def test_penalty_reason_must_be_text():
    assert fields_of(refused({"penalty": {"seat": 1, "reason": 5}})) == ["penalty.reason"]


@pytest.mark.parametrize("reason", ["", "   ", 3, True])
def test_cancelled_needs_a_reason(reason):
    assert "cancelled" in fields_of(refused({"cancelled": reason}))


def test_unknown_deal_field():
    assert fields_of(refused({**GOOD, "trumps": "hearts"})) == ["trumps"]


def test_a_deal_must_be_an_object():
    with pytest.raises(FactError) as info:
        parse_deal([1, 2], make_setup())
    assert info.value.field == "deal"


def test_forfeited_must_be_true_or_false():
    assert fields_of(refused({**GOOD, "forfeited": "yes"})) == ["forfeited"]


def test_nothing_to_forfeit_in_a_cancelled_deal():
    assert fields_of(refused({"cancelled": "no trumps", "forfeited": True})) == ["forfeited"]


def test_several_problems_are_all_named():
    deal = {"trump_maker": 9, "call": 15, "last_trick": 0, "counting_points": 400, "extra": 1}
    error = refused(deal)
    assert isinstance(error, InvalidFacts)
    assert set(fields_of(error)) == {"extra", "call", "counting_points", "trump_maker"}
    assert error.field == fields_of(error)[0]
    for field in fields_of(error):
        assert f"{field}:" in str(error)


# ---- totals that do not fit the play -----------------------------------------------------------


def test_counting_team_that_won_the_last_trick_has_points():
    error = refused({**GOOD, "last_trick": 0, "counting_points": 0})
    assert error.field == "counting_points"
    assert error.code == "COUNTING_LAST"


def test_counting_team_that_lost_the_last_trick_cannot_hold_every_point():
    error = refused({**GOOD, "last_trick": 1, "counting_points": 304})
    assert error.field == "counting_points"
    assert error.code == "MAKERS_LAST"


def test_counting_team_that_called_a_jodie_won_a_trick():
    deal = {**GOOD, "last_trick": 1, "counting_points": 0, "jodies": [{"seat": 2, "value": 20}]}
    error = refused(deal)
    assert error.field == "counting_points"
    assert error.code == "COUNTING_JODIE"


def test_trump_makers_who_called_a_jodie_won_a_trick():
    deal = {**GOOD, "last_trick": 0, "counting_points": 304, "jodies": [{"seat": 3, "value": 40}]}
    error = refused(deal)
    assert error.field == "counting_points"
    assert error.code == "MAKERS_JODIE"


def test_a_jodie_after_the_third_trick_means_three_tricks_won():
    jodie = {"seat": 2, "value": 20, "after_trick": 3}
    # 16 points fit one trick (a Ten and three Queens), never three: 12 cards hold 60 or more.
    error = refused({**GOOD, "last_trick": 0, "counting_points": 16, "jodies": [jodie]})
    assert error.field == "counting_points"
    assert error.code == "COUNTING_JODIE_AFTER" and error.values["n"] == 3
    assert score({**GOOD, "last_trick": 0, "counting_points": 60, "jodies": [jodie]})


def test_all_or_nothing_fits_when_nothing_says_otherwise():
    assert score({**GOOD, "last_trick": 0, "counting_points": 304}).outcome.balls == (1, 0)
    assert score({**GOOD, "last_trick": 1, "counting_points": 0}).outcome.balls == (0, 1)


# ---- special calls the game does not allow -----------------------------------------------------


@pytest.mark.parametrize("mode", ["4p", "2p-two-deal", "2p-open-face"])
@pytest.mark.parametrize("call", ["trips", "moenie"])
def test_trips_and_moenie_only_with_six_players(mode, call):
    error = refused({"special": {"call": call, "seat": 0, "result": "success"}}, make_setup(mode))
    assert fields_of(error) == ["special.call"]
    assert error.code == "SIX_PLAYER_CALL"


@pytest.mark.parametrize("call", ["royals", "blind_royals"])
def test_royals_when_off(call):
    setup = make_setup(blind_thunee=6)
    error = refused({"special": {"call": call, "seat": 0, "result": "success"}}, setup)
    assert fields_of(error) == ["special.call"]
    assert error.code == "ROYALS_OFF"


@pytest.mark.parametrize("call", ["blind_thunee", "blind_royals"])
def test_blind_calls_when_off(call):
    setup = make_setup(royals=True)
    error = refused({"special": {"call": call, "seat": 0, "result": "success"}}, setup)
    assert fields_of(error) == ["special.call"]
    assert error.code == "BLIND_OFF"


@pytest.mark.parametrize("mode", ["2p-two-deal", "2p-open-face"])
@pytest.mark.parametrize(
    "deal",
    [
        {"special": {"call": "thunee", "seat": 0, "result": "partner_catch"}},
        {
            "trump_maker": 1,
            "call": 0,
            "special": {"call": "double", "seat": 1, "result": "partner_catch"},
        },
    ],
)
def test_no_partner_catch_with_two_players(mode, deal):
    error = refused(deal, make_setup(mode))
    assert fields_of(error) == ["special.result"]
    assert error.code == "NO_PARTNER"


@pytest.mark.parametrize(
    ("special", "play"),
    [
        # The opponents won the last trick: the Double failed.
        (
            {"call": "double", "seat": 1, "result": "success"},
            {"last_trick": 0, "counting_points": 8},
        ),
        # A partner won the last trick.
        (
            {"call": "double", "seat": 1, "result": "failed"},
            {"last_trick": 3, "counting_points": 0},
        ),
        # Every trick to the caller's team, the last to the caller.
        (
            {"call": "double", "seat": 1, "result": "failed"},
            {"last_trick": 1, "counting_points": 0},
        ),
        # 8 - 10 is below zero: the Khanaak was made.
        (
            {"call": "khanaak", "seat": 1, "result": "failed"},
            {"last_trick": 1, "counting_points": 8},
        ),
        (
            {"call": "khanaak", "seat": 1, "result": "success"},
            {"last_trick": 1, "counting_points": 20},
        ),
    ],
)
def test_a_special_result_that_contradicts_the_play(special, play):
    error = refused({"trump_maker": 1, "call": 0, **play, "special": special})
    assert fields_of(error) == ["special.result"]
    assert error.code == "RESULT_DOES_NOT_FIT"


def test_a_special_result_that_agrees_with_the_play_is_accepted():
    deal = {
        "trump_maker": 1,
        "call": 0,
        "last_trick": 3,
        "counting_points": 0,
        "special": {"call": "double", "seat": 1, "result": "partner_catch"},
    }
    assert score(deal).outcome.special == ("double", "partner_catch")


# ---- the game around the deal -------------------------------------------------------------


def test_no_deal_after_the_game_is_over():
    setup = make_setup(balls=(11, 3))
    first = score(dealer_team_wins(0), setup)
    assert first.after.finished
    assert first.after.dealer is None
    with pytest.raises(FactError) as info:
        score_deal(parse_deal(dealer_team_wins(0), setup), first.after, setup)
    assert info.value.field == "deal"
    assert info.value.code == "GAME_OVER"


def test_a_game_started_on_paper_at_12_is_already_over():
    setup = make_setup(balls=(3, 12))
    state = GameState.initial(setup)
    assert state.finished
    assert state.winning_team == 1
    assert fields_of(refused({"cancelled": "x"}, setup, state)) == ["deal"]


def test_wrong_dealer_is_refused():
    error = refused({**GOOD, "dealer": 2})
    assert error.field == "dealer"
    assert error.code == "NOT_THIS_DEALER"
    assert (error.values["name"], error.values["seat"]) == ("Asha", 0)
    assert score({**GOOD, "dealer": 0}).outcome.dealer == 0


def test_wrong_dealer_later_in_a_log_names_the_deal():
    setup = make_setup()
    # Deal 1 is won by the dealer's team at 0-0, so seat 1 deals deal 2.
    with pytest.raises(FactError) as info:
        play(setup, [dealer_team_wins(0), {**dealer_team_wins(1), "dealer": 0}])
    assert (info.value.deal, info.value.field) == (2, "dealer")
    assert str(info.value).startswith("deal 2, dealer:")
    _, state = play(setup, [dealer_team_wins(0), {**dealer_team_wins(1), "dealer": 1}])
    assert state.balls == (1, 1)


def test_several_errors_in_a_log_keep_every_field_and_the_deal():
    setup = make_setup()
    with pytest.raises(InvalidFacts) as info:
        play(setup, [GOOD, {"trump_maker": 9, "call": 15}])
    assert info.value.deal == 2
    assert set(fields_of(info.value)) == {"trump_maker", "call"}
    assert str(info.value).startswith("deal 2, ")


# ---- setting up -----------------------------------------------------------------------------


def test_setup_errors_name_their_fields():
    with pytest.raises(FactError) as info:
        Setup.create(mode="5p", players=["a"] * 5)
    assert info.value.field == "mode"
    with pytest.raises(FactError) as info:
        Setup.create(mode="4p", players=["a", "b", "c"])
    assert info.value.field == "players"
    with pytest.raises(FactError) as info:
        Setup.create(mode="4p", players=["a", "b", "A ", "d"])
    assert info.value.field == "players.2"  # where the name comes again
    with pytest.raises(FactError) as info:
        Setup.create(mode="4p", players=["a", "", "c", "d"])
    assert info.value.field == "players.1"
    with pytest.raises(FactError) as info:
        Setup.create(mode="4p", players=["a", "b", "c", "d"], first_dealer=4)
    assert info.value.field == "first_dealer"
    with pytest.raises(FactError) as info:
        Setup.create(mode="4p", players=["a", "b", "c", "d"], start_balls=(-1, 0))
    assert info.value.field == "start.balls"
    with pytest.raises(FactError) as info:
        Setup.create(mode="2p-two-deal", players=["a", "b"], first_dealer=2)
    assert info.value.field == "first_dealer"
