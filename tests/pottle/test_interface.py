"""Pottle behind the games' one interface: replay, the game log's form both ways, the opening,
the cache, the standings, the fixture game and the rules page's anchors."""

from __future__ import annotations

import ast
import inspect
import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scorekeeper.core.errors import FactError, NotThisDealer
from scorekeeper.core.game import GameRules, Standing, replay
from scorekeeper.rules import pottle
from scorekeeper.rules.pottle import GAME, GameState, Pottle, parse_deal, settle_up
from scorekeeper.rules.pottle import words as words_module
from tests.support.logs import fixture_path

from .support import fields_of, make_setup

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = fixture_path("pottle")

WIN = {"bids": [1, 2, 3, 0], "tricks": [1, 3, 3, 0], "trumps": "spades"}
CARRY = {"bids": [3, 2, 1, 0], "tricks": [2, 1, 0, 4]}


def test_the_game_is_described_as_the_spec_says():
    assert isinstance(GAME, GameRules)
    assert isinstance(GAME, Pottle)
    assert GAME.key == "pottle"
    assert GAME.name == "Pottle"
    assert GAME.seat_counts == (3, 4, 5, 6, 7)
    assert GAME.modes == ()
    assert GAME.dealer_field == "dealer"
    assert GAME.opening_fields == ("bids", "trumps", "chips_bought")
    assert [rule.key for rule in GAME.house_rules] == [
        "ante",
        "starting_chips",
        "no_winner_dealer",
        "same_bid_limit",
        "chip_value",
    ]


def test_replay_through_the_core_scores_every_deal_in_order():
    setup = make_setup()
    replayed, state = replay(GAME, setup, [WIN, CARRY, WIN])
    assert [d.number for d in replayed] == [1, 2, 3]
    assert [d.result.outcome.dealer for d in replayed] == [0, 2, 2]
    assert state.chips == (7, 7, 7 + 4 + 8, 7)
    assert GAME.computed_state(setup, state) == {"chips": [7, 7, 19, 7], "pot": 0, "next_dealer": 2}


def test_replay_names_the_deal_of_a_bad_fact():
    with pytest.raises(FactError) as info:
        replay(GAME, make_setup(), [WIN, {"bids": [1, 2, 3, 0], "tricks": [1, 1, 1, 1]}])
    assert info.value.deal == 2
    assert info.value.field == "tricks"
    assert str(info.value).startswith("deal 2, tricks: The tricks add up to 4")


def test_replay_takes_parsed_facts_too():
    setup = make_setup()
    facts = [parse_deal(WIN, setup), parse_deal(CARRY, setup)]
    _, from_facts = replay(GAME, setup, facts)
    _, from_log = replay(GAME, setup, [WIN, CARRY])
    assert from_facts == from_log


@pytest.mark.parametrize(
    "deal",
    [
        WIN,
        CARRY,
        {
            "chips_bought": [0, 5, 0, 2],
            "bids": [1, 2, 3, 0],
            "trumps": "no-trumps",
            "tricks": [1, 3, 3, 0],
        },
    ],
)
def test_parse_deal_and_deal_to_log_round_trip(deal):
    setup = make_setup()
    facts = GAME.parse_deal(deal, setup)
    assert GAME.deal_to_log(facts) == deal
    assert GAME.parse_deal(GAME.deal_to_log(facts), setup) == facts


def test_deal_to_log_leaves_the_dealer_out():
    setup = make_setup()
    facts = GAME.parse_deal({"dealer": 0, **WIN}, setup)
    assert facts.dealer == 0
    assert "dealer" not in GAME.deal_to_log(facts)


def test_the_state_survives_the_cache():
    setup = make_setup()
    _, state = replay(GAME, setup, [{"chips_bought": [2, 0, 0, 0], **WIN}, CARRY])
    data = GAME.state_to_cache(state)
    assert json.loads(json.dumps(data)) == data
    assert GAME.state_from_cache(data, setup) == state


def test_standings_are_per_player_with_chips_bought_and_net():
    setup = make_setup()
    _, state = replay(GAME, setup, [{"chips_bought": [0, 5, 0, 0], **WIN}])
    assert GAME.standings(setup, state) == [
        Standing((0,), "Asha", 9, False, {"chips": 9, "bought": 0, "net": -1}),
        Standing((1,), "Bongani", 14, False, {"chips": 14, "bought": 5, "net": -1}),
        Standing((2,), "Chetan", 13, False, {"chips": 13, "bought": 0, "net": 3}),
        Standing((3,), "Dev", 9, False, {"chips": 9, "bought": 0, "net": -1}),
    ]


