"""The scorepad for ever (tests/bench/tables.py): no target, no set number of deals, never the
last deal; each deal Asha scores 1 and the others 0."""

from __future__ import annotations

from typing import Any

from scorekeeper.games import services
from tests.bench.tables import FOUR, Endless


def scorepad_next(game) -> dict[str, Any]:
    """The next deal's POST: one number per player and the deal's number."""
    game.refresh_from_db()
    state = services.state_from_cache(game, services.setup_of(game))
    points = {f"points_{seat}": 1 if seat == 0 else 0 for seat in range(len(FOUR))}
    return {**points, "expected_number": state.deals + 1}


ENDLESS = Endless({}, FOUR, scorepad_next)
