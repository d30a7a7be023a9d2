"""Euchre's house rules: the game to another target (5, 7, 11 …), defending alone, and stick the
dealer; each named as the game log names it, with its words from the game's catalogue."""

from __future__ import annotations

import pytest

from scorekeeper.rules.euchre import GAME, HOUSE_RULES, HouseRules

from .support import EAST, NORTH, SOUTH, WEST, make_setup, play, refused, score


def test_the_house_rules_are_the_specs_with_their_standard_values():
    assert [(r.key, r.standard) for r in HOUSE_RULES] == [
        ("target", 10),
        ("defend_alone", False),
        ("stick_the_dealer", False),
    ]
    assert HouseRules() == HouseRules.from_dict({}) == HouseRules.from_dict(None)
    assert HouseRules().to_dict() == {
        "target": 10,
        "defend_alone": False,
        "stick_the_dealer": False,
    }


def test_each_house_rule_is_worded_for_the_new_game_form():
    words = {r.key: (r.label, r.labels, r.help) for r in HOUSE_RULES}
    assert words["target"][0] == "Game to"
    assert words["target"][1] == ("10 points (standard)",)
    assert words["defend_alone"][1][0] == "Off (standard)"
    assert words["stick_the_dealer"][1][1] == "On: the dealer must name trumps"
    assert all(help for _, _, help in words.values())
    target = HOUSE_RULES[0]
    assert target.allows(5) and target.allows(11) and target.allows(1) and not target.allows(0)


@pytest.mark.parametrize("target", [5, 7, 11])
def test_another_target_ends_the_game_there_and_not_before(target):
    setup = make_setup(target=target)
    marches = [{"maker": NORTH if i % 2 else SOUTH, "tricks": 5} for i in range(8)]
    results, state = play(setup, marches[: (target + 1) // 2])
    assert state.finished and state.winning_team == 0
    assert state.points == (2 * ((target + 1) // 2), 0)
    assert all(not r.after.finished for r in results[:-1])
    assert results[-1].outcome.explanation[-1] == (
        f"North & South reach {target} and win the game ({state.points[0]}–0)."
    )


def test_eleven_plays_on_where_ten_would_have_ended():
    deals = [{"maker": EAST, "alone": True, "tricks": 5}] * 2 + [{"maker": WEST, "tricks": 3}] * 3
    _, at_ten = play(make_setup(), deals[:4])
    assert at_ten.finished and at_ten.points == (0, 10)
    _, short_of_eleven = play(make_setup(target=11), deals[:4])
    assert not short_of_eleven.finished and short_of_eleven.dealer == WEST
    _, at_eleven = play(make_setup(target=11), deals)
    assert at_eleven.finished and at_eleven.points == (0, 11)


def test_defend_alone_off_a_lone_maker_euchred_gives_2_and_no_defender_may_go_alone():
    deal = {"maker": NORTH, "alone": True, "tricks": 2}
    assert score(deal).outcome.points == (0, 2)
    assert refused({**deal, "defender_alone": EAST}).field == "defender_alone"


def test_defend_alone_on_a_lone_defender_doubles_a_euchre_of_a_lone_maker():
    setup = make_setup(defend_alone=True)
    deal = {"maker": NORTH, "alone": True, "tricks": 2}
    assert score(deal, setup).outcome.points == (0, 2)  # nobody defended alone
    assert score({**deal, "defender_alone": WEST}, setup).outcome.points == (0, 4)


def test_stick_the_dealer_refuses_only_a_hand_thrown_in():
    setup = make_setup(stick_the_dealer=True)
    assert refused({"maker": None}, setup).field == "maker"
    assert score({"maker": WEST, "tricks": 3}, setup).outcome.points == (0, 1)
    assert score({"maker": None}, make_setup()).outcome.points == (0, 0)


def test_the_house_rules_go_with_the_setup_into_the_log():
    setup = make_setup(target=5, stick_the_dealer=True)
    assert GAME.envelope(setup)["house_rules"] == {
        "target": 5,
        "defend_alone": False,
        "stick_the_dealer": True,
    }
