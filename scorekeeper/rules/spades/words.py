"""Turns Spades scoring steps into the explanation lines players read: numbers in, the
sentences of words.toml (`W`) out, the names and numbers only as their placeholders' values.

Every line names the section of the rules page rules/spades.html it applied (`rule`) and carries its
numbers in `points` and `data`, with its template, to be said in the reader's language
(scorekeeper.core.explain).
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.explain import Line, Said, by_count, line, signed
from scorekeeper.core.sentences import sentences
from scorekeeper.core.tricks.words import TeamWords

from .contracts import BagCount, NilResult, TeamContract
from .ending import Ending
from .facts import Bids
from .setup import Setup

# The anchors of the rules page (rules/spades.html) these lines link to, each one
# also by its name.
RULE_ANCHORS: tuple[str, ...] = (
    "bidding",
    "nil",
    "blind-nil",
    "scoring",
    "bags",
    "dealing",
    "winning",
)
RULE_BIDDING, RULE_NIL, RULE_BLIND_NIL, RULE_SCORING, RULE_BAGS, RULE_DEALING, RULE_WINNING = (
    RULE_ANCHORS
)

W = sentences(__package__)  # this game's sentences (words.toml)

# What a team bid → (the clause, the sentence). With no contract the deal's line says it in full.
_BIDS = {
    "two": (W.BID_TWO, W.TEAM_BID_TWO),
    "nil": (W.BID_NIL, W.TEAM_BID_NIL),
    "blind_nil": (W.BID_BLIND_NIL, W.TEAM_BID_BLIND_NIL),
    "both_nil": (None, W.TEAM_BID_BOTH_NIL),
}

# A contract made with no bag, one bag or more, and failed; without and with a nil bidder's
# tricks left out.
_CONTRACT = (W.CONTRACT_MADE, W.CONTRACT_MADE_BAG, W.CONTRACT_MADE_BAGS, W.CONTRACT_FAILED)
_CONTRACT_LEFT_OUT = (
    W.CONTRACT_LEFT_OUT_MADE,
    W.CONTRACT_LEFT_OUT_MADE_BAG,
    W.CONTRACT_LEFT_OUT_MADE_BAGS,
    W.CONTRACT_LEFT_OUT_FAILED,
)
# blind → a nil made, failed with one trick taken, failed with more
_NIL = {
    False: (W.NIL_MADE, W.NIL_FAILED_ONE, W.NIL_FAILED),
    True: (W.BLIND_NIL_MADE, W.BLIND_NIL_FAILED_ONE, W.BLIND_NIL_FAILED),
}


class Words(TeamWords[Setup]):
    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.rules = setup.rules

    # ---- the bids (shown on the board while the hand is played) ------------------------------

    def _bid(self, team: int, bids: Bids) -> tuple[str, dict[str, Any]]:
        """What a team bid (a key of `_BIDS`) and the values its words need."""
        seats = self.setup.team_seats(team)
        numbers = [bids.bids[s] for s in seats if not bids.is_nil(s)]
        nils = [s for s in seats if bids.is_nil(s)]
        values: dict[str, Any] = {"team_name": self.team(team), "contract": sum(numbers)}
        if not numbers:
            return "both_nil", values
        if len(numbers) == 2:
            return "two", values | {"first": numbers[0], "second": numbers[1]}
        nil = nils[0]
        values["nil_bidder"] = self.name(nil)
        return ("blind_nil" if bids.blind_nil[nil] else "nil"), values

    def bid_phrase(self, team: int, bids: Bids) -> Said:
        """ "Asha & Chetan bid 4 + 3 = 7", "Bongani & Dev bid 5 (Dev nil)": a team with a
        contract, as the clause that opens its line."""
        kind, values = self._bid(team, bids)
        return Said(_BIDS[kind][0], **values)

    def team_bid(self, team: int, bids: Bids) -> Line:
        kind, values = self._bid(team, bids)
        seats = self.setup.team_seats(team)
        return line(
            "bid",
            _BIDS[kind][1],
            RULE_BIDDING,
            values["contract"],
            team=team,
            bids=[bids.bids[s] for s in seats],
            **values,
        )

    def nil_bid(self, seat: int, blind: bool) -> Line:
        worth = self.rules.nil_worth(blind)
        return line(
            "nil_bid",
            W.BLIND_NIL_BID if blind else W.NIL_BID,
            RULE_BLIND_NIL if blind else RULE_NIL,
            seat=seat,
            blind=blind,
            worth=worth,
            name=self.name(seat),
            bonus=signed(worth),
            penalty=signed(-worth),
        )

    # ---- the deal's score -------------------------------------------------------------------

    def contract(self, result: TeamContract, bids: Bids) -> Line:
        n = result.tricks
        values: dict[str, Any] = {"signed_points": signed(result.points)}
        if result.contract == 0:
            if n:
                template = by_count(n, W.NO_CONTRACT_BAGS, one=W.NO_CONTRACT_BAG)
            elif result.left_out:
                template = W.NO_CONTRACT_LEFT_OUT
            else:
                template = W.NO_CONTRACT_NO_TRICKS
            values["team_name"] = self.team(result.team)
        else:
            made, one_bag, bags, failed = _CONTRACT_LEFT_OUT if result.left_out else _CONTRACT
            if result.left_out:  # only the team's one nil bidder can be left out
                (seat, left_out), *_ = result.left_out
                values |= {"nil_bidder": self.name(seat), "left_out": left_out}
            template = (
                by_count(result.bags, bags, zero=made, one=one_bag) if result.made else failed
            )
            values |= {
                "bid": self.bid_phrase(result.team, bids),
                "base": 10 * result.contract,
                "points": result.points,
            }
        return line(
            "contract",
            template,
            RULE_SCORING,
            result.points,
            team=result.team,
            bids=list(result.bids),
            contract=result.contract,
            tricks=n,
            made=result.made,
            bags=result.bags,
            **values,
        )

    def nil(self, result: NilResult) -> Line:
        made, failed_one, failed = _NIL[result.blind]
        template = made if result.made else by_count(result.tricks, failed, one=failed_one)
        return line(
            "nil",
            template,
            RULE_BLIND_NIL if result.blind else RULE_NIL,
            result.points,
            team=result.team,
            seat=result.seat,
            blind=result.blind,
            tricks=result.tricks,
            made=result.made,
            name=self.name(result.seat),
            signed_points=signed(result.points),
        )

    def bags(self, team: int, count: BagCount) -> Line:
        if not count.times:
            template = W.BAGS
        elif count.penalty == 0:
            template = W.BAGS_NO_PENALTY
        else:
            template = by_count(
                count.times, W.BAGS_PENALTY_TIMES, one=W.BAGS_PENALTY, two=W.BAGS_PENALTY_TWICE
            )
        return line(
            "bags",
            template,
            RULE_BAGS,
            count.penalty,
            team=team,
            before=count.before,
            earned=count.earned,
            times=count.times,
            after=count.after,
            team_name=self.team(team),
            total=count.total,
            limit=self.rules.bag_limit,
            penalty=signed(count.penalty),
        )

    def score(self, before: tuple[int, int], after: tuple[int, int]) -> Line:
        return line(
            "score",
            W.SCORE,
            RULE_SCORING,
            before=list(before),
            after=list(after),
            team_a=self.team(0),
            points_a=after[0],
            change_a=signed(after[0] - before[0]),
            team_b=self.team(1),
            points_b=after[1],
            change_b=signed(after[1] - before[1]),
        )

    def game_over(self, ending: Ending, points: tuple[int, int]) -> Line:
        winner = ending.winning_team
        assert winner is not None
        loser = 1 - winner
        won, lost = points[winner], points[loser]
        target, lose_at = self.rules.target, self.rules.lose_at
        if ending.reason == "target" and lost >= target:
            template = W.GAME_OVER_BOTH_TARGET
        elif ending.reason == "target":
            template = W.GAME_OVER_TARGET
        elif lose_at is not None and won <= lose_at:
            template = W.GAME_OVER_BOTH_LOW
        else:
            template = W.GAME_OVER_LOW
        return line(
            "game_over",
            template,
            RULE_WINNING,
            team=winner,
            reason=ending.reason,
            points=list(points),
            winners=self.team(winner),
            losers=self.team(loser),
            won=won,
            lost=lost,
            target=target,
            lose_at=lose_at,
        )

    def play_on(self, points: tuple[int, int]) -> Line:
        p = points[0]
        template = W.PLAY_ON_TARGET if p >= self.rules.target else W.PLAY_ON_LOW
        return line(
            "play_on",
            template,
            RULE_WINNING,
            points=list(points),
            score=p,
            target=self.rules.target,
            lose_at=self.rules.lose_at,
        )

    def next_dealer(self, seat: int) -> Line:
        return line("dealer", W.NEXT_DEALER, RULE_DEALING, next_dealer=seat, name=self.name(seat))
