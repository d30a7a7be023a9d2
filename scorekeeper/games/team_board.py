"""The board of a game played by two teams towards a target: each team's name, whether it deals
next and whether it has won, and marks for what it holds (a marker per point, a bag meter).

A game's board subclasses `TeamView` with what else it shows of a team and gives `team_views`
a function per extra field (the team's index in, the value out).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .presenters import TemplateView

TEAMS = (0, 1)


@dataclass(frozen=True)
class TeamView(TemplateView):
    index: int
    name: str
    deals_now: bool
    won: bool


def team_views(
    setup: Any, state: Any, view: type[TeamView] = TeamView, **per_team: Callable[[int], Any]
) -> list[Any]:
    """Both teams as `view`s; `per_team` gives the view's other fields, by name."""
    dealer_team = setup.team_of(state.dealer) if state.dealer is not None else None
    views = []
    for t in TEAMS:
        common = {
            "index": t,
            "name": setup.team_name(t),
            "deals_now": dealer_team == t and not state.finished,
            "won": state.winning_team == t,
        }
        views.append(view(**{**common, **{name: value(t) for name, value in per_team.items()}}))
    return views


def marks(held: int, count: int, most: int) -> list[bool]:
    """One mark per unit up to `count`, filled for each held; none past `most` marks (shown as
    a number only)."""
    return [i < held for i in range(count)] if count <= most else []
