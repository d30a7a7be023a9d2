"""The game between deals: the points, who deals next (or who must draw for it), the end."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.state import StateData, WonByTeam

from .setup import Setup


@dataclass(frozen=True)
class GameState(WonByTeam, StateData):
    points: tuple[int, int]
    dealer: int | None  # who deals next; None once the game is over or while a draw is awaited
    draw: tuple[int, ...] = ()  # the tied players who must draw for the next deal, if any
    finished: bool = False
    winning_team: int | None = None
    deals: int = 0  # deals recorded so far

    @classmethod
    def initial(cls, setup: Setup) -> GameState:
        points = setup.start_points
        winner, _ = game_winner(points, setup.rules.target)
        if winner is not None:
            return cls(points, None, finished=True, winning_team=winner)
        return cls(points, setup.first_dealer)

    @property
    def awaiting_draw(self) -> bool:
        return bool(self.draw)


def game_winner(points: tuple[int, int], target: int) -> tuple[int | None, bool]:
    """The team that has won, and whether both teams have reached the target.

    First to the target wins; if both reach it in the same deal the higher score wins, and
    level scores play on."""
    a, b = points
    both = a >= target and b >= target
    if both:
        return (None if a == b else (0 if a > b else 1)), True
    if a >= target:
        return 0, False
    if b >= target:
        return 1, False
    return None, False
