"""Euchre's board: each team's points towards the target with a marker per point (as a table
keeps them with cards), the team that deals next, and the winners."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.games.team_board import TeamView, marks, team_views
from scorekeeper.rules.euchre import GameState, Setup

MOST_MARKERS = 15  # a target above this shows as a number only


@dataclass(frozen=True)
class EuchreTeam(TeamView):
    points: int
    markers: list[bool]  # one per point up to the target, filled for each point held
    to_go: int  # points still needed to win


def board(setup: Setup, state: GameState) -> dict[str, Any]:
    target = setup.rules.target
    teams = team_views(
        setup,
        state,
        EuchreTeam,
        points=lambda t: state.points[t],
        markers=lambda t: marks(state.points[t], target, MOST_MARKERS),
        to_go=lambda t: max(target - state.points[t], 0),
    )
    return {"teams": teams, "target": target}
