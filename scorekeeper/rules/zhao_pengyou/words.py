"""Every sentence the Zhao Pengyou core shows, as a template to translate, and the lines built
from them.

The app shows this game in English and Simplified Chinese. So each explanation line is
`Line(code, text, rule, points, data)` where `data["template"]` is the exact English template
below and `text == data["template"].format(**data)`: the shell translates the template (the
templates are wrapped in `gettext_noop` so that makemessages finds them) and formats it with
the same `data`. Names, numbers and level names go in only as placeholders. `line`, `Said` and
`gettext_noop` are shared by every game (scorekeeper.core.explain).

Each line's `rule` is the id of a section of templates/rules/zhao-pengyou.html; `RULE_ANCHORS`
lists every one this module uses.
"""

from __future__ import annotations

from scorekeeper.core.explain import Line, Said, gettext_noop, line, signed

# The house rules' and the levels' words live with them (setup.py, levels.py, which this module
# stands above); they are named here too, so that every word of the game is found here.
from .levels import LEVEL_JOKER as LEVEL_JOKER
from .levels import LEVEL_PAST_ACE as LEVEL_PAST_ACE
from .promotion import Promotion
from .setup import HOUSE_RULE_HELP as HOUSE_RULE_HELP
from .setup import HOUSE_RULE_LABELS as HOUSE_RULE_LABELS
from .setup import Setup
from .state import Move

# ---- the rules page's sections ------------------------------------------------------------------

RULE_PLAYERS = "players"
RULE_STARTING = "starting"
RULE_TRUMPS = "trumps"
RULE_NO_TRUMPS = "no-trumps"
RULE_TEAMS = "friends"
RULE_COUNTING = "counting"
RULE_KITTY = "kitty"
RULE_FALSE_LEAD = "false-lead"
RULE_PROMOTION = "promotion"
RULE_LEVELS = "levels"
RULE_WINNING = "winning"
RULE_ACTIVE_PASSIVE = "active-passive"
RULE_BY_RESULT = "by-result"
RULE_LAPS = "laps"
RULE_HOUSE_RULES = "house-rules"
RULE_ANCHORS: tuple[str, ...] = (
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
)

# ---- level names (their words live with the levels, levels.py) ----------------------------

# Translators: every player's level, in order of play: "2 · 5 · J · 2 · 2".
LEVELS_JOINED = gettext_noop("{a} · {b}")

# ---- explanation templates ----------------------------------------------------------------------

NO_TRUMPS = gettext_noop("Nobody made trumps: no score, the cards are dealt again.")
ALL_ACTIVE = gettext_noop("With no trumps made, everyone is active again.")
SAME_STARTER = gettext_noop("{starter} starts the new deal again.")
STILL_TRUMP_MAKER = gettext_noop("{trump_maker} still makes trumps.")

TEAM = gettext_noop(
    "{trump_maker} made trumps with {partners}: a team of {size}, at most {max_team}."
)
ALONE = gettext_noop("{trump_maker} made trumps and played alone: a team of 1, at most {max_team}.")

DEFENDER_POINTS = gettext_noop("The defenders took {points} card points in their tricks.")
KITTY_DOUBLED = gettext_noop(
    "{winner}, a defender, won the last trick: the kitty's {kitty} counts double, +{doubled}."
)
KITTY_LOST = gettext_noop(
    "{winner} won the last trick for the trump makers: the kitty's {kitty} does not count."
)
FALSE_LEAD_DEFENDER = gettext_noop(
    "False lead by {leader}, a defender: 10 × {cards} withdrawn = {signed_points} for the "
    "defenders."
)
FALSE_LEAD_TRUMP_SIDE = gettext_noop(
    "False lead by {leader}, on the trump maker's team: 10 × {cards} withdrawn = "
    "{signed_points} for the defenders."
)
TOTAL = gettext_noop("The defenders' total: {points} {adjustments} = {total}.")

