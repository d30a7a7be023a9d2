"""Scoring one Spades deal: pure functions of the recorded facts, the state before and the setup.

The arithmetic comes first, as small functions of plain numbers (a contract, a nil, the bags);
`score_deal` puts them together for one deal and asks `Words` for the explanation.

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

from scorekeeper.core.errors import GameOver, NotThisDealer
from scorekeeper.core.explain import Line

from .ending import Ending
from .facts import DealFacts
from .setup import Setup
from .state import GameState, advance
from .words import Words

# ---- the arithmetic ---------------------------------------------------------------------------


def contract_score(contract: int, tricks: int) -> tuple[bool, int, int]:
    """(made, points, bags) for a team that bid `contract` and has `tricks` counting toward it.

    >>> contract_score(9, 11)
    (True, 92, 2)
    >>> contract_score(9, 7)
    (False, -90, 0)
    """
    if tricks >= contract:
        over = tricks - contract
        return True, 10 * contract + over, over
    return False, -10 * contract, 0


def nil_score(tricks: int, bonus: int, blind: bool) -> tuple[bool, int]:
    """(made, points) for a nil bidder who took `tricks`."""
    worth = 2 * bonus if blind else bonus
    return (True, worth) if tricks == 0 else (False, -worth)


@dataclass(frozen=True)
class BagCount:
    before: int
    earned: int
    times: int  # how many times the limit was reached in this deal
    penalty: int  # 0 or negative
    after: int

    @property
    def total(self) -> int:
        return self.before + self.earned


def count_bags(before: int, earned: int, limit: int, penalty: int) -> BagCount:
    """Bags after a deal: every full `limit` costs `penalty`, the rest carries over.

    >>> count_bags(8, 4, 10, 100)
    BagCount(before=8, earned=4, times=1, penalty=-100, after=2)
    """
    times, after = divmod(before + earned, limit)
    return BagCount(before, earned, times, -penalty * times, after)


# ---- one deal ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamContract:
    """How one team's contract went."""

    team: int
    bids: tuple[int, ...]  # the team's bids that are not nil, in seat order
    contract: int
    tricks: int  # tricks counting toward the contract
    left_out: tuple[tuple[int, int], ...]  # (seat, tricks) of nil bidders whose tricks don't count
    made: bool
    points: int
    bags: int


@dataclass(frozen=True)
class NilResult:
    seat: int
    team: int
    blind: bool
    tricks: int
    made: bool
    points: int

    @property
    def word(self) -> str:
        return "made" if self.made else "failed"


def team_contract(team: int, facts: DealFacts, setup: Setup) -> TeamContract:
    seats = setup.team_seats(team)
    bidders = tuple(s for s in seats if facts.bids[s] > 0)
    counting = seats if setup.rules.counts_nil_tricks else bidders
    contract = sum(facts.bids[s] for s in bidders)
    tricks = sum(facts.tricks[s] for s in counting)
    left_out = tuple((s, facts.tricks[s]) for s in seats if s not in counting and facts.tricks[s])
    made, points, bags = contract_score(contract, tricks)
    return TeamContract(
        team,
        tuple(facts.bids[s] for s in bidders),
        contract,
        tricks,
        left_out,
        made,
        points,
        bags,
    )


def nil_results(facts: DealFacts, setup: Setup) -> tuple[NilResult, ...]:
    out = []
    for seat, bid in enumerate(facts.bids):
        if bid != 0:
            continue
        blind = facts.blind_nil[seat]
        made, points = nil_score(facts.tricks[seat], setup.rules.nil_bonus, blind)
        out.append(NilResult(seat, setup.team_of(seat), blind, facts.tricks[seat], made, points))
    return tuple(out)


@dataclass(frozen=True)
class Outcome:
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

    @property
    def explanation(self) -> list[str]:
        return [line.text for line in self.lines]


@dataclass(frozen=True)
class DealResult:
    facts: DealFacts
    outcome: Outcome
    before: GameState
    after: GameState


def check_turn(dealer: int | None, state: GameState, setup: Setup) -> int:
    """The seat dealing now. Raises GameOver after the end, NotThisDealer for a wrong dealer."""
    if state.finished or state.dealer is None:
        raise GameOver()
    if dealer is not None and dealer != state.dealer:
        raise NotThisDealer(
            "dealer",
            f"it is {setup.players[state.dealer]}'s deal (seat {state.dealer}), "
            f"not {setup.players[dealer]}'s",
        )
    return state.dealer


def score_deal(facts: DealFacts, state: GameState, setup: Setup) -> DealResult:
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
