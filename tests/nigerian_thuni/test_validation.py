"""Every kind of bad Nigerian Thuni input is refused, naming the field in the log's words."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError, InvalidFacts, NotThisDealer
from scorekeeper.rules.nigerian_thuni import GAME

from .support import at, fields_of, refused, score

GOOD = {"bids": [None, 1, 4, 3], "tricks": [2, 2, 2, 2]}


def with_(**fields):
    return {**GOOD, **fields}


def test_the_deal_must_be_an_object():
    assert fields_of(refused("conceded")) == ["deal"]


def test_an_unknown_field_is_refused_by_name():
    error = refused(with_(trumps="hearts"))
    assert fields_of(error) == ["trumps"]
    assert error.code == "DEAL_HAS_NO_FIELD"


@pytest.mark.parametrize("field", ["bids", "tricks"])
def test_bids_and_tricks_are_required_unless_a_team_conceded(field):
    error = refused({k: v for k, v in GOOD.items() if k != field})
    assert fields_of(error) == [field]
    assert error.code == {"bids": "ENTER_BIDS", "tricks": "ENTER_TRICKS"}[field]


@pytest.mark.parametrize("field", ["bids", "tricks"])
def test_a_conceded_hand_has_no_bids_or_tricks(field):
    error = refused({"conceded": 1, field: GOOD[field]})
    assert fields_of(error) == [field]
    assert error.message == "A conceded hand is thrown in before the bidding: leave this out."


@pytest.mark.parametrize("value", [2, -1, True, "0", 0.0])
def test_conceded_is_a_team(value):
    assert fields_of(refused({"conceded": value})) == ["conceded"]


@pytest.mark.parametrize("value", [[None, 1, 4], [1, 2, 3, 4, 5], "1,4,3", 4])
def test_bids_need_one_per_seat(value):
    error = refused(with_(bids=value))
    assert fields_of(error) == ["bids"]


@pytest.mark.parametrize(("value", "bad"), [(0, "0"), (9, "9"), (True, "true"), ("4", '"4"')])
def test_a_bid_is_a_whole_number_from_1_to_8(value, bad):
    error = refused(with_(bids=[None, 1, value, 3]))
    assert fields_of(error) == ["bids.2"]
    assert error.message == f"{bad} is not a bid (1 to 8)."


def test_no_two_bids_are_the_same():
    error = refused(with_(bids=[None, 3, 4, 3]))
    assert fields_of(error) == ["bids"]
    assert error.message == (
        "Bongani and Dev both bid 3: every bid must be higher than the one before, "
        "so no two bids are the same."
    )


def test_somebody_always_bids():
    error = refused(with_(bids=[None, None, None, None]))
    assert fields_of(error) == ["bids"]
    assert error.code == "NOBODY_BID"
    assert "the dealer must bid 1, so record 1 for the dealer" in error.message


@pytest.mark.parametrize("value", [[2, 2, 2], None, "2222"])
def test_tricks_need_one_per_seat(value):
    assert fields_of(refused(with_(tricks=value))) == ["tricks"]


@pytest.mark.parametrize("value", [9, -1, None, False])
def test_a_number_of_tricks_is_from_0_to_8(value):
    assert fields_of(refused(with_(tricks=[2, value, 2, 2]))) == ["tricks.1"]


@pytest.mark.parametrize(("tricks", "total"), [([2, 2, 2, 3], 9), ([0, 0, 0, 0], 0)])
def test_tricks_add_up_to_eight(tricks, total):
    error = refused(with_(tricks=tricks))
    assert fields_of(error) == ["tricks"]
    assert error.code == "TRICKS_ADD_UP" and error.values == {"total": total, "hand": 8}
    assert error.message.startswith(f"The tricks add up to {total}, but every deal has 8 tricks")


@pytest.mark.parametrize("field", ["next_dealer", "dealer"])
@pytest.mark.parametrize("value", [4, -1, "1", True])
def test_seats_are_seats(field, value):
    assert fields_of(refused(with_(**{field: value}))) == [field]


def test_the_dealer_must_be_the_one_the_rules_give():
    with pytest.raises(NotThisDealer) as info:
        score(with_(dealer=2))
    assert info.value.field == "dealer"
    assert info.value.message == "It is Asha's deal (seat 0), not Chetan's."
    assert score(with_(dealer=2), state=at((0, 0), dealer=2)).outcome.dealer == 2


def test_several_problems_are_reported_together():
    error = refused({"bids": [None, 1, 1, 9], "tricks": [8, 1, 0, 0], "extra": True})
    assert isinstance(error, InvalidFacts)
    assert sorted(fields_of(error)) == ["bids.3", "extra", "tricks"]


# ---- the setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("envelope", "field"),
    [
        ({"players": ["A", "B", "C"]}, "players"),
        ({"players": ["A", "B", "C", "D", "E"]}, "players"),
        ({"players": ["A", "B", " ", "D"]}, "players.2"),
        ({"players": ["A", "B", "C", "D"], "first_dealer": 4}, "first_dealer"),
        ({"players": ["A", "B", "C", "D"], "mode": "4p"}, "mode"),
        ({"players": ["A", "B", "C", "D"], "house_rules": {"target": 0}}, "house_rules.target"),
        ({"players": ["A", "B", "C", "D"], "house_rules": {"target": "16"}}, "house_rules.target"),
        ({"players": ["A", "B", "C", "D"], "house_rules": {"ante": 1}}, "house_rules.ante"),
        ({"players": ["A", "B", "C", "D"], "start": {"points": [1]}}, "start.points"),
        ({"players": ["A", "B", "C", "D"], "start": {"points": [1, -1]}}, "start.points"),
        ({"players": ["A", "B", "C", "D"], "start": {"balls": [1, 1]}}, "start.balls"),
        ({"players": ["A", "B", "C", "D"], "start": [0, 0]}, "start"),
    ],
)
def test_setup_errors_name_the_envelope_field(envelope, field):
    with pytest.raises(FactError) as info:
        GAME.setup(envelope)
    assert field in fields_of(info.value)


def test_setup_reports_problems_together():
    with pytest.raises(InvalidFacts) as info:
        GAME.setup(
            {
                "players": ["A", "B", "C", "D"],
                "first_dealer": 9,
                "house_rules": {"target": -3},
                "start": {"points": "x"},
            }
        )
    assert fields_of(info.value) == ["first_dealer", "house_rules.target", "start.points"]


def test_the_target_may_be_any_positive_whole_number():
    setup = GAME.setup({"players": ["A", "B", "C", "D"], "house_rules": {"target": 21}})
    assert setup.rules.target == 21
    assert GAME.changed_house_rules(setup) == {"target": 21}
    standard = GAME.setup({"players": ["A", "B", "C", "D"]})
    assert GAME.envelope(standard)["house_rules"] == {"target": 16}
    assert GAME.changed_house_rules(standard) == {}
