"""Zhao Pengyou behind the games' one interface: setup and envelope, facts in and out, replay,
what is exported, the standings, and the explanation lines (translatable templates whose
anchors are sections of the rules page)."""

from __future__ import annotations

import copy
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scorekeeper.core.explain import Line, Said
from scorekeeper.core.game import GameRules, replay
from scorekeeper.core.sentences import sentences
from scorekeeper.rules import zhao_pengyou
from scorekeeper.rules.zhao_pengyou import GAME, GameState, ZhaoPengyou, parse_deal, words

from .support import NAMES, deal, make_setup, play

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "scorekeeper" / "zhao_pengyou" / "templates" / "rules" / "zhao-pengyou.html"
CORE = ROOT / "scorekeeper" / "rules" / "zhao_pengyou"
CATALOGUE = sentences(zhao_pengyou.__name__)  # the sentences of words.py (words.toml)


# ---- the game's description ---------------------------------------------------------------------


def test_the_game():
    assert isinstance(GAME, ZhaoPengyou) and isinstance(GAME, GameRules)
    assert zhao_pengyou.GAME is GAME
    assert (GAME.key, GAME.name, GAME.modes, GAME.dealer_field) == (
        "zhao-pengyou",
        "Zhao Pengyou",
        (),
        "starter",
    )
    assert GAME.seat_counts == (5, 6, 7, 8, 9, 10, 11, 12)
    assert not GAME.fixed_teams


def test_house_rules_as_the_spec_names_them():
    rules = {r.key: r for r in GAME.house_rules}
    assert list(rules) == ["scoring", "starter", "beyond_ace", "packs", "kitty"]
    assert rules["scoring"].choices == ("levels", "active-passive")
    assert rules["starter"].choices == ("trump-maker", "rotate", "by-result")
    assert rules["beyond_ace"].choices == ("win", "joker-laps", "joker-laps-skip-low")
    assert rules["packs"].standard == "standard" and rules["packs"].allows(3)
    assert rules["kitty"].standard == "standard" and rules["kitty"].allows(8)
    assert all(len(r.labels) == len(r.choices) for r in rules.values())


def test_no_django_in_the_core():
    imports = re.compile(r"^\s*(from|import)\s+django", re.MULTILINE)
    for path in CORE.glob("*.py"):
        assert not imports.search(path.read_text(encoding="utf-8")), path.name


# ---- setup and envelope -------------------------------------------------------------------------

ENVELOPES = [
    {"players": NAMES[:6], "first_dealer": 2},
    {"players": NAMES[:5], "first_dealer": 0, "house_rules": {"packs": 3, "kitty": 8}},
    {
        "players": NAMES[:7],
        "first_dealer": 6,
        "house_rules": {"scoring": "active-passive", "starter": "rotate"},
        "start": {"levels": ["J", "2", "3", "2", "2", "2", "2"], "active": [True] * 6 + [False]},
    },
    {
        "players": NAMES[:12],
        "first_dealer": 11,
        "house_rules": {"beyond_ace": "joker-laps-skip-low", "starter": "by-result"},
        "start": {"levels": ["10+", "Joker"] + ["2"] * 10},
    },
]


@pytest.mark.parametrize("envelope", ENVELOPES)
def test_envelope_round_trip(envelope):
    setup = GAME.setup(envelope)
    out = GAME.envelope(setup)
    assert list(out["house_rules"]) == ["scoring", "starter", "beyond_ace", "packs", "kitty"]
    assert out["players"] == envelope["players"]
    assert out["first_dealer"] == envelope["first_dealer"]
    assert out.get("start") == envelope.get("start")
    assert GAME.setup(out) == setup
    assert GAME.changed_house_rules(setup) == envelope.get("house_rules", {})


def test_envelope_start_only_when_not_from_zero():
    setup = GAME.setup({"players": NAMES[:6], "start": {"levels": ["2"] * 6}})
    assert "start" not in GAME.envelope(setup)
    assert GAME.mode_label(setup) == "6 players"


# ---- facts in and out ---------------------------------------------------------------------------

