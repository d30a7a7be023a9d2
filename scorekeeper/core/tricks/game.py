"""A bids-and-tricks game behind the games' one interface: what its GameRules share.

`TricksGame` is every game of the family: its deal fields are read as bids and tricks per seat.
`PartnersGame` is one of two fixed partnerships (even seats against odd seats) playing to a
target of points, as Spades and Nigerian Thuni do: how the new-game form seats them, and the
points as the teams' score (`scorekeeper.core.teams` makes the standings and the summary), to
whose figures a game may add (`team_figures`).
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from scorekeeper.core.game import FactsT, GameRules, ResultT, SetupT, StateT, gettext_noop
from scorekeeper.core.teams import PartnersSetupT, TeamsGame, TeamState


class TricksGame(GameRules[SetupT, StateT, FactsT, ResultT]):
    fact_labels = {
        "dealer": gettext_noop("dealer"),
        "bids": gettext_noop("bids"),
        "tricks": gettext_noop("tricks"),
    }
    per_seat_facts = frozenset({"bids", "tricks"})


class PointsState(TeamState, Protocol):
    """The state of two partnerships playing to a target of points."""

    @property
    def points(self) -> tuple[int, int]: ...


PointsStateT = TypeVar("PointsStateT", bound=PointsState)


class PartnersGame(
    TricksGame[PartnersSetupT, PointsStateT, FactsT, ResultT],
    TeamsGame[PartnersSetupT, PointsStateT, FactsT, ResultT],
):
    seat_counts = (4,)
    seating = gettext_noop(
        "Names in order of play: each next player sits on the left of the one before (play "
        "goes clockwise). Partners sit opposite: seats 1 and 3 (team A) against seats 2 and 4 "
        "(team B)."
    )
    progress_measure = gettext_noop("points")
    season_columns: tuple[tuple[str, str], ...] = (("points", gettext_noop("Points")),)

    def team_scores(self, state: PointsStateT) -> tuple[int, int]:
        return state.points

    def team_figures(self, setup: PartnersSetupT, state: PointsStateT, team: int) -> dict[str, int]:
        """A team's own numbers for the board and the seasons; at least its points."""
        return {"points": state.points[team]}
