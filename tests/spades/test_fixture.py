"""The game-log fixture of a whole game to 500: its `computed` part was worked out by hand from
the rules; replaying its deals must give every computed key, explanation texts included."""

from __future__ import annotations

import json

import pytest

from scorekeeper.core.game import replay
from scorekeeper.rules.spades import GAME, HOUSE_RULES
from tests.support.logs import fixture_path

FIXTURE = fixture_path("spades")


@pytest.fixture(scope="module")
def doc() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def replayed(doc):
    setup = GAME.setup(doc)
    deals, state = replay(GAME, setup, doc["deals"])
    return setup, deals, state


def test_the_envelope(doc):
    assert doc["format"] == "scorekeeper-game-log"
    assert doc["version"] == 1
    assert doc["game"] == "spades"
    assert "mode" not in doc
    assert list(doc["house_rules"]) == [rule.key for rule in HOUSE_RULES]
    assert len(doc["players"]) == 4
    assert all("dealer" in d for d in doc["deals"])
    assert len(doc["computed"]["deals"]) == len(doc["deals"])


def test_the_envelope_is_what_the_app_writes(doc, replayed):
    setup, _, _ = replayed
    assert GAME.envelope(setup) == {k: doc[k] for k in ("house_rules", "players", "first_dealer")}


def test_every_computed_deal_matches(doc, replayed):
    _, deals, _ = replayed
    for r, expected in zip(deals, doc["computed"]["deals"], strict=True):
        got = GAME.computed_deal(r.result)
        assert list(got) == list(expected), f"deal {r.number}"
        for key in expected:
            assert got[key] == expected[key], f"deal {r.number}, {key}"


def test_the_computed_state_matches(doc, replayed):
    setup, _, state = replayed
    assert GAME.computed_state(setup, state) == doc["computed"]["state"]
    assert state.finished
    assert GAME.summary(setup, state) == "434–513"


def test_the_deals_are_what_the_app_writes(doc, replayed):
    _, deals, _ = replayed
    for r, data in zip(deals, doc["deals"], strict=True):
        assert {"dealer": r.result.outcome.dealer, **GAME.deal_to_log(r.result.facts)} == data


def test_the_game_covers_the_worked_examples(doc):
    texts = [t for d in doc["computed"]["deals"] for t in d["explanation"]]
    assert "Asha & Chetan bid 5 + 4 = 9, took 11: 90 + 2 bags = 92." in texts
    assert "Bongani & Dev's bags: 8 + 4 = 12: -100 for 10 bags, 2 left." in texts
    assert any("nil made: +100" in t for t in texts)
    assert any("nil failed" in t and "-100" in t for t in texts)