DEALS = [
    {"no_trumps": True},
    {"trump_maker": 0, "team": [0, 2, 1], "defender_points": 0},
    {
        "trump_maker": 3,
        "trump": {"rank": "2", "suit": "diamonds"},
        "called_cards": ["first A clubs", "second K hearts"],
        "team": [3, 5],
        "defender_points": 105,
        "kitty_points": 0,
    },
    {
        "trump_maker": 1,
        "team": [1],
        "defender_points": 130,
        "kitty_points": 25,
        "last_trick": 4,
        "penalties": [{"seat": 1, "cards_withdrawn": 2}, {"seat": 4, "cards_withdrawn": 1}],
    },
    {"trump_maker": 1, "team": [1, 2], "defender_points": 40, "last_trick": 2},
]


@pytest.mark.parametrize("data", DEALS)
def test_parse_deal_then_deal_to_log_round_trip(data):
    setup = make_setup(6)
    facts = GAME.parse_deal(data, setup)
    assert GAME.deal_to_log(facts) == data
    assert GAME.parse_deal(GAME.deal_to_log(facts), setup) == facts


def test_deal_to_log_leaves_out_the_starter():
    setup = make_setup(6, first=3)
    facts = parse_deal({"starter": 3, "no_trumps": True}, setup)
    assert facts.starter == 3
    assert GAME.deal_to_log(facts) == {"no_trumps": True}


def test_parse_does_not_change_the_input():
    data = copy.deepcopy(DEALS[3])
    GAME.parse_deal(data, make_setup(6))
    assert data == DEALS[3]


# ---- replay and export --------------------------------------------------------------------------


def _game():
    setup = make_setup(6, first=1)
    deals = [
        deal(1, [1, 3], 30),
        {"no_trumps": True},
        deal(1, [1, 3, 5], 120, kitty_points=10, last_trick=0),
        deal(0, [0, 2], 100, penalties=[{"seat": 2, "cards_withdrawn": 1}]),
    ]
    return setup, deals


def test_replay_through_the_core_interface():
    setup, deals = _game()
    replayed, state = replay(GAME, setup, deals)
    assert [r.number for r in replayed] == [1, 2, 3, 4]
    assert state.deals == 4
    # parsed facts replay the same
    facts = [GAME.parse_deal(d, setup) for d in deals]
    again, state2 = replay(GAME, setup, facts)
    assert state2 == state
    assert [GAME.computed_deal(r.result) for r in again] == [
        GAME.computed_deal(r.result) for r in replayed
    ]
    assert zhao_pengyou.replay(setup, deals)[1] == state


def test_computed_deal_keys_exactly():
    setup, deals = _game()
    replayed, _ = replay(GAME, setup, deals)
    computed = [GAME.computed_deal(r.result) for r in replayed]
    for c in computed:
        assert list(c) == ["starter", "defenders_total", "side", "levels_gained", "explanation"]
        assert all(isinstance(t, str) for t in c["explanation"])
    assert [c["starter"] for c in computed] == [1, 1, 1, 1]
    assert [c["defenders_total"] for c in computed] == [30, None, 140, 110]
    assert [c["side"] for c in computed] == ["trump_makers", None, "defenders", None]
    assert computed[0]["levels_gained"] == [0, 4, 0, 4, 0, 0]
    assert computed[1]["levels_gained"] == [0] * 6
    assert computed[2]["levels_gained"] == [1, 0, 1, 0, 1, 0]


@pytest.mark.parametrize(
    ("rules", "keys"),
    [
        ({}, ["levels", "next_starter", "finished", "winners"]),
        (
            {"scoring": "active-passive"},
            ["levels", "next_starter", "finished", "winners", "active"],
        ),
        (
            {"starter": "by-result"},
            ["levels", "next_starter", "finished", "winners", "next_trump_maker"],
        ),
        (
            {"scoring": "active-passive", "starter": "by-result"},
            ["levels", "next_starter", "finished", "winners", "active", "next_trump_maker"],
        ),
    ],
)
def test_computed_state_keys(rules, keys):
    setup = make_setup(6, **rules)
    state = GAME.initial_state(setup)
    assert list(GAME.computed_state(setup, state)) == keys
    _, state = play(setup, [deal(0, [0, 1], 60)])
    assert list(GAME.computed_state(setup, state)) == keys