def test_summary_and_headline():
    setup = make_setup()
    replayed, state = replay(GAME, setup, [WIN, CARRY])
    assert GAME.summary(setup, state) == "8–8–12–8, pot 4"
    assert GAME.headline(setup, replayed[0].result) == "Chetan +4"
    assert GAME.headline(setup, replayed[1].result) == "pot 4 carried"
    assert GAME.mode_label(setup) == "4 players"


def test_the_envelope_writes_start_only_when_the_game_began_on_paper():
    setup = make_setup()
    assert "start" not in GAME.envelope(setup)
    paper = make_setup(start={"chips": [12, 8, 10, 9], "pot": 1})
    env = GAME.envelope(paper)
    assert env["start"] == {"chips": [12, 8, 10, 9], "pot": 1}
    assert GAME.setup(env) == paper
    assert GameState.initial(paper).chips == (12, 8, 10, 9)
    assert GameState.initial(paper).pot == 1
    # A start giving only the pot: everyone has the starting chips.
    only_pot = make_setup(start={"pot": 3})
    assert GameState.initial(only_pot).chips == (10, 10, 10, 10)
    assert GAME.envelope(only_pot)["start"] == {"chips": [10, 10, 10, 10], "pot": 3}


def test_a_paper_start_carries_its_pot_into_the_first_deal():
    setup = make_setup(start={"chips": [12, 8, 10, 9], "pot": 1})
    result = GAME.score_deal(GAME.parse_deal(WIN, setup), GAME.initial_state(setup), setup)
    assert result.outcome.pot == 5
    assert result.after.chips == (11, 7, 14, 8)


# ---- the opening ----------------------------------------------------------------------------


def test_open_deal_shows_who_chooses_trumps_and_the_pot():
    setup = make_setup()
    state = GAME.initial_state(setup)
    opening = GAME.open_deal({"bids": [1, 2, 3, 0], "trumps": "hearts"}, state, setup)
    assert opening.facts == {"bids": [1, 2, 3, 0], "trumps": "hearts"}
    assert [line.text for line in opening.lines] == [
        "Chetan bids 3 and chooses trumps: hearts",
        "Pot 4 after the antes",
    ]


def test_open_deal_with_a_purchase_and_a_carried_pot():
    setup = make_setup()
    _, state = replay(GAME, setup, [CARRY])
    opening = GAME.open_deal({"bids": [2, 2, 1, 0], "chips_bought": [0, 0, 3, 0]}, state, setup)
    assert [line.text for line in opening.lines] == [
        "Before the ante: Chetan buys 3 chips.",
        "Bongani bids 2 and chooses trumps",
        "Pot 8 after the antes (4 carried over)",
    ]


def test_open_deal_checks_the_opening_fields():
    setup = make_setup()
    state = GAME.initial_state(setup)
    with pytest.raises(FactError) as info:
        GAME.open_deal({"bids": [2, 2, 2, 0]}, state, setup)
    assert fields_of(info.value) == ["bids"]
    with pytest.raises(FactError) as info:
        GAME.open_deal({"trumps": "hearts"}, state, setup)
    assert fields_of(info.value) == ["bids"]
    with pytest.raises(FactError) as info:
        GAME.open_deal({"bids": [1, 2, 3, 0], "tricks": [1, 3, 3, 0]}, state, setup)
    assert fields_of(info.value) == ["tricks"]
    assert info.value.code == "PLAYED"
    with pytest.raises(NotThisDealer):
        GAME.open_deal({"bids": [1, 2, 3, 0], "dealer": 2}, state, setup)
    poor = GameState(chips=(0, 10, 10, 10), bought=(0, 0, 0, 0), pot=0, dealer=0)
    with pytest.raises(FactError) as info:
        GAME.open_deal({"bids": [1, 2, 3, 0]}, poor, setup)
    assert fields_of(info.value) == ["chips_bought.0"]


# ---- the fixture ----------------------------------------------------------------------------


def load_fixture():
    doc = json.loads(FIXTURE.read_text())
    setup = GAME.setup(doc)
    return doc, setup


