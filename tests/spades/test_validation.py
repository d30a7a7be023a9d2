"""Bad input is refused at the right field, in words a player understands."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError, GameOver, InvalidFacts, NotThisDealer
from scorekeeper.rules.spades import GAME, GameState, Setup, parse_deal

from .support import NAMES, deal, fields_of, make_setup, messages_of, play, refused, score

GOOD = deal([3, 4, 3, 3], [4, 3, 3, 3])


def test_a_good_deal_is_scored():
    assert score(GOOD).after.deals == 1


# ---- tricks -----------------------------------------------------------------------------------


@pytest.mark.parametrize("tricks, total", [([3, 3, 3, 3], 12), ([4, 4, 3, 3], 14), ([0] * 4, 0)])
def test_the_tricks_must_add_up_to_13(tricks, total):
    error = refused(deal([3, 4, 3, 3], tricks))
    assert fields_of(error) == ["tricks"]
    assert error.code == "TRICKS_ADD_UP"
    assert error.message == f"The tricks add up to {total}; a hand has 13."


@pytest.mark.parametrize(
    "tricks, field, word",
    [
        ([4, -1, 7, 3], "tricks.1", "-1"),
        ([14, 0, 0, 0], "tricks.0", "14"),
        ([4, 3, "3", 3], "tricks.2", '"3"'),
        ([4, 3, 3.0, 3], "tricks.2", "3.0"),
        ([4, 3, 3, True], "tricks.3", "true"),
        ([4, 3, 3, None], "tricks.3", "null"),
    ],
)
def test_each_players_tricks_are_a_whole_number_0_to_13(tricks, field, word):
    error = refused(deal([3, 4, 3, 3], tricks))
    assert fields_of(error) == [field]
    name = NAMES[int(field[-1])]
    assert error.code == "TOOK" and error.values == {"name": name, "tricks": word, "most": 13}
    assert error.message == f"{name} took {word}: a player takes 0 to 13 tricks."


@pytest.mark.parametrize("tricks", [[4, 3, 3], [4, 3, 3, 3, 0], 13, "4,3,3,3", {}])
def test_tricks_must_be_one_number_per_seat(tricks):
    error = refused(deal([3, 4, 3, 3], tricks))
    assert fields_of(error) == ["tricks"]
    assert error.code == "NOT_ONE_PER_SEAT" and "one per seat" in error.message


def test_missing_tricks():
    error = refused({"bids": [3, 4, 3, 3]})
    assert fields_of(error) == ["tricks"]
    assert error.message == "Enter how many tricks each player took."


# ---- bids -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bids, field, word",
    [
        ([3, 4, 14, 3], "bids.2", "14"),
        ([3, -1, 3, 3], "bids.1", "-1"),
        (["nil", 4, 3, 3], "bids.0", '"nil"'),
        ([3, 4, 3, False], "bids.3", "false"),
        ([3, 4, 3, 2.5], "bids.3", "2.5"),
    ],
)
def test_a_bid_is_0_to_13(bids, field, word):
    error = refused(deal(bids, [4, 3, 3, 3]))
    assert fields_of(error) == [field]
    name = NAMES[int(field[-1])]
    assert error.code == "BID" and error.values == {"name": name, "bid": word, "most": 13}
    assert error.message == f"{name} bid {word}: a bid is 0 (nil) to 13."


def test_bids_must_be_one_per_seat():
    assert fields_of(refused(deal([3, 4, 3], [4, 3, 3, 3]))) == ["bids"]


def test_missing_bids():
    error = refused({"tricks": [4, 3, 3, 3]})
    assert fields_of(error) == ["bids"]
    assert error.message == "Enter each player's bid (0 for nil)."


def test_any_bids_are_allowed_whatever_the_others_bid():
    assert score(deal([13, 13, 13, 13], [4, 3, 3, 3])).outcome.contracts == (26, 26)
    assert score(deal([0, 0, 0, 0], [4, 3, 3, 3])).outcome.contracts == (0, 0)


# ---- blind nil --------------------------------------------------------------------------------


def test_blind_nil_needs_the_house_rule():
    error = refused(deal([0, 4, 3, 3], [0, 4, 6, 3], blind_nil=[True, False, False, False]))
    assert fields_of(error) == ["blind_nil"]
    assert error.code == "BLIND_NIL_OFF"
    assert error.message == "Blind nil is not played in this game (it is off in the house rules)."


def test_a_blind_nil_must_be_a_bid_of_0():
    setup = make_setup(blind_nil=True)
    error = refused(deal([3, 4, 3, 3], [4, 3, 3, 3], blind_nil=[False, False, False, True]), setup)
    assert fields_of(error) == ["blind_nil.3"]
    assert error.message == "Dev bid 3: a blind nil is a bid of 0."


def test_blind_nil_flags_are_true_or_false():
    setup = make_setup(blind_nil=True)
    error = refused(deal([0, 4, 3, 3], [0, 4, 6, 3], blind_nil=[1, False, False, False]), setup)
    assert fields_of(error) == ["blind_nil.0"]
    assert "did Asha bid blind nil?" in error.message
    assert fields_of(refused(deal([0, 4, 3, 3], [0, 4, 6, 3], blind_nil=True), setup)) == [
        "blind_nil"
    ]


# ---- other fields -----------------------------------------------------------------------------


def test_an_unknown_field_is_refused_by_name():
    error = refused({**GOOD, "trump": "spades"})
    assert fields_of(error) == ["trump"]
    assert error.code == "DEAL_HAS_NO_FIELD"
    assert error.message == "A deal of this game has no such field: leave it out."


def test_a_deal_must_be_an_object():
    setup = make_setup()
    for data in ([3, 4, 3, 3], "bids", None):
        with pytest.raises(FactError) as info:
            parse_deal(data, setup)  # type: ignore[arg-type]
        assert fields_of(info.value) == ["deal"]


def test_several_problems_are_reported_together():
    error = refused({"bids": [3, 14, 3, 3], "tricks": [1, 1, 1, 1], "extra": 1})
    assert isinstance(error, InvalidFacts)
    assert fields_of(error) == ["extra", "bids.1", "tricks"]
    assert len(messages_of(error)) == 3


# ---- the dealer and the end of the game -------------------------------------------------------


def test_the_dealer_may_be_given_and_must_be_right():
    setup = make_setup(dealer=2)
    assert score({**GOOD, "dealer": 2}, setup).outcome.dealer == 2
    error = refused({**GOOD, "dealer": 1}, setup)
    assert isinstance(error, NotThisDealer)
    assert error.field == "dealer"
    assert error.code == "NOT_THIS_DEALER"
    assert error.message == "It is Chetan's deal (seat 2), not Bongani's."


def test_the_dealer_must_be_a_seat():
    error = refused({**GOOD, "dealer": 4})
    assert fields_of(error) == ["dealer"]
    assert not isinstance(error, NotThisDealer)


def test_the_second_deals_dealer_is_the_next_seat():
    setup = make_setup(dealer=3)
    results, state = play(setup, [{**GOOD, "dealer": 3}, {**GOOD, "dealer": 0}])
    assert [r.outcome.dealer for r in results] == [3, 0]
    error = refused({**GOOD, "dealer": 3}, setup, state)
    assert isinstance(error, NotThisDealer)


def test_no_deal_after_the_game_is_over():
    setup = make_setup(points=(480, 0))
    res = score(GOOD, setup)
    assert res.after.finished
    with pytest.raises(GameOver) as info:
        score(GOOD, setup, res.after)
    assert info.value.field == "deal"
    with pytest.raises(GameOver):
        GAME.open_deal({"bids": [3, 3, 3, 3]}, res.after, setup)


# ---- the setup --------------------------------------------------------------------------------


def setup_error(**envelope) -> FactError:
    base = {"players": NAMES, "first_dealer": 0}
    with pytest.raises(FactError) as info:
        GAME.setup({**base, **envelope})
    return info.value


@pytest.mark.parametrize(
    "envelope, fields",
    [
        ({"players": NAMES[:3]}, ["players"]),
        ({"players": [*NAMES, "Esi"]}, ["players"]),
        ({"players": "Asha, Bongani"}, ["players"]),
        ({"players": ["Asha", "Bongani", "  ", "Dev"]}, ["players.2"]),
        ({"players": ["Asha", "Bongani", 7, "Dev"]}, ["players.2"]),
        ({"players": ["Asha", "Bongani", "asha", "Dev"]}, ["players.2"]),
        ({"first_dealer": 4}, ["first_dealer"]),
        ({"first_dealer": "0"}, ["first_dealer"]),
        ({"mode": "4p"}, ["mode"]),
        ({"house_rules": {"target": "high"}}, ["house_rules.target"]),
        ({"house_rules": ["target"]}, ["house_rules"]),
        ({"start": {"points": [0]}}, ["start.points"]),
        ({"start": {"points": [10, "20"]}}, ["start.points"]),
        ({"start": {"bags": [-1, 0]}}, ["start.bags"]),
        ({"start": {"bags": [10, 0]}}, ["start.bags"]),
        ({"start": {"balls": [1, 0]}}, ["start.balls"]),
        ({"start": [0, 0]}, ["start"]),
        ({"start": {"points": [500, 200]}}, ["start.points"]),
        ({"start": {"points": [-250, 0]}, "house_rules": {"lose_at": -200}}, ["start.points"]),
    ],
)
def test_setup_errors_name_the_field(envelope, fields):
    assert fields_of(setup_error(**envelope)) == fields


def test_setup_reports_several_problems_at_once():
    error = setup_error(
        players=["Asha", "", "Chetan", "Dev"],
        house_rules={"nil_bonus": "lots"},
        start={"bags": [0, 12]},
    )
    assert fields_of(error) == ["players.1", "house_rules.nil_bonus", "start.bags"]


def test_a_start_score_already_over_says_why():
    error = setup_error(start={"points": [510, 300]})
    assert error.code == "START_WON"
    assert error.message == "That game is already over: 510 has reached the target of 500."


def test_a_start_score_may_be_negative_and_tied_past_the_target():
    setup = Setup.create(players=NAMES, start={"points": [-120, 40], "bags": [3, 9]})
    assert GameState.initial(setup).points == (-120, 40)
    assert GameState.initial(setup).bags == (3, 9)
    tied = Setup.create(players=NAMES, start={"points": [510, 510]})
    assert not GameState.initial(tied).finished


def test_names_are_trimmed_and_the_first_dealer_is_kept():
    setup = GAME.setup({"players": [" Asha ", "Bongani", "Chetan", "Dev"], "first_dealer": 3})
    assert setup.players == tuple(NAMES)
    assert setup.first_dealer == 3
    assert GAME.initial_state(setup).dealer == 3