def test_initial_state():
    setup = make_setup(6, first=4)
    state = GAME.initial_state(setup)
    assert GAME.computed_state(setup, state) == {
        "levels": ["2"] * 6,
        "next_starter": 4,
        "finished": False,
        "winners": [],
    }
    assert state.deals == 0
    assert GAME.next_dealer(state) == 4 and not GAME.is_finished(state)
    assert GAME.winners(setup, state) == ()


def test_state_cache_round_trip():
    for rules in ({}, {"scoring": "active-passive"}, {"starter": "by-result"}):
        setup = make_setup(6, **rules)
        _, state = play(setup, [deal(0, [0, 1], 60), {"no_trumps": True}])
        data = GAME.state_to_cache(state)
        import json

        assert GAME.state_from_cache(json.loads(json.dumps(data)), setup) == state


def test_standings():
    setup, deals = _game()
    _, state = replay(GAME, setup, deals)
    standings = GAME.standings(setup, state)
    assert [s.seats for s in standings] == [(i,) for i in range(6)]
    assert [s.name for s in standings] == NAMES[:6]
    assert [s.score for s in standings] == ["3", "6", "3", "6", "3", "2"]
    assert [dict(s.figures) for s in standings][1] == {
        "levels_gained": 4,
        "times_trump_maker": 2,
        "won": 0,
    }
    assert [s.figures["times_trump_maker"] for s in standings] == [1, 2, 0, 0, 0, 0]
    assert not any(s.won for s in standings)


def test_summary_and_headline():
    setup, deals = _game()
    replayed, state = replay(GAME, setup, deals)
    assert GAME.summary(setup, state) == "3 · 6 · 3 · 6 · 3 · 2"
    assert [GAME.headline(setup, r.result) for r in replayed] == [
        "trump makers +4",
        "no trumps",
        "defenders +1",
        "nobody goes up",
    ]


def test_outcome_has_what_the_interface_needs():
    setup, deals = _game()
    replayed, _ = replay(GAME, setup, deals)
    for r in replayed:
        result = r.result
        assert result.facts is not None and result.before is not None and result.after is not None
        assert result.outcome.dealer == 1
        assert all(isinstance(line, Line) for line in result.outcome.lines)
        assert isinstance(result.outcome.warnings, tuple)
        assert result.after.deals == result.before.deals + 1


# ---- the explanation lines: templates, data, anchors --------------------------------------------


def _many_lines() -> list[Line]:
    """Lines from deals covering every kind of line the core writes."""
    out: list[Line] = []
    games = [
        ({}, _game()[1]),
        ({"start": {"levels": ["K", "A", "2", "2", "2", "2"]}}, [deal(0, [0, 1], 0)]),
        (
            {"scoring": "active-passive"},
            [deal(0, [0], 0), deal(0, [0, 1, 2], 90), {"no_trumps": True}],
        ),
        ({"scoring": "active-passive"}, [deal(0, [0, 1], 30), deal(1, [1, 2, 3], 75)]),
        ({"scoring": "active-passive", "starter": "rotate"}, [deal(0, [0, 3, 4], 50)]),
        ({"starter": "rotate"}, [deal(0, [0, 3, 4], 50)]),
        (
            {"starter": "by-result"},
            [deal(0, [0, 2], 30), deal(2, [2], 30), deal(2, [2, 3], 150), deal(4, [4], 100)],
        ),
        ({"starter": "by-result"}, [deal(0, [0, 2], 30), {"no_trumps": True}]),
        (
            {"beyond_ace": "joker-laps", "start": {"levels": ["A", "2", "2", "2", "2", "2"]}},
            [deal(0, [0, 1, 2], 60)],
        ),
        ({}, [deal(0, [0, 1, 2], 50, kitty_points=20, last_trick=1), deal(0, [0, 1, 2], 200)]),
        ({}, [deal(0, [0, 1, 2], 0, penalties=[{"seat": 4, "cards_withdrawn": 1}])]),
        ({"scoring": "active-passive"}, [deal(0, [0, 1, 2], 0)]),
    ]
    for extra, deals in games:
        setup = make_setup(6, **extra)
        results, _ = play(setup, deals)
        for r in results:
            out += list(r.outcome.lines) + list(r.outcome.warning_lines)
    setup = make_setup(6)
    warned = GAME.score_deal(
        parse_deal({**deal(0, [0], 60), "trump": {"rank": "9", "suit": "clubs"}}, setup),
        GameState.initial(setup),
        setup,
    )
    return out + list(warned.outcome.warning_lines)


