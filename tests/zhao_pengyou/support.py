"""The Zhao Pengyou core tests' own setup and deals (scoring: tests/support/cores.py)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.zhao_pengyou import GAME, GameState, Setup
from tests.support.cores import CoreKit, fields_of  # noqa: F401 - the core tests' helpers

NAMES = ["Asha", "Bo", "Chen", "Dara", "Esha", "Femi", "Gus", "Hana", "Ivo", "Jun", "Kofi", "Lia"]
LETTERS = "ABCDEFGHIJKL"


def make_setup(
    players: int = 6,
    *,
    first: int = 0,
    start: dict[str, Any] | None = None,
    **house_rules: Any,
) -> Setup:
    return Setup.create(
        players=NAMES[:players],
        first_dealer=first,
        house_rules=house_rules,
        start=start,
    )


def seats(letters: str) -> list[int]:
    """Seats by the letters the rules text names players with: "BDE" -> [1, 3, 4]."""
    return [LETTERS.index(c) for c in letters]


def levels(setup: Setup, state: GameState) -> list[str]:
    return GAME.computed_state(setup, state)["levels"]


def deal(maker: int, team: list[int], points: int, **more: Any) -> dict[str, Any]:
    return {"trump_maker": maker, "team": team, "defender_points": points, **more}


score, play, refused = CoreKit(GAME, make_setup).bound()
