"""Spades' board: each team's points against the target, its bags on a meter towards the bag
limit, who deals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.games.team_board import TeamView, marks, team_views
from scorekeeper.rules.spades import GameState, Setup

MOST_BAG_MARKS = 20  # a bag limit above this shows as a number only


@dataclass(frozen=True)
class SpadesTeam(TeamView):
    points: int
    bags: int
    bag_marks: list[bool]  # one mark per bag up to the limit, filled for each bag held
    nils_made: int


def board(setup: Setup, state: GameState) -> dict[str, Any]:
    limit = setup.rules.bag_limit
    teams = team_views(
        setup,
        state,
        SpadesTeam,
        points=lambda t: state.points[t],
        bags=lambda t: state.bags[t],
        bag_marks=lambda t: marks(state.bags[t], limit, MOST_BAG_MARKS),
        nils_made=lambda t: state.nils_made[t],
    )
    return {
        "teams": teams,
        "target": setup.rules.target,
        "bag_limit": limit,
        "lose_at": setup.rules.lose_at,
    }
