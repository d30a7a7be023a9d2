"""Turns Spades scoring steps into the explanation lines players read. Numbers in, sentences out.

Every line names the section of the rules page it applied (`rule`, an anchor of
templates/rules/spades.html) and carries its numbers in `points` and `data`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.core.explain import Line, signed

from .ending import Ending
from .facts import Bids
from .setup import Setup

if TYPE_CHECKING:
    from .scoring import BagCount, NilResult, TeamContract

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


def tricks_word(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def bags_word(n: int) -> str:
    return f"{n} bag" if n == 1 else f"{n} bags"


def times_word(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


class Words:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.rules = setup.rules

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def team(self, team: int) -> str:
        return self.setup.team_name(team)

    def nil_name(self, blind: bool) -> str:
        return "blind nil" if blind else "nil"

    # ---- the bids (shown on the board while the hand is played) ------------------------------

    def bid_phrase(self, team: int, bids: Bids) -> str:
        """ "Asha & Chetan bid 4 + 3 = 7", "Bongani & Dev bid 5 (Dev nil)"."""
        seats = self.setup.team_seats(team)
        numbers = [bids.bids[s] for s in seats if not bids.is_nil(s)]
        nils = [s for s in seats if bids.is_nil(s)]
        who = self.team(team)
        if not numbers:
            return f"{who} both bid nil, so have no contract"
        if len(numbers) == 2:
            return f"{who} bid {numbers[0]} + {numbers[1]} = {sum(numbers)}"
        nil = nils[0]
        return f"{who} bid {numbers[0]} ({self.name(nil)} {self.nil_name(bids.blind_nil[nil])})"

    def team_bid(self, team: int, bids: Bids) -> Line:
        seats = self.setup.team_seats(team)
        contract = sum(bids.bids[s] for s in seats)
        return Line(
            "bid",
            self.bid_phrase(team, bids) + ".",
            RULE_BIDDING,
            points=contract,
            data={"team": team, "contract": contract, "bids": [bids.bids[s] for s in seats]},
        )

    def nil_bid(self, seat: int, blind: bool) -> Line:
        worth = self.rules.nil_worth(blind)
        who = self.name(seat)
        text = (
            f"{who} bids {self.nil_name(blind)}: {signed(worth)} if {who} takes no trick, "
            f"{signed(-worth)} if {who} takes any."
        )
        return Line(
            "nil_bid",
            text,
            RULE_BLIND_NIL if blind else RULE_NIL,
            data={"seat": seat, "blind": blind, "worth": worth},
        )

    # ---- the deal's score -------------------------------------------------------------------

    def contract(self, result: TeamContract, bids: Bids) -> Line:
        phrase = self.bid_phrase(result.team, bids)
        n = result.tricks
        left_out = ", ".join(f"{self.name(s)}'s {t}" for s, t in result.left_out)
        if result.contract == 0:
            if n:
                text = f"{phrase}: their {tricks_word(n)} are {bags_word(n)}, {signed(n)}."
            elif left_out:
                text = f"{phrase}; tricks taken by a nil bidder do not count: 0."
            else:
                text = f"{phrase}; no tricks taken: 0."
        else:
            took = f"took {n}" + (f" ({left_out} not counted)" if left_out else "")
            if result.made:
                base = 10 * result.contract
                extra = f" + {bags_word(result.bags)} = {result.points}" if result.bags else ""
                text = f"{phrase}, {took}: {base}{extra}."
            else:
                text = f"{phrase}, {took}: failed, {signed(result.points)}."
        return Line(
            "contract",
            text,
            RULE_SCORING,
            points=result.points,
            data={
                "team": result.team,
                "bids": list(result.bids),
                "contract": result.contract,
                "tricks": n,
                "made": result.made,
                "bags": result.bags,
            },
        )

    def nil(self, result: NilResult) -> Line:
        what = f"{self.name(result.seat)}'s {self.nil_name(result.blind)}"
        if result.made:
            text = f"{what} made: {signed(result.points)}."
        else:
            text = f"{what} failed, {tricks_word(result.tricks)} taken: {signed(result.points)}."
        return Line(
            "nil",
            text,
            RULE_BLIND_NIL if result.blind else RULE_NIL,
            points=result.points,
            data={
                "team": result.team,
                "seat": result.seat,
                "blind": result.blind,
                "tricks": result.tricks,
                "made": result.made,
            },
        )

    def bags(self, team: int, count: BagCount) -> Line:
        limit = self.rules.bag_limit
        head = f"{self.team(team)}'s bags: {count.before} + {count.earned} = {count.total}"
        if not count.times:
            text = f"{head}."
        elif count.penalty == 0:
            text = f"{head}: {limit} reached, no penalty at this table, {count.after} left."
        elif count.times == 1:
            text = f"{head}: {signed(count.penalty)} for {limit} bags, {count.after} left."
        else:
            text = (
                f"{head}: {limit} bags reached {times_word(count.times)}, "
                f"{signed(count.penalty)}, {count.after} left."
            )
        return Line(
            "bags",
            text,
            RULE_BAGS,
            points=count.penalty,
            data={
                "team": team,
                "before": count.before,
                "earned": count.earned,
                "times": count.times,
                "after": count.after,
            },
        )

    def score(self, before: tuple[int, int], after: tuple[int, int]) -> Line:
        parts = [f"{self.team(t)} {after[t]} ({signed(after[t] - before[t])})" for t in (0, 1)]
        return Line(
            "score",
            f"Score: {parts[0]}, {parts[1]}.",
            RULE_SCORING,
            data={"before": list(before), "after": list(after)},
        )

    def game_over(self, ending: Ending, points: tuple[int, int]) -> Line:
        winner = ending.winning_team
        assert winner is not None
        loser = 1 - winner
        won, lost = points[winner], points[loser]
        target, lose_at = self.rules.target, self.rules.lose_at
        score = f"{won} to {lost}"
        if ending.reason == "target" and lost >= target:
            text = (
                f"Both teams reached {target}: {self.team(winner)} win with the higher score, "
                f"{score}."
            )
        elif ending.reason == "target":
            text = f"{self.team(winner)} reach {target} and win the game, {score}."
        elif lose_at is not None and won <= lose_at:
            text = (
                f"Both teams are at or below {lose_at}: {self.team(winner)} win with the higher "
                f"score, {score}."
            )
        else:
            text = (
                f"{self.team(loser)} fall to {lost}, at or below {lose_at}: "
                f"{self.team(winner)} win the game, {score}."
            )
        return Line(
            "game_over",
            text,
            RULE_WINNING,
            data={"team": winner, "reason": ending.reason, "points": list(points)},
        )

    def play_on(self, points: tuple[int, int]) -> Line:
        p = points[0]
        if p >= self.rules.target:
            where = f"at or past the target of {self.rules.target}"
        else:
            where = f"at or below {self.rules.lose_at}"
        text = f"Both teams are on {p}, {where}: play goes on until one team is ahead."
        return Line("play_on", text, RULE_WINNING, data={"points": list(points)})

    def next_dealer(self, seat: int) -> Line:
        return Line(
            "dealer",
            f"The deal passes to {self.name(seat)}.",
            RULE_DEALING,
            data={"next_dealer": seat},
        )
