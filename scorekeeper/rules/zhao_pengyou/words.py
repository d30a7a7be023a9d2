"""The lines the Zhao Pengyou core shows, built from its sentences: the templates of its
catalogue, words.toml (read as `W`).

The app shows this game in English and Simplified Chinese. So each explanation line is
`Line(code, text, rule, points, data)` where `data["template"]` is the exact English template of
the catalogue and `text == data["template"].format(**data)`: the shell translates the template
(`make messages` puts every catalogue's sentences in the translations) and formats it with the
same `data`. Names, numbers and level names go in only as placeholders. `line` and `Said` are
shared by every game (scorekeeper.core.explain).

Each line's `rule` is the id of a section of the rules page rules/zhao-pengyou.html; `RULE_ANCHORS`
lists every one this module uses.
"""

from __future__ import annotations

from scorekeeper.core.explain import Line, Said, line, signed
from scorekeeper.core.sentences import sentences

# The levels' words live with them (levels.py, which this module stands above); they are named
# here too, so that every word of the game is found here or in words.toml.
from .levels import LEVEL_JOKER as LEVEL_JOKER
from .levels import LEVEL_PAST_ACE as LEVEL_PAST_ACE
from .promotion import Promotion
from .setup import Setup
from .state import Move

# ---- the rules page's sections ------------------------------------------------------------------

# The anchors of the rules page rules/zhao-pengyou.html these lines link to, then (in order)
# the name of each.
RULE_ANCHORS: tuple[str, ...] = (
    "players",
    "starting",
    "trumps",
    "no-trumps",
    "friends",
    "counting",
    "kitty",
    "false-lead",
    "promotion",
    "levels",
    "winning",
    "active-passive",
    "by-result",
    "laps",
    "house-rules",
)
(
    RULE_PLAYERS,
    RULE_STARTING,
    RULE_TRUMPS,
    RULE_NO_TRUMPS,
    RULE_TEAMS,
    RULE_COUNTING,
    RULE_KITTY,
    RULE_FALSE_LEAD,
    RULE_PROMOTION,
    RULE_LEVELS,
    RULE_WINNING,
    RULE_ACTIVE_PASSIVE,
    RULE_BY_RESULT,
    RULE_LAPS,
    RULE_HOUSE_RULES,
) = RULE_ANCHORS

W = sentences(__package__)  # this game's sentences (words.toml)

_PROMOTION_TEMPLATES = {
    # (active/passive, row, short team): template
    (False, "no_points", False): W.PROMOTION_NO_POINTS,
    (False, "no_points", True): W.PROMOTION_NO_POINTS_SHORT,
    (False, "trump_makers", False): W.PROMOTION_TRUMP_MAKERS,
    (False, "trump_makers", True): W.PROMOTION_TRUMP_MAKERS_SHORT,
    (False, "nobody", False): W.PROMOTION_NOBODY,
    (False, "defenders", False): W.PROMOTION_DEFENDERS,
    (True, "no_points", False): W.GAME_POINTS_NO_POINTS,
    (True, "no_points", True): W.GAME_POINTS_NO_POINTS_SHORT,
    (True, "trump_makers", False): W.GAME_POINTS_TRUMP_MAKERS,
    (True, "trump_makers", True): W.GAME_POINTS_TRUMP_MAKERS_SHORT,
    (True, "defenders", False): W.GAME_POINTS_DEFENDERS,
}


def names(setup: Setup, seats: list[int] | tuple[int, ...]) -> str:
    return ", ".join(setup.players[s] for s in seats)


