"""The game between deals: each team's points, who deals next, whether a team has won."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.state import StateData, WonByTeam

from .setup import Setup


@dataclass(frozen=True)
class GameState(WonByTeam, StateData):
    points: tuple[int, int]
    dealer: int | None  # who deals next; None once the game is over
    finished: bool = False
    winning_team: int | None = None
    deals: int = 0  # deals recorded so far

    @classmethod
    def initial(cls, setup: Setup) -> GameState:
        # Setup refuses a start score that has already won the game.
        return cls(setup.start_points, setup.first_dealer)


def team_at_target(points: tuple[int, int], target: int) -> int | None:
    """The team that has reached the target, if one has. Only one team scores in a hand, so the
    two never reach it together."""
    return next((team for team in (0, 1) if points[team] >= target), None)
