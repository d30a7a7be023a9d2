"""Turns the steps of a Thunee deal into the explanation lines players read. Numbers in,
sentences out.

Every line names the section of the rules page it applied (`rule`, an anchor of
templates/rules/thunee.html) and carries its numbers in `points`/`balls` and `data`. Its words
come from the English templates below, kept in `data["template"]` so that the shell can say the
line in the reader's language (see scorekeeper.core.explain); names and numbers go in only as
placeholders. With two players a "team" is one player, so the sentences that say what a team
does come twice: "Asha & Chetan open" and "Asha opens" (Chinese says both the same way).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.core.explain import Line, Said, by_count, gettext_noop, line, listed, signed

from .setup import Setup

# ---- names: the special calls, the reasons a form offers, the parts of a count ------------------

# Thunee, Khanaak and Moenie are the calls' own names in every language; the others are words.
SPECIAL_NAMES: dict[str, str] = {
    "thunee": "Thunee",
    "blind_thunee": Said(gettext_noop("Blind Thunee")),
    "royals": Said(gettext_noop("Royals")),
    "blind_royals": Said(gettext_noop("Blind Royals")),
    "double": Said(gettext_noop("Double")),
    "backward_double": Said(gettext_noop("Backward Double")),
    "khanaak": "Khanaak",
    "backward_khanaak": Said(gettext_noop("Backward Khanaak")),
    "trips": Said(gettext_noop("Trips")),
    "moenie": "Moenie",
}
RESULT_NAMES = {"success": "made", "failed": "failed", "partner_catch": "partner catch"}

# The reasons the deal form offers are stored in the log as these English words; a reason
# typed in an imported log is shown as it was written.
PENALTY_REASONS = {
    "colour cutting": Said(gettext_noop("colour cutting")),
    "played out of turn": Said(gettext_noop("played out of turn")),
    "illegal signals": Said(gettext_noop("illegal signals")),
    "false Jodie": Said(gettext_noop("false Jodie")),
    "reminded partner to open balls": Said(gettext_noop("reminded partner to open balls")),
    "other": Said(gettext_noop("other")),
}
CANCEL_REASONS = {
    "the counting team held no trumps": Said(gettext_noop("the counting team held no trumps")),
    "the trump chooser's first four cards were worth 10 or less": Said(
        gettext_noop("the trump chooser's first four cards were worth 10 or less")
    ),
}

# The parts of a count: "+30 call", "+20 Jodie (Bongani)", "-10 last trick", "120 in cards".
# Translators: one part of a count, {points} a number ("+30"), {label} what it is ("call").
PART = gettext_noop("{points} {label}")
CALL = gettext_noop("call")
JODIE = gettext_noop("Jodie ({name})")
LAST_TRICK = gettext_noop("last trick")
IN_CARDS = gettext_noop("in cards")
THEIR_JODIES = gettext_noop("their Jodies")
CALLERS_JODIES = gettext_noop("caller's Jodies")
# Translators: two parts of a Khanaak count one after the other, "120 in cards +30 call".
COUNT_PARTS = gettext_noop("{a} {b}")
# Translators: one turn of the calling when two players called at the same time, "40".
BOTH_AT_ONCE = gettext_noop("{call} (both at once)")

# ---- making trumps ------------------------------------------------------------------------------

NO_CALL = gettext_noop("No call: {name}, on the dealer's right, made trumps.")
# Translators: {calls} are the calls in the order made, "10, 20, 40 (both at once)".
CALLS = gettext_noop("Calls {calls}: {name} made trumps for {call}.")
CALLED = gettext_noop("{name} called {call} and made trumps.")
COUNT = gettext_noop("{team_name} count.")
COUNTS = gettext_noop("{team_name} counts.")  # two players: the counting team is one player
# Translators: two sentences of a line, one after the other.
SENTENCES = gettext_noop("{first} {second}")

# ---- the ordinary count -------------------------------------------------------------------------

# Thunee players' own words: '20 out' is -20, '10 up' is +10.
START_OUT = gettext_noop("{points} out")
START_UP = gettext_noop("{points} up")
START_LEVEL = gettext_noop("level")
# Translators: {start} is "20 out", "10 up" or "level"; {parts} "+30 call, -10 last trick".
COUNTING_START = gettext_noop(
    "Counting team starts {start}: {parts}; needs {cards_needed} in cards."
)
COUNTING_WINS = gettext_noop(
    "{cards} in cards makes {total}; {needed} needed: the counting team wins."
)
TRUMP_MAKERS_WIN = gettext_noop(
    "{cards} in cards makes {total}; {needed} needed: the trump makers win."
)

# What a team opens: "Asha & Chetan open 2 balls." (with two players: "Asha opens 2 balls.")
OPEN_ONE = gettext_noop("{team_name} open 1 ball.")
OPEN = gettext_noop("{team_name} open {balls} balls.")
OPENS_ONE = gettext_noop("{team_name} opens 1 ball.")
OPENS = gettext_noop("{team_name} opens {balls} balls.")

# Translators: {opens} is a sentence above, "Asha & Chetan open 1 ball."
BALLS_NO_CALL = gettext_noop("No call: {opens}")
BALLS_CALL_BEATEN = gettext_noop("The counting team beat a call of {call}: {opens}")
BALLS_CALL_MADE = gettext_noop("The trump makers made their call of {call}: {opens}")

# ---- special calls ------------------------------------------------------------------------------

# Translators: {call} is the name of a special call, "Thunee", "Double".
SPECIAL_CALL = gettext_noop("{name} called {call}.")
SPECIAL_BACKWARD = gettext_noop(
    "{name} called {call} from the counting team against a call of {against}: it is backward."
)
# Translators: {why} says what happened ("Dev won every trick"), {opens} who opens the balls.
MADE = gettext_noop("{call} made: {why}. {opens}")
FAILED = gettext_noop("{call} failed: {why}. {opens}")
PARTNER_CATCH = gettext_noop("{call} lost to a partner catch: {why}. {opens}")
MADE_AS_SAID = gettext_noop("{call} made. {opens}")
FAILED_AS_SAID = gettext_noop("{call} failed. {opens}")
PARTNER_CATCH_AS_SAID = gettext_noop("{call} lost to a partner catch. {opens}")
_SPECIAL_RESULT = {
    ("success", True): MADE,
    ("failed", True): FAILED,
    ("partner_catch", True): PARTNER_CATCH,
    ("success", False): MADE_AS_SAID,
    ("failed", False): FAILED_AS_SAID,
    ("partner_catch", False): PARTNER_CATCH_AS_SAID,
}

# Why a special call was made or failed.
WON_EVERY_TRICK = gettext_noop("{name} won every trick")
OPPONENTS_WON_A_TRICK = gettext_noop("the opponents won a trick")
PARTNER_WON_A_TRICK = gettext_noop("a partner of {name} won a trick")
WON_THE_LAST_TRICK = gettext_noop("{name} won the last trick")
OPPONENT_WON_THE_LAST_TRICK = gettext_noop("an opponent won the last trick")
PARTNER_OF_WON_THE_LAST_TRICK = gettext_noop("a partner of {name} won the last trick")
A_PARTNER_WON_THE_LAST_TRICK = gettext_noop("{name}, a partner, won the last trick")
TEAM_WON_EVERY_TRICK = gettext_noop("{name}'s team won every trick and the last")
OPPONENTS_WON_NO_TRICK = gettext_noop("the opponents won no trick")
COUNT_NOT_BELOW_ZERO = gettext_noop("the opponents' count is not below zero")
COUNT_BELOW_ZERO = gettext_noop("the opponents' count is below zero")

# Translators: {parts} "120 in cards +30 call -10 last trick".
KHANAAK_BELOW = gettext_noop("Khanaak count: {parts} = {value}, below zero.")
KHANAAK_NOT_BELOW = gettext_noop("Khanaak count: {parts} = {value}, not below zero.")

# ---- deals with nothing else to score -----------------------------------------------------------

OPEN_FOUR = gettext_noop("{team_name} open 4 balls and nothing else scores.")
OPENS_FOUR = gettext_noop("{team_name} opens 4 balls and nothing else scores.")
# Translators: {opens} is "Asha & Chetan open 4 balls and nothing else scores."
CORNER_HOUSE_DOUBLE = gettext_noop(
    "{name} called Double on corner house, which is not allowed: {opens}"
)
PENALTY = gettext_noop("Penalty: {name} broke a rule. {opens}")
# Translators: {reason} is what was broken, "colour cutting".
PENALTY_WHY = gettext_noop("Penalty: {name} broke a rule ({reason}). {opens}")
CANCELLED = gettext_noop("Deal cancelled ({reason}): no score.")
FORFEITED_ONE = gettext_noop(
    "Forfeited: {team_name} did not open their 1 ball before the next cut, so nothing scores."
)
FORFEITED = gettext_noop(
    "Forfeited: {team_name} did not open their {balls} balls before the next cut, so nothing "
    "scores."
)
FORFEITED_ONE_PLAYER_ONE = gettext_noop(
    "Forfeited: {team_name} did not open the 1 ball before the next cut, so nothing scores."
)
FORFEITED_ONE_PLAYER = gettext_noop(
    "Forfeited: {team_name} did not open the {balls} balls before the next cut, so nothing scores."
)

# ---- the game ------------------------------------------------------------------------------------

TARGET_RAISED = gettext_noop("Khanaak was called: this game is now played to 13 balls.")
DEUCE = gettext_noop(
    "{tied}–{tied} with two to clear: both teams close their ball cards and start again "
    "from zero; a two-ball lead wins."
)
WIN_BY_TWO = gettext_noop("{team_name} win the game with a two-ball lead ({a}–{b}).")
WIN = gettext_noop("{team_name} win the game with {balls} balls ({a}–{b}).")
WINS_BY_TWO = gettext_noop("{team_name} wins the game with a two-ball lead ({a}–{b}).")
WINS = gettext_noop("{team_name} wins the game with {balls} balls ({a}–{b}).")
# (two players, won by a two-ball lead) → template
_GAME_OVER = {
    (False, True): WIN_BY_TWO,
    (False, False): WIN,
    (True, True): WINS_BY_TWO,
    (True, False): WINS,
}

NEXT_DEALER = gettext_noop("The deal passes to {name}.")
AGAIN_CANCELLED = gettext_noop("{name} deals again: a cancelled deal is dealt again.")
AGAIN_LOST = gettext_noop("{name} deals again: the dealer's team did not win the deal.")
AGAIN_BEHIND = gettext_noop("{name} deals again: the dealer's team is behind.")

# ---- a deal in the log: its headline, and what a what-if compares --------------------------------

# Translators: a deal's headline in the log, "+4 A": the balls team A (or B) opened.
HEADLINE = gettext_noop("+{balls} {team}")
NO_BALLS = gettext_noop("no balls")
# Translators: what a deal gave, "Asha & Chetan +2" (a what-if compares two of these).
OUTCOME = gettext_noop("{team_name} +{balls}")


def start_phrase(adjustment: int) -> Said:
    """Thunee players' own words: '20 out' is -20, '10 up' is +10."""
    if adjustment < 0:
        return Said(START_OUT, points=-adjustment)
    if adjustment > 0:
        return Said(START_UP, points=adjustment)
    return Said(START_LEVEL)


