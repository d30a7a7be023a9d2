"""Euchre behind the games' one interface (`scorekeeper.core.game.GameRules`): two fixed
partnerships to a target of points (`PartnersGame`), one hand recorded in one step."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.game import gettext_noop
from scorekeeper.core.tricks.game import PartnersGame

from .facts import DealFacts, parse_deal
from .scoring import Result, score_deal
from .setup import HOUSE_RULES, Setup
from .state import GameState
from .words import headline, no_maker


class Euchre(PartnersGame[Setup, GameState, DealFacts, Result]):
    key = "euchre"
    name = "Euchre"
    house_rules = HOUSE_RULES
    # A hand's fields: who made trumps and the makers' tricks, not bids and tricks per seat.
    fact_labels = {
        "dealer": gettext_noop("dealer"),
        "maker": gettext_noop("made trumps"),
        "alone": gettext_noop("alone"),
        "defender_alone": gettext_noop("defended alone"),
        "tricks": gettext_noop("makers' tricks"),
    }
    seat_facts = frozenset({"maker", "defender_alone"})
    per_seat_facts = frozenset()

    computed_deal_fields = ("makers", "points", "march", "euchred")
    computed_state_fields = ("points",)

    setup_type = Setup
    state_type = GameState
    parse_deal = staticmethod(parse_deal)
    score_deal = staticmethod(score_deal)

    def fact_text(self, setup: Setup, key: str, value: Any) -> str | None:
        """A hand thrown in has no maker: said as such, not as an empty seat."""
        return no_maker() if key == "maker" and value is None else None

    def headline(self, setup: Setup, result: Result) -> str:
        o = result.outcome
        return headline(o.points, o.march, o.euchred, o.thrown_in)


GAME = Euchre()
replay = GAME.replay
