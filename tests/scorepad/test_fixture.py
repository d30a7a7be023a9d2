"""The hand-worked game log tests/gamelog/fixtures/scorepad.json: a game of Hearts (lowest
wins, game to 100; left unnamed, so that a season counts it as the Scorepad) of four players
begun on paper, with a deal below zero, ended by a total passing the target. Its `computed`
part was worked out by hand; loading it with the game log's reader and dumping it again must
give it back, explanations included."""

from __future__ import annotations

import json

import pytest

from scorekeeper.gamelog import dump_log, load_log
from scorekeeper.rules.scorepad import GAME, HOUSE_RULES
from tests.support.logs import fixture_path

FIXTURE = fixture_path("scorepad")


@pytest.fixture
def doc() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_loading_and_dumping_the_fixture_gives_its_hand_worked_computed(doc):
    loaded = load_log(doc)
    assert loaded.game == "scorepad"
    assert dump_log(loaded.setup, loaded.deals, loaded.state) == doc


def test_every_computed_deal_matches_one_by_one(doc):
    loaded = load_log(doc)
    for deal, expected in zip(loaded.deals, doc["computed"]["deals"], strict=True):
        got = GAME.computed_deal(deal.result)
        assert list(got) == ["dealer", "points", "totals", "leaders", "explanation"]
        assert got == expected, f"deal {deal.number}"
    assert GAME.computed_state(loaded.setup, loaded.state) == doc["computed"]["state"]


def test_the_totals_are_the_start_plus_every_deal(doc):
    totals = doc["start"]["totals"]
    for deal, computed in zip(doc["deals"], doc["computed"]["deals"], strict=True):
        totals = [t + p for t, p in zip(totals, deal["points"], strict=True)]
        assert computed["totals"] == totals
        assert computed["leaders"] == [i for i, t in enumerate(totals) if t == min(totals)]
    assert doc["computed"]["state"]["totals"] == totals
    assert max(totals) >= doc["house_rules"]["target"]


def test_the_envelope_is_what_the_app_writes(doc):
    assert list(doc["house_rules"]) == [rule.key for rule in HOUSE_RULES]
    setup = GAME.setup(doc)
    keys = ("house_rules", "players", "first_dealer", "start")
    assert GAME.envelope(setup) == {k: doc[k] for k in keys}
