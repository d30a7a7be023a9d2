"""Every rule anchor an explanation line can carry is a section of the rules page rules/spades.html,
and the page explains every house rule. The page is rendered from its template (its frame, the
contents and the house-rule table are the shared rules/base.html's); no database."""

from __future__ import annotations

import random
import re
from pathlib import Path

from scorekeeper.rules.spades import (
    GAME,
    HOUSE_RULES,
    RULE_ANCHORS,
    GameState,
    bid_lines,
    parse_bids,
    parse_deal,
    score_deal,
)

from .randoms import random_deal, random_setup
from .support import deal, make_setup, play

PAGE = Path(__file__).resolve().parents[2] / "scorekeeper/spades/templates/rules/spades.html"


def rendered() -> str:
    from django.template.loader import render_to_string

    from scorekeeper import registry

    entry = registry.game(GAME.key)
    return render_to_string(entry.rules_template, {"entry": entry})


def page_ids() -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', rendered()))


def anchors_used() -> set[str]:
    """The rule of every line over many random games, and over the corner cases."""
    used: set[str] = set()
    rng = random.Random(7)
    for _ in range(60):
        setup = random_setup(rng)
        state = GameState.initial(setup)
        for _ in range(150):
            data = random_deal(rng, setup)
            used |= {line.rule for line in bid_lines(parse_bids(data, setup), setup)}
            res = score_deal(parse_deal(data, setup), state, setup)
            used |= {line.rule for line in res.outcome.lines}
            state = res.after
            if state.finished:
                break
    tie = play(make_setup(points=(450, 451)), [deal([3, 3, 3, 3], [4, 3, 3, 3])])[0][0]
    low = make_setup(lose_at=-200, points=(-150, -150))
    lose = play(low, [deal([5, 5, 5, 5], [3, 4, 3, 3])])[0][0]
    for res in (tie, lose):
        used |= {line.rule for line in res.outcome.lines}
    return used


def test_every_anchor_a_line_uses_is_on_the_page():
    used = anchors_used()
    assert used == set(RULE_ANCHORS)  # the random games reach every kind of line
    assert used <= page_ids(), sorted(used - page_ids())


def test_ids_are_unique():
    ids = re.findall(r'\bid="([^"]+)"', rendered())
    assert len(ids) == len(set(ids))


def test_every_local_link_points_at_a_section():
    links = set(re.findall(r'href="#([^"]+)"', rendered()))
    assert links <= page_ids(), sorted(links - page_ids())


def test_every_house_rule_has_a_row():
    rows = re.findall(r'data-house-rule="([^"]+)"', rendered())
    assert rows == [rule.key for rule in HOUSE_RULES]
    assert rows == list(GAME.envelope(make_setup())["house_rules"])


def test_the_page_extends_the_base_and_uses_the_rules_css():
    assert PAGE.read_text().startswith('{% extends "rules/base.html" %}')
    page = rendered()
    assert "css/rules.css" in page
    assert '<article class="rules">' in page
