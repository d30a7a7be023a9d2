"""Refused imports name the deal and the field, and store nothing."""

import json

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.games.models import DealChange
from scorekeeper.games.services import import_game
from tests.support.logs import MODE_DEALS, full_game, make_log

NORMAL = {"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 100}  # dealer 0
THUNEE = {"special": {"call": "thunee", "seat": 0, "result": "success"}}  # dealer 1 stays


def _without(key):
    return {k: v for k, v in NORMAL.items() if k != key}


def _envelope(**changes):
    doc = make_log([NORMAL])
    for key, value in changes.items():
        if value is None:
            doc.pop(key)
        else:
            doc[key] = value
    return doc


def _after_game_over():
    doc = full_game()
    doc["deals"].append({"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 100})
    return doc


# (case, document, deal number or None, field)
CASES = [
    (
        "missing counting_points",
        make_log([NORMAL, {**_without("counting_points"), "trump_maker": 2}]),
        2,
        "counting_points",
    ),
    ("missing trump_maker", make_log([_without("trump_maker")]), 1, "trump_maker"),
    ("missing call", make_log([_without("call")]), 1, "call"),
    (
        "missing special result",
        make_log([{"special": {"call": "thunee", "seat": 0}}]),
        1,
        "special.result",
    ),
    ("unknown deal field", make_log([NORMAL, THUNEE, {**NORMAL, "colour": "red"}]), 3, "colour"),
    (
        "unknown jodie field",
        make_log([{**NORMAL, "jodies": [{"seat": 0, "value": 20, "x": 1}]}]),
        1,
        "jodies.0.x",
    ),
    ("call and calls", make_log([{**NORMAL, "calls": ["single"]}]), 1, "calls"),
    ("deal not an object", make_log([NORMAL, "a deal"]), 2, "deal"),
    ("wrong dealer", make_log([NORMAL, {**NORMAL, "dealer": 3, "trump_maker": 2}]), 2, "dealer"),
    ("impossible points", make_log([{**NORMAL, "counting_points": 1}]), 1, "counting_points"),
    (
        "result disagrees",
        make_log(
            [
                {
                    "trump_maker": 1,
                    "call": 0,
                    "last_trick": 0,
                    "counting_points": 100,
                    "special": {"call": "double", "seat": 0, "result": "success"},
                }
            ]
        ),
        1,
        "special.result",
    ),
    (
        "trips with 4 players",
        make_log([{"special": {"call": "trips", "seat": 0, "result": "success"}}]),
        1,
        "special.call",
    ),
    ("deal after game over", _after_game_over(), 13, "deal"),
    ("deal after a finished start", make_log([NORMAL], start={"balls": [12, 3]}), 1, "deal"),
    ("unknown house rule", _envelope(house_rules={"jokers": True}), None, "house_rules.jokers"),
    ("bad house rule value", _envelope(house_rules={"royals": "yes"}), None, "house_rules.royals"),
    (
        "house rule as text number",
        _envelope(house_rules={"winning_balls": "13"}),
        None,
        "house_rules.winning_balls",
    ),
    ("house rules not an object", _envelope(house_rules=["royals"]), None, "house_rules"),
    ("unknown envelope field", _envelope(notes="hi"), None, "notes"),
    ("missing format", _envelope(format=None), None, "format"),
    ("wrong format", _envelope(format="score-sheet"), None, "format"),
    ("version 2", _envelope(version=2), None, "version"),
    ("version true", _envelope(version=True), None, "version"),
    ("missing game", _envelope(game=None), None, "game"),
    ("unknown game", _envelope(game="poker"), None, "game"),
    ("mode in a game without modes", _envelope(game="spades"), None, "mode"),
    ("missing mode", _envelope(mode=None), None, "mode"),
    ("unknown mode", _envelope(mode="3p"), None, "mode"),
    ("missing players", _envelope(players=None), None, "players"),
    ("too few players", _envelope(players=["Asha", "Bongani"]), None, "players"),
    ("blank name", _envelope(players=["Asha", " ", "Chetan", "Dev"]), None, "players.1"),
    ("same name twice", _envelope(players=["Asha", "asha", "Chetan", "Dev"]), None, "players.1"),
    ("missing first dealer", _envelope(first_dealer=None), None, "first_dealer"),
    ("first dealer not a seat", _envelope(first_dealer=4), None, "first_dealer"),
    ("negative start", _envelope(start={"balls": [-1, 0]}), None, "start.balls"),
    ("start of three", _envelope(start={"balls": [1, 2, 3]}), None, "start.balls"),
    ("start field", _envelope(start={"points": [1, 2]}), None, "start.points"),
    ("start not an object", _envelope(start=[1, 2]), None, "start"),
    ("missing deals", _envelope(deals=None), None, "deals"),
    ("deals not a list", _envelope(deals={"1": NORMAL}), None, "deals"),
    ("bad JSON", '{"format": "scorekeeper-game-log", ', None, "file"),
    ("not an object", json.dumps([NORMAL]), None, "file"),
]


@pytest.mark.parametrize(
    ("doc", "deal", "field"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_refused_import_names_deal_and_field_and_stores_nothing(
    doc, deal, field, owner, stored_counts
):
    before = stored_counts()
    with pytest.raises(FactError) as caught:
        import_game(doc, owner=owner)
    e = caught.value
    assert (e.deal, e.field) == (deal, field), str(e)
    if deal is not None:
        assert str(e).startswith(f"deal {deal}, {field}")
    assert stored_counts() == before


def test_a_failure_while_writing_stores_nothing(owner, stored_counts, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    # The last write of an import: the audit rows, after the game and its deals.
    monkeypatch.setattr(DealChange.objects, "bulk_create", broken)
    before = stored_counts()
    with pytest.raises(RuntimeError):
        import_game(make_log(MODE_DEALS["4p"]), owner=owner)
    assert stored_counts() == before
