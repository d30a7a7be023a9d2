"""The game between deals: balls, target, who deals, whether it is over."""

from __future__ import annotations

from dataclasses import dataclass, replace

from scorekeeper.core.state import StateData, WonByTeam

from .setup import Setup


@dataclass(frozen=True)
class GameState(WonByTeam, StateData):
    balls: tuple[int, int]
    dealer: int | None  # who deals next; None once the game is over
    target: int  # balls needed to win: 12, or 13
    deuce: bool = False  # two to clear: both teams were reset to zero
    finished: bool = False
    winning_team: int | None = None
    deals: int = 0  # deals recorded so far

    @classmethod
    def initial(cls, setup: Setup) -> GameState:
        target = 13 if setup.rules.winning_balls == 13 else 12
        state = cls(balls=setup.start_balls, dealer=setup.first_dealer, target=target)
        winner = _winner(state)
        if winner is not None:
            return replace(state, finished=True, winning_team=winner, dealer=None)
        return state

    def on_corner_house(self, team: int) -> bool:
        """Exactly one ball short of the target, before any two-to-clear reset."""
        return not self.deuce and self.balls[team] == self.target - 1


def two_to_clear_applies(setup: Setup, target: int) -> bool:
    rule = setup.rules.two_to_clear
    return rule == "on" or (rule == "13-point-games" and target == 13)


def _winner(state: GameState) -> int | None:
    a, b = state.balls
    if state.deuce:
        if abs(a - b) >= 2:
            return 0 if a > b else 1
        return None
    for team in (0, 1):
        if state.balls[team] >= state.target:
            return team
    return None


def advance(
    setup: Setup,
    state: GameState,
    *,
    opened: tuple[int, int],
    entitled_team: int | None,
    cancelled: bool,
    raises_target: bool,
) -> tuple[GameState, bool]:
    """The state after a deal that opened `opened` balls. Returns (state, reset_happened)."""
    dealer = state.dealer
    assert dealer is not None, "no deal after the game is over"
    balls = (state.balls[0] + opened[0], state.balls[1] + opened[1])
    target = 13 if raises_target else state.target
    nxt = replace(state, balls=balls, target=target, deals=state.deals + 1)

    reset = False
    winner = _winner(nxt)
    tied_short = balls[0] == balls[1] == target - 1
    if winner is None and not nxt.deuce and tied_short and two_to_clear_applies(setup, target):
        nxt = replace(nxt, balls=(0, 0), deuce=True)
        reset = True
    if winner is not None:
        return replace(nxt, finished=True, winning_team=winner, dealer=None), reset

    if cancelled:
        next_dealer = dealer
    else:
        dealer_team = setup.team_of(dealer)
        if setup.rules.rotation == "loser-deals-again":
            stays = entitled_team != dealer_team
        else:
            stays = nxt.balls[dealer_team] < nxt.balls[1 - dealer_team]
        next_dealer = dealer if stays else setup.after(dealer)
    return replace(nxt, dealer=next_dealer), reset
