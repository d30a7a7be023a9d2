"""Six players (teams of three, 4 tricks of 6 cards) and the two two-player games (125 needed)."""

from __future__ import annotations

import pytest

from scorekeeper.rules.thunee import MODES

from .support import fields_of, make_setup, play, refused, score, text

TWO_PLAYER = ["2p-two-deal", "2p-open-face"]


def special(call: str, seat: int, result: str) -> dict:
    return {"special": {"call": call, "seat": seat, "result": result}}


def test_mode_table():
    shape = {k: (m.seats, m.tricks, m.cards_per_trick, m.needed) for k, m in MODES.items()}
    assert shape == {
        "4p": (4, 6, 4, 105),
        "6p": (6, 4, 6, 105),
        "2p-two-deal": (2, 12, 2, 125),
        "2p-open-face": (2, 12, 2, 125),
    }
    for mode in MODES.values():
        assert mode.tricks * mode.cards_per_trick == 24


# ---- six players ------------------------------------------------------------------------------


def test_six_players_sit_in_two_teams_of_three():
    setup = make_setup("6p")
    assert [setup.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert setup.partners_of(1) == [3, 5]
    assert setup.team_name(0) == "Asha & Chetan & Esther"


def test_six_player_normal_deal_needs_105():
    setup = make_setup("6p", dealer=4)
    deal = {"trump_maker": 5, "call": 0, "last_trick": 2, "counting_points": 95}
    res = score(deal, setup)
    out = res.outcome
    assert out.counting_team == 0
    assert out.cards_needed == 95
    assert out.counting_total == 105
    assert out.balls == (1, 0)
    assert "needs 95 in cards" in text(res)
    assert res.after.dealer == 5  # equal or ahead: passes to the right


def test_six_player_no_call_trump_maker_is_after_the_dealer():
    setup = make_setup("6p", dealer=5)
    deal = {"trump_maker": 0, "call": 0, "last_trick": 1, "counting_points": 100}
    assert score(deal, setup).outcome.trump_maker == 0
    assert fields_of(refused({**deal, "trump_maker": 2}, setup)) == ["trump_maker"]


def test_six_player_deal_goes_round_six_seats():
    setup = make_setup("6p", dealer=5)
    res = score({"trump_maker": 0, "call": 0, "last_trick": 1, "counting_points": 100}, setup)
    assert res.after.balls == (0, 1)
    assert res.after.dealer == 0


def test_six_player_call_of_10_from_the_dealers_team_only():
    setup = make_setup("6p", dealer=2)
    deal = {"trump_maker": 4, "call": 10, "last_trick": 1, "counting_points": 100}
    assert score(deal, setup).outcome.call == 10
    assert fields_of(refused({**deal, "trump_maker": 3}, setup)) == ["trump_maker"]


@pytest.mark.parametrize("points", [8, 20])
def test_six_player_tricks_hold_six_cards(points):
    # Eight card points fit one 4-card trick but no 6-card trick.
    four = score({"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": points})
    assert four.outcome.counting_total == points - 10
    setup = make_setup("6p")
    error = refused(
        {"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": points}, setup
    )
    assert error.field == "counting_points"
    assert error.code in ("NO_SUCH_TOTAL", "NO_SUCH_TOTAL_TWO")


def test_six_player_smallest_trick():
    setup = make_setup("6p")
    out = score({"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 14}, setup)
    assert out.outcome.counting_total == 24


def test_six_player_jodie_means_a_trick_lost_by_the_counting_team():
    setup = make_setup("6p")
    deal = {
        "trump_maker": 1,
        "call": 0,
        "last_trick": 0,
        "counting_points": 304,
        "jodies": [{"seat": 5, "value": 20}],
    }
    assert refused(deal, setup).field == "counting_points"


@pytest.mark.parametrize(
    ("result", "balls", "team"),
    [("success", (0, 3), 1), ("failed", (3, 0), 0), ("partner_catch", (3, 0), 0)],
)
def test_trips(result, balls, team):
    out = score(special("trips", 3, result), make_setup("6p")).outcome
    assert out.kind == "special"
    assert out.special == ("trips", result)
    assert out.balls == balls
    assert out.winning_team == team


def test_trips_explains_the_last_trick():
    res = score(special("trips", 3, "partner_catch"), make_setup("6p"))
    assert "a partner of Dev won the last trick" in text(res)


@pytest.mark.parametrize(
    ("result", "balls"),
    [("success", (4, 0)), ("failed", (0, 4)), ("partner_catch", (0, 8))],
)
def test_moenie(result, balls):
    out = score(special("moenie", 2, result), make_setup("6p")).outcome
    assert out.special == ("moenie", result)
    assert out.balls == balls


def test_six_player_thunee_partner_catch():
    out = score(special("thunee", 4, "partner_catch"), make_setup("6p")).outcome
    assert out.balls == (0, 8)


@pytest.mark.parametrize(
    ("last_trick", "result", "balls"),
    [(1, "success", (0, 2)), (3, "partner_catch", (4, 0)), (5, "partner_catch", (4, 0))],
)
def test_six_player_double_partner_catch_by_either_partner(last_trick, result, balls):
    deal = {
        "trump_maker": 1,
        "call": 0,
        "last_trick": last_trick,
        "counting_points": 0,
        "special": {"call": "double", "seat": 1},
    }
    out = score(deal, make_setup("6p")).outcome
    assert out.special == ("double", result)
    assert out.balls == balls


# ---- two players --------------------------------------------------------------------------


@pytest.mark.parametrize("mode", TWO_PLAYER)
def test_two_player_counting_player_needs_125(mode):
    setup = make_setup(mode)
    lost_last = score({"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": 135}, setup)
    assert lost_last.outcome.counting_team == 0
    assert lost_last.outcome.cards_needed == 135
    assert lost_last.outcome.counting_total == 125
    assert lost_last.outcome.balls == (1, 0)
    assert "needs 135 in cards" in text(lost_last)
    won_last = score({"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 114}, setup)
    assert won_last.outcome.cards_needed == 115
    assert won_last.outcome.counting_total == 124
    assert won_last.outcome.balls == (0, 1)


@pytest.mark.parametrize("mode", TWO_PLAYER)
def test_two_player_call_balls(mode):
    setup = make_setup(mode)
    beat = score({"trump_maker": 0, "call": 10, "last_trick": 1, "counting_points": 110}, setup)
    assert beat.outcome.cards_needed == 105
    assert beat.outcome.balls == (0, 2)
    made = score({"trump_maker": 0, "call": 10, "last_trick": 1, "counting_points": 100}, setup)
    assert made.outcome.balls == (1, 0)


@pytest.mark.parametrize("mode", TWO_PLAYER)
def test_two_player_tricks_hold_two_cards(mode):
    setup = make_setup(mode)
    # Two Queens: a 2-card trick, not a 4-card one.
    out = score({"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": 4}, setup)
    assert out.outcome.counting_total == -6
    assert refused({"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": 4}).field == (
        "counting_points"
    )
    assert (
        refused({"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": 2}, setup).field
        == "counting_points"
    )


@pytest.mark.parametrize("mode", TWO_PLAYER)
def test_two_player_trump_maker_and_first_call(mode):
    setup = make_setup(mode, dealer=1)
    # With no call the non-dealer makes trumps; the dealer makes the first call of 10.
    assert (
        score(
            {"trump_maker": 0, "call": 0, "last_trick": 1, "counting_points": 130}, setup
        ).outcome.counting_team
        == 1
    )
    assert fields_of(
        refused({"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": 130}, setup)
    ) == ["trump_maker"]
    assert fields_of(
        refused({"trump_maker": 0, "call": 10, "last_trick": 1, "counting_points": 130}, setup)
    ) == ["trump_maker"]
    calls = {"calls": ["single", "single"], "last_trick": 1, "counting_points": 130}
    assert score({"trump_maker": 0, **calls}, setup).outcome.call == 20


@pytest.mark.parametrize("mode", TWO_PLAYER)
def test_two_players_never_call_at_the_same_time(mode):
    deal = {"trump_maker": 1, "calls": ["single", "both"], "last_trick": 1, "counting_points": 60}
    error = refused(deal, make_setup(mode))
    assert fields_of(error) == ["calls.1"]


@pytest.mark.parametrize("mode", TWO_PLAYER)
def test_two_player_thunee_and_double(mode):
    setup = make_setup(mode)
    assert score(special("thunee", 1, "success"), setup).outcome.balls == (0, 4)
    assert score(special("thunee", 1, "failed"), setup).outcome.balls == (4, 0)
    double = {
        "trump_maker": 1,
        "call": 0,
        "last_trick": 1,
        "counting_points": 0,
        "special": {"call": "double", "seat": 1},
    }
    assert score(double, setup).outcome.special == ("double", "success")
    lost = score({**double, "last_trick": 0, "counting_points": 4}, setup).outcome
    assert lost.special == ("double", "failed")
    assert lost.balls == (4, 0)


@pytest.mark.parametrize("mode", TWO_PLAYER)
def test_two_player_penalty_and_rotation(mode):
    setup = make_setup(mode, dealer=0)
    results, state = play(
        setup,
        [
            {"penalty": {"seat": 0, "reason": "played out of turn"}},  # 0-4: dealer behind
            {"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 150},  # 1-4
            {"special": {"call": "thunee", "seat": 0, "result": "success"}},  # 5-4: passes
        ],
    )
    assert [r.outcome.dealer for r in results] == [0, 0, 0]
    assert [r.after.balls for r in results] == [(0, 4), (1, 4), (5, 4)]
    assert state.dealer == 1


def test_two_player_game_over():
    setup = make_setup("2p-two-deal", balls=(3, 10))
    res = score({"special": {"call": "thunee", "seat": 1, "result": "success"}}, setup)
    assert res.after.finished
    assert res.after.winners(setup) == (1,)
    assert "Bongani wins the game with 14 balls (3\u201314)." in text(res)