PROMOTION_NO_POINTS = gettext_noop("Defenders {total}, no points: trump makers +{levels}.")
PROMOTION_NO_POINTS_SHORT = gettext_noop(
    "Defenders {total}, no points: trump makers +{base} × {factor} for a team {short} short "
    "= +{levels}."
)
PROMOTION_TRUMP_MAKERS = gettext_noop("Defenders {total} < {threshold}: trump makers +{levels}.")
PROMOTION_TRUMP_MAKERS_SHORT = gettext_noop(
    "Defenders {total} < {threshold}: trump makers +{base} × {factor} for a team {short} short "
    "= +{levels}."
)
PROMOTION_NOBODY = gettext_noop(
    "Defenders {total}: {low} or more but under {threshold}, nobody goes up."
)
PROMOTION_DEFENDERS = gettext_noop("Defenders {total} ≥ {threshold}: defenders +{levels}.")

GAME_POINTS_NO_POINTS = gettext_noop(
    "Defenders {total}, no points: the trump makers win, game points +{levels}."
)
GAME_POINTS_NO_POINTS_SHORT = gettext_noop(
    "Defenders {total}, no points: the trump makers win, game points +{base} × {factor} for a "
    "team {short} short = +{levels}."
)
GAME_POINTS_TRUMP_MAKERS = gettext_noop(
    "Defenders {total} < {threshold}: the trump makers win, game points +{levels}."
)
GAME_POINTS_TRUMP_MAKERS_SHORT = gettext_noop(
    "Defenders {total} < {threshold}: the trump makers win, game points +{base} × {factor} for "
    "a team {short} short = +{levels}."
)
GAME_POINTS_DEFENDERS = gettext_noop(
    "Defenders {total} ≥ {threshold}: the defenders win, game points +{levels}."
)

LEVEL_UP = gettext_noop("{name}: {before} → {after} (+{levels}).")
ACTIVE_UP = gettext_noop("{name}: active {before} → active {after} (+{levels}).")
PASSIVE_UP = gettext_noop(
    "{name}: passive {before} → active {after} (+{levels}; the first only makes a passive "
    "player active)."
)
NOW_PASSIVE = gettext_noop("Passive now, levels unchanged: {names}.")
GAME_OVER = gettext_noop("Game over: {winners} went past Ace and won.")

STARTER_TRUMP_MAKER = gettext_noop("{starter} made trumps and starts the next deal.")
STARTER_NEXT_ACTIVE = gettext_noop(
    "{trump_maker} is passive now: {starter}, the next active player, starts the next deal."
)
STARTER_ROTATE = gettext_noop("The start passes to {starter}.")
STARTER_ROTATE_ACTIVE = gettext_noop("The start passes to {starter}, the next active player.")

BY_RESULT_PARTNER = gettext_noop(
    "The trump makers won: {trump_maker}, the trump maker's nearest partner, makes trumps next."
)
BY_RESULT_ALONE = gettext_noop(
    "The trump makers won: {trump_maker} played alone and makes trumps again."
)
BY_RESULT_DEFENDER = gettext_noop(
    "The defenders won: {trump_maker}, the nearest defender, makes trumps next."
)
BY_RESULT_SAME = gettext_noop("Nobody went up: {trump_maker} makes trumps again.")

WARN_TRUMP_RANK = gettext_noop(
    "The trump rank {rank} is not the level of {trump_maker} ({level}): is that right?"
)

HEADLINE_NO_TRUMPS = gettext_noop("no trumps")
HEADLINE_TRUMP_MAKERS = gettext_noop("trump makers +{levels}")
HEADLINE_DEFENDERS = gettext_noop("defenders +{levels}")
HEADLINE_NOBODY = gettext_noop("nobody goes up")
HEADLINE_PLAYERS = gettext_noop("{players} players")  # the table, as the header names it

