"""Each house rule, read and checked by name, and what it changes in the score."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.spades import GAME, HOUSE_RULES, GameState, HouseRules

from .support import deal, fields_of, lines_of, make_setup, play, refused, score

STANDARD = {
    "target": 500,
    "bag_limit": 10,
    "bag_penalty": 100,
    "nil_bonus": 100,
    "blind_nil": False,
    "lose_at": None,
    "nil_tricks": "team",
}


def test_the_spec_keys_and_standard_values():
    assert [r.key for r in HOUSE_RULES] == list(STANDARD)
    assert {r.key: r.standard for r in HOUSE_RULES} == STANDARD
    assert HouseRules().to_dict() == STANDARD
    assert all(r.label for r in HOUSE_RULES)
    assert all(r.labels for r in HOUSE_RULES)


def test_every_setting_has_human_labels():
    labels = {r.key: r for r in HOUSE_RULES}
    assert labels["blind_nil"].label_of(True) == "On: worth twice the nil bonus"
    assert labels["nil_tricks"].label_of("exclude") == "Do not count for the team"
    assert labels["target"].label_of(500) == "500 points (standard)"
    assert labels["target"].label_of(300) == "300"
    assert labels["lose_at"].label_of(None) == "Never (standard)"


@pytest.mark.parametrize(
    "key, value",
    [
        ("target", 300),
        ("target", 1000),
        ("bag_limit", 5),
        ("bag_limit", 1),
        ("bag_penalty", 50),
        ("bag_penalty", 0),
        ("nil_bonus", 50),
        ("blind_nil", True),
        ("lose_at", -200),
        ("lose_at", -1),
        ("nil_tricks", "exclude"),
    ],
)
def test_allowed_values(key, value):
    setup = make_setup(**{key: value})
    assert getattr(setup.rules, key) == value
    assert GAME.changed_house_rules(setup) == {key: value}


@pytest.mark.parametrize(
    "key, value",
    [
        ("target", 0),
        ("target", "500"),
        ("target", 500.0),
        ("target", True),
        ("bag_limit", 0),
        ("bag_penalty", -100),
        ("nil_bonus", -1),
        ("blind_nil", 1),
        ("blind_nil", "true"),
        ("lose_at", 0),
        ("lose_at", 200),
        ("lose_at", "off"),
        ("nil_tricks", "partner"),
        ("nil_tricks", None),
    ],
)
def test_refused_values_name_the_setting(key, value):
    with pytest.raises(FactError) as info:
        make_setup(**{key: value})
    assert fields_of(info.value) == [f"house_rules.{key}"]


def test_an_unknown_setting_is_refused_by_name():
    with pytest.raises(FactError) as info:
        make_setup(bags_to_lose=10)
    assert fields_of(info.value) == ["house_rules.bags_to_lose"]
    assert info.value.code == "NOT_A_HOUSE_RULE"


# ---- target -----------------------------------------------------------------------------------


def test_a_lower_target_ends_the_game_sooner():
    setup = make_setup(target=250, points=(200, 100))
    res = score(deal([3, 3, 3, 3], [4, 3, 3, 3]), setup)  # A +61: 261
    assert res.after.finished
    assert res.after.winning_team == 0
    assert res.outcome.explanation[-1] == ("Asha & Chetan reach 250 and win the game, 261 to 160.")
    standard = score(deal([3, 3, 3, 3], [4, 3, 3, 3]), make_setup(points=(200, 100)))
    assert not standard.after.finished


# ---- bags -------------------------------------------------------------------------------------


def test_a_smaller_bag_limit():
    setup = make_setup(bag_limit=5, bags=(3, 0))
    res = score(deal([3, 3, 3, 3], [5, 3, 3, 2]), setup)  # A bid 6, took 8: 3 + 2 = 5
    assert res.outcome.bag_penalty == (-100, 0)
    assert res.after.bags == (0, 0)
    assert lines_of(res, "bags") == ["Asha & Chetan's bags: 3 + 2 = 5: -100 for 5 bags, 0 left."]


def test_start_bags_must_be_below_the_limit():
    with pytest.raises(FactError) as info:
        make_setup(bag_limit=5, bags=(5, 0))
    assert fields_of(info.value) == ["start.bags"]
    assert "0 to 4" in str(info.value)


def test_another_bag_penalty():
    res = score(deal([3, 3, 3, 3], [5, 3, 3, 2]), make_setup(bag_penalty=50, bags=(9, 0)))
    assert res.outcome.bag_penalty == (-50, 0)
    assert res.after.points == (62 - 50, -60)
    assert res.after.bags == (1, 0)


def test_no_bag_penalty_still_counts_the_bags_round():
    res = score(deal([3, 3, 3, 3], [5, 3, 3, 2]), make_setup(bag_penalty=0, bags=(9, 0)))
    assert res.outcome.bag_penalty == (0, 0)
    assert res.after.bags == (1, 0)
    assert lines_of(res, "bags") == [
        "Asha & Chetan's bags: 9 + 2 = 11: 10 reached, no penalty at this table, 1 left."
    ]


# ---- nil bonus and blind nil ------------------------------------------------------------------


def test_another_nil_bonus():
    setup = make_setup(nil_bonus=50)
    made = score(deal([0, 4, 5, 4], [0, 4, 5, 4]), setup)
    assert made.outcome.points == (50 + 50, 80)
    assert lines_of(made, "nil") == ["Asha's nil made: +50."]
    failed = score(deal([0, 4, 5, 4], [1, 4, 4, 4]), setup)
    assert failed.outcome.points == (50 - 50, 80)


def test_blind_nil_is_worth_twice_the_bonus():
    setup = make_setup(blind_nil=True)
    blind = [False, False, False, True]
    made = score(deal([4, 4, 4, 0], [4, 5, 4, 0], blind_nil=blind), setup)
    assert made.outcome.nil == (None, None, None, "made")
    assert made.outcome.points == (80, 41 + 200)
    assert lines_of(made, "nil") == ["Dev's blind nil made: +200."]
    assert lines_of(made, "contract")[1] == (
        "Bongani & Dev bid 4 (Dev blind nil), took 5: 40 + 1 bag = 41."
    )
    failed = score(deal([4, 4, 4, 0], [4, 4, 4, 1], blind_nil=blind), setup)
    assert failed.outcome.nil == (None, None, None, "failed")
    assert failed.outcome.points == (80, 41 - 200)
    assert lines_of(failed, "nil") == ["Dev's blind nil failed, 1 trick taken: -200."]
    half = make_setup(blind_nil=True, nil_bonus=50)
    fifty = score(deal([4, 4, 4, 0], [4, 5, 4, 0], blind_nil=blind), half)
    assert fifty.outcome.points == (80, 41 + 100)


def test_an_ordinary_nil_beside_a_blind_one():
    setup = make_setup(blind_nil=True)
    res = score(deal([0, 4, 6, 0], [0, 5, 8, 0], blind_nil=[True, False, False, False]), setup)
    assert res.outcome.points == (62 + 200, 41 + 100)


def test_blind_nil_is_refused_when_the_house_rule_is_off():
    error = refused(deal([4, 4, 4, 0], [4, 5, 4, 0], blind_nil=[False, False, False, True]))
    assert fields_of(error) == ["blind_nil"]
    assert "off in the house rules" in str(error)


def test_blind_nil_all_false_is_no_blind_nil():
    res = score(deal([4, 4, 4, 0], [4, 5, 4, 0], blind_nil=[False] * 4))
    assert res.outcome.points == (80, 141)
    assert "blind_nil" not in GAME.deal_to_log(res.facts)


# ---- lose_at ----------------------------------------------------------------------------------


def test_a_team_at_the_losing_score_loses():
    setup = make_setup(lose_at=-200, points=(-150, 100))
    res = score(deal([4, 3, 4, 3], [4, 3, 3, 3]), setup)  # A -80: -230
    assert res.after.finished
    assert res.after.winning_team == 1
    assert res.after.winners(setup) == (1, 3)
    assert res.outcome.explanation[-1] == (
        "Asha & Chetan fall to -230, at or below -200: Bongani & Dev win the game, 160 to -230."
    )


def test_exactly_the_losing_score_loses():
    setup = make_setup(lose_at=-200, points=(-130, 0))
    res = score(deal([4, 3, 3, 3], [4, 3, 2, 4]), setup)  # A bid 7, took 6: -70
    assert res.after.points == (-200, 61)
    assert res.after.winning_team == 1


def test_without_lose_at_scores_go_on_down():
    res = score(deal([4, 3, 4, 3], [4, 3, 3, 3]), make_setup(points=(-950, 100)))
    assert not res.after.finished
    assert res.after.points == (-1030, 160)


# ---- nil_tricks -------------------------------------------------------------------------------


def test_a_nil_bidders_tricks_count_for_the_team_as_standard():
    # Dev bids nil and takes 2; Bongani bids 4 and takes 3: with Dev's 2, made with a bag.
    res = score(deal([3, 4, 3, 0], [4, 3, 4, 2]))
    assert res.outcome.made == (True, True)
    assert res.outcome.points == (62, 41 - 100)
    assert res.outcome.bags_earned == (2, 1)


def test_excluded_a_nil_bidders_tricks_count_for_nothing():
    setup = make_setup(nil_tricks="exclude")
    res = score(deal([3, 4, 3, 0], [4, 3, 4, 2]), setup)
    assert res.outcome.made == (True, False)
    assert res.outcome.points == (62, -40 - 100)
    assert res.outcome.bags_earned == (2, 0)
    assert lines_of(res, "contract")[1] == (
        "Bongani & Dev bid 4 (Dev nil), took 3 (Dev's 2 not counted): failed, -40."
    )
    # Made on the partner's own tricks: the nil bidder's do not make bags either.
    res = score(deal([3, 4, 3, 0], [3, 5, 3, 2]), setup)
    assert res.outcome.made == (True, True)
    assert res.outcome.points == (60, 41 - 100)
    assert res.outcome.bags_earned == (0, 1)


def test_excluded_makes_no_difference_when_the_nil_is_made():
    data = deal([3, 4, 3, 0], [4, 5, 4, 0])
    excluded = score(data, make_setup(nil_tricks="exclude"))
    assert score(data).outcome.points == excluded.outcome.points == (62, 141)


# ---- both partners nil (our rule) -------------------------------------------------------------


def test_both_partners_nil_have_no_contract_and_their_tricks_are_bags():
    res = score(deal([6, 0, 6, 0], [6, 1, 5, 1]))
    out = res.outcome
    assert out.contracts == (12, 0)
    assert out.made == (False, True)  # A bid 12, took 11
    assert out.nil == (None, "failed", None, "failed")
    assert out.points == (-120 + 0, 2 - 200)
    assert out.bags_earned == (0, 2)
    assert lines_of(res, "contract")[1] == (
        "Bongani & Dev both bid nil, so have no contract: their 2 tricks are 2 bags, +2."
    )


def test_both_partners_nil_made():
    res = score(deal([6, 0, 7, 0], [6, 0, 7, 0]))
    assert res.outcome.points == (130, 200)
    assert res.outcome.bags_earned == (0, 0)
    assert lines_of(res, "contract")[1] == (
        "Bongani & Dev both bid nil, so have no contract; no tricks taken: 0."
    )


def test_both_partners_nil_with_excluded_tricks_score_only_the_nils():
    res = score(deal([6, 0, 6, 0], [6, 1, 5, 1]), make_setup(nil_tricks="exclude"))
    assert res.outcome.points == (-120, -200)
    assert res.outcome.bags_earned == (0, 0)
    assert lines_of(res, "contract")[1] == (
        "Bongani & Dev both bid nil, so have no contract; "
        "tricks taken by a nil bidder do not count: 0."
    )


def test_settings_are_fixed_for_the_game():
    setup = make_setup(target=300, nil_bonus=50, bag_limit=5)
    results, state = play(setup, [deal([3, 3, 3, 3], [4, 3, 3, 3])] * 2)
    assert state == GameState(
        points=(122, 120), bags=(2, 0), dealer=2, deals=2, finished=False, nils_made=(0, 0)
    )
    assert GAME.envelope(setup)["house_rules"] == {
        **STANDARD,
        "target": 300,
        "nil_bonus": 50,
        "bag_limit": 5,
    }
