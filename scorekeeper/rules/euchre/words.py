"""The explanation lines of a Euchre hand, in the sentences of words.toml (`W`): each line links
to the section of the rules page it applied (its `rule`, one of `RULE_ANCHORS`) and keeps its
template and numbers, so that the shell says it in the reader's language
(scorekeeper.core.explain).
"""

from __future__ import annotations

from scorekeeper.core.explain import Line, Said, by_count, line
from scorekeeper.core.sentences import sentences
from scorekeeper.core.tricks.words import TeamWords

from .hand import Hand
from .setup import Setup

# The anchors of the rules page these lines link to, each one also by its name.
RULE_ANCHORS: tuple[str, ...] = (
    "making",
    "alone",
    "defend-alone",
    "scoring",
    "winning",
    "dealing",
)
RULE_MAKING, RULE_ALONE, RULE_DEFEND_ALONE, RULE_SCORING, RULE_WINNING, RULE_DEALING = RULE_ANCHORS

W = sentences(__package__)  # this game's sentences (words.toml)

# (a march, euchred, the maker alone) → the hand's score line
_RESULT = {
    (False, False, False): W.MADE,
    (False, False, True): W.MADE_ALONE,
    (True, False, False): W.MARCH,
    (True, False, True): W.MARCH_ALONE,
    (False, True, False): W.EUCHRED,
    (False, True, True): W.EUCHRED_ALONE,
}


def points_word(n: int) -> Said:
    """ "1 point", "4 points"."""
    template = by_count(n, W.POINTS, one=W.POINTS_ONE)
    return Said(template, n=n)


class Words(TeamWords[Setup]):
    def partner(self, seat: int) -> str:
        return self.name((seat + 2) % self.setup.seats)

    # ---- making trumps ------------------------------------------------------------------------

    def thrown_in(self) -> Line:
        return line("thrown_in", W.THROWN_IN, RULE_MAKING, 0)

    def maker(self, seat: int, alone: bool) -> Line:
        team = self.setup.team_of(seat)
        return line(
            "maker",
            W.MADE_TRUMPS_ALONE if alone else W.MADE_TRUMPS,
            RULE_ALONE if alone else RULE_MAKING,
            maker=seat,
            team=team,
            alone=alone,
            name=self.name(seat),
            team_name=self.team(team),
            partner=self.partner(seat),
        )

    def lone_defender(self, seat: int, maker: int) -> Line:
        return line(
            "defender_alone",
            W.DEFENDED_ALONE,
            RULE_DEFEND_ALONE,
            defender=seat,
            name=self.name(seat),
            maker=self.name(maker),
            partner=self.partner(seat),
        )

    # ---- the hand's score -------------------------------------------------------------------

    def result(
        self, hand: Hand, maker: int, tricks: int, alone: bool, lone_defender: int | None
    ) -> Line:
        """The hand's score line: made, a march or euchred, by the makers or the lone maker."""
        if hand.euchred and lone_defender is not None:
            template = W.EUCHRED_BY_LONE_DEFENDER
        else:
            template = _RESULT[(hand.march, hand.euchred, alone)]
        code = "euchred" if hand.euchred else "march" if hand.march else "made"
        return line(
            code,
            template,
            RULE_SCORING,
            hand.points,
            team=hand.scorers,
            tricks=tricks,
            name=self.name(maker),
            team_name=self.team(hand.makers),
            defenders=self.team(1 - hand.makers),
            defender="" if lone_defender is None else self.name(lone_defender),
            score=points_word(hand.points),
        )

    def score(self, points: tuple[int, int]) -> Line:
        return line(
            "score",
            W.SCORE,
            RULE_WINNING,
            points=list(points),
            team_a=self.team(0),
            points_a=points[0],
            team_b=self.team(1),
            points_b=points[1],
        )

    # ---- the end and the next dealer ---------------------------------------------------------

    def game_over(self, team: int, points: tuple[int, int], target: int) -> Line:
        return line(
            "game_over",
            W.GAME_OVER,
            RULE_WINNING,
            team=team,
            winners=self.team(team),
            target=target,
            points_a=points[0],
            points_b=points[1],
        )

    def next_dealer(self, seat: int) -> Line:
        return line("dealer", W.NEXT_DEALER, RULE_DEALING, next_dealer=seat, name=self.name(seat))


def no_maker() -> Said:
    """A hand thrown in's `maker`, as the audit trail says it."""
    return Said(W.NO_MAKER)


def headline(points: tuple[int, int], march: bool, euchred: bool, thrown_in: bool) -> str:
    """What one hand did, for its row in the log: "+1 / +0", "+0 / +4 euchred", "thrown in"."""
    if thrown_in:
        return Said(W.HEADLINE_THROWN_IN)
    template = W.HEADLINE_MARCH if march else W.HEADLINE_EUCHRED if euchred else None
    if template is None:
        return f"+{points[0]} / +{points[1]}"
    return Said(template, points_a=points[0], points_b=points[1])
