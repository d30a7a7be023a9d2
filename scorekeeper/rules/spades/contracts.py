"""The arithmetic of a Spades deal and its results: a team's contract, a nil, the bags.

Small functions of plain numbers first, then each team's contract and each nil of a deal as
values that scoring puts together and the words say (see scoring.py for the rules in words).
"""

from __future__ import annotations

from dataclasses import dataclass

from .facts import DealFacts
from .setup import Setup

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


# ---- one deal's contracts and nils ------------------------------------------------------------


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