class Words:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.rules = setup.rules

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def level(self, step: int) -> str:
        return self.setup.level_name(step)

    # ---- no trumps ------------------------------------------------------------------------

    def no_trumps(self) -> Line:
        return line("no_trumps", W.NO_TRUMPS, RULE_NO_TRUMPS)

    def all_active(self) -> Line:
        return line("all_active", W.ALL_ACTIVE, RULE_ACTIVE_PASSIVE)

    def same_starter(self, starter: int) -> Line:
        return line("starter", W.SAME_STARTER, RULE_NO_TRUMPS, starter=self.name(starter))

    def still_trump_maker(self, trump_maker: int) -> Line:
        name = self.name(trump_maker)
        return line("next_trump_maker", W.STILL_TRUMP_MAKER, RULE_BY_RESULT, trump_maker=name)

    # ---- the deal -------------------------------------------------------------------------

    def team(self, trump_maker: int, team: tuple[int, ...]) -> Line:
        max_team = self.setup.max_team
        partners = [s for s in self.setup.in_order_after(trump_maker) if s in team]
        if not partners:
            return line(
                "team", W.ALONE, RULE_TEAMS, trump_maker=self.name(trump_maker), max_team=max_team
            )
        return line(
            "team",
            W.TEAM,
            RULE_TEAMS,
            trump_maker=self.name(trump_maker),
            partners=names(self.setup, partners),
            size=len(team),
            max_team=max_team,
        )

    def defender_points(self, points: int) -> Line:
        return line("defender_points", W.DEFENDER_POINTS, RULE_COUNTING, points, points=points)

    def kitty(self, kitty: int, last_trick: int, doubled: bool) -> Line:
        if doubled:
            return line(
                "kitty",
                W.KITTY_DOUBLED,
                RULE_KITTY,
                2 * kitty,
                winner=self.name(last_trick),
                kitty=kitty,
                doubled=2 * kitty,
            )
        return line("kitty", W.KITTY_LOST, RULE_KITTY, 0, winner=self.name(last_trick), kitty=kitty)

    def false_lead(self, leader: int, cards: int, points: int, defender: bool) -> Line:
        template = W.FALSE_LEAD_DEFENDER if defender else W.FALSE_LEAD_TRUMP_SIDE
        return line(
            "false_lead",
            template,
            RULE_FALSE_LEAD,
            points,
            leader=self.name(leader),
            cards=cards,
            signed_points=signed(points),
        )

    def total(self, points: int, adjustments: list[int], total: int) -> Line:
        return line(
            "total",
            W.TOTAL,
            RULE_COUNTING,
            total,
            points=points,
            adjustments=" ".join(signed(a) for a in adjustments),
            total=total,
        )

    def promotion(self, total: int, p: Promotion, short: int) -> Line:
        ap = self.rules.active_passive
        template = _PROMOTION_TEMPLATES[(ap, p.row, p.factor > 1)]
        rule = RULE_ACTIVE_PASSIVE if ap else RULE_PROMOTION
        threshold = p.low if p.row == "defenders" else p.below
        return line(
            "promotion",
            template,
            rule,
            total,
            total=total,
            threshold=threshold,
            low=p.low,
            levels=p.levels,
            base=p.base,
            factor=p.factor,
            short=short,
            side=p.side,
        )

    def move(self, move: Move) -> Line:
        before, after = self.level(move.before), self.level(move.after)
        data = {
            "name": self.name(move.seat),
            "seat": move.seat,
            "before": before,
            "after": after,
            "levels": move.gained,
        }
        if self.rules.active_passive:
            template = W.ACTIVE_UP if move.was_active else W.PASSIVE_UP
            return line("level", template, RULE_ACTIVE_PASSIVE, move.gained, **data)
        if self.rules.laps and move.after > 12:
            rule = RULE_LAPS
        elif move.after > 12:
            rule = RULE_WINNING
        else:
            rule = RULE_LEVELS
        return line("level", W.LEVEL_UP, rule, move.gained, **data)

    def now_passive(self, seats: list[int]) -> Line:
        return line("passive", W.NOW_PASSIVE, RULE_ACTIVE_PASSIVE, names=names(self.setup, seats))

    def game_over(self, winners: tuple[int, ...]) -> Line:
        return line(
            "game_over",
            W.GAME_OVER,
            RULE_WINNING,
            winners=names(self.setup, winners),
            seats=list(winners),
        )

    def next_starter(self, starter: int, trump_maker: int, reason: str, skipped: bool) -> Line:
        if reason == "rotate":
            template = W.STARTER_ROTATE_ACTIVE if skipped else W.STARTER_ROTATE
        elif reason == "next_active":
            template = W.STARTER_NEXT_ACTIVE
        else:
            template = W.STARTER_TRUMP_MAKER
        return line(
            "starter",
            template,
            RULE_STARTING,
            starter=self.name(starter),
            trump_maker=self.name(trump_maker),
            seat=starter,
        )

    def next_trump_maker(self, seat: int, reason: str) -> Line:
        template = {
            "partner": W.BY_RESULT_PARTNER,
            "alone": W.BY_RESULT_ALONE,
            "defender": W.BY_RESULT_DEFENDER,
            "same": W.BY_RESULT_SAME,
        }[reason]
        return line(
            "next_trump_maker", template, RULE_BY_RESULT, trump_maker=self.name(seat), seat=seat
        )

    def trump_rank_warning(self, rank: str, trump_maker: int, level: int) -> Line:
        return line(
            "warning",
            W.WARN_TRUMP_RANK,
            RULE_TRUMPS,
            rank=rank,
            trump_maker=self.name(trump_maker),
            level=self.level(level),
        )


def headline(side: str | None, levels: int, no_trumps: bool) -> Said:
    if no_trumps:
        return Said(W.HEADLINE_NO_TRUMPS)
    if side == "trump_makers":
        return Said(W.HEADLINE_TRUMP_MAKERS, levels=levels)
    if side == "defenders":
        return Said(W.HEADLINE_DEFENDERS, levels=levels)
    return Said(W.HEADLINE_NOBODY)
