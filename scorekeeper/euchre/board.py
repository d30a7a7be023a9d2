"""Euchre's board: each team's points towards the target with a marker per point (as a table
keeps them with cards), the team that deals next, and the winners."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.games.presenters import TemplateView
from scorekeeper.rules.euchre import GameState, Setup

MOST_MARKERS = 15  # a target above this shows as a number only


@dataclass(frozen=True)
class TeamView(TemplateView):
    index: int
    name: str
    points: int
    markers: list[bool]  # one per point up to the target, filled for each point held
    to_go: int  # points still needed to win
    deals_now: bool
    won: bool


def board(setup: Setup, state: GameState) -> dict[str, Any]:
    target = setup.rules.target
    dealer_team = setup.team_of(state.dealer) if state.dealer is not None else None
    teams = [
        TeamView(
            index=t,
            name=setup.team_name(t),
            points=state.points[t],
            markers=[i < state.points[t] for i in range(target)] if target <= MOST_MARKERS else [],
            to_go=max(target - state.points[t], 0),
            deals_now=dealer_team == t,
            won=state.winning_team == t,
        )
        for t in (0, 1)
    ]
    return {"teams": teams, "target": target}
