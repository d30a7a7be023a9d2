"""The scorepad core tests' own setup (scoring: tests/support/cores.py)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.scorepad import GAME, GameState, Setup
from tests.support.cores import CoreKit, fields_of  # noqa: F401 - the core tests' helpers

NAMES = ["Asha", "Bongani", "Chetan"]


def make_setup(
    *,
    names: list[str] | None = None,
    dealer: int = 0,
    totals: list[int] | None = None,
    **rules: Any,
) -> Setup:
    return Setup.create(
        players=names or NAMES,
        first_dealer=dealer,
        house_rules=rules,
        start=None if totals is None else {"totals": totals},
    )


def at(totals: tuple[int, ...], dealer: int = 0, deals: int = 0) -> GameState:
    """A game between deals at these totals, `dealer` to deal."""
    return GameState(totals, dealer, deals=deals)


score, play, refused = CoreKit(GAME, make_setup).bound()
