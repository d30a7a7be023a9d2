"""Helpers shared by the Zhao Pengyou core tests: set up a game, score deals, read the errors."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.zhao_pengyou import (
    GAME,
    DealResult,
    GameState,
    Setup,
    parse_deal,
    replay,
    score_deal,
)

NAMES = ["Asha", "Bo", "Chen", "Dara", "Esha", "Femi", "Gus", "Hana", "Ivo", "Jun", "Kofi", "Lia"]
LETTERS = "ABCDEFGHIJKL"


def make_setup(
    players: int = 6,
    *,
    first: int = 0,
    start: dict[str, Any] | None = None,
    **house_rules: Any,
) -> Setup:
    return Setup.create(
        players=NAMES[:players],
        first_dealer=first,
        house_rules=house_rules,
        start=start,
    )


def seats(letters: str) -> list[int]:
    """Seats by the letters the rules text names players with: "BDE" -> [1, 3, 4]."""
    return [LETTERS.index(c) for c in letters]


def score(deal: dict[str, Any], setup: Setup | None = None, state: GameState | None = None):
    """Score one deal from its game-log form; returns the DealResult."""
    setup = setup or make_setup()
    state = state or GameState.initial(setup)
    return score_deal(parse_deal(deal, setup), state, setup)


def play(setup: Setup, deals: list[dict[str, Any]]) -> tuple[list[DealResult], GameState]:
    replayed, state = replay(setup, deals)
    return [r.result for r in replayed], state


def levels(setup: Setup, state: GameState) -> list[str]:
    return GAME.computed_state(setup, state)["levels"]


def fields_of(error: FactError) -> list[str]:
    """Every field a FactError (or InvalidFacts) names."""
    return [e.field for e in getattr(error, "errors", (error,))]


def refused(deal: dict[str, Any], setup: Setup | None = None, state: GameState | None = None):
    """Scoring the deal must raise FactError; returns it."""
    with pytest.raises(FactError) as info:
        score(deal, setup, state)
    return info.value


def deal(maker: int, team: list[int], points: int, **more: Any) -> dict[str, Any]:
    return {"trump_maker": maker, "team": team, "defender_points": points, **more}
