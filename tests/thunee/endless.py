"""Thunee for ever (tests/bench/tables.py): with two to clear, the team behind wins each deal."""

from __future__ import annotations

from typing import Any

from scorekeeper.games import services
from tests.bench.tables import FOUR, Endless


def thunee_next(game) -> dict[str, Any]:
    game.refresh_from_db()
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    maker = setup.after(state.dealer)
    counting = 1 - setup.team_of(maker)
    behind = 0 if state.balls[0] <= state.balls[1] else 1
    points = 152 if counting == behind else 40
    return {
        "kind": "normal",
        "trump_maker": maker,
        "call": 0,
        "last_trick": maker,
        "counting_points": points,
        "expected_number": state.deals + 1,
    }


ENDLESS = Endless({"two_to_clear": "on"}, FOUR, thunee_next)
