"""Helpers shared by the Pottle core tests: set up a game, score a deal, read the errors."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.pottle import DealResult, GameState, Setup, parse_deal, replay, score_deal

NAMES = ["Asha", "Bongani", "Chetan", "Dev", "Esther", "Farouk", "Gita"]


def make_setup(
    seats: int = 4, *, dealer: int = 0, start: dict[str, Any] | None = None, **house_rules: Any
) -> Setup:
    return Setup.create(
        players=NAMES[:seats], first_dealer=dealer, house_rules=house_rules, start=start
    )


def score(deal: dict[str, Any], setup: Setup | None = None, state: GameState | None = None):
    """Score one deal from its game-log form; returns the DealResult."""
    setup = setup or make_setup()
    state = state or GameState.initial(setup)
    return score_deal(parse_deal(deal, setup), state, setup)


def play(setup: Setup, deals: list[dict[str, Any]]) -> tuple[list[DealResult], GameState]:
    replayed, state = replay(setup, deals)
    return [r.result for r in replayed], state


def fields_of(error: FactError) -> list[str]:
    """Every field a FactError (or InvalidFacts) names."""
    return [e.field for e in getattr(error, "errors", (error,))]


def refused(deal: Any, setup: Setup | None = None, state: GameState | None = None) -> FactError:
    """Scoring the deal must raise FactError; returns it."""
    with pytest.raises(FactError) as info:
        score(deal, setup, state)
    return info.value


def text(result: DealResult) -> str:
    return "\n".join(result.outcome.explanation)
