"""Euchre for ever (tests/bench/tables.py): a target nobody reaches; Asha makes trumps and her
team wins 3 tricks, 1 point a hand."""

from __future__ import annotations

from typing import Any

from scorekeeper.games import services
from tests.bench.tables import FOUR, Endless


def euchre_next(game) -> dict[str, Any]:
    """The next hand's POST: the taps of a plain hand (maker, tricks) and the deal's number."""
    game.refresh_from_db()
    state = services.state_from_cache(game, services.setup_of(game))
    return {"trump_maker": 0, "tricks": 3, "expected_number": state.deals + 1}


ENDLESS = Endless({"target": 1_000_000}, FOUR, euchre_next)
