"""Scoring one Spades deal: pure functions of the recorded facts, the state before and the setup.

The arithmetic and its results are in contracts.py; `score_deal` puts them together for one
deal and asks `Words` (words.py) for the explanation.

- A team's contract is the sum of its players' bids that are not nil. The tricks that count
  toward it are both players' (house rule `nil_tricks` "team"), or only those of its players who
  did not bid nil ("exclude"). Made (at least the contract): 10 per trick bid, plus 1 per trick
  over, and each trick over is a bag. Failed: minus 10 per trick bid, and no bags.
- Both partners bid nil: the contract is 0, always made; every counted trick is a trick over
  (+1 and a bag each). With "exclude" no trick counts, so it scores nothing.
- Each nil: the bonus when its bidder took no trick, minus the bonus otherwise; blind nil twice.
- Bags add up; each time they reach the limit the team loses the penalty (several times if one
  deal passes the limit more than once) and the rest carry on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from scorekeeper.core.deal import DealResult as DealResult
from scorekeeper.core.deal import Explained
from scorekeeper.core.errors import GameOver
from scorekeeper.core.explain import Line
from scorekeeper.core.tricks.turn import check_dealer

from .contracts import BagCount, NilResult, TeamContract, count_bags, nil_results, team_contract
from .ending import Ending
from .facts import DealFacts
from .setup import Setup
from .state import GameState, advance
from .words import Words


@dataclass(frozen=True)
class Outcome(Explained):
    """What one deal scored, per team (`[team0, team1]`) unless said otherwise."""

    dealer: int
    contracts: tuple[int, int]
    made: tuple[bool, bool]
    points: tuple[int, int]  # contract and nils, before bag penalties
    bags_earned: tuple[int, int]
    bag_penalty: tuple[int, int]  # 0 or negative
    nil: tuple[str | None, ...]  # per seat: "made", "failed", or None (no nil bid)
    lines: tuple[Line, ...]
    teams: tuple[TeamContract, TeamContract]
    nils: tuple[NilResult, ...]
    bag_counts: tuple[BagCount, BagCount]
    ending: Ending
    warnings: tuple[str, ...] = ()

    @property
    def change(self) -> tuple[int, int]:
        """What the deal did to each team's score, bag penalties included."""
        return (self.points[0] + self.bag_penalty[0], self.points[1] + self.bag_penalty[1])


# This game's deal result: the shared DealResult of its facts, outcome and state.
Result: TypeAlias = DealResult[DealFacts, Outcome, GameState]


def check_turn(dealer: int | None, state: GameState, setup: Setup) -> int:
    """The seat dealing now. Raises GameOver after the end, NotThisDealer for a wrong dealer."""
    if state.finished or state.dealer is None:
        raise GameOver()
    return check_dealer(dealer, state.dealer, setup.players)


def score_deal(facts: DealFacts, state: GameState, setup: Setup) -> Result:
    """Score one deal against the state before it. Raises GameOver, NotThisDealer."""
    dealer = check_turn(facts.dealer, state, setup)
    rules = setup.rules
    teams = (team_contract(0, facts, setup), team_contract(1, facts, setup))
    nils = nil_results(facts, setup)
    bag_counts = (
        count_bags(state.bags[0], teams[0].bags, rules.bag_limit, rules.bag_penalty),
        count_bags(state.bags[1], teams[1].bags, rules.bag_limit, rules.bag_penalty),
    )
    points = (
        teams[0].points + sum(n.points for n in nils if n.team == 0),
        teams[1].points + sum(n.points for n in nils if n.team == 1),
    )
    penalty = (bag_counts[0].penalty, bag_counts[1].penalty)
    after, ending = advance(
        setup,
        state,
        points=(
            state.points[0] + points[0] + penalty[0],
            state.points[1] + points[1] + penalty[1],
        ),
        bags=(bag_counts[0].after, bag_counts[1].after),
        nils_made=(
            sum(1 for n in nils if n.made and n.team == 0),
            sum(1 for n in nils if n.made and n.team == 1),
        ),
    )

    words = Words(setup)
    lines: list[Line] = [words.contract(t, facts.bidding) for t in teams]
    lines += [words.nil(n) for n in nils]
    lines += [words.bags(t, count) for t, count in enumerate(bag_counts) if count.earned]
    lines.append(words.score(state.points, after.points))
    if after.finished:
        lines.append(words.game_over(ending, after.points))
    else:
        if ending.reason == "tie":
            lines.append(words.play_on(after.points))
        assert after.dealer is not None
        lines.append(words.next_dealer(after.dealer))

    nil_words: list[str | None] = [None] * setup.seats
    for n in nils:
        nil_words[n.seat] = n.word
    outcome = Outcome(
        dealer=dealer,
        contracts=(teams[0].contract, teams[1].contract),
        made=(teams[0].made, teams[1].made),
        points=points,
        bags_earned=(teams[0].bags, teams[1].bags),
        bag_penalty=penalty,
        nil=tuple(nil_words),
        lines=tuple(lines),
        teams=teams,
        nils=nils,
        bag_counts=bag_counts,
        ending=ending,
    )
    return DealResult(facts, outcome, state, after)