LINES = _many_lines()


def test_every_line_is_its_template_formatted_with_its_data():
    assert len(LINES) > 50
    for line in LINES:
        template = line.data["template"]
        assert line.text == template.format(**line.data)


def test_every_template_is_a_sentence_of_the_catalogue():
    """Every template a line uses is in the game's catalogue (words.toml), whose sentences
    `make messages` marks for translation."""
    used = {line.data["template"] for line in LINES}
    assert used <= CATALOGUE.templates(), used - CATALOGUE.templates()


def test_every_template_the_core_can_write_is_used_by_the_lines():
    """All explanation templates of the catalogue show up in the lines above (so the checks
    above cover them all). The level names that are words go inside lines, as values."""
    used = {line.data["template"] for line in LINES}
    explanation = {
        entry.text
        for entry in CATALOGUE.entries()
        if not entry.name.startswith(
            (
                "HEADLINE_",
                "LEVELS_",
                "HOUSE_RULES.",
                "SEASON_COLUMNS.",
                "FACT_LABELS.",
                "REFUSALS.",
                "PARTS.",
            )
        )
    }
    assert explanation - used == set()
    inside = {
        value.data["template"]
        for line in LINES
        for value in line.data.values()
        if isinstance(value, Said)
    }
    assert {words.LEVEL_PAST_ACE, words.LEVEL_JOKER} <= inside


def test_data_holds_plain_values_only():
    for line in LINES:
        for key, value in line.data.items():
            assert isinstance(value, str | int | list | type(None)), (key, value)
            assert not isinstance(value, bool), (key, value)


def test_templates_keep_names_out():
    for line in LINES:
        template = line.data["template"]
        for name in NAMES:
            assert name not in template


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.house_rules: list[str] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(a["id"])
        if a.get("data-house-rule"):
            self.house_rules.append(a["data-house-rule"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.hrefs.append(a["href"][1:])


@pytest.fixture(scope="module")
def page() -> _Ids:
    """The page as rendered: its frame, contents and house-rule table come from rules/base.html."""
    from django.template.loader import render_to_string

    from scorekeeper import registry

    parsed = _Ids()
    entry = registry.game(GAME.key)
    parsed.feed(render_to_string(entry.rules_template, {"entry": entry}))
    return parsed


def test_every_anchor_emitted_is_an_id_on_the_rules_page(page):
    emitted = {line.rule for line in LINES}
    assert emitted <= set(page.ids), emitted - set(page.ids)
    assert set(words.RULE_ANCHORS) <= set(page.ids)
    assert emitted <= set(words.RULE_ANCHORS)


def test_rules_page_ids_unique_and_links_resolve(page):
    assert len(page.ids) == len(set(page.ids))
    assert set(page.hrefs) <= set(page.ids)


def test_rules_page_lists_every_house_rule(page):
    assert page.house_rules == [r.key for r in GAME.house_rules]


def test_rules_page_is_a_valid_template():
    from django.template import engines

    template = engines["django"].from_string(PAGE.read_text(encoding="utf-8"))
    assert template is not None
    source = PAGE.read_text(encoding="utf-8")
    assert source.startswith('{% extends "rules/base.html" %}')
    assert "{% load i18n %}" in source
