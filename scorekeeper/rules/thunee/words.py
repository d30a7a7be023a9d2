"""Turns the steps of a Thunee deal into the explanation lines players read. Numbers in,
sentences out: those of words.toml (`W`), names and numbers only as placeholders' values.

Every line names the section of the rules page rules/thunee.html it applied (`rule`) and carries its
numbers in `points` and `data`, with the template that the shell says in the reader's
language (scorekeeper.core.explain).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.core.explain import Line, Said, by_count, line, listed, signed
from scorekeeper.core.sentences import sentences

from .setup import Setup

W = sentences(__package__)  # this game's sentences (words.toml)

# Thunee, Khanaak and Moenie are the calls' own names in every language; the others are words.
SPECIAL_NAMES: dict[str, str] = {"thunee": "Thunee", "khanaak": "Khanaak", "moenie": "Moenie"} | {
    call: Said(name) for call, name in W.SPECIAL_NAMES.items()
}
RESULT_NAMES = {"success": "made", "failed": "failed", "partner_catch": "partner catch"}

# The reasons the deal form offers are stored in the log as these English words; a reason
# typed in an imported log is shown as it was written.
PENALTY_REASONS = {reason: Said(reason) for reason in W.PENALTY_REASONS}
CANCEL_REASONS = {reason: Said(reason) for reason in W.CANCEL_REASONS}

_SPECIAL_RESULT = {
    ("success", True): W.MADE,
    ("failed", True): W.FAILED,
    ("partner_catch", True): W.PARTNER_CATCH,
    ("success", False): W.MADE_AS_SAID,
    ("failed", False): W.FAILED_AS_SAID,
    ("partner_catch", False): W.PARTNER_CATCH_AS_SAID,
}

# (two players, won by a two-ball lead) → template
_GAME_OVER = {
    (False, True): W.WIN_BY_TWO,
    (False, False): W.WIN,
    (True, True): W.WINS_BY_TWO,
    (True, False): W.WINS,
}


def start_phrase(adjustment: int) -> Said:
    """Thunee players' own words: '20 out' is -20, '10 up' is +10."""
    if adjustment < 0:
        return Said(W.START_OUT, points=-adjustment)
    if adjustment > 0:
        return Said(W.START_UP, points=adjustment)
    return Said(W.START_LEVEL)


def reason_said(reason: str, known: dict[str, Said]) -> str:
    return known.get(reason, reason)


def calls_said(steps: Sequence[str]) -> str:
    """The calls in the order made, "10, 20, 40 (both at once)"."""
    return listed(steps)


def both_at_once(call: int) -> Said:
    return Said(W.BOTH_AT_ONCE, call=call)


def headline(balls: tuple[int, int]) -> Said:
    """A deal's headline: the balls it opened for each team, in the board's order, "+4 / +0"
    (as Euchre, Spades and Nigerian Thuni say a deal)."""
    if any(balls):
        return Said(W.HEADLINE, balls_a=balls[0], balls_b=balls[1])
    return Said(W.NO_BALLS)


