"""Scoring one scorepad deal: a pure function of the facts, the game state and the setup.

Each seat's points go on its total. The game is over after the deal in which a total reaches
the target (is at least it), after the last of a fixed number of deals, or after a deal marked
`last`, whichever comes first; then the best totals win (the highest, or the lowest), equal ones
sharing the win. The deal always passes to the left.
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
from .setup import Setup
from .state import GameState, best
from .words import Words


@dataclass(frozen=True)
class Outcome(Explained):
    """What one deal scored, per seat, and the totals after it; `lines` explain every step."""

    dealer: int
    points: tuple[int, ...]  # as recorded
    totals: tuple[int, ...]  # after this deal
    leaders: tuple[int, ...]  # the seats with the best total after this deal
    lines: tuple[Line, ...]
    warnings: tuple[str, ...] = ()


# This game's deal result: the shared DealResult of its facts, outcome and state.
Result: TypeAlias = DealResult[DealFacts, Outcome, GameState]


def score_deal(facts: DealFacts, state: GameState, setup: Setup) -> Result:
    """Score one deal. Raises GameOver after the end, NotThisDealer for a wrong dealer (parsing
    has refused every fact the rules do not allow)."""
    if state.finished or state.dealer is None:
        raise GameOver()
    dealer = check_dealer(facts.dealer, state.dealer, setup.players)
    rules = setup.rules
    words = Words(setup)
    totals = tuple(t + p for t, p in zip(state.totals, facts.points, strict=True))
    leaders = best(totals, rules.lowest_wins)
    deals = state.deals + 1
    lines = [words.points(facts.points), words.totals(totals), words.leaders(leaders, totals)]

    ended = _ending(words, facts, totals, deals, setup)
    if ended is None:
        next_dealer = setup.after(dealer)
        lines.append(words.next_dealer(next_dealer))
        after = GameState(totals, next_dealer, deals=deals)
    else:
        lines += [ended, words.winners(leaders, totals, rules.lowest_wins)]
        after = GameState(totals, None, True, leaders, deals=deals)
    outcome = Outcome(dealer, facts.points, totals, leaders, tuple(lines))
    return DealResult(facts, outcome, state, after)


def _ending(
    words: Words, facts: DealFacts, totals: tuple[int, ...], deals: int, setup: Setup
) -> Line | None:
    """Why the game is over after this deal (the target first), or None while it goes on."""
    rules = setup.rules
    if rules.target is not None:
        reached = tuple(seat for seat, total in enumerate(totals) if total >= rules.target)
        if reached:
            return words.target_reached(reached, rules.target)
    if rules.deals is not None and deals >= rules.deals:
        return words.deals_done(deals)
    if facts.last:
        return words.last_deal()
    return None
