"""Turns the steps of a Nigerian Thuni deal into the explanation lines players read.

Numbers in, sentences out. Each line's `rule` is the id of a section of the rules page
(templates/rules/nigerian-thuni.html); `RULE_ANCHORS` lists every one this module uses.
"""

from __future__ import annotations

from scorekeeper.core.explain import Line

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


def points_word(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def tricks_word(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def and_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


class Words:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def names(self, seats: list[int] | tuple[int, ...]) -> str:
        return and_list([self.name(s) for s in seats])

    def team(self, team: int) -> str:
        return self.setup.team_name(team)

    # ---- before the play ----------------------------------------------------------------------

    def drawn_dealer(self, dealer: int, drew: tuple[int, ...]) -> Line:
        others = self.names([s for s in drew if s != dealer])
        text = f"{self.name(dealer)} won the draw against {others} and deals."
        return Line("drawn_dealer", text, "dealing", data={"dealer": dealer, "draw": list(drew)})

    def conceded(self, team: int, points: int) -> Line:
        text = (
            f"{self.team(team)} conceded before the bidding: the cards are thrown in and "
            f"{self.team(1 - team)} score {points}."
        )
        return Line("conceded", text, "conceding", points=points, data={"team": team})

    def bids(self, bids: tuple[int | None, ...], order: tuple[int, ...], dealer: int) -> Line:
        bidders = [s for s in order if bids[s] is not None]
        if bidders == [dealer]:
            text = f"The first three passed, so {self.name(dealer)}, the dealer, had to bid 1."
        else:
            said = ", ".join(f"{self.name(s)} {bids[s]}" for s in bidders)
            passed = [s for s in order if bids[s] is None]
            text = f"Highest bids: {said}"
            if passed:
                text += f"; {self.names(passed)} only passed"
            text += "."
        return Line("bids", text, "bidding", data={"bids": list(bids)})

    def trumps(self, seat: int, bid: int, opening: bool = False) -> Line:
        if opening:
            text = f"{self.name(seat)} bids {bid} and chooses trumps"
        else:
            text = f"{self.name(seat)} bid highest ({bid}), chose trumps and led."
        return Line("trumps", text, "bidding", points=bid, data={"seat": seat})

    def contracts(self, contracts: tuple[int, int], opening: bool = False) -> Line:
        parts = []
        for team in (0, 1):
            c = contracts[team]
            parts.append(f"{self.team(team)} {c}" if c else f"{self.team(team)} none (0)")
        text = "Contracts: " + ", ".join(parts) + ("" if opening else ".")
        return Line("contracts", text, "contracts", data={"contracts": list(contracts)})

    # ---- the count ----------------------------------------------------------------------------

    def _tricks_part(self, seat: int, tricks: int, bid: int | None) -> str:
        if bid is None and tricks > 1:
            return f"{self.name(seat)} {tricks} (only passed: counts 1)"
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
        parts = " + ".join(self._tricks_part(s, tricks[s], bids[s]) for s in seats)
        head = f"{self.team(team)}: {parts} = {tricks_word(counted)}"
        if contract == 0:
            text = f"{head}; no contract (both only passed), so they score {points_word(points)}."
        elif made:
            text = f"{head}, contract {contract}: made, {points_word(points)}."
        else:
            passers = [s for s in seats if bids[s] is None and tricks[s]]
            text = f"{head}, contract {contract}: failed, so the bidders' tricks do not count"
            if passers:
                text += (
                    f"; {self.names(passers)}'s trick as a player who only passed still does: "
                    f"{points_word(points)}."
                )
            else:
                text += ": 0 points."
        return Line(
            "team_count",
            text,
            "scoring",
            points=points,
            data={"team": team, "counted": counted, "contract": contract, "made": made},
        )

    def capture(self, team: int) -> Line:
        text = (
            f"{self.team(team)} won all 8 tricks: a capture, 10 points whatever the bids; "
            f"{self.team(1 - team)} score nothing."
        )
        return Line("capture", text, "capture", points=10, data={"team": team})

    def score(self, points: tuple[int, int]) -> Line:
        text = f"Score: {self.team(0)} {points[0]}, {self.team(1)} {points[1]}."
        return Line("score", text, "winning", data={"points": list(points)})

    # ---- the end and the next dealer ---------------------------------------------------------

    def game_over(self, team: int, points: tuple[int, int], target: int, both: bool) -> Line:
        if both:
            text = (
                f"Both teams reached {target}: {self.team(team)} win with the higher score "
                f"({points[0]}\u2013{points[1]})."
            )
        else:
            text = (
                f"{self.team(team)} reach {target} and win the game ({points[0]}\u2013{points[1]})."
            )
        return Line("game_over", text, "winning", data={"team": team})

    def level_past_target(self, points: tuple[int, int], target: int) -> Line:
        text = (
            f"Both teams reached {target} and are level at {points[0]}: "
            f"play goes on until one is ahead."
        )
        return Line("level", text, "winning", data={"points": list(points)})

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
        if len(tied) == 1:
            text = f"{self.name(tied[0])} won the most tricks ({top}) and deals next."
            return self._dealer_line(text, next_dealer, tied, left)
        opponents = len({s % 2 for s in tied}) == 2
        if conceded:
            head = "After a concession nobody has a trick, so all four are tied"
        elif len(tied) == 4:
            head = f"All four tied with {tricks_word(top)} each"
        elif opponents:
            head = f"{self.names(tied)} tied with the most tricks ({top})"
        else:
            head = f"{self.names(tied)}, partners, tied with the most tricks ({top})"
        if score_team is not None:
            head += f"; {self.team(score_team)} have the higher score"
            if len(left) == 1:
                text = f"{head}, so {self.name(left[0])} deals next."
                return self._dealer_line(text, next_dealer, tied, left)
            head += f", which leaves the partners {self.names(left)}"
        elif opponents:
            head += "; the scores are level"
        if next_dealer is None:
            text = f"{head}: they draw cards to decide who deals next."
        else:
            text = f"{head}: {self.name(next_dealer)} won the draw and deals next."
        return self._dealer_line(text, next_dealer, tied, left)

    def _dealer_line(
        self, text: str, next_dealer: int | None, tied: tuple[int, ...], left: tuple[int, ...]
    ) -> Line:
        data = {"next_dealer": next_dealer, "tied": list(tied), "draw": list(left)}
        return Line("dealer", text, "dealing", data=data)