def reason_said(reason: str, known: dict[str, Said]) -> str:
    return known.get(reason, reason)


def calls_said(steps: Sequence[str]) -> str:
    """The calls in the order made, "10, 20, 40 (both at once)"."""
    return listed(steps)


def both_at_once(call: int) -> Said:
    return Said(BOTH_AT_ONCE, call=call)


def headline(balls: tuple[int, int]) -> Said:
    """A deal's headline: the balls it opened and for which team, "+4 A"."""
    for team in (0, 1):
        if balls[team]:
            return Said(HEADLINE, balls=balls[team], team="AB"[team])
    return Said(NO_BALLS)


def outcome(setup: Setup, balls: tuple[int, int]) -> Said:
    """What a deal gave, by the team's name: "Asha & Chetan +2"."""
    for team in (0, 1):
        if balls[team]:
            return Said(OUTCOME, team_name=setup.team_name(team), balls=balls[team])
    return Said(NO_BALLS)


class Words:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.alone = setup.mode.teams_of_one  # two players: each "team" is one player

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def team(self, team: int) -> str:
        return self.setup.team_name(team)

    def opens(self, team: int, balls: int) -> Said:
        """'Asha & Chetan open 2 balls.' or, with two players, 'Asha opens 2 balls.'"""
        if balls == 1:
            return Said(OPENS_ONE if self.alone else OPEN_ONE, team_name=self.team(team))
        return Said(OPENS if self.alone else OPEN, team_name=self.team(team), balls=balls)

    def opens_four(self, team: int) -> Said:
        return Said(OPENS_FOUR if self.alone else OPEN_FOUR, team_name=self.team(team))

    def trumps(self, trump_maker: int, call: int, dealer: int, calls_text: str | None) -> Line:
        who = self.name(trump_maker)
        if call == 0:
            made = Said(NO_CALL, name=who)
        elif calls_text:
            made = Said(CALLS, calls=calls_text, name=who, call=call)
        else:
            made = Said(CALLED, name=who, call=call)
        counting = 1 - self.setup.team_of(trump_maker)
        counts = Said(COUNTS if self.alone else COUNT, team_name=self.team(counting))
        return line(
            "trumps", SENTENCES, "calls", call, first=made, second=counts, trump_maker=trump_maker
        )

    def counting_start(self, parts: list[tuple[str, int]], adjustment: int, needed: int) -> Line:
        said = [Said(PART, points=signed(points), label=label) for label, points in parts]
        cards_needed = needed - adjustment
        return line(
            "start",
            COUNTING_START,
            "counting",
            adjustment,
            start=start_phrase(adjustment),
            parts=listed(said),
            cards_needed=cards_needed,
            needs=cards_needed,
        )

    def counting_result(self, cards: int, total: int, needed: int, counting_won: bool) -> Line:
        template = COUNTING_WINS if counting_won else TRUMP_MAKERS_WIN
        return line("count", template, "counting", total, cards=cards, total=total, needed=needed)

    def normal_balls(self, team: int, balls: int, call: int, counting_won: bool) -> Line:
        if call == 0:
            template = BALLS_NO_CALL
        elif counting_won:
            template = BALLS_CALL_BEATEN
        else:
            template = BALLS_CALL_MADE
        said = line("balls", template, "balls", call=call, opens=self.opens(team, balls), team=team)
        return Line(said.code, said.text, said.rule, balls=balls, data=said.data)

    def special_call(self, call: str, seat: int, backward_against: int | None) -> Line:
        values: dict[str, Any] = {"name": self.name(seat), "call": SPECIAL_NAMES[call]}
        if backward_against:
            template = SPECIAL_BACKWARD
            values["against"] = backward_against
        else:
            template = SPECIAL_CALL
        return line("special", template, _rule_of(call), seat=seat, called=call, **values)

    def special_result(
        self, call: str, seat: int, result: str, team: int, balls: int, why: str
    ) -> Line:
        said = line(
            "special_result",
            _SPECIAL_RESULT[(result, bool(why))],
            _rule_of(call),
            call=SPECIAL_NAMES[call],
            why=why,
            opens=self.opens(team, balls),
            result=result,
            team=team,
        )
        return Line(said.code, said.text, said.rule, balls=balls, data=said.data)

    def khanaak_count(self, parts: list[tuple[str, int]], value: int) -> Line:
        (first_label, first), *rest = parts
        said = [
            Said(PART, points=first, label=first_label),
            *(Said(PART, points=signed(p), label=label) for label, p in rest),
        ]
        return line(
            "khanaak_count",
            KHANAAK_BELOW if value < 0 else KHANAAK_NOT_BELOW,
            "khanaak",
            value,
            parts=listed(said, COUNT_PARTS, COUNT_PARTS),
            value=value,
        )

    def corner_house_double(self, seat: int, team: int) -> Line:
        said = line(
            "corner_house_double",
            CORNER_HOUSE_DOUBLE,
            "corner-house",
            name=self.name(seat),
            opens=self.opens_four(team),
            team=team,
        )
        return Line(said.code, said.text, said.rule, balls=4, data=said.data)

    def penalty(self, seat: int, reason: str, team: int) -> Line:
        values: dict[str, Any] = {"name": self.name(seat), "opens": self.opens_four(team)}
        if reason:
            values["reason"] = reason_said(reason, PENALTY_REASONS)
        said = line("penalty", PENALTY_WHY if reason else PENALTY, "penalties", team=team, **values)
        return Line(said.code, said.text, said.rule, balls=4, data=said.data)

    def cancelled(self, reason: str) -> Line:
        return line("cancelled", CANCELLED, "cancelled", reason=reason_said(reason, CANCEL_REASONS))

    def forfeited(self, team: int, balls: int) -> Line:
        if self.alone:
            template = by_count(balls, FORFEITED_ONE_PLAYER, one=FORFEITED_ONE_PLAYER_ONE)
        else:
            template = by_count(balls, FORFEITED, one=FORFEITED_ONE)
        said = line(
            "forfeited", template, "forfeit", team_name=self.team(team), balls=balls, team=team
        )
        return Line(said.code, said.text, said.rule, balls=0, data=said.data)

    def target_raised(self) -> Line:
        return line("target", TARGET_RAISED, "13")

    def deuce(self, tied_at: int) -> Line:
        return line("deuce", DEUCE, "two-to-clear", tied=tied_at)

    def game_over(self, team: int, balls: tuple[int, int], deuce: bool) -> Line:
        return line(
            "game_over",
            _GAME_OVER[(self.alone, deuce)],
            "winning",
            team_name=self.team(team),
            balls=balls[team],
            a=balls[0],
            b=balls[1],
            team=team,
        )

    def next_dealer(self, dealer: int, next_dealer: int, cancelled: bool, rotation: str) -> Line:
        if next_dealer != dealer:
            template, seat = NEXT_DEALER, next_dealer
        elif cancelled:
            template, seat = AGAIN_CANCELLED, dealer
        elif rotation == "loser-deals-again":
            template, seat = AGAIN_LOST, dealer
        else:
            template, seat = AGAIN_BEHIND, dealer
        return line("dealer", template, "dealing", name=self.name(seat), next_dealer=next_dealer)


def _rule_of(call: str) -> str:
    return {
        "thunee": "thunee",
        "blind_thunee": "blind-thunee",
        "royals": "royals",
        "blind_royals": "royals",
        "double": "double",
        "backward_double": "double",
        "khanaak": "khanaak",
        "backward_khanaak": "khanaak",
        "trips": "trips",
        "moenie": "moenie",
    }[call]