def test_the_fixture_is_a_spec_game_log():
    doc, setup = load_fixture()
    assert doc["format"] == "scorekeeper-game-log"
    assert doc["version"] == 1
    assert doc["game"] == "pottle"
    assert "mode" not in doc
    assert set(doc["house_rules"]) == {rule.key for rule in GAME.house_rules}
    assert all("dealer" in deal for deal in doc["deals"])
    assert any("chips_bought" in deal for deal in doc["deals"])
    assert any(d["winner"] is None for d in doc["computed"]["deals"])
    envelope = GAME.envelope(setup)
    assert {k: doc[k] for k in envelope} == envelope


def test_the_fixture_replays_to_its_hand_computed_numbers():
    doc, setup = load_fixture()
    replayed, state = replay(GAME, setup, doc["deals"])
    expected = doc["computed"]["deals"]
    assert len(replayed) == len(expected)
    for deal, want in zip(replayed, expected, strict=True):
        assert GAME.computed_deal(deal.result) == want, f"deal {deal.number}"
    assert GAME.computed_state(setup, state) == doc["computed"]["state"]
    # The deals as the app would export them: the dealer, then the facts.
    exported = [
        {"dealer": d.result.outcome.dealer, **GAME.deal_to_log(d.result.facts)} for d in replayed
    ]
    assert exported == doc["deals"]


def test_the_fixture_settles_up_by_hand():
    # Chips 4, 9, 16, 12 with Bongani's 5 bought and 4 chips in the pot, at 5 a chip:
    # Asha 4-10 = -6 (-30), Bongani 9-10-5 = -6 (-30), Chetan +6 (+30), Dev +2 (+10); the pot's
    # 20 makes it balance. Two groups square up: three payments.
    doc, setup = load_fixture()
    _, state = replay(GAME, setup, doc["deals"])
    s = settle_up(setup, state)
    assert [b.net_money for b in s.balances] == [-30, -30, 30, 10]
    assert (s.pot, s.pot_money, s.unaccounted) == (4, 20, 0)
    assert len(s.payments) == 3
    assert set(s.lines) in (
        {
            "Asha pays Chetan 30 in the smallest coin.",
            "Bongani pays Dev 10 in the smallest coin.",
            "Bongani sets aside 20 in the smallest coin for the pot.",
        },
        {
            "Bongani pays Chetan 30 in the smallest coin.",
            "Asha pays Dev 10 in the smallest coin.",
            "Asha sets aside 20 in the smallest coin for the pot.",
        },
    )


# ---- the rules page -------------------------------------------------------------------------


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.house_rows: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if "data-house-rule" in attrs:
            self.house_rows.add(attrs["data-house-rule"])


def page() -> _Ids:
    """The page as rendered: its frame and house-rule table come from rules/base.html."""
    from django.template.loader import render_to_string

    from scorekeeper import registry

    entry = registry.game(GAME.key)
    parser = _Ids()
    parser.feed(render_to_string(entry.rules_template, {"entry": entry}))
    return parser


def anchors_in_source() -> set[str]:
    """Every `rule` a Line(...) or line(...) in the package's source names as a literal."""
    found = set()
    for module in (words_module,):
        tree = ast.parse(inspect.getsource(module))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("Line", "line"):
                rule = node.args[2] if len(node.args) > 2 else None
                if isinstance(rule, ast.Constant):
                    found.add(rule.value)
    return found


def test_every_anchor_the_core_emits_is_a_section_of_the_rules_page():
    ids = page().ids
    assert set(words_module.RULE_ANCHORS) <= ids
    assert anchors_in_source() <= set(words_module.RULE_ANCHORS)
    assert "house-rules" in ids
    setup = make_setup(no_winner_dealer="left")
    replayed, state = replay(
        GAME,
        setup,
        [
            {"chips_bought": [1, 0, 0, 0], **WIN},
            CARRY,
            {"bids": [2, 2, 1, 1], "tricks": [2, 2, 1, 2]},
        ],
    )
    emitted = {line.rule for d in replayed for line in d.result.outcome.lines}
    opening = GAME.open_deal({"bids": [1, 2, 3, 0], "chips_bought": [0, 1, 0, 0]}, state, setup)
    emitted |= {line.rule for line in opening.lines}
    assert emitted == set(words_module.RULE_ANCHORS)
    assert emitted <= ids


def test_the_rules_page_lists_every_house_rule():
    assert page().house_rows == {rule.key for rule in GAME.house_rules}


def test_the_core_imports_nothing_from_django():
    for name in dir(pottle):
        module = getattr(pottle, name)
        if inspect.ismodule(module):
            assert "django" not in inspect.getsource(module)
    for path in Path(pottle.__file__).parent.glob("*.py"):
        assert "django" not in path.read_text()
