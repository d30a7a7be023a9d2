"""The game between deals: points, bags, nils made, who deals, whether it is over."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.state import StateData, WonByTeam

from .ending import Ending, judge_end
from .setup import Setup


@dataclass(frozen=True)
class GameState(WonByTeam, StateData):
    points: tuple[int, int]
    bags: tuple[int, int]  # always below the bag limit
    dealer: int | None  # who deals next; None once the game is over
    deals: int = 0  # deals recorded so far
    finished: bool = False
    winning_team: int | None = None
    nils_made: tuple[int, int] = (0, 0)  # over the game, per team

    @classmethod
    def initial(cls, setup: Setup) -> GameState:
        # Setup refuses a start score that has already ended the game.
        return cls(points=setup.start_points, bags=setup.start_bags, dealer=setup.first_dealer)


def advance(
    setup: Setup,
    state: GameState,
    *,
    points: tuple[int, int],
    bags: tuple[int, int],
    nils_made: tuple[int, int],
) -> tuple[GameState, Ending]:
    """The state after a deal that left these scores and bags. The deal passes to the left."""
    assert state.dealer is not None, "no deal after the game is over"
    ending = judge_end(points, setup.rules.target, setup.rules.lose_at)
    after = GameState(
        points=points,
        bags=bags,
        dealer=None if ending.finished else setup.after(state.dealer),
        deals=state.deals + 1,
        finished=ending.finished,
        winning_team=ending.winning_team,
        nils_made=(state.nils_made[0] + nils_made[0], state.nils_made[1] + nils_made[1]),
    )
    return after, ending
