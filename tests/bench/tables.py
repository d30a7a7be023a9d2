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


def _bids_then_tricks(bids: list[int], tricks: list[int]):
    """A two-step game: the bids are opened through the services (not timed), then the POST
    of the tricks is what the benchmark records."""

    def next_post(game) -> dict[str, Any]:
        game.refresh_from_db()
        if not game.opening:
            services.open_deal(game, {"bids": bids}, user=game.owner)
            game.refresh_from_db()
        setup = services.setup_of(game)
        state = services.state_from_cache(game, setup)
        data = {f"trick_{seat}": n for seat, n in enumerate(tricks)}
        data["expected_number"] = state.deals + 1
        data["stage"] = "closing"
        # What a phone's page adds once it keeps a fresh bids form (static/js/offline.js).
        data["bids_form"] = "kept"
        return data

    return next_post


def zhao_pengyou_next(game) -> dict[str, Any]:
    """Trump maker alone against five; the defenders' points keep everybody in the middle."""
    game.refresh_from_db()
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    maker = state.starter if getattr(state, "starter", None) is not None else 0
    return {
        "trump_maker": maker,
        "team": [maker],
        "defender_points": 100,
        "expected_number": state.deals + 1,
    }


FOUR = ["Asha", "Bongani", "Chetan", "Dev"]
SIX = [*FOUR, "Esha", "Farouk"]

# game key -> (house rules that let the game go on, the players, the next deal's POST data)
ENDLESS: dict[str, tuple[dict[str, Any], list[str], Any]] = {
    "thunee": ({"two_to_clear": "on"}, FOUR, thunee_next),
    "spades": ({"target": 1_000_000}, FOUR, _bids_then_tricks([3, 3, 3, 3], [4, 3, 3, 3])),
    # Asha makes 2 exactly and wins the pot every deal; nobody runs out of chips.
    "pottle": (
        {"starting_chips": 1_000_000},
        FOUR,
        _bids_then_tricks([2, 2, 1, 1], [2, 1, 3, 1]),
    ),
    "nigerian-thuni": (
        {"target": 1_000_000},
        FOUR,
        _bids_then_tricks([3, None, 2, None], [3, 2, 2, 1]),
    ),
    # A trump maker alone, defenders on 100 of 200: the middle zone, nobody moves.
    "zhao-pengyou": ({}, SIX, zhao_pengyou_next),
}
