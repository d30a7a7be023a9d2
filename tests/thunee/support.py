"""Helpers shared by the Thunee core tests: set up a game, score a deal, read the errors."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.thunee import DealResult, GameState, Setup, parse_deal, replay, score_deal

NAMES = {
    "4p": ["Asha", "Bongani", "Chetan", "Dev"],
    "6p": ["Asha", "Bongani", "Chetan", "Dev", "Esther", "Farouk"],
    "2p-two-deal": ["Asha", "Bongani"],
    "2p-open-face": ["Asha", "Bongani"],
}


def make_setup(
    mode: str = "4p",
    *,
    dealer: int = 0,
    balls: tuple[int, int] = (0, 0),
    **house_rules: Any,
) -> Setup:
    return Setup.create(
        mode=mode,
        players=NAMES[mode],
        first_dealer=dealer,
        house_rules=house_rules,
        start_balls=balls,
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


def refused(deal: dict[str, Any], setup: Setup | None = None, state: GameState | None = None):
    """Scoring the deal must raise FactError; returns it."""
    with pytest.raises(FactError) as info:
        score(deal, setup, state)
    return info.value


def text(result: DealResult) -> str:
    return "\n".join(result.outcome.explanation)


# No-call deals of a 4-player game dealt by seat `dealer`: the player after the dealer makes trumps,
# so the dealer's team counts. One ball goes to the dealer's team, or to the other team.
def dealer_team_wins(dealer: int) -> dict[str, Any]:
    return {
        "trump_maker": (dealer + 1) % 4,
        "call": 0,
        "last_trick": dealer,
        "counting_points": 120,
    }


def dealer_team_loses(dealer: int) -> dict[str, Any]:
    return {
        "trump_maker": (dealer + 1) % 4,
        "call": 0,
        "last_trick": (dealer + 1) % 4,
        "counting_points": 60,
    }
