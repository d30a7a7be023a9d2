"""Parsing a deal and writing it back in game-log form."""

from __future__ import annotations

import pytest

from scorekeeper.rules.thunee import DealFacts, Jodie, Penalty, Special, parse_deal

from .support import make_setup

DEALS = [
    {"dealer": 0, "trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 120},
    {
        "trump_maker": 3,
        "calls": ["single", "both"],
        "jodies": [{"seat": 3, "value": 40, "after_trick": 1}, {"seat": 0, "value": 20}],
        "last_trick": 3,
        "counting_points": 60,
        "special": {"call": "khanaak", "seat": 3},
    },
    {"special": {"call": "thunee", "seat": 2, "result": "partner_catch"}},
    {"penalty": {"seat": 1, "reason": "colour cutting"}},
    {"cancelled": "no trumps"},
    {"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 120, "forfeited": True},
]


@pytest.mark.parametrize("deal", DEALS)
def test_to_dict_gives_back_the_deal(deal):
    facts = parse_deal(deal, make_setup())
    assert facts.to_dict() == deal
    assert parse_deal(facts.to_dict(), make_setup()) == facts


def test_parsed_values():
    facts = parse_deal(DEALS[1], make_setup())
    assert facts == DealFacts(
        trump_maker=3,
        calls=("single", "both"),
        jodies=(Jodie(3, 40, 1), Jodie(0, 20)),
        last_trick=3,
        counting_points=60,
        special=Special("khanaak", 3),
    )
    assert facts.jodies[0].in_trumps
    assert not facts.jodies[1].in_trumps


def test_text_is_trimmed():
    facts = parse_deal({"cancelled": "  weak four ", "penalty": {"seat": 2}}, make_setup())
    assert facts.cancelled == "weak four"
    assert facts.penalty == Penalty(2, "")
