"""import_game and export_game: the log survives the database unchanged."""

import json

import pytest

from scorekeeper.games.models import Deal, DealChange
from scorekeeper.games.services import export_game, import_game, scoreboard
from scorekeeper.rules.thunee import HOUSE_RULE_CHOICES, MODES
from tests.support.logs import MODE_DEALS, full_game, make_log, without_computed

pytestmark = pytest.mark.django_db

NON_STANDARD = [(k, v) for k, choices in HOUSE_RULE_CHOICES.items() for v in choices[1:]]


def round_trip(doc, owner):
    game = import_game(doc, owner=owner)
    return game, export_game(game)


def test_full_game_imports_with_the_expected_result(owner):
    game = import_game(full_game(), owner=owner)
    board = scoreboard(game)
    assert board.state.balls == (13, 11)
    assert board.state.winners(board.setup) == (0, 2)
    game.refresh_from_db()
    assert game.finished
    assert game.state_cache["balls"] == [13, 11]
    assert game.owner == owner
    assert [p.name for p in game.players.order_by("seat__position")] == full_game()["players"]


def test_full_game_round_trip_is_identical(owner):
    doc = full_game()
    _, first = round_trip(doc, owner)
    _, second = round_trip(first, owner)
    assert second == first
    assert without_computed(first) == without_computed(doc)
    assert first["computed"]["state"] == doc["computed"]["state"]
    balls = [d["balls"] for d in first["computed"]["deals"]]
    assert balls == [d["balls"] for d in doc["computed"]["deals"]]


def test_deal_rows_and_audit_trail(owner):
    doc = full_game()
    game = import_game(doc, owner=owner)
    rows = list(Deal.objects.filter(game=game))
    assert [row.number for row in rows] == list(range(1, 13))
    for row, deal in zip(rows, doc["deals"], strict=True):
        assert "dealer" not in row.facts
        assert row.facts == {k: v for k, v in deal.items() if k != "dealer"}
        assert row.created_by == owner
    changes = DealChange.objects.filter(game=game).order_by("number")
    assert [(c.number, c.action, c.by) for c in changes] == [
        (n, "recorded", owner) for n in range(1, 13)
    ]
    assert [c.facts_after for c in changes] == [row.facts for row in rows]


def test_every_deal_field_survives(owner):
    doc = full_game()
    doc["deals"][1]["jodies"][0]["after_trick"] = 1  # the app's additive Jodie field
    fields = {key for deal in doc["deals"] for key in deal}
    assert fields == {
        "dealer",
        "cancelled",
        "trump_maker",
        "call",
        "calls",
        "jodies",
        "last_trick",
        "counting_points",
        "special",
        "penalty",
        "forfeited",
    }
    _, out = round_trip(doc, owner)
    assert out["deals"] == doc["deals"]
    assert out["deals"][1]["calls"] == ["single", "single"]
    assert "call" not in out["deals"][1]


def test_deals_without_dealer_get_it_on_export(owner):
    doc = full_game()
    for deal in doc["deals"]:
        del deal["dealer"]
    _, out = round_trip(doc, owner)
    assert [d["dealer"] for d in out["deals"]] == [0, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 0]


@pytest.mark.parametrize("mode", list(MODES))
def test_every_mode_survives(mode, owner):
    doc = make_log(MODE_DEALS[mode], mode=mode)
    game, out = round_trip(doc, owner)
    assert game.setup["mode"] == mode
    assert out["mode"] == mode
    assert out["players"] == doc["players"]
    assert [{k: v for k, v in d.items() if k != "dealer"} for d in out["deals"]] == doc["deals"]
    _, again = round_trip(out, owner)
    assert again == out


@pytest.mark.parametrize(("key", "value"), NON_STANDARD)
def test_each_house_rule_survives(key, value, owner):
    game, out = round_trip(make_log(house_rules={key: value}), owner)
    assert game.setup["house_rules"] == {key: value}
    assert out["house_rules"][key] == value
    assert type(out["house_rules"][key]) is type(value)


def test_all_house_rules_at_once_survive(owner):
    rules = {key: choices[-1] for key, choices in HOUSE_RULE_CHOICES.items()}
    doc = make_log(MODE_DEALS["4p"], house_rules=rules)
    _, out = round_trip(doc, owner)
    assert out["house_rules"] == rules
    assert out["computed"]["state"]["target"] == 13


def test_start_balls_survive(owner):
    doc = make_log(MODE_DEALS["4p"][:1], start={"balls": [5, 3]})
    game, out = round_trip(doc, owner)
    assert game.setup["start"] == {"balls": [5, 3]}
    assert out["start"] == {"balls": [5, 3]}
    assert out["computed"]["state"]["balls"] == [6, 3]


def test_an_empty_game_imports(owner):
    game, out = round_trip(make_log(first_dealer=2), owner)
    assert not game.deals.exists()
    assert out["deals"] == [] and out["computed"]["deals"] == []
    assert out["computed"]["state"]["next_dealer"] == 2


def test_text_import(owner):
    game = import_game(json.dumps(full_game()).encode(), owner=owner)
    assert game.finished
