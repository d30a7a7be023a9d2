"""Every game's board written in one pass (games/templatetags/game_boards.py) writes what its
template wrote before (tests/web/boards_before/<game>.html), byte for byte: at every point of the
game's fixture log, with and without the bids of the coming deal, on a scorekeeper's page and a
watch link's, in English and Chinese."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.template import engines
from django.template.loader import get_template
from django.utils import translation

from scorekeeper import registry
from scorekeeper.core.errors import FactError
from scorekeeper.gamelog import load_log
from tests.support.logs import fixture_log

BEFORE = Path(__file__).resolve().parent / "boards_before"
NAMES = ["Asha & <Dev>", 'Bo "B"', "Cy", "Di", "Ed", "Fa", "Gu", "Ha"]


def _points_of_the_game(kind: str, house_rules: dict | None = None):
    """(setup, state, opening of the coming deal or None) before and after every deal."""
    doc = copy.deepcopy(fixture_log(kind))
    doc.pop("computed", None)
    doc["players"] = NAMES[: len(doc["players"])]
    if house_rules:
        doc["house_rules"] = {**doc.get("house_rules", {}), **house_rules}
    rules = registry.game(kind).rules
    if (
        house_rules and kind in VARIED
    ):  # the fixture's deals need not fit other house rules: the start, varied
        setup = rules.setup(doc)
        for state in VARIED[kind](rules.initial_state(setup)):
            yield setup, state, None
        return
    loaded = load_log(doc)
    states = [rules.initial_state(loaded.setup)] + [d.result.after for d in loaded.deals]
    for i, state in enumerate(states):
        opening = None
        if rules.opening_fields and i < len(doc["deals"]):
            data = {k: v for k, v in doc["deals"][i].items() if k in rules.opening_fields}
            try:
                opening = rules.open_deal(data, state, loaded.setup)
            except FactError:
                opening = None
        yield loaded.setup, state, opening


VARIED = {
    "zhao-pengyou": lambda s: [
        s,
        replace(s, trump_maker=1),
        replace(s, active=(True, False) * (len(s.active) // 2)),
    ],
    "pottle": lambda s: [s, replace(s, chips=(0, 5, 1, 12), pot=3)],
}

CASES = [
    ("thunee", None),
    ("thunee", {"two_to_clear": "on"}),
    ("spades", None),
    ("pottle", None),
    ("nigerian-thuni", None),
    ("zhao-pengyou", None),
    ("zhao-pengyou", {"scoring": "active-passive"}),
    ("zhao-pengyou", {"starter": "by-result"}),
    ("pottle", {"ante": 2}),
]


@pytest.mark.parametrize("language", ["en", "zh-hans"])
@pytest.mark.parametrize(("kind", "house_rules"), CASES)
def test_a_board_written_in_one_pass_is_what_its_template_wrote(kind, house_rules, language):
    entry = registry.game(kind)
    before = engines["django"].from_string((BEFORE / f"{kind}.html").read_text(encoding="utf-8"))
    now = get_template(entry.board_template)
    compared = 0
    with translation.override(language):
        for setup, state, opening in _points_of_the_game(kind, house_rules):
            board = {"dealer_note": "", **entry.board(setup, state)}
            for page in ({}, {"via_link": True}, {"opening": opening}):
                context = {
                    "board": board,
                    "state": state,
                    "game": SimpleNamespace(pk=3),
                    "game_url": "/games/3/",
                    **page,
                }
                assert now.render(context) == before.render(context)
                compared += 1
    assert compared >= 6


SECTION_BEFORE = (
    '{% load i18n %}<section id="board" class="board board-{{ entry.key }}" aria-label="'
    '{% translate \'Score\' %}"{% if oob %} hx-swap-oob="true"{% endif %}>{% include'
    " entry.board_template %}</section>"
)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
@pytest.mark.parametrize("oob", [False, True])
@pytest.mark.parametrize("kind", ["thunee", "pottle"])
def test_the_section_around_a_board_is_what_its_partial_wrote(kind, oob, language):
    entry = registry.game(kind)
    setup, state, _ = next(_points_of_the_game(kind))
    context = {
        "entry": entry,
        "board": {"dealer_note": "", **entry.board(setup, state)},
        "state": state,
        "game": SimpleNamespace(pk=3),
        "game_url": "/games/3/",
        "oob": oob,
    }
    django_engine = engines["django"]
    with translation.override(language):
        before = django_engine.from_string(SECTION_BEFORE).render(context)
        now = django_engine.from_string("{% load game_boards %}{% board_section %}")
        now = now.render(context)
    assert now == before and 'id="board"' in now
