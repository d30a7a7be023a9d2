"""Turns the steps of a Nigerian Thuni deal into the explanation lines players read.

Numbers in, sentences out. Each line's `rule` is the id of a section of the rules page
(templates/rules/nigerian-thuni.html); `RULE_ANCHORS` lists every one this module uses. Its words
come from the English templates below, kept in `data["template"]` so that the shell can say the
line in the reader's language (see scorekeeper.core.explain); names and numbers go in only as
placeholders.
"""

from __future__ import annotations

from scorekeeper.core.explain import Line, Said, gettext_noop, line, listed
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

# ---- before the play ----------------------------------------------------------------------------

DRAWN_DEALER = gettext_noop("{name} won the draw against {others} and deals.")
CONCEDED = gettext_noop(
    "{team_name} conceded before the bidding: the cards are thrown in and {other_team} score "
    "{points}."
)
FORCED_BID = gettext_noop("The first three passed, so {name}, the dealer, had to bid 1.")
# Translators: {highest} is each bidder's name and highest bid, "Asha 2, Bongani 3".
BIDS = gettext_noop("Highest bids: {highest}.")
BIDS_PASSED = gettext_noop("Highest bids: {highest}; {passers} only passed.")
TRUMPS = gettext_noop("{name} bid highest ({bid}), chose trumps and led.")
# Translators: {first} and {second} are each team's name and contract, "Asha & Chetan 3".
CONTRACTS = gettext_noop("Contracts: {first}, {second}.")
OPENING_CONTRACTS = gettext_noop("Contracts: {first}, {second}")
NO_CONTRACT = gettext_noop("{team_name} none (0)")

# ---- the count ----------------------------------------------------------------------------------

TRICKS_ONE = gettext_noop("1 trick")
TRICKS = gettext_noop("{n} tricks")
POINTS_ONE = gettext_noop("1 point")
POINTS = gettext_noop("{n} points")
# Translators: one player's tricks in a team's count, "Dev 2 (only passed: counts 1)".
PASSED_TRICKS = gettext_noop("{name} {tricks} (only passed: counts 1)")
COUNT_NO_CONTRACT = gettext_noop(
    # Translators: here and in the three counts below, {first} and {second} are each partner's
    # name and tricks, "Asha 3"; {tricks_counted} is "4 tricks", {score} is "4 points".
    "{team_name}: {first} + {second} = {tricks_counted}; no contract (both only passed), "
    "so they score {score}."
)
COUNT_MADE = gettext_noop(
    "{team_name}: {first} + {second} = {tricks_counted}, contract {contract}: made, {score}."
)
COUNT_FAILED = gettext_noop(
    "{team_name}: {first} + {second} = {tricks_counted}, contract {contract}: failed, "
    "so the bidders' tricks do not count: 0 points."
)
COUNT_FAILED_PASSED = gettext_noop(
    "{team_name}: {first} + {second} = {tricks_counted}, contract {contract}: failed, "
    "so the bidders' tricks do not count; {passers}'s trick as a player who only passed still "
    "does: {score}."
)
CAPTURE = gettext_noop(
    "{team_name} won all 8 tricks: a capture, 10 points whatever the bids; {other_team} score "
    "nothing."
)
SCORE = gettext_noop("Score: {team_a} {points_a}, {team_b} {points_b}.")

# ---- the end and the next dealer ----------------------------------------------------------------

GAME_OVER_BOTH = gettext_noop(
    "Both teams reached {target}: {winners} win with the higher score ({points_a}–{points_b})."
)
GAME_OVER = gettext_noop("{winners} reach {target} and win the game ({points_a}–{points_b}).")
LEVEL_PAST_TARGET = gettext_noop(
    "Both teams reached {target} and are level at {score}: play goes on until one is ahead."
)

DEALER_MOST_TRICKS = gettext_noop("{name} won the most tricks ({top}) and deals next.")
# A tie for the most tricks, a clause that opens the sentences after it ({tie}).
TIE_CONCEDED = gettext_noop("After a concession nobody has a trick, so all four are tied")
TIE_ALL_FOUR = gettext_noop("All four tied with {top} tricks each")
TIE_OPPONENTS = gettext_noop("{names} tied with the most tricks ({top})")
TIE_PARTNERS = gettext_noop("{names}, partners, tied with the most tricks ({top})")
DEALER_HIGHER_SCORE = gettext_noop(
    "{tie}; {team_name} have the higher score, so {name} deals next."
)
DEALER_HIGHER_SCORE_DRAW = gettext_noop(
    "{tie}; {team_name} have the higher score, which leaves the partners {partners}: they draw "
    "cards to decide who deals next."
)
DEALER_HIGHER_SCORE_DREW = gettext_noop(
    "{tie}; {team_name} have the higher score, which leaves the partners {partners}: {name} won "
    "the draw and deals next."
)
DEALER_LEVEL_DRAW = gettext_noop(
    "{tie}; the scores are level: they draw cards to decide who deals next."
)
DEALER_LEVEL_DREW = gettext_noop("{tie}; the scores are level: {name} won the draw and deals next.")
DEALER_DRAW = gettext_noop("{tie}: they draw cards to decide who deals next.")
DEALER_DREW = gettext_noop("{tie}: {name} won the draw and deals next.")

