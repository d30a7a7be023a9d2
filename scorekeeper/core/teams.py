"""A game of two fixed partnerships (even seats against odd seats) behind the games' one
interface: its standings are the two teams, its summary their scores ("7–3"). Thunee, Spades and
Nigerian Thuni are such games; each says what its score is (`team_scores`) and what else the
board and the seasons show of a team (`team_figures`)."""

from __future__ import annotations

from typing import Protocol, TypeVar

from .game import FactsT, GameRules, ResultT, SetupShape, Standing, StateShape


class PartnersSetup(SetupShape, Protocol):
    """A setup of fixed partners (`scorekeeper.core.table.FixedPartners`)."""

    def team_seats(self, team: int) -> tuple[int, ...]: ...
    def team_name(self, team: int) -> str: ...


class TeamState(StateShape, Protocol):
    """A state of a game that a team wins (`scorekeeper.core.state.WonByTeam`)."""

    @property
    def winning_team(self) -> int | None: ...


PartnersSetupT = TypeVar("PartnersSetupT", bound=PartnersSetup)
TeamStateT = TypeVar("TeamStateT", bound=TeamState)


class TeamsGame(GameRules[PartnersSetupT, TeamStateT, FactsT, ResultT]):
    """The setup is a `scorekeeper.core.table.FixedPartners`, the state has `winning_team`."""

    fixed_teams = True

    def team_scores(self, state: TeamStateT) -> tuple[int, int]:
        """Each team's headline score: its balls, its points."""
        raise NotImplementedError

    def team_figures(self, setup: PartnersSetupT, state: TeamStateT, team: int) -> dict[str, int]:
        """A team's own numbers for the board and the seasons."""
        return {}

    def standings(self, setup: PartnersSetupT, state: TeamStateT) -> list[Standing]:
        scores = self.team_scores(state)
        return [
            Standing(
                seats=setup.team_seats(team),
                name=setup.team_name(team),
                score=scores[team],
                won=state.winning_team == team,
                figures=self.team_figures(setup, state, team),
            )
            for team in (0, 1)
        ]

    def summary(self, setup: PartnersSetupT, state: TeamStateT) -> str:
        a, b = self.team_scores(state)
        return f"{a}–{b}"
