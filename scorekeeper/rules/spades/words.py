"""Turns Spades scoring steps into the explanation lines players read. Numbers in, sentences out.

Every line names the section of the rules page it applied (`rule`, an anchor of
templates/rules/spades.html) and carries its numbers in `points` and `data`. Its words come from
the English templates below, kept in `data["template"]` so that the shell can say the line in the
reader's language (see scorekeeper.core.explain); names and numbers go in only as placeholders.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.explain import Line, Said, by_count, gettext_noop, line, signed
from scorekeeper.core.tricks.words import TeamWords

from .contracts import BagCount, NilResult, TeamContract
from .ending import Ending
from .facts import Bids
from .setup import Setup

# The anchors of the rules page these lines link to.
RULE_BIDDING = "bidding"
RULE_NIL = "nil"
RULE_BLIND_NIL = "blind-nil"
RULE_SCORING = "scoring"
RULE_BAGS = "bags"
RULE_DEALING = "dealing"
RULE_WINNING = "winning"
RULE_ANCHORS = (
    RULE_BIDDING,
    RULE_NIL,
    RULE_BLIND_NIL,
    RULE_SCORING,
    RULE_BAGS,
    RULE_DEALING,
    RULE_WINNING,
)

# ---- the bids: a clause that opens the contract's line, and a sentence shown on the board -------

BID_TWO = gettext_noop("{team_name} bid {first} + {second} = {contract}")
BID_NIL = gettext_noop("{team_name} bid {contract} ({nil_bidder} nil)")
BID_BLIND_NIL = gettext_noop("{team_name} bid {contract} ({nil_bidder} blind nil)")
TEAM_BID_TWO = gettext_noop("{team_name} bid {first} + {second} = {contract}.")
TEAM_BID_NIL = gettext_noop("{team_name} bid {contract} ({nil_bidder} nil).")
TEAM_BID_BLIND_NIL = gettext_noop("{team_name} bid {contract} ({nil_bidder} blind nil).")
TEAM_BID_BOTH_NIL = gettext_noop("{team_name} both bid nil, so have no contract.")
# What a team bid → (the clause, the sentence). With no contract the deal's line says it in full.
_BIDS = {
    "two": (BID_TWO, TEAM_BID_TWO),
    "nil": (BID_NIL, TEAM_BID_NIL),
    "blind_nil": (BID_BLIND_NIL, TEAM_BID_BLIND_NIL),
    "both_nil": (None, TEAM_BID_BOTH_NIL),
}

NIL_BID = gettext_noop(
    "{name} bids nil: {bonus} if {name} takes no trick, {penalty} if {name} takes any."
)
BLIND_NIL_BID = gettext_noop(
    "{name} bids blind nil: {bonus} if {name} takes no trick, {penalty} if {name} takes any."
)

# ---- the deal's score ---------------------------------------------------------------------------

NO_CONTRACT_BAG = gettext_noop(
    "{team_name} both bid nil, so have no contract: their 1 trick are 1 bag, {signed_points}."
)
NO_CONTRACT_BAGS = gettext_noop(
    "{team_name} both bid nil, so have no contract: their {tricks} tricks are {bags} bags, "
    "{signed_points}."
)
NO_CONTRACT_LEFT_OUT = gettext_noop(
    "{team_name} both bid nil, so have no contract; tricks taken by a nil bidder do not count: 0."
)
NO_CONTRACT_NO_TRICKS = gettext_noop(
    "{team_name} both bid nil, so have no contract; no tricks taken: 0."
)
# Translators: {bid} is a clause above, "Asha & Chetan bid 4 + 3 = 7"; {base} is 10 × the
# contract.
CONTRACT_MADE = gettext_noop("{bid}, took {tricks}: {base}.")
CONTRACT_MADE_BAG = gettext_noop("{bid}, took {tricks}: {base} + 1 bag = {points}.")
CONTRACT_MADE_BAGS = gettext_noop("{bid}, took {tricks}: {base} + {bags} bags = {points}.")
CONTRACT_FAILED = gettext_noop("{bid}, took {tricks}: failed, {signed_points}.")
# The same, when the nil bidder's tricks do not count toward the contract (a house rule).
CONTRACT_LEFT_OUT_MADE = gettext_noop(
    "{bid}, took {tricks} ({nil_bidder}'s {left_out} not counted): {base}."
)
CONTRACT_LEFT_OUT_MADE_BAG = gettext_noop(
    "{bid}, took {tricks} ({nil_bidder}'s {left_out} not counted): {base} + 1 bag = {points}."
)
CONTRACT_LEFT_OUT_MADE_BAGS = gettext_noop(
    "{bid}, took {tricks} ({nil_bidder}'s {left_out} not counted): {base} + {bags} bags = {points}."
)
CONTRACT_LEFT_OUT_FAILED = gettext_noop(
    "{bid}, took {tricks} ({nil_bidder}'s {left_out} not counted): failed, {signed_points}."
)

NIL_MADE = gettext_noop("{name}'s nil made: {signed_points}.")
BLIND_NIL_MADE = gettext_noop("{name}'s blind nil made: {signed_points}.")
NIL_FAILED_ONE = gettext_noop("{name}'s nil failed, 1 trick taken: {signed_points}.")
NIL_FAILED = gettext_noop("{name}'s nil failed, {tricks} tricks taken: {signed_points}.")
BLIND_NIL_FAILED_ONE = gettext_noop("{name}'s blind nil failed, 1 trick taken: {signed_points}.")
BLIND_NIL_FAILED = gettext_noop(
    "{name}'s blind nil failed, {tricks} tricks taken: {signed_points}."
)

BAGS = gettext_noop("{team_name}'s bags: {before} + {earned} = {total}.")
BAGS_NO_PENALTY = gettext_noop(
    "{team_name}'s bags: {before} + {earned} = {total}: {limit} reached, no penalty at this "
    "table, {after} left."
)
BAGS_PENALTY = gettext_noop(
    "{team_name}'s bags: {before} + {earned} = {total}: {penalty} for {limit} bags, {after} left."
)
BAGS_PENALTY_TWICE = gettext_noop(
    "{team_name}'s bags: {before} + {earned} = {total}: {limit} bags reached twice, {penalty}, "
    "{after} left."
)
BAGS_PENALTY_TIMES = gettext_noop(
    "{team_name}'s bags: {before} + {earned} = {total}: {limit} bags reached {times} times, "
    "{penalty}, {after} left."
)

SCORE = gettext_noop("Score: {team_a} {points_a} ({change_a}), {team_b} {points_b} ({change_b}).")

GAME_OVER_BOTH_TARGET = gettext_noop(
    "Both teams reached {target}: {winners} win with the higher score, {won} to {lost}."
)
GAME_OVER_TARGET = gettext_noop("{winners} reach {target} and win the game, {won} to {lost}.")
GAME_OVER_BOTH_LOW = gettext_noop(
    "Both teams are at or below {lose_at}: {winners} win with the higher score, {won} to {lost}."
)
GAME_OVER_LOW = gettext_noop(
    "{losers} fall to {lost}, at or below {lose_at}: {winners} win the game, {won} to {lost}."
)
PLAY_ON_TARGET = gettext_noop(
    "Both teams are on {score}, at or past the target of {target}: play goes on until one team "
    "is ahead."
)
PLAY_ON_LOW = gettext_noop(
    "Both teams are on {score}, at or below {lose_at}: play goes on until one team is ahead."
)

NEXT_DEALER = gettext_noop("The deal passes to {name}.")

# A contract made with no bag, one bag or more, and failed; without and with a nil bidder's
# tricks left out.
_CONTRACT = (CONTRACT_MADE, CONTRACT_MADE_BAG, CONTRACT_MADE_BAGS, CONTRACT_FAILED)
_CONTRACT_LEFT_OUT = (
    CONTRACT_LEFT_OUT_MADE,
    CONTRACT_LEFT_OUT_MADE_BAG,
    CONTRACT_LEFT_OUT_MADE_BAGS,
    CONTRACT_LEFT_OUT_FAILED,
)
# blind → a nil made, failed with one trick taken, failed with more
_NIL = {
    False: (NIL_MADE, NIL_FAILED_ONE, NIL_FAILED),
    True: (BLIND_NIL_MADE, BLIND_NIL_FAILED_ONE, BLIND_NIL_FAILED),
}


class Words(TeamWords):
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
            BLIND_NIL_BID if blind else NIL_BID,
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
        values: dict = {"signed_points": signed(result.points)}
        if result.contract == 0:
            if n:
                template = by_count(n, NO_CONTRACT_BAGS, one=NO_CONTRACT_BAG)
            elif result.left_out:
                template = NO_CONTRACT_LEFT_OUT
            else:
                template = NO_CONTRACT_NO_TRICKS
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
            template = BAGS
        elif count.penalty == 0:
            template = BAGS_NO_PENALTY
        else:
            template = by_count(
                count.times, BAGS_PENALTY_TIMES, one=BAGS_PENALTY, two=BAGS_PENALTY_TWICE
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
            SCORE,
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
            template = GAME_OVER_BOTH_TARGET
        elif ending.reason == "target":
            template = GAME_OVER_TARGET
        elif lose_at is not None and won <= lose_at:
            template = GAME_OVER_BOTH_LOW
        else:
            template = GAME_OVER_LOW
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
        template = PLAY_ON_TARGET if p >= self.rules.target else PLAY_ON_LOW
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
        return line("dealer", NEXT_DEALER, RULE_DEALING, next_dealer=seat, name=self.name(seat))