# The log's headline for a capture or a concession: "+0 / +10 capture" (else just the points).
HEADLINE_CAPTURE = gettext_noop("+{points_a} / +{points_b} capture")
HEADLINE_CONCEDED = gettext_noop("+{points_a} / +{points_b} conceded")

# (higher score breaks the tie, the draw decides) → template
_TIED_DEALER = {
    ("higher", False): DEALER_HIGHER_SCORE_DREW,
    ("higher", True): DEALER_HIGHER_SCORE_DRAW,
    ("level", False): DEALER_LEVEL_DREW,
    ("level", True): DEALER_LEVEL_DRAW,
    (None, False): DEALER_DREW,
    (None, True): DEALER_DRAW,
}


def counted_word(n: int, one: str, many: str) -> Said:
    """ "1 trick", "3 tricks" (or points): a number with its word."""
    return Said(one) if n == 1 else Said(many, n=n)


class Words(TeamWords):
    setup: Setup

    # ---- before the play ----------------------------------------------------------------------

    def drawn_dealer(self, dealer: int, drew: tuple[int, ...]) -> Line:
        return line(
            "drawn_dealer",
            DRAWN_DEALER,
            "dealing",
            dealer=dealer,
            draw=list(drew),
            name=self.name(dealer),
            others=self.names([s for s in drew if s != dealer]),
        )

    def conceded(self, team: int, points: int) -> Line:
        return line(
            "conceded",
            CONCEDED,
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
        values: dict = {}
        if bidders == [dealer]:
            template, values["name"] = FORCED_BID, self.name(dealer)
        else:
            template = BIDS_PASSED if passed else BIDS
            values["highest"] = listed([f"{self.name(s)} {bids[s]}" for s in bidders])
            values["passers"] = self.names(passed)
        return line("bids", template, "bidding", bids=list(bids), **values)

    def trumps(self, seat: int, bid: int, opening: bool = False) -> Line:
        return line(
            "trumps",
            OPENING_TRUMPS if opening else TRUMPS,
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
            OPENING_CONTRACTS if opening else CONTRACTS,
            "contracts",
            contracts=list(contracts),
            first=parts[0],
            second=parts[1],
        )

    def _contract_part(self, team: int, contract: int) -> str:
        if contract:
            return f"{self.team(team)} {contract}"
        return Said(NO_CONTRACT, team_name=self.team(team))

    # ---- the count ----------------------------------------------------------------------------

    def _tricks_part(self, seat: int, tricks: int, bid: int | None) -> str:
        if bid is None and tricks > 1:
            return Said(PASSED_TRICKS, name=self.name(seat), tricks=tricks)
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
            template = COUNT_NO_CONTRACT
        elif made:
            template = COUNT_MADE
        else:
            template = COUNT_FAILED_PASSED if passers else COUNT_FAILED
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
            tricks_counted=counted_word(counted, TRICKS_ONE, TRICKS),
            first=first,
            second=second,
            score=counted_word(points, POINTS_ONE, POINTS),
            passers=self.names(passers),
        )

    def capture(self, team: int) -> Line:
        return line(
            "capture",
            CAPTURE,
            "capture",
            10,
            team=team,
            team_name=self.team(team),
            other_team=self.team(1 - team),
        )

    def score(self, points: tuple[int, int]) -> Line:
        return line(
            "score",
            SCORE,
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
            GAME_OVER_BOTH if both else GAME_OVER,
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
            LEVEL_PAST_TARGET,
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
            return line("dealer", DEALER_MOST_TRICKS, "dealing", **data, name=name, top=top)
        opponents = len({s % 2 for s in tied}) == 2
        if conceded:
            tie = Said(TIE_CONCEDED)
        elif len(tied) == 4:
            tie = Said(TIE_ALL_FOUR, top=top)
        elif opponents:
            tie = Said(TIE_OPPONENTS, names=self.names(tied), top=top)
        else:
            tie = Said(TIE_PARTNERS, names=self.names(tied), top=top)
        values = {"tie": tie, "partners": self.names(left)}
        if score_team is not None:
            values["team_name"] = self.team(score_team)
        if score_team is not None and len(left) == 1:
            template, values["name"] = DEALER_HIGHER_SCORE, self.name(left[0])
        else:
            broken = "higher" if score_team is not None else "level" if opponents else None
            template = _TIED_DEALER[(broken, next_dealer is None)]
            if next_dealer is not None:
                values["name"] = self.name(next_dealer)
        return line("dealer", template, "dealing", **data, **values)


def headline(points: tuple[int, int], kind: str) -> str:
    """What one deal did, for its row in the log: "+3 / +2", "+10 / +0 capture"."""
    template = {"capture": HEADLINE_CAPTURE, "conceded": HEADLINE_CONCEDED}.get(kind)
    if template is None:
        return f"+{points[0]} / +{points[1]}"
    return Said(template, points_a=points[0], points_b=points[1])
