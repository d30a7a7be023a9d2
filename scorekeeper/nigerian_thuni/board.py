"""Nigerian Thuni's board: each team's points towards the target, who deals next, or who must
draw cards for the deal when the rules leave it to a draw."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.team_board import TeamView, marks, team_views
from scorekeeper.rules.nigerian_thuni import GameState, Setup

MOST_MARKS = 30  # a target above this shows as a number only


@dataclass(frozen=True)
class NigerianThuniTeam(TeamView):
    points: int
    marks: list[bool]  # one per point up to the target, filled for each point held
    draws: bool  # a player of this team is in the draw for the next deal


def _and_list(names: list[str]) -> str:
    """'Ann, Bo and Cy', in the reader's language."""
    if len(names) < 2:
        return "".join(names)
    text = names[0]
    for name in names[1:-1]:
        # Translators: names in a list, "Ann, Bo" (the last two are joined by "and")
        text = gettext("{a}, {b}").format(a=text, b=name)
    return gettext("{a} and {b}").format(a=text, b=names[-1])


and_list = lazy(_and_list, str)  # said when it is shown


def board(setup: Setup, state: GameState) -> dict[str, Any]:
    target = setup.rules.target
    draw_teams = {setup.team_of(s) for s in state.draw}
    teams = team_views(
        setup,
        state,
        NigerianThuniTeam,
        points=lambda t: state.points[t],
        marks=lambda t: marks(state.points[t], target, MOST_MARKS),
        draws=lambda t: t in draw_teams and not state.finished,
    )
    context: dict[str, Any] = {"teams": teams, "target": target}
    if state.draw and state.dealer is None and not state.finished:
        drawers = [setup.players[s] for s in state.draw]
        context["dealer_note"] = format_lazy(_("{names} draw cards"), names=and_list(drawers))
    return context