def outcome(setup: Setup, balls: tuple[int, int]) -> Said:
    """What a deal gave, by the team's name: "Asha & Chetan +2"."""
    for team in (0, 1):
        if balls[team]:
            return Said(W.OUTCOME, team_name=setup.team_name(team), balls=balls[team])
    return Said(W.NO_BALLS)


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
            return Said(W.OPENS_ONE if self.alone else W.OPEN_ONE, team_name=self.team(team))
        return Said(W.OPENS if self.alone else W.OPEN, team_name=self.team(team), balls=balls)

    def opens_four(self, team: int) -> Said:
        return Said(W.OPENS_FOUR if self.alone else W.OPEN_FOUR, team_name=self.team(team))

    def trumps(self, trump_maker: int, call: int, dealer: int, calls_text: str | None) -> Line:
        who = self.name(trump_maker)
        if call == 0:
            made = Said(W.NO_CALL, name=who)
        elif calls_text:
            made = Said(W.CALLS, calls=calls_text, name=who, call=call)
        else:
            made = Said(W.CALLED, name=who, call=call)
        counting = 1 - self.setup.team_of(trump_maker)
        counts = Said(W.COUNTS if self.alone else W.COUNT, team_name=self.team(counting))
        return line(
            "trumps", W.SENTENCES, "calls", call, first=made, second=counts, trump_maker=trump_maker
        )

    def counting_start(self, parts: list[tuple[str, int]], adjustment: int, needed: int) -> Line:
        said = [Said(W.PART, points=signed(points), label=label) for label, points in parts]
        cards_needed = needed - adjustment
        return line(
            "start",
            W.COUNTING_START,
            "counting",
            adjustment,
            start=start_phrase(adjustment),
            parts=listed(said),
            cards_needed=cards_needed,
            needs=cards_needed,
        )

    def counting_result(self, cards: int, total: int, needed: int, counting_won: bool) -> Line:
        template = W.COUNTING_WINS if counting_won else W.TRUMP_MAKERS_WIN
        return line("count", template, "counting", total, cards=cards, total=total, needed=needed)

    def normal_balls(self, team: int, balls: int, call: int, counting_won: bool) -> Line:
        if call == 0:
            template = W.BALLS_NO_CALL
        elif counting_won:
            template = W.BALLS_CALL_BEATEN
        else:
            template = W.BALLS_CALL_MADE
        opens = self.opens(team, balls)
        return line("balls", template, "balls", call=call, opens=opens, team=team, balls=balls)

    def special_call(self, call: str, seat: int, backward_against: int | None) -> Line:
        values: dict[str, Any] = {"name": self.name(seat), "call": SPECIAL_NAMES[call]}
        if backward_against:
            template = W.SPECIAL_BACKWARD
            values["against"] = backward_against
        else:
            template = W.SPECIAL_CALL
        return line("special", template, _rule_of(call), seat=seat, called=call, **values)

    def special_result(
        self, call: str, seat: int, result: str, team: int, balls: int, why: str
    ) -> Line:
        return line(
            "special_result",
            _SPECIAL_RESULT[(result, bool(why))],
            _rule_of(call),
            call=SPECIAL_NAMES[call],
            why=why,
            opens=self.opens(team, balls),
            result=result,
            team=team,
            balls=balls,
        )

    def khanaak_count(self, parts: list[tuple[str, int]], value: int) -> Line:
        (first_label, first), *rest = parts
        said = [
            Said(W.PART, points=first, label=first_label),
            *(Said(W.PART, points=signed(p), label=label) for label, p in rest),
        ]
        return line(
            "khanaak_count",
            W.KHANAAK_BELOW if value < 0 else W.KHANAAK_NOT_BELOW,
            "khanaak",
            value,
            parts=listed(said, W.COUNT_PARTS, W.COUNT_PARTS),
            value=value,
        )

    def corner_house_double(self, seat: int, team: int) -> Line:
        return line(
            "corner_house_double",
            W.CORNER_HOUSE_DOUBLE,
            "corner-house",
            name=self.name(seat),
            opens=self.opens_four(team),
            team=team,
            balls=4,
        )

    def penalty(self, seat: int, reason: str, team: int) -> Line:
        values: dict[str, Any] = {"name": self.name(seat), "opens": self.opens_four(team)}
        if reason:
            values["reason"] = reason_said(reason, PENALTY_REASONS)
        template = W.PENALTY_WHY if reason else W.PENALTY
        return line("penalty", template, "penalties", team=team, balls=4, **values)

    def cancelled(self, reason: str) -> Line:
        return line(
            "cancelled", W.CANCELLED, "cancelled", reason=reason_said(reason, CANCEL_REASONS)
        )

    def forfeited(self, team: int, balls: int) -> Line:
        if self.alone:
            template = by_count(balls, W.FORFEITED_ONE_PLAYER, one=W.FORFEITED_ONE_PLAYER_ONE)
        else:
            template = by_count(balls, W.FORFEITED, one=W.FORFEITED_ONE)
        return line(
            "forfeited", template, "forfeit", team_name=self.team(team), balls=balls, team=team
        )

    def target_raised(self) -> Line:
        return line("target", W.TARGET_RAISED, "13")

    def deuce(self, tied_at: int) -> Line:
        return line("deuce", W.DEUCE, "two-to-clear", tied=tied_at)

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
            template, seat = W.NEXT_DEALER, next_dealer
        elif cancelled:
            template, seat = W.AGAIN_CANCELLED, dealer
        elif rotation == "loser-deals-again":
            template, seat = W.AGAIN_LOST, dealer
        else:
            template, seat = W.AGAIN_BEHIND, dealer
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
