"""Each Pottle house rule's effect, and how the setup reads them."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.pottle import GAME, HOUSE_RULES, GameState, HouseRules, Setup, settle_up

from .support import fields_of, make_setup, refused, score, text

CARRY = {"bids": [3, 2, 1, 0], "tricks": [2, 1, 0, 4]}
WIN = {"bids": [1, 2, 3, 0], "tricks": [1, 3, 3, 0]}


def test_the_standard_values_are_the_specs():
    assert HouseRules() == HouseRules(
        ante=1, starting_chips=10, no_winner_dealer="same", same_bid_limit=2, chip_value=1
    )
    assert {rule.key: rule.standard for rule in HOUSE_RULES} == {
        "ante": 1,
        "starting_chips": 10,
        "no_winner_dealer": "same",
        "same_bid_limit": 2,
        "chip_value": 1,
    }


def test_ante():
    setup = make_setup(ante=3)
    result = score(WIN, setup)
    assert result.outcome.pot == 12
    assert result.after.chips == (7, 7, 19, 7)
    assert "Everyone antes 3 chips: the pot is 12." in text(result)


def test_starting_chips():
    setup = make_setup(starting_chips=25)
    assert GameState.initial(setup).chips == (25, 25, 25, 25)
    assert score(WIN, setup).after.chips == (24, 24, 28, 24)


def test_starting_chips_of_none_means_everyone_buys_before_the_first_deal():
    setup = make_setup(starting_chips=0)
    error = refused(WIN, setup)
    assert fields_of(error) == [f"chips_bought.{s}" for s in range(4)]
    result = score({"chips_bought": [5, 5, 5, 5], **WIN}, setup)
    assert result.after.chips == (4, 4, 8, 4)


def test_no_winner_dealer():
    assert score(CARRY, make_setup(dealer=1)).after.dealer == 1
    assert score(CARRY, make_setup(dealer=1, no_winner_dealer="left")).after.dealer == 2
    # It only matters when nobody wins: the winner deals either way.
    assert score(WIN, make_setup(dealer=1, no_winner_dealer="left")).after.dealer == 2


def test_same_bid_limit_two_refuses_a_third_player_on_the_same_number():
    deal = {"bids": [2, 2, 2, 1], "tricks": [2, 2, 2, 1]}
    error = refused(deal)
    assert fields_of(error) == ["bids"]
    assert error.code == "SAME_BID" and error.values["count"] == 3
    assert "3 players bid 2 (Asha, Bongani, Chetan)" in error.message
    assert "at most 2 players can bid the same number" in error.message
    # With the limit off it is an ordinary deal: three tied at 2, the pot carries.
    result = score(deal, make_setup(same_bid_limit="none"))
    assert result.outcome.winner is None


def test_same_bid_limit_two_allows_a_pair():
    assert score({"bids": [2, 2, 3, 0], "tricks": [2, 2, 3, 0]}).outcome.winner == 2


def test_chip_value_only_changes_the_money_of_the_settle_up():
    cheap, dear = make_setup(), make_setup(chip_value=25)
    a, b = score(WIN, cheap), score(WIN, dear)
    assert a.after == b.after
    assert a.outcome.explanation == b.outcome.explanation
    assert [x.net_money for x in settle_up(cheap, a.after).balances] == [-1, -1, 3, -1]
    assert [x.net_money for x in settle_up(dear, b.after).balances] == [-25, -25, 75, -25]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("ante", 0),
        ("ante", -1),
        ("ante", "2"),
        ("ante", True),
        ("starting_chips", -5),
        ("no_winner_dealer", "right"),
        ("same_bid_limit", 3),
        ("same_bid_limit", "two"),
        ("chip_value", 0),
        ("chip_value", 0.5),
    ],
)
def test_a_value_outside_the_table_is_refused_by_name(key, value):
    with pytest.raises(FactError) as info:
        make_setup(**{key: value})
    assert fields_of(info.value) == [f"house_rules.{key}"]


def test_an_unknown_house_rule_is_refused():
    with pytest.raises(FactError) as info:
        make_setup(target=16)
    assert fields_of(info.value) == ["house_rules.target"]
    assert info.value.code == "NOT_A_HOUSE_RULE"


def test_numbers_beyond_the_standard_are_allowed():
    setup = make_setup(ante=2, starting_chips=50, chip_value=10)
    assert (setup.rules.ante, setup.rules.starting_chips, setup.rules.chip_value) == (2, 50, 10)


def test_the_envelope_carries_every_house_rule_and_only_the_changed_ones_are_changed():
    setup = make_setup(ante=2, no_winner_dealer="left")
    env = GAME.envelope(setup)
    assert env["house_rules"] == {
        "ante": 2,
        "starting_chips": 10,
        "no_winner_dealer": "left",
        "same_bid_limit": 2,
        "chip_value": 1,
    }
    assert GAME.changed_house_rules(setup) == {"ante": 2, "no_winner_dealer": "left"}
    assert GAME.setup(env) == setup


def test_missing_house_rules_take_the_standard_values():
    setup = Setup.create(players=["A", "B", "C"])
    assert setup.rules == HouseRules()
