"""Euchre behind the games' one interface: a whole game to 10, a game taken over at a start
score, the standings, summary and headlines, the log's form both ways, the cache, and exactly
the `computed` keys the game-log spec lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.core.game import GameRules, Standing, replay
from scorekeeper.core.teams import TeamsGame
from scorekeeper.rules import euchre
from scorekeeper.rules.euchre import GAME, RULE_ANCHORS, Euchre, GameState

from .support import EAST, NAMES, NORTH, SOUTH, WEST, make_setup, play

# A whole game to 10, West dealing first: (hand, what it scores, the score after it).
WHOLE_GAME = [
    ({"maker": NORTH, "tricks": 3}, (1, 0), (1, 0)),
    ({"maker": EAST, "alone": True, "tricks": 5}, (0, 4), (1, 4)),
    ({"maker": None}, (0, 0), (1, 4)),
    ({"maker": SOUTH, "tricks": 5}, (2, 0), (3, 4)),
    ({"maker": WEST, "tricks": 1}, (2, 0), (5, 4)),
    ({"maker": NORTH, "alone": True, "tricks": 4}, (1, 0), (6, 4)),
    ({"maker": EAST, "tricks": 4}, (0, 1), (6, 5)),
    ({"maker": SOUTH, "alone": True, "tricks": 2}, (0, 2), (6, 7)),
    ({"maker": NORTH, "tricks": 5}, (2, 0), (8, 7)),
    ({"maker": WEST, "tricks": 3}, (0, 1), (8, 8)),
    ({"maker": SOUTH, "tricks": 4}, (1, 0), (9, 8)),
    ({"maker": EAST, "alone": True, "tricks": 5}, (0, 4), (9, 12)),
]
DEALS = [deal for deal, _, _ in WHOLE_GAME]


def test_the_game_is_described_as_the_spec_says():
    assert isinstance(GAME, GameRules) and isinstance(GAME, TeamsGame)
    assert isinstance(GAME, Euchre)
    assert (GAME.key, GAME.name) == ("euchre", "Euchre")
    assert GAME.seat_counts == (4,)
    assert GAME.modes == ()
    assert GAME.opening_fields == ()
    assert GAME.fixed_teams


def test_a_whole_game_to_10():
    setup = make_setup()
    results, state = play(setup, DEALS)
    assert [r.outcome.points for r in results] == [points for _, points, _ in WHOLE_GAME]
    assert [r.after.points for r in results] == [total for _, _, total in WHOLE_GAME]
    assert [r.outcome.dealer for r in results] == [WEST, NORTH, EAST, SOUTH] * 3
    assert all(not r.after.finished for r in results[:-1])
    assert state == GameState((9, 12), None, finished=True, winning_team=1, deals=12)
    assert GAME.computed_state(setup, state) == {
        "points": [9, 12],
        "next_dealer": None,
        "finished": True,
        "winners": [EAST, WEST],
    }
    assert GAME.summary(setup, state) == "9–12"
    assert GAME.standings(setup, state) == [
        Standing((NORTH, SOUTH), "North & South", 9, False, {"points": 9}),
        Standing((EAST, WEST), "East & West", 12, True, {"points": 12}),
    ]
    assert GAME.ranking(setup, state).places == (2, 1)
    progression = GAME.progression(setup, replay(GAME, setup, DEALS)[0])
    assert [s.values for s in progression.series] == [
        (0, *(total[0] for _, _, total in WHOLE_GAME)),
        (0, *(total[1] for _, _, total in WHOLE_GAME)),
    ]


def test_every_hand_says_the_same_through_the_interface_as_step_by_step():
    setup = make_setup()
    state = GAME.initial_state(setup)
    for deal in DEALS:
        result = GAME.score_deal(GAME.parse_deal(deal, setup), state, setup)
        state = result.after
    assert state == play(setup, DEALS)[1]


def test_the_headline_of_each_kind_of_hand():
    setup = make_setup()
    results, _ = play(setup, DEALS[:5])
    assert [GAME.headline(setup, r) for r in results] == [
        "+1 / +0",
        "+0 / +4 march",
        "thrown in",
        "+2 / +0 march",
        "+2 / +0 euchred",
    ]


def test_the_computed_keys_are_exactly_the_specs():
    setup = make_setup()
    results, state = play(setup, DEALS[:3])
    for result in results:
        assert list(GAME.computed_deal(result)) == [
            "dealer",
            "makers",
            "points",
            "march",
            "euchred",
            "explanation",
        ]
    assert list(GAME.computed_state(setup, state)) == [
        "points",
        "next_dealer",
        "finished",
        "winners",
    ]
    assert GAME.computed_state(setup, state) == {
        "points": [1, 4],
        "next_dealer": SOUTH,
        "finished": False,
        "winners": [],
    }


def test_a_game_taken_over_at_a_start_score_goes_on_from_it():
    setup = make_setup(points=(7, 9), dealer=SOUTH)
    state = GAME.initial_state(setup)
    assert (state.points, state.dealer, state.finished) == ((7, 9), SOUTH, False)
    assert GAME.envelope(setup)["start"] == {"points": [7, 9]}
    results, state = play(setup, [{"maker": NORTH, "tricks": 5}, {"maker": EAST, "tricks": 1}])
    assert [r.after.points for r in results] == [(9, 9), (11, 9)]
    assert state.finished and GAME.winners(setup, state) == (NORTH, SOUTH)


def test_a_start_from_zero_is_left_out_of_the_envelope():
    assert "start" not in GAME.envelope(make_setup(points=(0, 0)))
    assert make_setup(points=(0, 0)) == make_setup()


@pytest.mark.parametrize(
    "deal",
    [
        {"maker": NORTH, "tricks": 4},
        {"maker": None},
        {"maker": EAST, "alone": True, "tricks": 0},
        {"maker": WEST, "alone": True, "defender_alone": NORTH, "tricks": 2},
    ],
)
def test_parse_deal_and_deal_to_log_round_trip(deal):
    setup = make_setup(defend_alone=True)
    facts = GAME.parse_deal(deal, setup)
    assert GAME.deal_to_log(facts) == deal
    assert GAME.parse_deal(GAME.deal_to_log(facts), setup) == facts


def test_deal_to_log_leaves_the_dealer_the_rules_give_out():
    facts = GAME.parse_deal({"dealer": WEST, "maker": NORTH, "tricks": 3}, make_setup())
    assert GAME.deal_to_log(facts) == {"maker": NORTH, "tricks": 3}
    assert facts.to_dict() == {"dealer": WEST, "maker": NORTH, "tricks": 3}


def test_every_state_survives_the_cache():
    setup = make_setup()
    replayed, _ = replay(GAME, setup, DEALS)
    for deal in replayed:
        for state in (deal.result.before, deal.result.after):
            cached = json.loads(json.dumps(GAME.state_to_cache(state)))
            assert GAME.state_from_cache(cached, setup) == state


def test_a_hand_is_recorded_in_one_step():
    setup = make_setup()
    with pytest.raises(FactError) as info:
        GAME.open_deal({"maker": NORTH}, GAME.initial_state(setup), setup)
    assert info.value.field == "deal"


def test_a_hands_facts_in_words_name_the_seats():
    setup = make_setup(names=NAMES, defend_alone=True)
    deal = {"dealer": WEST, "maker": NORTH, "alone": True, "defender_alone": EAST, "tricks": 2}
    words = {w.key: (w.label, str(w.text)) for w in GAME.fact_words(setup, deal)}
    assert words == {
        "dealer": ("dealer", "Dev"),
        "maker": ("made trumps", "Asha"),
        "alone": ("alone", "yes"),
        "defender_alone": ("defended alone", "Bongani"),
        "tricks": ("makers' tricks", "2"),
    }
    thrown_in = GAME.fact_words(setup, {"maker": None})
    assert [(w.label, str(w.text)) for w in thrown_in] == [("made trumps", "nobody (thrown in)")]


def test_every_line_links_to_a_rule_anchor_and_a_game_uses_them_all():
    setup = make_setup(defend_alone=True)
    deals = [*DEALS[:-1], {"maker": EAST, "alone": True, "defender_alone": NORTH, "tricks": 5}]
    replayed, _ = replay(GAME, setup, deals)
    used = {line.rule for d in replayed for line in d.result.outcome.lines}
    assert used == set(RULE_ANCHORS)
    for d in replayed:
        for line in d.result.outcome.lines:
            assert line.text == line.data["template"].format(**line.data)


def test_the_core_imports_nothing_from_django():
    for path in Path(euchre.__file__).parent.glob("*.py"):
        assert "django" not in path.read_text()
