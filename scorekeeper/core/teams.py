"""A game of two fixed partnerships (even seats against odd seats) behind the games' one
interface: its standings are the two teams, its summary their scores ("7–3"). Thunee, Spades and
Nigerian Thuni are such games; each says what its score is (`team_scores`) and what else the
board and the seasons show of a team (`team_figures`)."""

from __future__ import annotations

from typing import Any

from .game import GameRules, Standing


class TeamsGame(GameRules):
    """The setup is a `scorekeeper.core.table.FixedPartners`, the state has `winning_team`."""

    fixed_teams = True

    def team_scores(self, state: Any) -> tuple[int, int]:
        """Each team's headline score: its balls, its points."""
        raise NotImplementedError

    def team_figures(self, setup: Any, state: Any, team: int) -> dict[str, int]:
        """A team's own numbers for the board and the seasons."""
        return {}

    def standings(self, setup: Any, state: Any) -> list[Standing]:
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

    def summary(self, setup: Any, state: Any) -> str:
        a, b = self.team_scores(state)
        return f"{a}–{b}"
