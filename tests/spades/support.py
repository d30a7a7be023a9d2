"""The Spades core tests' own setup and deals (scoring: tests/support/cores.py)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.spades import GAME, Setup
from tests.support.cores import CoreKit, fields_of, lines_of, messages_of, text  # noqa: F401 - the core tests' helpers

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


score, play, refused = CoreKit(GAME, make_setup).bound()
