"""Nigerian Thuni deals scored by hand: contracts, the one-trick limit for players who only
passed, failed contracts, capture and concession. Asha (seat 0) deals unless a test says
otherwise, so the bidding goes Bongani, Chetan, Dev, Asha. Asha & Chetan are team 0."""

from __future__ import annotations

import pytest

from scorekeeper.rules.nigerian_thuni import GAME, count_team

from .support import fields_of, make_setup, refused, score, text


def test_a_teams_contract_is_its_highest_bid_and_zero_when_both_passed():
    result = score({"bids": [None, 1, 5, 3], "tricks": [0, 3, 5, 0]})
    assert result.outcome.contracts == (5, 3)
    result = score({"bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]})
    assert result.outcome.contracts == (0, 3)


def test_a_failed_contract_with_no_passer_scores_nothing():
    # Asha & Chetan bid up to 5 but win 1 + 2 = 3: failed, and both bid, so 0.
    # Bongani & Dev (contract 3) win 3 + 2 = 5: made, 5 points.
    result = score({"bids": [2, 1, 5, 3], "tricks": [1, 3, 2, 2]})
    assert result.outcome.points == (0, 5)
    assert result.outcome.made == (False, True)
    assert (
        "Asha & Chetan: Asha 1 + Chetan 2 = 3 tricks, contract 5: failed, so the bidders' "
        "tricks do not count: 0 points." in text(result)
    )


def test_a_player_who_only_passed_counts_one_trick_even_in_a_made_contract():
    # Asha passed and won 3 (counts 1), Chetan bid 3 and won 2: 3 tricks, contract 3: made, 3.
    # Bongani bid 1 and won 1; Dev passed and won 2 (counts 1): 2 against 1: made, 2.
    result = score({"bids": [None, 1, 3, None], "tricks": [3, 1, 2, 2]})
    assert result.outcome.points == (3, 2)
    assert result.outcome.made == (True, True)
    assert "Asha 3 (only passed: counts 1) + Chetan 2 = 3 tricks, contract 3: made" in text(result)


def test_the_one_trick_limit_can_be_what_breaks_a_contract():
    # Asha passed and won 4: alone she would carry Chetan's contract of 3, but counts 1.
    result = score({"bids": [None, 1, 3, 2], "tricks": [4, 1, 1, 2]})
    assert result.outcome.points == (1, 3)
    assert result.outcome.made == (False, True)


def test_a_passer_with_no_trick_adds_nothing_to_a_failed_contract():
    # Chetan bid 4 and won 3; Asha passed with no trick: failed, 0 points.
    result = score({"bids": [None, 1, 4, 2], "tricks": [0, 3, 3, 2]})
    assert result.outcome.points == (0, 5)


def test_count_team_directly():
    bids, tricks = (None, 1, 4, 3), (2, 2, 2, 2)
    north_south = count_team(0, bids, tricks)
    assert (north_south.contract, north_south.counted, north_south.points) == (4, 3, 1)
    assert north_south.made is False
    east_west = count_team(1, bids, tricks)
    assert (east_west.contract, east_west.counted, east_west.points, east_west.made) == (
        3,
        4,
        4,
        True,
    )


@pytest.mark.parametrize(
    ("bids", "tricks", "points"),
    [
        ([None, 1, 2, 3], [5, 0, 3, 0], (10, 0)),  # Asha & Chetan take all eight
        ([None, 1, None, 2], [4, 0, 4, 0], (10, 0)),  # even with no contract at all
        ([2, 1, 7, 3], [0, 8, 0, 0], (0, 10)),  # even against a contract of 7
        ([None, 8, None, None], [0, 4, 0, 4], (0, 10)),  # a bid of 8 made is a capture too
    ],
)
def test_all_eight_tricks_are_a_capture_worth_ten_whatever_the_bids(bids, tricks, points):
    result = score({"bids": bids, "tricks": tricks})
    assert result.outcome.kind == "capture"
    assert result.outcome.points == points
    assert result.outcome.made == (None, None)
    team = 0 if points[0] else 1
    assert result.outcome.lines[3].rule == "capture"
    assert "won all 8 tricks: a capture, 10 points whatever the bids" in text(result)
    assert GAME.computed_deal(result)["made"] == [None, None]
    assert result.outcome.lines[3].data["team"] == team


def test_a_concession_gives_the_opponents_three():
    result = score({"conceded": 0})
    out = result.outcome
    assert out.kind == "conceded"
    assert out.points == (0, 3)
    assert out.contracts == (None, None)
    assert out.made == (None, None)
    assert out.trump_chooser is None
    assert out.explanation[0] == (
        "Asha & Chetan conceded before the bidding: the cards are thrown in and "
        "Bongani & Dev score 3."
    )
    assert GAME.computed_deal(result) == {
        "dealer": 0,
        "points": [0, 3],
        "contracts": [None, None],
        "made": [None, None],
        "explanation": out.explanation,
    }
    assert score({"conceded": 1}).outcome.points == (3, 0)


def test_when_the_first_three_pass_the_dealer_bids_one():
    # Recorded as the dealer's bid of 1, the other three null.
    result = score({"bids": [1, None, None, None], "tricks": [1, 2, 3, 2]})
    out = result.outcome
    assert out.contracts == (1, 0)
    assert out.trump_chooser == 0
    assert out.explanation[0] == "The first three passed, so Asha, the dealer, had to bid 1."
    # Asha 1 + Chetan 3 (passed: 1) = 2 >= 1: 2 points; Bongani and Dev passed: 1 + 1.
    assert out.points == (2, 2)


@pytest.mark.parametrize("bid", [2, 5, 8])
def test_a_bid_by_the_dealer_alone_must_be_the_forced_one(bid):
    error = refused({"bids": [bid, None, None, None], "tricks": [1, 2, 3, 2]})
    assert fields_of(error) == ["bids.0"]
    assert error.message == (
        "Only the dealer, Asha, bid, which happens only when the first three pass: "
        f"the dealer then bids 1, not {bid}."
    )


def test_a_single_bid_by_another_player_may_be_any_number():
    # Bongani bid 3 and everyone else passed: an ordinary auction.
    result = score({"bids": [None, 3, None, None], "tricks": [1, 3, 2, 2]})
    assert result.outcome.contracts == (0, 3)
    assert "Highest bids: Bongani 3; Chetan, Dev and Asha only passed." in text(result)


def test_the_dealers_forced_bid_depends_on_who_deals():
    setup = make_setup(dealer=2)
    assert score({"bids": [None, None, 1, None], "tricks": [2, 2, 2, 2]}, setup)
    error = refused({"bids": [None, None, 2, None], "tricks": [2, 2, 2, 2]}, setup)
    assert fields_of(error) == ["bids.2"]


def test_the_highest_bidder_chooses_trumps():
    result = score({"bids": [6, 2, None, 7], "tricks": [2, 2, 2, 2]})
    assert result.outcome.trump_chooser == 3
    assert "Dev bid highest (7), chose trumps and led." in text(result)


def test_the_bids_line_goes_round_from_the_dealers_left():
    setup = make_setup(dealer=1)
    result = score({"bids": [4, None, 2, 3], "tricks": [2, 2, 2, 2]}, setup)
    assert (
        result.outcome.explanation[0]
        == "Highest bids: Chetan 2, Dev 3, Asha 4; Bongani only passed."
    )
