"""The committed sample game log (tests/gamelog/fixtures/zhao-pengyou.json): a six-player game
with short teams, a deal without trumps, a doubled kitty, false leads on both sides, and two
players passing Ace together. Its `computed` part was worked out by hand from the rules; the
code must agree with every key, explanation texts included."""

from __future__ import annotations

import json

import pytest

from scorekeeper.core.game import replay
from scorekeeper.rules.zhao_pengyou import GAME
from tests.support.logs import fixture_path

FIXTURE = fixture_path("zhao-pengyou")


@pytest.fixture(scope="module")
def log() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def replayed(log):
    setup = GAME.setup(log)
    deals, state = replay(GAME, setup, log["deals"])
    return setup, deals, state


def test_envelope(log):
    assert (log["format"], log["version"], log["game"]) == (
        "scorekeeper-game-log",
        1,
        "zhao-pengyou",
    )
    assert "mode" not in log
    assert list(log["house_rules"]) == [r.key for r in GAME.house_rules]
    assert len(log["players"]) == 6
    assert all("starter" in deal for deal in log["deals"])
    assert list(log["computed"]) == ["deals", "state"]


def test_a_short_team_plays(log):
    assert any(len(d.get("team", [0, 0, 0])) < 3 for d in log["deals"])


def test_every_computed_deal_matches(log, replayed):
    _, deals, _ = replayed
    assert len(deals) == len(log["computed"]["deals"])
    for number, (deal, expected) in enumerate(
        zip(deals, log["computed"]["deals"], strict=True), start=1
    ):
        got = GAME.computed_deal(deal.result)
        assert list(got) == list(expected), number
        for key in expected:
            assert got[key] == expected[key], (number, key)


def test_computed_state_matches(log, replayed):
    setup, _, state = replayed
    assert GAME.computed_state(setup, state) == log["computed"]["state"]
    assert GAME.winners(setup, state) == (2, 3)


def test_exported_as_the_app_would(log, replayed):
    setup, deals, state = replayed
    exported = {"format": "scorekeeper-game-log", "version": 1, "game": GAME.key}
    exported.update(GAME.envelope(setup))
    exported["deals"] = [
        {GAME.dealer_field: d.result.outcome.dealer, **GAME.deal_to_log(d.result.facts)}
        for d in deals
    ]
    exported["computed"] = {
        "deals": [GAME.computed_deal(d.result) for d in deals],
        "state": GAME.computed_state(setup, state),
    }
    assert exported == log
