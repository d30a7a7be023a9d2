"""The Euchre core tests' own setup and seats (scoring: tests/support/cores.py).

Seats are in order of play, which goes to the left (clockwise). At a table seated by the compass,
North is seat 0, East 1, South 2 and West 3: North & South are team 0 (the even seats), East &
West team 1. West deals first, so North is on the dealer's left, as the rules text's examples
have it.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.euchre import GAME, DealResult, GameState, Setup
from tests.support.cores import CoreKit, fields_of  # noqa: F401 - the core tests' helpers

NORTH, EAST, SOUTH, WEST = range(4)
COMPASS = ["North", "East", "South", "West"]
NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def make_setup(
    *,
    names: list[str] | None = None,
    dealer: int = WEST,
    points: tuple[int, int] | None = None,
    **house_rules: Any,
) -> Setup:
    return Setup.create(
        players=names or COMPASS,
        first_dealer=dealer,
        house_rules=house_rules,
        start=None if points is None else {"points": list(points)},
    )


def at(points: tuple[int, int], dealer: int = WEST) -> GameState:
    """A game between deals at this score, `dealer` to deal."""
    return GameState(points, dealer)


def text(result: DealResult) -> list[str]:
    return result.outcome.explanation


score, play, refused = CoreKit(GAME, make_setup).bound()
