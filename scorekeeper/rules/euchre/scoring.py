"""Scoring one Euchre hand: a pure function of the facts, the game state and the setup.

Only one partnership scores in a hand (hand.py); a hand thrown in scores nothing. The first team
to reach the target wins, and no hand is played after that. The deal always passes to the left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from scorekeeper.core.deal import DealResult as DealResult
from scorekeeper.core.deal import Explained
from scorekeeper.core.errors import GameOver
from scorekeeper.core.explain import Line
from scorekeeper.core.tricks.turn import check_dealer

from .facts import DealFacts
from .hand import judge
from .setup import Setup
from .state import GameState, team_at_target
from .words import Words


@dataclass(frozen=True)
class Outcome(Explained):
    """What one hand scored, per team; `lines` explain every step."""

    dealer: int
    makers: int | None  # the makers' team; None for a hand thrown in
    points: tuple[int, int]  # this hand's, per team
    march: bool
    euchred: bool
    lines: tuple[Line, ...]
    warnings: tuple[str, ...] = ()

    @property
    def thrown_in(self) -> bool:
        return self.makers is None


# This game's deal result: the shared DealResult of its facts, outcome and state.
Result: TypeAlias = DealResult[DealFacts, Outcome, GameState]


def score_deal(facts: DealFacts, state: GameState, setup: Setup) -> Result:
    """Score one hand. Raises GameOver after the end, NotThisDealer for a wrong dealer (parsing
    has refused every fact the rules do not allow)."""
    if state.finished or state.dealer is None:
        raise GameOver()
    dealer = check_dealer(facts.dealer, state.dealer, setup.players)
    words = Words(setup)
    if facts.maker is None:
        lines = [words.thrown_in()]
        makers, points, march, euchred = None, (0, 0), False, False
    else:
        tricks = facts.tricks or 0  # parsing refuses a played hand without its tricks
        lone_defender = facts.defender_alone
        hand = judge(setup.team_of(facts.maker), tricks, facts.alone, lone_defender is not None)
        lines = [words.maker(facts.maker, facts.alone)]
        if lone_defender is not None:
            lines.append(words.lone_defender(lone_defender, facts.maker))
        lines.append(words.result(hand, facts.maker, tricks, facts.alone, lone_defender))
        makers, points, march, euchred = hand.makers, hand.per_team, hand.march, hand.euchred

    total = (state.points[0] + points[0], state.points[1] + points[1])
    lines.append(words.score(total))
    winner = team_at_target(total, setup.rules.target)
    if winner is None:
        next_dealer = setup.after(dealer)
        lines.append(words.next_dealer(next_dealer))
        after = GameState(total, next_dealer, deals=state.deals + 1)
    else:
        lines.append(words.game_over(winner, total, setup.rules.target))
        after = GameState(total, None, True, winner, deals=state.deals + 1)
    outcome = Outcome(dealer, makers, points, march, euchred, tuple(lines))
    return DealResult(facts, outcome, state, after)
