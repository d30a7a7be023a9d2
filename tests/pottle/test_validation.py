"""Every kind of bad Pottle input is refused, naming the field in the game log's words."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError, InvalidFacts, NotThisDealer
from scorekeeper.rules.pottle import GAME, GameState, parse_deal

from .support import fields_of, make_setup, refused, score

GOOD = {"bids": [1, 2, 3, 0], "tricks": [1, 3, 3, 0]}


def with_(**fields):
    return {**GOOD, **fields}


def test_the_deal_must_be_an_object():
    assert fields_of(refused([1, 2, 3])) == ["deal"]


def test_an_unknown_field_is_refused_by_name():
    error = refused(with_(winner=2))
    assert fields_of(error) == ["winner"]
    assert error.code == "DEAL_HAS_NO_FIELD"


@pytest.mark.parametrize("field", ["bids", "tricks"])
def test_bids_and_tricks_are_required(field):
    deal = {k: v for k, v in GOOD.items() if k != field}
    error = refused(deal)
    assert fields_of(error) == [field]
    assert (
        error.message
        == {
            "bids": "Enter each player's bid (0 to 7).",
            "tricks": "Enter how many tricks each player took.",
        }[field]
    )


@pytest.mark.parametrize("value", [[1, 2, 3], [1, 2, 3, 0, 1], 3, "1230"])
def test_bids_need_one_per_seat(value):
    error = refused(with_(bids=value))
    assert fields_of(error) == ["bids"]
    assert error.code == "NOT_ONE_PER_SEAT" and error.values == {"seats": 4}


@pytest.mark.parametrize(("value", "bad"), [(8, "8"), (-1, "-1"), (True, "true"), (2.0, "2.0")])
def test_a_bid_is_a_whole_number_from_0_to_7(value, bad):
    error = refused(with_(bids=[1, 2, value, 0]))
    assert fields_of(error) == ["bids.2"]
    assert error.message == f"{bad} is not a bid (0 to 7)."


def test_a_missing_bid_is_named():
    error = refused(with_(bids=[1, None, 3, 0]))
    assert fields_of(error) == ["bids.1"]


@pytest.mark.parametrize("value", [[1, 3, 3], [1, 3, 3, 0, 0], None])
def test_tricks_need_one_per_seat(value):
    error = refused(with_(tricks=value))
    assert fields_of(error) == ["tricks"]


@pytest.mark.parametrize("value", [8, -1, False, "3"])
def test_a_number_of_tricks_is_from_0_to_7(value):
    error = refused(with_(tricks=[1, value, 3, 0]))
    assert fields_of(error) == ["tricks.1"]


@pytest.mark.parametrize(("tricks", "total"), [([1, 3, 3, 1], 8), ([1, 2, 3, 0], 6)])
def test_tricks_must_add_up_to_seven(tricks, total):
    error = refused(with_(tricks=tricks))
    assert fields_of(error) == ["tricks"]
    assert error.message == (
        f"The tricks add up to {total}, but every deal has 7 tricks (7 cards each): check each "
        "player's tricks."
    )


@pytest.mark.parametrize("value", ["trumps", "Hearts", "none", 1])
def test_trumps_are_a_suit_or_no_trumps(value):
    error = refused(with_(trumps=value))
    assert fields_of(error) == ["trumps"]
    assert error.code == "NOT_A_CHOICE"
    assert error.values["choices"] == '"hearts", "clubs", "diamonds", "spades", "no-trumps"'


@pytest.mark.parametrize("suit", ["hearts", "clubs", "diamonds", "spades", "no-trumps"])
def test_every_suit_and_no_trumps_are_accepted(suit):
    assert score(with_(trumps=suit)).facts.trumps == suit


@pytest.mark.parametrize(
    ("value", "field"), [([0, -2, 0, 0], "chips_bought.1"), (5, "chips_bought")]
)
def test_chips_bought_are_whole_numbers_per_seat(value, field):
    assert fields_of(refused(with_(chips_bought=value))) == [field]


def test_a_player_without_chips_for_the_ante_must_buy_first():
    setup = make_setup()
    state = GameState(chips=(0, 4, 1, 0), bought=(0, 0, 0, 0), pot=35, dealer=0)
    error = refused(GOOD, setup, state)
    assert isinstance(error, InvalidFacts)
    assert fields_of(error) == ["chips_bought.0", "chips_bought.3"]
    assert error.errors[0].message == (
        "Asha has 0 chips, fewer than the ante of 1: a player without the chips for the ante "
        "must buy before the deal (at least 1 more)."
    )
    # Buying enough makes it right; buying too little is still refused, and says so.
    assert score(with_(chips_bought=[1, 0, 0, 3]), setup, state).after.chips[3] == 2
    two = make_setup(ante=2)
    error = refused(with_(chips_bought=[1, 0, 0, 2]), two, state)
    assert fields_of(error) == ["chips_bought.0", "chips_bought.2"]  # Chetan has 1 of 2 too
    assert error.message.startswith("Asha has 0 and buys 1, 1 in all, fewer than the ante of 2")
    assert error.errors[1].code == "HAS_ONE_CHIP"


def test_the_dealer_must_be_the_one_the_rules_give():
    with pytest.raises(NotThisDealer) as info:
        score(with_(dealer=1))
    assert info.value.field == "dealer"
    assert info.value.message == "It is Asha's deal (seat 0), not Bongani's."
    assert score(with_(dealer=0)).outcome.dealer == 0


def test_the_dealer_must_be_a_seat():
    assert fields_of(refused(with_(dealer=4))) == ["dealer"]


def test_several_problems_are_reported_together():
    error = refused({"bids": [9, 2, 3], "tricks": [1, 1, 1, 1], "trumps": "stars", "x": 1})
    assert isinstance(error, InvalidFacts)
    assert sorted(fields_of(error)) == ["bids", "tricks", "trumps", "x"]


def test_the_same_bid_limit_counts_the_seats_table():
    setup = make_setup(5)
    error = refused({"bids": [0, 0, 0, 3, 4], "tricks": [0, 0, 0, 3, 4]}, setup)
    assert "3 players bid 0 (Asha, Bongani, Chetan)" in error.message


def test_parse_alone_does_not_need_the_game_state():
    facts = parse_deal(with_(chips_bought=[0, 0, 0, 0]), make_setup())
    assert facts.chips_bought is None  # buying nothing is the same as leaving the field out


# ---- the setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("envelope", "field"),
    [
        ({"players": ["A", "B"]}, "players"),
        ({"players": ["A", "B", "C", "D", "E", "F", "G", "H"]}, "players"),
        ({"players": ["A", "", "C"]}, "players.1"),
        ({"players": ["A", "a", "C"]}, "players.1"),
        ({"players": ["A", "B", "C"], "first_dealer": 3}, "first_dealer"),
        ({"players": ["A", "B", "C"], "mode": "4p"}, "mode"),
        ({"players": ["A", "B", "C"], "house_rules": []}, "house_rules"),
        ({"players": ["A", "B", "C"], "start": []}, "start"),
        ({"players": ["A", "B", "C"], "start": {"chips": [1, 2]}}, "start.chips"),
        ({"players": ["A", "B", "C"], "start": {"chips": [1, -2, 3]}}, "start.chips"),
        ({"players": ["A", "B", "C"], "start": {"pot": -1}}, "start.pot"),
        ({"players": ["A", "B", "C"], "start": {"pot": "3"}}, "start.pot"),
        ({"players": ["A", "B", "C"], "start": {"points": [1, 2]}}, "start.points"),
        ({"players": ["A", "B", "C"], "start": {"bought": [1, 2]}}, "start.bought"),
    ],
)
def test_setup_errors_name_the_envelope_field(envelope, field):
    with pytest.raises(FactError) as info:
        GAME.setup(envelope)
    assert field in fields_of(info.value)


def test_setup_reports_house_rule_and_start_problems_together():
    with pytest.raises(InvalidFacts) as info:
        GAME.setup({"players": ["A", "B", "C"], "house_rules": {"ante": 0}, "start": {"pot": -1}})
    assert fields_of(info.value) == ["house_rules.ante", "start.pot"]
