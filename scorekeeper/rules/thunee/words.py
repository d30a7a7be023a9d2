"""Turns scoring steps into the explanation lines players read. Numbers in, sentences out."""

from __future__ import annotations

from scorekeeper.core.explain import Line, signed

from .setup import Setup

SPECIAL_NAMES = {
    "thunee": "Thunee",
    "blind_thunee": "Blind Thunee",
    "royals": "Royals",
    "blind_royals": "Blind Royals",
    "double": "Double",
    "backward_double": "Backward Double",
    "khanaak": "Khanaak",
    "backward_khanaak": "Backward Khanaak",
    "trips": "Trips",
    "moenie": "Moenie",
}
RESULT_NAMES = {"success": "made", "failed": "failed", "partner_catch": "partner catch"}


def balls_word(n: int) -> str:
    return f"{n} ball" if n == 1 else f"{n} balls"


def start_phrase(adjustment: int) -> str:
    """Thunee players' own words: '20 out' is -20, '10 up' is +10."""
    if adjustment < 0:
        return f"{-adjustment} out"
    if adjustment > 0:
        return f"{adjustment} up"
    return "level"


class Words:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def team(self, team: int) -> str:
        return self.setup.team_name(team)

    def verb(self, plural: str, singular: str) -> str:
        """'Asha & Chetan open' but, with two players, 'Asha opens'."""
        return singular if self.setup.mode.teams_of_one else plural

    def trumps(self, trump_maker: int, call: int, dealer: int, calls_text: str | None) -> Line:
        who = self.name(trump_maker)
        if call == 0:
            text = f"No call: {who}, on the dealer's right, made trumps."
        elif calls_text:
            text = f"Calls {calls_text}: {who} made trumps for {call}."
        else:
            text = f"{who} called {call} and made trumps."
        counting = 1 - self.setup.team_of(trump_maker)
        text += f" {self.team(counting)} {self.verb('count', 'counts')}."
        return Line("trumps", text, "calls", points=call, data={"trump_maker": trump_maker})

    def counting_start(self, parts: list[tuple[str, int]], adjustment: int, needed: int) -> Line:
        detail = ", ".join(f"{signed(points)} {label}" for label, points in parts)
        cards_needed = needed - adjustment
        text = (
            f"Counting team starts {start_phrase(adjustment)}: {detail}; "
            f"needs {cards_needed} in cards."
        )
        return Line("start", text, "counting", points=adjustment, data={"needs": cards_needed})

    def counting_result(self, cards: int, total: int, needed: int, counting_won: bool) -> Line:
        verdict = "the counting team wins" if counting_won else "the trump makers win"
        text = f"{cards} in cards makes {total}; {needed} needed: {verdict}."
        return Line("count", text, "counting", points=total)

    def normal_balls(self, team: int, balls: int, call: int, counting_won: bool) -> Line:
        if call == 0:
            why = "No call"
        elif counting_won:
            why = f"The counting team beat a call of {call}"
        else:
            why = f"The trump makers made their call of {call}"
        text = f"{why}: {self.team(team)} {self.verb('open', 'opens')} {balls_word(balls)}."
        return Line("balls", text, "balls", balls=balls, data={"team": team})

    def special_call(self, call: str, seat: int, backward_against: int | None) -> Line:
        text = f"{self.name(seat)} called {SPECIAL_NAMES[call]}."
        if backward_against:
            text = (
                f"{self.name(seat)} called {SPECIAL_NAMES[call]} from the counting team "
                f"against a call of {backward_against}: it is backward."
            )
        return Line("special", text, _rule_of(call), data={"call": call, "seat": seat})

    def special_result(
        self, call: str, seat: int, result: str, team: int, balls: int, why: str
    ) -> Line:
        name = SPECIAL_NAMES[call]
        if result == "success":
            head = f"{name} made"
        elif result == "partner_catch":
            head = f"{name} lost to a partner catch"
        else:
            head = f"{name} failed"
        opens = self.verb("open", "opens")
        text = f"{head}{': ' + why if why else ''}. {self.team(team)} {opens} {balls_word(balls)}."
        return Line(
            "special_result",
            text,
            _rule_of(call),
            balls=balls,
            data={"result": result, "team": team},
        )

    def khanaak_count(self, parts: list[tuple[str, int]], value: int) -> Line:
        (first_label, first), *rest = parts
        detail = " ".join(
            [f"{first} {first_label}", *(f"{signed(p)} {label}" for label, p in rest)]
        )
        text = f"Khanaak count: {detail} = {value}, {'below' if value < 0 else 'not below'} zero."
        return Line("khanaak_count", text, "khanaak", points=value)

    def corner_house_double(self, seat: int, team: int) -> Line:
        text = (
            f"{self.name(seat)} called Double on corner house, which is not allowed: "
            f"{self.team(team)} {self.verb('open', 'opens')} 4 balls and nothing else scores."
        )
        return Line("corner_house_double", text, "corner-house", balls=4, data={"team": team})

    def penalty(self, seat: int, reason: str, team: int) -> Line:
        why = f" ({reason})" if reason else ""
        text = (
            f"Penalty: {self.name(seat)} broke a rule{why}. "
            f"{self.team(team)} {self.verb('open', 'opens')} 4 balls and nothing else scores."
        )
        return Line("penalty", text, "penalties", balls=4, data={"team": team})

    def cancelled(self, reason: str) -> Line:
        return Line("cancelled", f"Deal cancelled ({reason}): no score.", "cancelled")

    def forfeited(self, team: int, balls: int) -> Line:
        text = (
            f"Forfeited: {self.team(team)} did not open {self.verb('their', 'the')} "
            f"{balls_word(balls)} "
            "before the next cut, so nothing scores."
        )
        return Line("forfeited", text, "forfeit", balls=0, data={"team": team})

    def target_raised(self) -> Line:
        return Line("target", "Khanaak was called: this game is now played to 13 balls.", "13")

    def deuce(self, tied_at: int) -> Line:
        text = (
            f"{tied_at}\u2013{tied_at} with two to clear: both teams close their ball cards and "
            "start again from zero; a two-ball lead wins."
        )
        return Line("deuce", text, "two-to-clear")

    def game_over(self, team: int, balls: tuple[int, int], deuce: bool) -> Line:
        how = "a two-ball lead" if deuce else f"{balls[team]} balls"
        wins = self.verb("win", "wins")
        text = f"{self.team(team)} {wins} the game with {how} ({balls[0]}\u2013{balls[1]})."
        return Line("game_over", text, "winning", data={"team": team})

    def next_dealer(self, dealer: int, next_dealer: int, cancelled: bool, rotation: str) -> Line:
        if next_dealer != dealer:
            text = f"The deal passes to {self.name(next_dealer)}."
        elif cancelled:
            text = f"{self.name(dealer)} deals again: a cancelled deal is dealt again."
        elif rotation == "loser-deals-again":
            text = f"{self.name(dealer)} deals again: the dealer's team did not win the deal."
        else:
            text = f"{self.name(dealer)} deals again: the dealer's team is behind."
        return Line("dealer", text, "dealing", data={"next_dealer": next_dealer})


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
