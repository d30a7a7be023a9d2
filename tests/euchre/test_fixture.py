"""The hand-worked game log tests/gamelog/fixtures/euchre.json: a whole game to 10 with the
house rule `defend_alone`, with every kind of hand (made with 3 and 4, a march, thrown in,
euchred, alone made and marched, alone euchred, a lone defender beaten and one who euchres).
Its `computed` part was worked out by hand from the rules; loading it with the game log's
reader and dumping it again must give it back, explanations included."""

from __future__ import annotations

import copy
import json

import pytest

from scorekeeper.core.errors import FactError, GameOver, NotThisDealer
from scorekeeper.gamelog import dump_log, load_log
from scorekeeper.rules.euchre import GAME, HOUSE_RULES
from tests.support.logs import fixture_path

FIXTURE = fixture_path("euchre")


@pytest.fixture
def doc() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_loading_and_dumping_the_fixture_gives_its_hand_worked_computed(doc):
    loaded = load_log(doc)
    assert loaded.game == "euchre"
    assert dump_log(loaded.setup, loaded.deals, loaded.state) == doc


def test_every_computed_deal_matches_one_by_one(doc):
    loaded = load_log(doc)
    for deal, expected in zip(loaded.deals, doc["computed"]["deals"], strict=True):
        got = GAME.computed_deal(deal.result)
        assert list(got) == list(expected), f"deal {deal.number}"
        for key in expected:
            assert got[key] == expected[key], f"deal {deal.number}, {key}"
    assert GAME.computed_state(loaded.setup, loaded.state) == doc["computed"]["state"]


def test_the_envelope_is_what_the_app_writes(doc):
    assert list(doc["house_rules"]) == [rule.key for rule in HOUSE_RULES]
    setup = GAME.setup(doc)
    assert GAME.envelope(setup) == {k: doc[k] for k in ("house_rules", "players", "first_dealer")}
    assert load_log(doc).records() == [
        {k: v for k, v in deal.items() if k != "dealer"} for deal in doc["deals"]
    ]


def test_the_game_has_every_kind_of_hand(doc):
    deals, computed = doc["deals"], doc["computed"]["deals"]
    kinds = set()
    for deal, out in zip(deals, computed, strict=True):
        if deal["maker"] is None:
            kinds.add("thrown in")
            continue
        alone = "alone " if deal.get("alone") else ""
        defended = "against a lone defender " if "defender_alone" in deal else ""
        result = "march" if out["march"] else "euchred" if out["euchred"] else "made"
        kinds.add(f"{alone}{defended}{result}")
    assert kinds == {
        "thrown in",
        "made",
        "march",
        "euchred",
        "alone made",
        "alone march",
        "alone euchred",
        "alone against a lone defender made",
        "alone against a lone defender euchred",
    }
    assert {deal.get("tricks") for deal in deals} == {None, 0, 1, 2, 3, 4, 5}


def test_the_computed_part_is_ignored_on_import(doc):
    tampered = copy.deepcopy(doc)
    tampered["computed"] = {"state": {"points": [99, 0]}}
    loaded = load_log(tampered)
    assert dump_log(loaded.setup, loaded.deals, loaded.state) == doc


def test_an_import_refused_names_the_deal_and_the_field(doc):
    stuck = {**doc, "house_rules": {**doc["house_rules"], "stick_the_dealer": True}}
    with pytest.raises(FactError) as info:
        load_log(stuck)
    assert (info.value.deal, info.value.field) == (3, "maker")

    no_lone_defence = {**doc, "house_rules": {"target": 10}}
    with pytest.raises(FactError) as info:
        load_log(no_lone_defence)
    assert (info.value.deal, info.value.field) == (9, "defender_alone")


def test_a_dealer_in_the_log_must_be_the_one_the_rules_give(doc):
    doc["deals"][4]["dealer"] = 2
    with pytest.raises(NotThisDealer) as info:
        load_log(doc)
    assert (info.value.deal, info.value.field) == (5, "dealer")


def test_no_hand_can_follow_the_end_of_the_game(doc):
    doc["deals"].append({"maker": 0, "tricks": 3})
    with pytest.raises(GameOver) as info:
        load_log(doc)
    assert (info.value.deal, info.value.field) == (12, "deal")
