"""Spades' board: each team's points against the target, its bags on a meter towards the bag
limit, who deals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.games.presenters import TemplateView
from scorekeeper.rules.spades import GameState, Setup


@dataclass(frozen=True)
class TeamView(TemplateView):
    index: int
    name: str
    points: int
    bags: int
    bag_marks: list[bool]  # one mark per bag up to the limit, filled for each bag held
    deals_now: bool
    won: bool
    nils_made: int


def board(setup: Setup, state: GameState) -> dict[str, Any]:
    limit = setup.rules.bag_limit
    dealer_team = setup.team_of(state.dealer) if state.dealer is not None else None
    teams = [
        TeamView(
            index=t,
            name=setup.team_name(t),
            points=state.points[t],
            bags=state.bags[t],
            bag_marks=[i < state.bags[t] for i in range(limit)] if limit <= 20 else [],
            deals_now=dealer_team == t,
            won=state.winning_team == t,
            nils_made=state.nils_made[t],
        )
        for t in (0, 1)
    ]
    return {
        "teams": teams,
        "target": setup.rules.target,
        "bag_limit": limit,
        "lose_at": setup.rules.lose_at,
    }
