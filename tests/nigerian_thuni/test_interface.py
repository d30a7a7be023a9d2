"""Nigerian Thuni behind the games' one interface: replay, the log's form both ways, the opening,
the cache, the standings, the fixture game and the rules page's anchors."""

from __future__ import annotations

import ast
import inspect
import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scorekeeper.core.errors import FactError, GameOver, NotThisDealer
from scorekeeper.core.game import GameRules, Standing, replay
from scorekeeper.rules import nigerian_thuni
from scorekeeper.rules.nigerian_thuni import GAME, NigerianThuni
from scorekeeper.rules.nigerian_thuni import words as words_module
from tests.support.logs import fixture_path

from .support import at, fields_of, make_setup

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = fixture_path("nigerian-thuni")

EXAMPLE_1 = {"bids": [None, 1, 4, 3], "tricks": [2, 2, 2, 2]}
EXAMPLE_2 = {"bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]}


def test_the_game_is_described_as_the_spec_says():
    assert isinstance(GAME, GameRules)
    assert isinstance(GAME, NigerianThuni)
    assert GAME.key == "nigerian-thuni"
    assert GAME.name == "Nigerian Thuni"
    assert GAME.seat_counts == (4,)
    assert GAME.modes == ()
    assert GAME.opening_fields == ("bids", "conceded")
    assert [(r.key, r.standard) for r in GAME.house_rules] == [("target", 16)]


def test_replay_through_the_core():
    setup = make_setup()
    replayed, state = replay(GAME, setup, [EXAMPLE_2, {"dealer": 1, **EXAMPLE_1}])
    assert [d.result.outcome.dealer for d in replayed] == [0, 1]
    assert state.points == (3, 9)
    assert GAME.computed_state(setup, state) == {
        "points": [3, 9],
        "next_dealer": None,  # all four tied; Bongani and Dev are to draw
        "finished": False,
        "winners": [],
    }
    assert state.draw == (1, 3)


def test_replay_names_the_deal_and_field():
    with pytest.raises(FactError) as info:
        replay(GAME, make_setup(), [EXAMPLE_2, {"bids": [None, 1, 1, 3], "tricks": [2, 2, 2, 2]}])
    assert (info.value.deal, info.value.field) == (2, "bids")


@pytest.mark.parametrize(
    "deal",
    [
        EXAMPLE_1,
        {"conceded": 1},
        {"conceded": 0, "next_dealer": 3},
        {"bids": [1, None, 3, None], "tricks": [3, 1, 3, 1], "next_dealer": 2},
    ],
)
def test_parse_deal_and_deal_to_log_round_trip(deal):
    setup = make_setup()
    facts = GAME.parse_deal(deal, setup)
    assert GAME.deal_to_log(facts) == deal
    assert GAME.parse_deal(GAME.deal_to_log(facts), setup) == facts


def test_deal_to_log_leaves_a_dealer_the_rules_give_out():
    setup = make_setup()
    facts = GAME.parse_deal({"dealer": 0, **EXAMPLE_1}, setup)
    assert "dealer" not in GAME.deal_to_log(facts)
    result = GAME.score_deal(facts, GAME.initial_state(setup), setup)
    assert "dealer" not in GAME.deal_to_log(result.facts)


def test_the_state_survives_the_cache():
    setup = make_setup()
    for deals in ([EXAMPLE_2], [EXAMPLE_2, {"dealer": 1, **EXAMPLE_1}]):
        _, state = replay(GAME, setup, deals)
        data = GAME.state_to_cache(state)
        assert json.loads(json.dumps(data)) == data
        assert GAME.state_from_cache(data, setup) == state
    finished = GAME.score_deal(GAME.parse_deal(EXAMPLE_2, setup), at((15, 0)), setup).after
    assert GAME.state_from_cache(GAME.state_to_cache(finished), setup) == finished


def test_standings_summary_and_headline():
    setup = make_setup()
    replayed, state = replay(GAME, setup, [EXAMPLE_2, {"dealer": 1, "conceded": 0}])
    assert GAME.standings(setup, state) == [
        Standing((0, 2), "Asha & Chetan", 2, False, {"points": 2}),
        Standing((1, 3), "Bongani & Dev", 8, False, {"points": 8}),
    ]
    assert GAME.summary(setup, state) == "2–8"
    assert GAME.headline(setup, replayed[0].result) == "+2 / +5"
    assert GAME.headline(setup, replayed[1].result) == "+0 / +3 conceded"
    capture = GAME.score_deal(
        GAME.parse_deal({"bids": [None, 1, 2, 3], "tricks": [5, 0, 3, 0]}, setup),
        GAME.initial_state(setup),
        setup,
    )
    assert GAME.headline(setup, capture) == "+10 / +0 capture"
    done = GAME.score_deal(GAME.parse_deal(EXAMPLE_2, setup), at((15, 0)), setup).after
    assert GAME.standings(setup, done)[0].won is True


# ---- the opening ----------------------------------------------------------------------------


def test_open_deal_shows_the_trump_chooser_and_the_contracts():
    setup = make_setup()
    opening = GAME.open_deal({"bids": [None, 1, 4, 3]}, GAME.initial_state(setup), setup)
    assert opening.facts == {"bids": [None, 1, 4, 3]}
    assert [line.text for line in opening.lines] == [
        "Chetan bids 4 and chooses trumps",
        "Contracts: Asha & Chetan 4, Bongani & Dev 3",
    ]
    passed = GAME.open_deal({"bids": [None, 1, None, 3]}, GAME.initial_state(setup), setup)
    assert passed.lines[1].text == "Contracts: Asha & Chetan none (0), Bongani & Dev 3"


def test_open_deal_with_a_concession():
    setup = make_setup()
    opening = GAME.open_deal({"conceded": 1}, GAME.initial_state(setup), setup)
    assert opening.facts == {"conceded": 1}
    assert [line.text for line in opening.lines] == [
        "Bongani & Dev conceded before the bidding: the cards are thrown in and "
        "Asha & Chetan score 3."
    ]


def test_open_deal_checks_the_opening_fields():
    setup = make_setup()
    state = GAME.initial_state(setup)
    with pytest.raises(FactError) as info:
        GAME.open_deal({"bids": [2, None, None, None]}, state, setup)
    assert fields_of(info.value) == ["bids.0"]
    with pytest.raises(FactError) as info:
        GAME.open_deal({"bids": [None, 2, 2, None]}, state, setup)
    assert fields_of(info.value) == ["bids"]
    with pytest.raises(FactError) as info:
        GAME.open_deal({**EXAMPLE_1}, state, setup)
    assert fields_of(info.value) == ["tricks"]
    with pytest.raises(FactError) as info:
        GAME.open_deal({}, state, setup)
    assert fields_of(info.value) == ["bids"]
    with pytest.raises(NotThisDealer):
        GAME.open_deal({"dealer": 3, "conceded": 0}, state, setup)


def test_open_deal_after_an_undecided_draw_takes_the_dealer():
    setup = make_setup()
    _, state = replay(GAME, setup, [EXAMPLE_1])  # Bongani and Dev to draw
    with pytest.raises(FactError) as info:
        GAME.open_deal({"bids": [1, 2, 3, 4]}, state, setup)
    assert fields_of(info.value) == ["dealer"]
    opening = GAME.open_deal({"dealer": 3, "bids": [1, 2, 3, 4]}, state, setup)
    assert opening.facts["dealer"] == 3
    assert opening.lines[0].text == "Dev bids 4 and chooses trumps"


def test_open_deal_after_the_end():
    setup = make_setup(points=(16, 0))
    with pytest.raises(GameOver):
        GAME.open_deal({"conceded": 0}, GAME.initial_state(setup), setup)


# ---- the fixture ----------------------------------------------------------------------------


def load_fixture():
    doc = json.loads(FIXTURE.read_text())
    return doc, GAME.setup(doc)


def test_the_fixture_is_a_spec_game_log_of_a_complete_game():
    doc, setup = load_fixture()
    assert (doc["format"], doc["version"], doc["game"]) == (
        "scorekeeper-game-log",
        1,
        "nigerian-thuni",
    )
    assert "mode" not in doc
    assert doc["house_rules"] == {"target": 16}
    assert all("dealer" in deal for deal in doc["deals"])
    assert any("conceded" in deal for deal in doc["deals"])
    assert any("next_dealer" in deal for deal in doc["deals"])
    assert doc["computed"]["state"]["finished"] is True
    assert {k: doc[k] for k in GAME.envelope(setup)} == GAME.envelope(setup)


def test_the_fixture_replays_to_its_hand_computed_numbers():
    doc, setup = load_fixture()
    replayed, state = replay(GAME, setup, doc["deals"])
    expected = doc["computed"]["deals"]
    assert len(replayed) == len(expected)
    for deal, want in zip(replayed, expected, strict=True):
        assert GAME.computed_deal(deal.result) == want, f"deal {deal.number}"
    assert GAME.computed_state(setup, state) == doc["computed"]["state"]
    kinds = [d.result.outcome.kind for d in replayed]
    assert "capture" in kinds
    assert "conceded" in kinds
    # A draw left open (deal 2) and decided by the next deal's dealer (deal 3).
    assert replayed[1].result.after.draw == (1, 3)
    assert replayed[2].result.facts.dealer_by_draw
    exported = [
        {"dealer": d.result.outcome.dealer, **GAME.deal_to_log(d.result.facts)} for d in replayed
    ]
    assert exported == doc["deals"]


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
    found = set()
    tree = ast.parse(inspect.getsource(words_module))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("Line", "line"):
            rule = node.args[2] if len(node.args) > 2 else None
            if isinstance(rule, ast.Constant):
                found.add(rule.value)
    return found


def test_every_anchor_the_core_emits_is_a_section_of_the_rules_page():
    ids = page().ids
    assert anchors_in_source() == set(words_module.RULE_ANCHORS)
    assert set(words_module.RULE_ANCHORS) <= ids
    doc, setup = load_fixture()
    replayed, _ = replay(GAME, setup, doc["deals"])
    emitted = {line.rule for d in replayed for line in d.result.outcome.lines}
    assert emitted == set(words_module.RULE_ANCHORS)
    assert emitted <= ids


def test_the_rules_page_lists_every_house_rule():
    assert page().house_rows == {rule.key for rule in GAME.house_rules}
    assert "house-rules" in page().ids


def test_the_core_imports_nothing_from_django():
    for path in Path(nigerian_thuni.__file__).parent.glob("*.py"):
        assert "django" not in path.read_text()
