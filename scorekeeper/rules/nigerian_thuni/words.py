"""The explanation lines of a Nigerian Thuni deal, in the sentences of words.toml (`W`):
each line links to the section of the rules page rules/nigerian-thuni.html it applied (its `rule`,
one of `RULE_ANCHORS`) and keeps its template and numbers, so that the shell says it in the
reader's language (scorekeeper.core.explain).
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.explain import Line, Said, line, listed
from scorekeeper.core.sentences import sentences
from scorekeeper.core.tricks.words import OPENING_TRUMPS, TeamWords

from .setup import Setup

RULE_ANCHORS: tuple[str, ...] = (
    "conceding",
    "bidding",
    "contracts",
    "scoring",
    "capture",
    "winning",
    "dealing",
)

W = sentences(__package__)  # this game's sentences (words.toml)

# (higher score breaks the tie, the draw decides) → template
_TIED_DEALER = {
    ("higher", False): W.DEALER_HIGHER_SCORE_DREW,
    ("higher", True): W.DEALER_HIGHER_SCORE_DRAW,
    ("level", False): W.DEALER_LEVEL_DREW,
    ("level", True): W.DEALER_LEVEL_DRAW,
    (None, False): W.DEALER_DREW,
    (None, True): W.DEALER_DRAW,
}


def counted_word(n: int, one: str, many: str) -> Said:
    """ "1 trick", "3 tricks" (or points): a number with its word."""
    return Said(one) if n == 1 else Said(many, n=n)


class Words(TeamWords[Setup]):
    setup: Setup

    # ---- before the play ----------------------------------------------------------------------

    def drawn_dealer(self, dealer: int, drew: tuple[int, ...]) -> Line:
        return line(
            "drawn_dealer",
            W.DRAWN_DEALER,
            "dealing",
            dealer=dealer,
            draw=list(drew),
            name=self.name(dealer),
            others=self.names([s for s in drew if s != dealer]),
        )

    def conceded(self, team: int, points: int) -> Line:
        return line(
            "conceded",
            W.CONCEDED,
            "conceding",
            points,
            team=team,
            team_name=self.team(team),
            other_team=self.team(1 - team),
            points=points,
        )

    def bids(self, bids: tuple[int | None, ...], order: tuple[int, ...], dealer: int) -> Line:
        bidders = [s for s in order if bids[s] is not None]
        passed = [s for s in order if bids[s] is None]
        values: dict[str, Any] = {}
        if bidders == [dealer]:
            template, values["name"] = W.FORCED_BID, self.name(dealer)
        else:
            template = W.BIDS_PASSED if passed else W.BIDS
            values["highest"] = listed([f"{self.name(s)} {bids[s]}" for s in bidders])
            values["passers"] = self.names(passed)
        return line("bids", template, "bidding", bids=list(bids), **values)

    def trumps(self, seat: int, bid: int, opening: bool = False) -> Line:
        return line(
            "trumps",
            OPENING_TRUMPS if opening else W.TRUMPS,
            "bidding",
            bid,
            seat=seat,
            name=self.name(seat),
            bid=bid,
        )

    def contracts(self, contracts: tuple[int, int], opening: bool = False) -> Line:
        parts = [self._contract_part(team, contracts[team]) for team in (0, 1)]
        return line(
            "contracts",
            W.OPENING_CONTRACTS if opening else W.CONTRACTS,
            "contracts",
            contracts=list(contracts),
            first=parts[0],
            second=parts[1],
        )

    def _contract_part(self, team: int, contract: int) -> str:
        if contract:
            return f"{self.team(team)} {contract}"
        return Said(W.NO_CONTRACT, team_name=self.team(team))

    # ---- the count ----------------------------------------------------------------------------

    def _tricks_part(self, seat: int, tricks: int, bid: int | None) -> str:
        if bid is None and tricks > 1:
            return Said(W.PASSED_TRICKS, name=self.name(seat), tricks=tricks)
        return f"{self.name(seat)} {tricks}"

    def team_count(
        self,
        team: int,
        seats: tuple[int, ...],
        bids: tuple[int | None, ...],
        tricks: tuple[int, ...],
        counted: int,
        contract: int,
        points: int,
        made: bool,
    ) -> Line:
        first, second = (self._tricks_part(s, tricks[s], bids[s]) for s in seats)
        passers = [s for s in seats if bids[s] is None and tricks[s]]
        if contract == 0:
            template = W.COUNT_NO_CONTRACT
        elif made:
            template = W.COUNT_MADE
        else:
            template = W.COUNT_FAILED_PASSED if passers else W.COUNT_FAILED
        return line(
            "team_count",
            template,
            "scoring",
            points,
            team=team,
            counted=counted,
            contract=contract,
            made=made,
            team_name=self.team(team),
            tricks_counted=counted_word(counted, W.TRICKS_ONE, W.TRICKS),
            first=first,
            second=second,
            score=counted_word(points, W.POINTS_ONE, W.POINTS),
            passers=self.names(passers),
        )

    def capture(self, team: int) -> Line:
        return line(
            "capture",
            W.CAPTURE,
            "capture",
            10,
            team=team,
            team_name=self.team(team),
            other_team=self.team(1 - team),
        )

    def score(self, points: tuple[int, int]) -> Line:
        return line(
            "score",
            W.SCORE,
            "winning",
            points=list(points),
            team_a=self.team(0),
            points_a=points[0],
            team_b=self.team(1),
            points_b=points[1],
        )

    # ---- the end and the next dealer ---------------------------------------------------------

    def game_over(self, team: int, points: tuple[int, int], target: int, both: bool) -> Line:
        return line(
            "game_over",
            W.GAME_OVER_BOTH if both else W.GAME_OVER,
            "winning",
            team=team,
            winners=self.team(team),
            target=target,
            points_a=points[0],
            points_b=points[1],
        )

    def level_past_target(self, points: tuple[int, int], target: int) -> Line:
        return line(
            "level",
            W.LEVEL_PAST_TARGET,
            "winning",
            points=list(points),
            target=target,
            score=points[0],
        )

    def next_dealer(
        self,
        tricks: tuple[int, ...],
        tied: tuple[int, ...],
        left: tuple[int, ...],
        score_team: int | None,
        next_dealer: int | None,
        conceded: bool,
    ) -> Line:
        """`tied`: everyone with the most tricks; `left`: those still tied after the scores;
        `score_team`: the team whose higher score broke a tie between opponents."""
        top = tricks[tied[0]]
        data = {"next_dealer": next_dealer, "tied": list(tied), "draw": list(left)}
        if len(tied) == 1:
            name = self.name(tied[0])
            return line("dealer", W.DEALER_MOST_TRICKS, "dealing", **data, name=name, top=top)
        opponents = len({s % 2 for s in tied}) == 2
        if conceded:
            tie = Said(W.TIE_CONCEDED)
        elif len(tied) == 4:
            tie = Said(W.TIE_ALL_FOUR, top=top)
        elif opponents:
            tie = Said(W.TIE_OPPONENTS, names=self.names(tied), top=top)
        else:
            tie = Said(W.TIE_PARTNERS, names=self.names(tied), top=top)
        values = {"tie": tie, "partners": self.names(left)}
        if score_team is not None:
            values["team_name"] = self.team(score_team)
        if score_team is not None and len(left) == 1:
            template, values["name"] = W.DEALER_HIGHER_SCORE, self.name(left[0])
        else:
            broken = "higher" if score_team is not None else "level" if opponents else None
            template = _TIED_DEALER[(broken, next_dealer is None)]
            if next_dealer is not None:
                values["name"] = self.name(next_dealer)
        return line("dealer", template, "dealing", **data, **values)


def headline(points: tuple[int, int], kind: str) -> str:
    """What one deal did, for its row in the log: "+3 / +2", "+10 / +0 capture"."""
    template = {"capture": W.HEADLINE_CAPTURE, "conceded": W.HEADLINE_CONCEDED}.get(kind)
    if template is None:
        return f"+{points[0]} / +{points[1]}"
    return Said(template, points_a=points[0], points_b=points[1])
