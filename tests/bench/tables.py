"""Deals a benchmark can record forever: each game's next deal from the game as it stands.

A game that ends cannot be benchmarked for long, so each player picks facts that keep the game
going (Thunee with two to clear: the team behind wins).
"""

from __future__ import annotations

from typing import Any

from scorekeeper.games import services


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


# game key -> (house rules that let the game go on, the next deal's POST data)
ENDLESS: dict[str, tuple[dict[str, Any], Any]] = {
    "thunee": ({"two_to_clear": "on"}, thunee_next),
}
