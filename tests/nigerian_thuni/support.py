"""Helpers shared by the Nigerian Thuni core tests.

Seats are in order of play, clockwise. In the rules text's examples South deals and the bidding
starts on South's left, so South is seat 0, West 1, North 2 and East 3: North & South are team 0
(the even seats), West & East team 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.nigerian_thuni import (
    DealResult,
    GameState,
    Setup,
    parse_deal,
    replay,
    score_deal,
)

COMPASS = ["South", "West", "North", "East"]
NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def make_setup(
    *,
    names: list[str] | None = None,
    dealer: int = 0,
    points: tuple[int, int] | None = None,
    **house_rules: Any,
) -> Setup:
    return Setup.create(
        players=names or NAMES,
        first_dealer=dealer,
        house_rules=house_rules,
        start=None if points is None else {"points": list(points)},
    )


def at(points: tuple[int, int], dealer: int = 0) -> GameState:
    """A game between deals at this score, `dealer` to deal."""
    return GameState(points, dealer)


def score(deal: dict[str, Any], setup: Setup | None = None, state: GameState | None = None):
    setup = setup or make_setup()
    state = state or GameState.initial(setup)
    return score_deal(parse_deal(deal, setup), state, setup)


def play(setup: Setup, deals: list[dict[str, Any]]) -> tuple[list[DealResult], GameState]:
    replayed, state = replay(setup, deals)
    return [r.result for r in replayed], state


def fields_of(error: FactError) -> list[str]:
    return [e.field for e in getattr(error, "errors", (error,))]


def refused(deal: Any, setup: Setup | None = None, state: GameState | None = None) -> FactError:
    with pytest.raises(FactError) as info:
        score(deal, setup, state)
    return info.value


def text(result: DealResult) -> str:
    return "\n".join(result.outcome.explanation)
