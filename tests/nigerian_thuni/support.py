"""The Nigerian Thuni core tests' own setup (scoring and reading errors: tests/support/cores.py).

Seats are in order of play, clockwise. In the rules text's examples South deals and the bidding
starts on South's left, so South is seat 0, West 1, North 2 and East 3: North & South are team 0
(the even seats), West & East team 1.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.nigerian_thuni import GAME, GameState, Setup
from tests.support.cores import CoreKit, fields_of, text  # noqa: F401 - the core tests' helpers

COMPASS = ["South", "West", "North", "East"]
NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def make_setup(
    *,
    names: list[str] | None = None,
    dealer: int = 0,
    points: tuple[int, int] | None = None,
    **house_rules: Any,
) -> Setup:
    return Setup.create(
        players=names or NAMES,
        first_dealer=dealer,
        house_rules=house_rules,
        start=None if points is None else {"points": list(points)},
    )


def at(points: tuple[int, int], dealer: int = 0) -> GameState:
    """A game between deals at this score, `dealer` to deal."""
    return GameState(points, dealer)


score, play, refused = CoreKit(GAME, make_setup).bound()