_PROMOTION_TEMPLATES = {
    # (active/passive, row, short team): template
    (False, "no_points", False): PROMOTION_NO_POINTS,
    (False, "no_points", True): PROMOTION_NO_POINTS_SHORT,
    (False, "trump_makers", False): PROMOTION_TRUMP_MAKERS,
    (False, "trump_makers", True): PROMOTION_TRUMP_MAKERS_SHORT,
    (False, "nobody", False): PROMOTION_NOBODY,
    (False, "defenders", False): PROMOTION_DEFENDERS,
    (True, "no_points", False): GAME_POINTS_NO_POINTS,
    (True, "no_points", True): GAME_POINTS_NO_POINTS_SHORT,
    (True, "trump_makers", False): GAME_POINTS_TRUMP_MAKERS,
    (True, "trump_makers", True): GAME_POINTS_TRUMP_MAKERS_SHORT,
    (True, "defenders", False): GAME_POINTS_DEFENDERS,
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
        return line("no_trumps", NO_TRUMPS, RULE_NO_TRUMPS)

    def all_active(self) -> Line:
        return line("all_active", ALL_ACTIVE, RULE_ACTIVE_PASSIVE)

    def same_starter(self, starter: int) -> Line:
        return line("starter", SAME_STARTER, RULE_NO_TRUMPS, starter=self.name(starter))

    def still_trump_maker(self, trump_maker: int) -> Line:
        name = self.name(trump_maker)
        return line("next_trump_maker", STILL_TRUMP_MAKER, RULE_BY_RESULT, trump_maker=name)

    # ---- the deal -------------------------------------------------------------------------

    def team(self, trump_maker: int, team: tuple[int, ...]) -> Line:
        max_team = self.setup.max_team
        partners = [s for s in self.setup.in_order_after(trump_maker) if s in team]
        if not partners:
            return line(
                "team", ALONE, RULE_TEAMS, trump_maker=self.name(trump_maker), max_team=max_team
            )
        return line(
            "team",
            TEAM,
            RULE_TEAMS,
            trump_maker=self.name(trump_maker),
            partners=names(self.setup, partners),
            size=len(team),
            max_team=max_team,
        )

    def defender_points(self, points: int) -> Line:
        return line("defender_points", DEFENDER_POINTS, RULE_COUNTING, points, points=points)

    def kitty(self, kitty: int, last_trick: int, doubled: bool) -> Line:
        if doubled:
            return line(
                "kitty",
                KITTY_DOUBLED,
                RULE_KITTY,
                2 * kitty,
                winner=self.name(last_trick),
                kitty=kitty,
                doubled=2 * kitty,
            )
        return line("kitty", KITTY_LOST, RULE_KITTY, 0, winner=self.name(last_trick), kitty=kitty)

    def false_lead(self, leader: int, cards: int, points: int, defender: bool) -> Line:
        template = FALSE_LEAD_DEFENDER if defender else FALSE_LEAD_TRUMP_SIDE
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
            TOTAL,
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
            template = ACTIVE_UP if move.was_active else PASSIVE_UP
            return line("level", template, RULE_ACTIVE_PASSIVE, move.gained, **data)
        if self.rules.laps and move.after > 12:
            rule = RULE_LAPS
        elif move.after > 12:
            rule = RULE_WINNING
        else:
            rule = RULE_LEVELS
        return line("level", LEVEL_UP, rule, move.gained, **data)

    def now_passive(self, seats: list[int]) -> Line:
        return line("passive", NOW_PASSIVE, RULE_ACTIVE_PASSIVE, names=names(self.setup, seats))

    def game_over(self, winners: tuple[int, ...]) -> Line:
        return line(
            "game_over",
            GAME_OVER,
            RULE_WINNING,
            winners=names(self.setup, winners),
            seats=list(winners),
        )

    def next_starter(self, starter: int, trump_maker: int, reason: str, skipped: bool) -> Line:
        if reason == "rotate":
            template = STARTER_ROTATE_ACTIVE if skipped else STARTER_ROTATE
        elif reason == "next_active":
            template = STARTER_NEXT_ACTIVE
        else:
            template = STARTER_TRUMP_MAKER
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
            "partner": BY_RESULT_PARTNER,
            "alone": BY_RESULT_ALONE,
            "defender": BY_RESULT_DEFENDER,
            "same": BY_RESULT_SAME,
        }[reason]
        return line(
            "next_trump_maker", template, RULE_BY_RESULT, trump_maker=self.name(seat), seat=seat
        )

    def trump_rank_warning(self, rank: str, trump_maker: int, level: int) -> Line:
        return line(
            "warning",
            WARN_TRUMP_RANK,
            RULE_TRUMPS,
            rank=rank,
            trump_maker=self.name(trump_maker),
            level=self.level(level),
        )


def headline(side: str | None, levels: int, no_trumps: bool) -> Said:
    if no_trumps:
        return Said(HEADLINE_NO_TRUMPS)
    if side == "trump_makers":
        return Said(HEADLINE_TRUMP_MAKERS, levels=levels)
    if side == "defenders":
        return Said(HEADLINE_DEFENDERS, levels=levels)
    return Said(HEADLINE_NOBODY)
