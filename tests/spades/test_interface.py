"""Spades behind the games' one interface: setup and envelope, the opening, the exported keys,
standings, the cache and the log round trips, and replay."""

from __future__ import annotations

import json

import pytest

from scorekeeper.core.errors import FactError, NotThisDealer
from scorekeeper.core.game import GameRules, Opening, replay
from scorekeeper.rules import spades
from scorekeeper.rules.spades import GAME, DealFacts, GameState, Spades

from .support import NAMES, deal, fields_of, make_setup, play, score


def test_the_game():
    assert isinstance(GAME, GameRules) and isinstance(GAME, Spades)
    assert GAME.key == "spades"
    assert GAME.name == "Spades"
    assert GAME.seat_counts == (4,)
    assert GAME.modes == ()
    assert GAME.dealer_field == "dealer"
    assert GAME.opening_fields == ("bids", "blind_nil")
    assert GAME.mode_label(make_setup()) == "4 players"


def test_the_core_imports_no_django():
    import ast
    import pathlib

    folder = pathlib.Path(spades.__file__).parent
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                assert top in {"__future__", "collections", "dataclasses", "typing", "scorekeeper"}
                assert not name.startswith("scorekeeper.") or name.startswith("scorekeeper.core")


# ---- setup and envelope -----------------------------------------------------------------------


def test_envelope_round_trip_and_start_only_when_not_zero():
    setup = GAME.setup({"players": NAMES, "first_dealer": 2})
    doc = GAME.envelope(setup)
    assert doc == {
        "house_rules": {
            "target": 500,
            "bag_limit": 10,
            "bag_penalty": 100,
            "nil_bonus": 100,
            "blind_nil": False,
            "lose_at": None,
            "nil_tricks": "team",
        },
        "players": NAMES,
        "first_dealer": 2,
    }
    assert GAME.setup(doc) == setup
    assert GAME.changed_house_rules(setup) == {}
    started = GAME.setup(
        {"players": NAMES, "house_rules": {"lose_at": -200}, "start": {"points": [-40, 120]}}
    )
    doc = GAME.envelope(started)
    assert doc["start"] == {"points": [-40, 120], "bags": [0, 0]}
    assert GAME.setup(doc) == started
    assert GAME.changed_house_rules(started) == {"lose_at": -200}
    assert GAME.initial_state(started).points == (-40, 120)


# ---- the opening: bids before the hand is played ----------------------------------------------


def test_open_deal_checks_the_bids_and_tells_the_board():
    setup = make_setup()
    opening = GAME.open_deal({"bids": [4, 5, 3, 0]}, GAME.initial_state(setup), setup)
    assert isinstance(opening, Opening)
    assert opening.facts == {"bids": [4, 5, 3, 0]}
    assert [line.text for line in opening.lines] == [
        "Asha & Chetan bid 4 + 3 = 7.",
        "Bongani & Dev bid 5 (Dev nil).",
        "Dev bids nil: +100 if Dev takes no trick, -100 if Dev takes any.",
    ]
    assert [line.rule for line in opening.lines] == ["bidding", "bidding", "nil"]
    assert opening.lines[0].points == 7
    # The data keeps its numbers; the words' template and placeholders come with them.
    assert opening.lines[0].data.items() >= {"team": 0, "contract": 7, "bids": [4, 3]}.items()


def test_open_deal_with_blind_nil_and_both_partners_nil():
    setup = make_setup(blind_nil=True, nil_bonus=50)
    data = {"bids": [0, 0, 6, 0], "blind_nil": [True, False, False, False], "dealer": 0}
    opening = GAME.open_deal(data, GAME.initial_state(setup), setup)
    assert opening.facts == {"bids": [0, 0, 6, 0], "blind_nil": [True, False, False, False]}
    assert [line.text for line in opening.lines] == [
        "Asha & Chetan bid 6 (Asha blind nil).",
        "Bongani & Dev both bid nil, so have no contract.",
        "Asha bids blind nil: +100 if Asha takes no trick, -100 if Asha takes any.",
        "Bongani bids nil: +50 if Bongani takes no trick, -50 if Bongani takes any.",
        "Dev bids nil: +50 if Dev takes no trick, -50 if Dev takes any.",
    ]
    assert opening.lines[2].rule == "blind-nil"


def test_open_deal_refuses_bad_bids_and_leaves_the_tricks_for_later():
    setup = make_setup()
    state = GAME.initial_state(setup)
    with pytest.raises(FactError) as info:
        GAME.open_deal({"bids": [4, 15, 3, 0]}, state, setup)
    assert fields_of(info.value) == ["bids.1"]
    with pytest.raises(FactError) as info:
        blind = {"bids": [4, 5, 3, 0], "blind_nil": [False, False, False, True]}
        GAME.open_deal(blind, state, setup)
    assert fields_of(info.value) == ["blind_nil"]
    with pytest.raises(FactError) as info:
        GAME.open_deal({"bids": [4, 5, 3, 0], "trumps": "spades"}, state, setup)
    assert fields_of(info.value) == ["trumps"]
    with pytest.raises(NotThisDealer):
        GAME.open_deal({"bids": [4, 5, 3, 0], "dealer": 1}, state, setup)
    with pytest.raises(FactError) as info:
        GAME.open_deal({}, state, setup)
    assert fields_of(info.value) == ["bids"]
    opening = GAME.open_deal({"bids": [4, 5, 3, 0], "tricks": [1, 1]}, state, setup)
    assert opening.facts == {"bids": [4, 5, 3, 0]}


def test_the_opening_facts_and_the_tricks_make_the_deal():
    setup = make_setup()
    state = GAME.initial_state(setup)
    opening = GAME.open_deal({"bids": [4, 5, 3, 0]}, state, setup)
    facts = GAME.parse_deal({**opening.facts, "tricks": [5, 3, 4, 1]}, setup)
    assert GAME.score_deal(facts, state, setup).outcome.points == (72, -150)


