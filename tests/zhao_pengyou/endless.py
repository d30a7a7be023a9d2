"""Zhao Pengyou for ever (tests/bench/tables.py): a trump maker alone, defenders on 100 of 200:
the middle zone, nobody moves."""

from __future__ import annotations

from typing import Any

from scorekeeper.games import services
from tests.bench.tables import SIX, Endless


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


ENDLESS = Endless({}, SIX, zhao_pengyou_next)
