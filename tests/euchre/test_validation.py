"""Every kind of bad Euchre input is refused at its field, in the log's words: a hand's facts,
the dealer, a hand after the end, and the setup (players, house rules, start score)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.core.errors import FactError, InvalidFacts, NotThisDealer
from scorekeeper.core.sentences import sentences
from scorekeeper.rules import euchre
from scorekeeper.rules.euchre import GAME, Setup, parse_deal

from .support import EAST, NORTH, SOUTH, WEST, fields_of, make_setup, refused, score

GOOD = {"maker": NORTH, "tricks": 4}
LONE_DEFENCE = make_setup(defend_alone=True)


def with_(**fields):
    return {**GOOD, **fields}


def setup_refused(**envelope) -> FactError:
    with pytest.raises(FactError) as info:
        GAME.setup({"players": ["Asha", "Bongani", "Chetan", "Dev"], **envelope})
    return info.value


# ---- a hand's facts ----------------------------------------------------------------------------


@pytest.mark.parametrize("deal", ["maker", [NORTH, 4], None, 3])
def test_the_deal_must_be_an_object(deal):
    assert fields_of(refused(deal)) == ["deal"]


def test_an_unknown_field_is_refused_by_name():
    error = refused(with_(trumps="hearts"))
    assert fields_of(error) == ["trumps"]
    assert error.code == "DEAL_HAS_NO_FIELD"


def test_who_made_trumps_must_be_said():
    error = refused({"tricks": 4})
    assert fields_of(error) == ["maker"]
    assert error.message == "Choose who made trumps (nobody for a hand thrown in)."


@pytest.mark.parametrize("value", [4, -1, True, "0", 1.0, [0]])
def test_the_maker_is_a_seat(value):
    assert fields_of(refused(with_(maker=value))) == ["maker"]


@pytest.mark.parametrize("deal", [{"maker": EAST}, {"maker": EAST, "tricks": None}])
def test_a_hand_played_needs_the_makers_tricks(deal):
    error = refused(deal)
    assert fields_of(error) == ["tricks"]
    assert error.message == "Enter how many of the 5 tricks the makers won."


@pytest.mark.parametrize("value", [6, -1, True, "3", 2.5])
def test_the_tricks_are_a_whole_number_from_0_to_5(value):
    error = refused(with_(tricks=value))
    assert fields_of(error) == ["tricks"]
    assert error.code == "OUT_OF_RANGE"
    assert error.message.endswith("is not a number of tricks (0 to 5).")


@pytest.mark.parametrize("value", ["yes", 1, 0, "true"])
def test_alone_is_true_or_false(value):
    assert fields_of(refused(with_(alone=value))) == ["alone"]


def test_alone_false_or_null_is_a_hand_played_by_both_partners():
    for value in (False, None):
        assert score(with_(alone=value)).outcome.points == (1, 0)


@pytest.mark.parametrize("value", [4, -1, True, "1"])
def test_a_lone_defender_is_a_seat(value):
    deal = with_(alone=True, defender_alone=value)
    assert fields_of(refused(deal, LONE_DEFENCE)) == ["defender_alone"]


def test_a_lone_defender_needs_the_house_rule():
    error = refused(with_(alone=True, defender_alone=EAST))
    assert fields_of(error) == ["defender_alone"]
    assert error.message == (
        "Defending alone is not played in this game (it is off in the house rules)."
    )


@pytest.mark.parametrize("alone", [False, None])
def test_a_lone_defender_needs_a_lone_maker(alone):
    deal = (
        {**GOOD, "defender_alone": EAST}
        if alone is None
        else with_(alone=False, defender_alone=EAST)
    )
    error = refused(deal, LONE_DEFENCE)
    assert fields_of(error) == ["defender_alone"]
    assert error.message == "A defender goes alone only against a maker who went alone."


@pytest.mark.parametrize("seat", [NORTH, SOUTH])
def test_a_lone_defender_is_of_the_other_partnership(seat):
    error = refused(with_(alone=True, defender_alone=seat), LONE_DEFENCE)
    assert fields_of(error) == ["defender_alone"]
    name = "North" if seat == NORTH else "South"
    assert error.message == (
        f"{name} is one of the makers (North & South): only East & West can defend alone."
    )


def test_a_defender_of_the_other_partnership_defends_alone():
    for seat in (EAST, WEST):
        deal = with_(alone=True, defender_alone=seat, tricks=1)
        assert score(deal, LONE_DEFENCE).outcome.points == (0, 4)


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"tricks": 0}, "tricks"),
        ({"alone": True}, "alone"),
        ({"defender_alone": 1}, "defender_alone"),
    ],
)
def test_a_hand_thrown_in_has_nothing_but_its_maker_null(extra, field):
    error = refused({"maker": None, **extra}, LONE_DEFENCE)
    assert fields_of(error) == [field]


def test_a_hand_thrown_in_may_say_nobody_was_alone():
    assert score({"maker": None, "alone": False, "tricks": None}).outcome.points == (0, 0)


def test_a_hand_thrown_in_under_stick_the_dealer_is_refused_at_the_maker():
    setup = make_setup(stick_the_dealer=True)
    error = refused({"maker": None}, setup)
    assert fields_of(error) == ["maker"]
    assert error.message == (
        "A hand is never thrown in with stick the dealer (house rule): the dealer must name "
        "trumps, so choose who made them."
    )
    assert score(GOOD, setup).outcome.points == (1, 0)  # a hand played is as ever


def test_every_wrong_field_is_named_at_once():
    with pytest.raises(InvalidFacts) as info:
        parse_deal({"maker": 7, "alone": "no", "tricks": 9, "bids": [1]}, make_setup())
    assert sorted(fields_of(info.value)) == ["alone", "bids", "maker", "tricks"]


def test_a_wrong_field_leaves_the_rest_named_too():
    error = refused({"maker": None, "alone": True, "tricks": 3}, make_setup(stick_the_dealer=True))
    assert fields_of(error) == ["maker", "alone", "tricks"]


# ---- the dealer and the end --------------------------------------------------------------------


def test_a_dealer_given_must_be_the_one_the_rules_give():
    error = refused(with_(dealer=NORTH))
    assert isinstance(error, NotThisDealer)
    assert fields_of(error) == ["dealer"]
    assert error.message == "It is West's deal (seat 3), not North's."
    assert score(with_(dealer=WEST)).outcome.dealer == WEST


@pytest.mark.parametrize("value", [4, "3", True])
def test_a_dealer_given_is_a_seat(value):
    assert fields_of(refused(with_(dealer=value))) == ["dealer"]


def test_replay_names_the_deal_and_the_field():
    with pytest.raises(FactError) as info:
        GAME.replay(make_setup(), [GOOD, {"maker": EAST, "tricks": 6}])
    assert (info.value.deal, info.value.field) == (2, "tricks")


# ---- the setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [["A", "B", "C"], ["A", "B", "C", "D", "E"], "ABCD"])
def test_four_players(players):
    assert fields_of(setup_refused(players=players)) == ["players"]


@pytest.mark.parametrize("seat", [4, -1, "0", True])
def test_the_first_dealer_is_a_seat(seat):
    assert fields_of(setup_refused(first_dealer=seat)) == ["first_dealer"]


def test_euchre_has_no_modes():
    assert fields_of(setup_refused(mode="4p")) == ["mode"]


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"target": 0}, "house_rules.target"),
        ({"target": "10"}, "house_rules.target"),
        ({"target": True}, "house_rules.target"),
        ({"target": 7.5}, "house_rules.target"),
        ({"defend_alone": "yes"}, "house_rules.defend_alone"),
        ({"defend_alone": 1}, "house_rules.defend_alone"),
        ({"stick_the_dealer": None}, "house_rules.stick_the_dealer"),
        ({"bag_limit": 10}, "house_rules.bag_limit"),
    ],
)
def test_house_rules_are_checked_by_name(rules, field):
    assert fields_of(setup_refused(house_rules=rules)) == [field]


@pytest.mark.parametrize(
    ("start", "field"),
    [
        ({"points": [1]}, "start.points"),
        ({"points": [-1, 0]}, "start.points"),
        ({"points": [1, "2"]}, "start.points"),
        ({"points": [1, 2], "bags": [0, 0]}, "start.bags"),
        ([3, 4], "start"),
    ],
)
def test_the_start_score_is_points_per_team(start, field):
    assert field in fields_of(setup_refused(start=start))


@pytest.mark.parametrize(
    ("points", "rules"), [([10, 3], {}), ([2, 12], {}), ([7, 0], {"target": 7})]
)
def test_a_start_score_that_has_already_won_is_refused(points, rules):
    error = setup_refused(start={"points": points}, house_rules=rules)
    assert fields_of(error) == ["start.points"]
    assert error.message == (
        f"That game is already won: {max(points)} has reached the target of "
        f"{rules.get('target', 10)}."
    )


def test_every_wrong_part_of_the_setup_is_named_at_once():
    error = setup_refused(first_dealer=9, house_rules={"target": -3}, start={"points": [1]})
    assert sorted(fields_of(error)) == ["first_dealer", "house_rules.target", "start.points"]


def test_a_good_setup_reads_back_as_it_was_written():
    setup = Setup.create(
        players=["Asha", "Bongani", "Chetan", "Dev"],
        first_dealer=2,
        house_rules={"target": 7, "defend_alone": True},
        start={"points": [3, 5]},
    )
    assert GAME.envelope(setup) == {
        "house_rules": {"target": 7, "defend_alone": True, "stick_the_dealer": False},
        "players": ["Asha", "Bongani", "Chetan", "Dev"],
        "first_dealer": 2,
        "start": {"points": [3, 5]},
    }
    assert GAME.setup(GAME.envelope(setup)) == setup
    assert GAME.changed_house_rules(setup) == {"target": 7, "defend_alone": True}


def test_every_refusal_the_catalogue_words_is_one_the_core_says():
    """Each refusal is worded once, in words.toml, and said by its code in the core (every
    game's: tests/games/test_refusals.py)."""
    source = "\n".join(
        path.read_text(encoding="utf-8") for path in Path(euchre.__file__).parent.glob("*.py")
    )
    codes = set(sentences("scorekeeper.rules.euchre").REFUSALS)
    said = re.findall(r'REFUSE\(\s*"[\w.]+",\s*"(\w+)"|REFUSE\.why\(\s*"(\w+)"', source)
    assert codes == {a or b for a, b in said}
