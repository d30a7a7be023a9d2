"""Helpers shared by the Spades core tests: set up a game, score deals, read the errors."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.spades import DealResult, GameState, Setup, parse_deal, replay, score_deal

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]  # Asha & Chetan are team 0 (A), the others team 1


def make_setup(
    *,
    dealer: int = 0,
    points: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
    **house_rules: Any,
) -> Setup:
    return Setup.create(
        players=NAMES,
        first_dealer=dealer,
        house_rules=house_rules,
        start={"points": list(points), "bags": list(bags)},
    )


def deal(bids: list[int], tricks: list[int], **more: Any) -> dict[str, Any]:
    return {"bids": bids, "tricks": tricks, **more}


def score(
    data: dict[str, Any], setup: Setup | None = None, state: GameState | None = None
) -> DealResult:
    """Score one deal from its game-log form; returns the DealResult."""
    setup = setup or make_setup()
    state = state or GameState.initial(setup)
    return score_deal(parse_deal(data, setup), state, setup)


def play(setup: Setup, deals: list[dict[str, Any]]) -> tuple[list[DealResult], GameState]:
    replayed, state = replay(setup, deals)
    return [r.result for r in replayed], state


def fields_of(error: FactError) -> list[str]:
    """Every field a FactError (or InvalidFacts) names."""
    return [e.field for e in getattr(error, "errors", (error,))]


def messages_of(error: FactError) -> list[str]:
    return [e.message for e in getattr(error, "errors", (error,))]


def refused(
    data: dict[str, Any], setup: Setup | None = None, state: GameState | None = None
) -> FactError:
    """Scoring the deal must raise FactError; returns it."""
    with pytest.raises(FactError) as info:
        score(data, setup, state)
    return info.value


def text(result: DealResult) -> str:
    return "\n".join(result.outcome.explanation)


def lines_of(result: DealResult, code: str) -> list[str]:
    return [line.text for line in result.outcome.lines if line.code == code]
