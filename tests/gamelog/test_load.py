"""load_log and dump_log on their own: no database."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import registry, rules
from scorekeeper.core.errors import FactError
from scorekeeper.gamelog import dump_log, load_log
from scorekeeper.rules.thunee import HOUSE_RULE_CHOICES
from tests.support.logs import MODE_DEALS, full_game, make_log, without_computed

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "gamelog" / "fixtures"
DEAL_KEYS = {"dealer", "kind", "balls", "winning_team", "explanation"}
STATE_KEYS = {"balls", "target", "deuce", "next_dealer", "finished", "winners"}


def refusal(doc) -> FactError:
    with pytest.raises(FactError) as caught:
        load_log(doc)
    return caught.value


def test_the_module_is_pure():
    code = (
        "import sys, scorekeeper.gamelog; "
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_without_django_it_finds_each_core_by_its_key_and_loads_its_logs():
    """Each fixture log loaded and dumped again in a process that never imports Django."""
    code = (
        "import json, pathlib, sys\n"
        "from scorekeeper import gamelog, rules\n"
        f"for path in sorted(pathlib.Path({str(FIXTURES)!r}).glob('*.json')):\n"
        "    log = gamelog.load_log(path.read_bytes())\n"
        "    doc = gamelog.dump_log(log.setup, log.deals, log.state)\n"
        "    assert doc['game'] == log.game and log.game in rules.keys(), path\n"
        "    print(log.game)\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django imported'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT
    )
    # Every game the app keeps, and a core whose app is still to come (its log loads too).
    assert set(registry.GAMES) <= set(done.stdout.split()) <= set(rules.keys())


def test_full_game_replays_to_the_expected_end():
    log = load_log(full_game())
    assert log.game == "thunee"
    assert len(log.facts) == len(log.deals) == 12
    assert log.state.balls == (13, 11)
    assert log.state.finished
    assert log.state.winners(log.setup) == (0, 2)
    kinds = {d.result.outcome.kind for d in log.deals}
    assert kinds == {"normal", "special", "penalty", "corner_house_double", "cancelled"}


def test_dump_of_the_full_game_is_the_committed_sample():
    doc = full_game()
    log = load_log(doc)
    out = dump_log(log.setup, log.deals, log.state, log.facts)
    assert without_computed(out) == without_computed(doc)
    assert out["computed"]["state"] == doc["computed"]["state"]
    for mine, theirs in zip(out["computed"]["deals"], doc["computed"]["deals"], strict=True):
        mine.pop("explanation"), theirs.pop("explanation")
        assert mine == theirs


def test_json_text_and_bytes_are_accepted():
    text = json.dumps(full_game())
    assert load_log(text).state.balls == (13, 11)
    assert load_log(text.encode("utf-8")).state.balls == (13, 11)
    assert load_log(b"\xef\xbb\xbf" + text.encode()).state.balls == (13, 11)  # a BOM


@pytest.mark.parametrize("text", ['{"format": ', "", "[1, 2", "NaN", b"\xff\xfe{"])
def test_bad_json_names_the_file(text):
    e = refusal(text)
    assert (e.field, e.deal) == ("file", None)
    assert e.code in ("NOT_JSON", "NOT_UTF8") and "is not JSON" in e.message


def test_a_json_array_is_not_a_log():
    assert refusal("[]").field == "file"


def test_the_game_log_finds_every_registered_game_by_its_key():
    assert registry.GAMES and set(registry.GAMES) <= set(rules.keys())
    for key, entry in registry.GAMES.items():
        assert rules.rules_for(key) is entry.rules


@pytest.mark.parametrize(
    "key", ["poker", "zhao_pengyou", "Thunee", "../thunee", "thunee.game", "", "core", 7, None]
)
def test_a_key_that_names_no_core_is_refused_with_the_games_kept(key):
    e = refusal({**full_game(), "game": key})
    assert (e.field, e.code) == ("game", "GAME_UNKNOWN")
    assert all(k in e.values["games"] for k in registry.GAMES)


def test_a_log_without_a_game_names_the_games_kept():
    doc = full_game()
    del doc["game"]
    e = refusal(doc)
    assert (e.field, e.code) == ("game", "GAME_MISSING")
    assert all(k in e.values["games"] for k in registry.GAMES)


def test_computed_is_ignored_on_import():
    doc = full_game()
    doc["computed"] = {"state": {"balls": [0, 99]}, "anything": "goes"}
    assert load_log(doc).state.balls == (13, 11)


def test_computed_keys_per_the_spec():
    doc = full_game()
    log = load_log(doc)
    computed = dump_log(log.setup, log.deals, log.state)["computed"]
    assert set(computed["state"]) == STATE_KEYS
    assert computed["state"] == {
        "balls": [13, 11],
        "target": 12,
        "deuce": False,
        "next_dealer": None,
        "finished": True,
        "winners": [0, 2],
    }
    for deal in computed["deals"]:
        assert set(deal) >= DEAL_KEYS
        assert len(deal["balls"]) == 2
        assert deal["explanation"] and all(isinstance(line, str) for line in deal["explanation"])
        if deal["kind"] == "normal":
            assert {"cards_needed", "counting_total"} <= set(deal)
        else:
            assert "cards_needed" not in deal
        assert ("special" in deal) == (deal["kind"] == "special")
    specials = [d["special"] for d in computed["deals"] if d["kind"] == "special"]
    assert specials == [
        {"call": "thunee", "result": "success"},
        {"call": "double", "result": "success"},
        {"call": "khanaak", "result": "success"},
    ]
    first = computed["deals"][0]
    assert (first["cards_needed"], first["counting_total"]) == (95, 110)
    forfeited = computed["deals"][8]
    assert forfeited["balls"] == [0, 0] and forfeited["winning_team"] == 1


def test_an_unfinished_game_names_the_next_dealer():
    log = load_log(make_log(MODE_DEALS["4p"][:1]))
    state = dump_log(log.setup, log.deals, log.state)["computed"]["state"]
    assert state == {
        "balls": [1, 0],
        "target": 12,
        "deuce": False,
        "next_dealer": 1,
        "finished": False,
        "winners": [],
    }


def test_backward_double_is_resolved_in_computed():
    deal = {
        "trump_maker": 0,
        "call": 20,
        "last_trick": 1,
        "counting_points": 304,
        "special": {"call": "double", "seat": 1},
    }
    log = load_log(make_log([deal]))
    computed = dump_log(log.setup, log.deals, log.state)["computed"]["deals"][0]
    assert computed["special"] == {"call": "backward_double", "result": "success"}
    assert computed["balls"] == [0, 4]


def test_backward_khanaak_is_resolved_in_computed():
    deal = {
        "trump_maker": 0,
        "call": 20,
        "last_trick": 1,
        "counting_points": 296,
        "special": {"call": "khanaak", "seat": 1},
    }
    log = load_log(make_log([deal]))
    computed = dump_log(log.setup, log.deals, log.state)["computed"]["deals"][0]
    assert computed["special"] == {"call": "backward_khanaak", "result": "success"}
    assert computed["balls"] == [0, 6]


def test_export_writes_every_house_rule_and_each_deals_dealer():
    log = load_log(make_log(MODE_DEALS["4p"]))
    out = dump_log(log.setup, log.deals, log.state)
    assert set(out["house_rules"]) == set(HOUSE_RULE_CHOICES)
    assert [d["dealer"] for d in out["deals"]] == [0, 1]
    assert "start" not in out


def test_start_balls_count_and_are_exported():
    log = load_log(make_log(MODE_DEALS["4p"][:1], start={"balls": [5, 3]}))
    assert log.setup.start_balls == (5, 3)
    out = dump_log(log.setup, log.deals, log.state)
    assert out["start"] == {"balls": [5, 3]}
    assert out["computed"]["state"]["balls"] == [6, 3]


def test_zero_start_is_left_out_of_the_export():
    log = load_log(make_log(start={"balls": [0, 0]}))
    assert "start" not in dump_log(log.setup, log.deals, log.state)


def test_missing_house_rules_take_the_standard_values():
    doc = make_log()
    del doc["house_rules"]
    assert load_log(doc).setup.rules.to_dict(only_changed=True) == {}


@pytest.mark.parametrize(
    ("key", "value"),
    [(k, v) for k, choices in HOUSE_RULE_CHOICES.items() for v in choices],
)
def test_every_house_rule_value_loads_and_dumps(key, value):
    log = load_log(make_log(house_rules={key: value}))
    assert getattr(log.setup.rules, key) == value
    out = dump_log(log.setup, log.deals, log.state)
    assert out["house_rules"][key] == value
    assert type(out["house_rules"][key]) is type(value)
