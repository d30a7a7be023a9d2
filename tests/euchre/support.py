"""Helpers shared by the Euchre core tests.

Seats are in order of play, which goes to the left (clockwise). At a table seated by the compass,
North is seat 0, East 1, South 2 and West 3: North & South are team 0 (the even seats), East &
West team 1. West deals first, so North is on the dealer's left, as the rules text's examples
have it.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.euchre import DealResult, GameState, Setup, parse_deal, replay, score_deal

NORTH, EAST, SOUTH, WEST = range(4)
COMPASS = ["North", "East", "South", "West"]
NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def make_setup(
    *,
    names: list[str] | None = None,
    dealer: int = WEST,
    points: tuple[int, int] | None = None,
    **house_rules: Any,
) -> Setup:
    return Setup.create(
        players=names or COMPASS,
        first_dealer=dealer,
        house_rules=house_rules,
        start=None if points is None else {"points": list(points)},
    )


def at(points: tuple[int, int], dealer: int = WEST) -> GameState:
    """A game between deals at this score, `dealer` to deal."""
    return GameState(points, dealer)


def score(deal: Any, setup: Setup | None = None, state: GameState | None = None) -> DealResult:
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


def text(result: DealResult) -> list[str]:
    return result.outcome.explanation
