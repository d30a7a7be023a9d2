"""Every kind of bad scorepad input is refused at its field, with the core's one coded refusal:
the points (one whole number per seat, in range; adding up to 0 under zero_sum), `last`, the
house rules and the start."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.scorepad import GAME

from .support import fields_of, make_setup, refused, score


def codes(error: FactError) -> list[str]:
    return [e.code for e in getattr(error, "errors", (error,))]


def test_points_are_needed():
    error = refused({})
    assert fields_of(error) == ["points"]
    assert codes(error) == ["ENTER_POINTS"]


@pytest.mark.parametrize("points", [[1, 2], [1, 2, 3, 4], "1,2,3", 6])
def test_one_number_per_seat(points):
    assert fields_of(refused({"points": points})) == ["points"]


@pytest.mark.parametrize("bad", [True, False, 1.5, "3", None])
def test_each_seat_a_whole_number_and_true_false_are_not_numbers(bad):
    assert fields_of(refused({"points": [0, bad, 0]})) == ["points.1"]


@pytest.mark.parametrize("n", [-100_000, 100_000, 0, -1])
def test_the_range_is_inclusive(n):
    assert score({"points": [n, 0, 0]}).outcome.points[0] == n


@pytest.mark.parametrize("n", [-100_001, 100_001])
def test_past_the_range_is_refused(n):
    assert fields_of(refused({"points": [0, 0, n]})) == ["points.2"]


def test_zero_sum_refuses_points_that_do_not_add_up_to_zero_at_points():
    setup = make_setup(zero_sum=True)
    error = refused({"points": [5, -3, 0]}, setup)
    assert fields_of(error) == ["points"]
    assert codes(error) == ["ZERO_SUM"]
    assert error.values["total"] == 2
    assert score({"points": [5, -3, -2]}, setup).after.totals == (5, -3, -2)


def test_without_zero_sum_any_sum_is_fine():
    assert score({"points": [5, 5, 5]}).after.totals == (5, 5, 5)


@pytest.mark.parametrize("last", [1, 0, "yes"])
def test_last_is_true_or_false(last):
    assert fields_of(refused({"points": [0, 0, 0], "last": last})) == ["last"]


def test_an_unknown_field_is_refused_by_name():
    assert fields_of(refused({"points": [0, 0, 0], "tricks": 3})) == ["tricks"]


def setup_refused(**envelope) -> FactError:
    with pytest.raises(FactError) as info:
        GAME.setup({"players": ["Asha", "Bongani", "Chetan"], **envelope})
    return info.value


@pytest.mark.parametrize("count", [2, 12])
def test_2_to_12_players(count):
    setup = GAME.setup({"players": [f"P{i}" for i in range(count)]})
    assert len(setup.players) == count


@pytest.mark.parametrize("count", [1, 13])
def test_fewer_than_2_or_more_than_12_players_are_refused(count):
    error = setup_refused(players=[f"P{i}" for i in range(count)])
    assert fields_of(error) == ["players"]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("name", "x" * 41),
        ("name", 5),
        ("winner", "middle"),
        ("target", 0),
        ("target", 1_000_001),
        ("target", True),
        ("deals", 0),
        ("deals", 1001),
        ("zero_sum", "yes"),
        ("colour", "red"),
    ],
)
def test_house_rules_are_refused_at_their_key(key, value):
    assert fields_of(setup_refused(house_rules={key: value})) == [f"house_rules.{key}"]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("name", "x"),
        ("name", "x" * 40),
        ("name", ""),
        ("target", 1),
        ("target", 1_000_000),
        ("target", None),
        ("deals", 1),
        ("deals", 1000),
        ("deals", None),
        ("winner", "lowest"),
    ],
)
def test_house_rules_in_range_are_taken(key, value):
    setup = GAME.setup({"players": ["A", "B"], "house_rules": {key: value}})
    assert getattr(setup.rules, key) == value


@pytest.mark.parametrize(
    "start",
    [
        {"totals": [1, 2]},
        {"totals": [0, 100_001, 0]},
        {"totals": [0, -100_001, 0]},
        {"totals": [0, True, 0]},
        {"points": [0, 0, 0]},
        [0, 0, 0],
    ],
)
def test_a_bad_start_is_refused_at_start(start):
    assert all(f.startswith("start") for f in fields_of(setup_refused(start=start)))


def test_start_totals_take_the_deal_range():
    setup = GAME.setup({"players": ["A", "B"], "start": {"totals": [-100_000, 100_000]}})
    assert setup.start_totals == (-100_000, 100_000)
    assert GAME.envelope(setup)["start"] == {"totals": [-100_000, 100_000]}