# ---- what is exported -------------------------------------------------------------------------


def test_computed_deal_has_exactly_the_spec_keys():
    setup = make_setup()
    res = score(deal([4, 5, 3, 0], [5, 3, 4, 1]), setup)
    computed = GAME.computed_deal(res)
    assert computed == {
        "dealer": 0,
        "points": [72, -150],
        "bags_earned": [2, 0],
        "bag_penalty": [0, 0],
        "contracts": [7, 5],
        "made": [True, False],
        "nil": [None, None, None, "failed"],
        "explanation": res.outcome.explanation,
    }
    assert json.loads(json.dumps(computed)) == computed


def test_computed_state_has_exactly_the_spec_keys():
    setup = make_setup()
    res = score(deal([4, 5, 3, 0], [5, 3, 4, 1]), setup)
    assert GAME.computed_state(setup, res.after) == {
        "points": [72, -150],
        "bags": [2, 0],
        "next_dealer": 1,
        "finished": False,
        "winners": [],
    }


def test_standings_summary_and_headline():
    setup = make_setup(bags=(8, 0))
    results, state = play(
        setup,
        [deal([0, 4, 5, 4], [0, 4, 5, 4]), deal([3, 3, 3, 3], [5, 1, 5, 2])],
    )
    # 1: A 50 + nil 100 = 150, B 80. 2: A bid 6 took 10: 64, bags 8 + 4 = 12: -100; B -60.
    assert state.points == (114, 20)
    standings = GAME.standings(setup, state)
    assert [s.seats for s in standings] == [(0, 2), (1, 3)]
    assert [s.name for s in standings] == ["Asha & Chetan", "Bongani & Dev"]
    assert [s.score for s in standings] == [114, 20]
    assert [s.won for s in standings] == [False, False]
    assert dict(standings[0].figures) == {
        "points": 114,
        "points_against": 20,
        "bags": 2,
        "nils_made": 1,
    }
    assert dict(standings[1].figures)["nils_made"] == 0
    assert GAME.summary(setup, state) == "114–20"
    assert GAME.headline(setup, results[0]) == "+150 / +80"
    assert GAME.headline(setup, results[1]) == "-36 / -60"


def test_state_cache_round_trip_through_json():
    setup = make_setup(points=(470, 0), bags=(3, 4))
    results, state = play(setup, [deal([0, 4, 5, 4], [0, 4, 5, 4])])
    assert state.finished
    for s in (GAME.initial_state(setup), state):
        data = json.loads(json.dumps(GAME.state_to_cache(s)))
        assert GAME.state_from_cache(data, setup) == s
    assert GAME.state_to_cache(state) == {
        "points": [620, 80],
        "bags": [3, 4],
        "dealer": None,
        "deals": 1,
        "finished": True,
        "winning_team": 0,
        "nils_made": [1, 0],
    }


# ---- the log ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, rules",
    [
        ({"bids": [3, 4, 3, 3], "tricks": [4, 3, 3, 3]}, {}),
        ({"bids": [0, 4, 3, 0], "tricks": [0, 5, 8, 0]}, {}),
        (
            {
                "bids": [0, 4, 3, 0],
                "blind_nil": [True, False, False, False],
                "tricks": [0, 5, 8, 0],
            },
            {"blind_nil": True},
        ),
    ],
)
def test_parse_deal_and_deal_to_log_round_trip(data, rules):
    setup = make_setup(**rules)
    facts = GAME.parse_deal(data, setup)
    assert isinstance(facts, DealFacts)
    logged = GAME.deal_to_log(facts)
    assert logged == data
    assert GAME.parse_deal(logged, setup) == facts
    with_dealer = GAME.parse_deal({**data, "dealer": 0}, setup)
    assert with_dealer.dealer == 0
    assert GAME.deal_to_log(with_dealer) == data  # the rules give the dealer


def test_replay_through_the_core():
    setup = make_setup(dealer=1)
    deals = [deal([3, 3, 3, 3], [4, 3, 3, 3])] * 3
    replayed, state = replay(GAME, setup, deals)
    assert [r.number for r in replayed] == [1, 2, 3]
    assert [r.result.outcome.dealer for r in replayed] == [1, 2, 3]
    assert state.points == (183, 180)
    assert state.bags == (3, 0)
    assert state.dealer == 0
    assert state.deals == 3
    parsed = [GAME.parse_deal(d, setup) for d in deals]
    assert replay(GAME, setup, parsed)[1] == state
    assert spades.replay(setup, deals)[1] == state


def test_replay_names_the_bad_deal():
    setup = make_setup()
    deals = [deal([3, 3, 3, 3], [4, 3, 3, 3]), deal([3, 3, 3, 3], [4, 3, 3, 2])]
    with pytest.raises(FactError) as info:
        replay(GAME, setup, deals)
    assert info.value.deal == 2
    assert info.value.field == "tricks"
    assert str(info.value) == "deal 2, tricks: The tricks add up to 12; a hand has 13."
    with pytest.raises(NotThisDealer) as wrong:
        replay(GAME, setup, [{**deals[0], "dealer": 0}, {**deals[0], "dealer": 0}])
    assert wrong.value.deal == 2


def test_initial_state():
    setup = make_setup(dealer=3, points=(10, -20), bags=(1, 2))
    assert GAME.initial_state(setup) == GameState(
        points=(10, -20), bags=(1, 2), dealer=3, deals=0, finished=False
    )
    assert GAME.next_dealer(GAME.initial_state(setup)) == 3
    assert GAME.winners(setup, GAME.initial_state(setup)) == ()
