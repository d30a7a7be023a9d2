"""The explanation lines of a scorepad deal, in the sentences of words.toml (`W`): each line
links to the section of the rules page it applied (its `rule`, one of `RULE_ANCHORS`) and keeps
its template and numbers, so that the shell says it in the reader's language
(scorekeeper.core.explain).
"""

from __future__ import annotations

from scorekeeper.core.explain import Line, Said, line, listed, signed
from scorekeeper.core.sentences import sentences
from scorekeeper.core.tricks.words import SeatWords

from .setup import Setup

# The anchors of the rules page these lines link to, each one also by its name.
RULE_ANCHORS: tuple[str, ...] = ("points", "winning", "end", "dealing")
RULE_POINTS, RULE_WINNING, RULE_END, RULE_DEALING = RULE_ANCHORS

W = sentences(__package__)  # this game's sentences (words.toml)


class Words(SeatWords[Setup]):
    def _each_points(self, points: tuple[int, ...]) -> str:
        return listed(
            [Said(W.SEAT_POINTS, name=self.name(s), points=signed(n)) for s, n in enumerate(points)]
        )

    def _each_total(self, totals: tuple[int, ...]) -> str:
        return listed(
            [Said(W.SEAT_TOTAL, name=self.name(s), total=n) for s, n in enumerate(totals)]
        )

    def points(self, points: tuple[int, ...]) -> Line:
        return line(
            "points",
            W.POINTS,
            RULE_POINTS,
            points=list(points),
            each=self._each_points(points),
        )

    def totals(self, totals: tuple[int, ...]) -> Line:
        return line(
            "totals",
            W.TOTALS,
            RULE_POINTS,
            totals=list(totals),
            each=self._each_total(totals),
        )

    def leaders(self, leaders: tuple[int, ...], totals: tuple[int, ...]) -> Line:
        total = totals[leaders[0]]
        if len(leaders) == len(totals):
            return line("leaders", W.ALL_LEVEL, RULE_WINNING, leaders=list(leaders), total=total)
        template = W.LEADS if len(leaders) == 1 else W.LEAD_SHARED
        return line(
            "leaders",
            template,
            RULE_WINNING,
            leaders=list(leaders),
            names=self.names(leaders),
            total=total,
        )

    # ---- the end and the next dealer ---------------------------------------------------------

    def target_reached(self, seats: tuple[int, ...], target: int) -> Line:
        return line(
            "target",
            W.TARGET_REACHED,
            RULE_END,
            seats=list(seats),
            names=self.names(seats),
            target=target,
        )

    def deals_done(self, deals: int) -> Line:
        return line("deals", W.DEALS_DONE, RULE_END, deals=deals)

    def last_deal(self) -> Line:
        return line("last", W.LAST_DEAL, RULE_END)

    def winners(self, seats: tuple[int, ...], totals: tuple[int, ...], lowest: bool) -> Line:
        one = len(seats) == 1
        if lowest:
            template = W.WINS_LOWEST if one else W.SHARE_LOWEST
        else:
            template = W.WINS_HIGHEST if one else W.SHARE_HIGHEST
        return line(
            "game_over",
            template,
            RULE_WINNING,
            winners=list(seats),
            names=self.names(seats),
            total=totals[seats[0]],
        )

    def next_dealer(self, seat: int) -> Line:
        return line("dealer", W.NEXT_DEALER, RULE_DEALING, next_dealer=seat, name=self.name(seat))


def headline(points: tuple[int, ...]) -> str:
    """What one deal did, for its row in the log: "+5 / -3 / 0"."""
    return " / ".join(signed(n) for n in points)


def totals_summary(totals: tuple[int, ...]) -> str:
    """The score in a few characters: "120–85–60"."""
    return "–".join(str(n) for n in totals)


def named_table(name: str, players: int) -> Said:
    """The header's table, with the game's own name: "Hearts · 4 players"."""
    return Said(W.NAMED_TABLE, name=name, players=players)
