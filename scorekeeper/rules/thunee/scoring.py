"""Scoring one deal: a pure function of the recorded facts, the game state and the setup."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict, Unpack

from scorekeeper.core.errors import (
    SHARED,
    FactError,
    GameOver,
    NotThisDealer,
    Refusal,
    Refusals,
    raise_all,
)
from scorekeeper.core.explain import Line, Said
from scorekeeper.core.reader import json_word

from .cards import nearest, possible_totals
from .facts import DealFacts, Special
from .setup import Setup
from .state import GameState, advance
from .words import W, Words, both_at_once, calls_said

REFUSE = Refusals(__package__)  # Thunee's refusals: its words.toml

# Balls opened for each special call: (caller's team on success, opponents on failure,
# opponents on a partner catch). None means "from the house rules".
SPECIAL_BALLS: dict[str, tuple[int | None, int | None, int | None]] = {
    "thunee": (4, 4, None),
    "royals": (4, 4, None),
    "blind_thunee": (None, None, None),
    "blind_royals": (None, None, None),
    "double": (2, 4, 4),
    "backward_double": (4, 4, 4),
    "khanaak": (3, 4, 4),
    "backward_khanaak": (6, 4, 4),
    "trips": (3, 3, None),
    "moenie": (4, 4, 8),
}


@dataclass(frozen=True)
class Outcome:
    """What one deal scored. `balls` is per team; `lines` explain every step."""

    kind: str  # normal, special, penalty, corner_house_double, cancelled
    dealer: int
    balls: tuple[int, int]
    winning_team: int | None
    lines: tuple[Line, ...]
    counting_team: int | None = None
    trump_maker: int | None = None
    call: int | None = None
    cards_needed: int | None = None
    counting_total: int | None = None
    special: tuple[str, str] | None = None  # (resolved call, result)
    warnings: tuple[str, ...] = ()

    @property
    def explanation(self) -> list[str]:
        return [line.text for line in self.lines]


class SpecialFields(TypedDict, total=False):
    """What an Outcome of a special call may say besides the call and its result."""

    counting_team: int | None
    trump_maker: int | None
    call: int | None


@dataclass(frozen=True)
class DealResult:
    facts: DealFacts
    outcome: Outcome
    before: GameState
    after: GameState


def score_deal(facts: DealFacts, state: GameState, setup: Setup) -> DealResult:
    """Score one deal. Raises FactError (InvalidFacts for several) naming each wrong field."""
    if state.finished or state.dealer is None:
        raise GameOver()
    dealer = state.dealer
    if facts.dealer is not None and facts.dealer != dealer:
        name, other = setup.players[dealer], setup.players[facts.dealer]
        why = SHARED.why("NOT_THIS_DEALER", name=name, seat=dealer, other=other)
        raise NotThisDealer("dealer", why)
    scorer = _DealScorer(facts, state, setup)
    outcome = scorer.score()
    return _finish(facts, outcome, state, setup, scorer.words)


def _finish(
    facts: DealFacts, outcome: Outcome, state: GameState, setup: Setup, words: Words
) -> DealResult:
    lines = list(outcome.lines)
    opened = outcome.balls
    if facts.forfeited:
        if outcome.winning_team is None:
            raise REFUSE("forfeited", "NOBODY_ENTITLED")
        lines.append(words.forfeited(outcome.winning_team, sum(outcome.balls)))
        opened = (0, 0)
    raises_target = (
        setup.rules.winning_balls == "13-after-khanaak"
        and state.target == 12
        and facts.special is not None
        and facts.special.call == "khanaak"
        and outcome.kind == "special"
    )
    if raises_target:
        lines.append(words.target_raised())
    after, reset = advance(
        setup,
        state,
        opened=opened,
        entitled_team=outcome.winning_team,
        cancelled=outcome.kind == "cancelled",
        raises_target=raises_target,
    )
    if reset:
        lines.append(words.deuce(after.target - 1))
    if after.finished and after.winning_team is not None:
        lines.append(words.game_over(after.winning_team, after.balls, after.deuce))
    elif after.dealer is not None:
        lines.append(
            words.next_dealer(
                outcome.dealer, after.dealer, outcome.kind == "cancelled", setup.rules.rotation
            )
        )
    final = Outcome(**{**outcome.__dict__, "balls": opened, "lines": tuple(lines)})
    return DealResult(facts, final, state, after)


class _DealScorer:
    def __init__(self, facts: DealFacts, state: GameState, setup: Setup) -> None:
        self.facts = facts
        self.state = state
        self.setup = setup
        self.rules = setup.rules
        self.mode = setup.mode
        self.dealer: int = state.dealer  # type: ignore[assignment]
        self.words = Words(setup)
        self.errors: list[FactError] = []

    def fail(self, field: str, why: Refusal) -> None:
        self.errors.append(FactError(field, why))

    def team(self, seat: int) -> int:
        return self.setup.team_of(seat)

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def balls_for(self, team: int, n: int) -> tuple[int, int]:
        return (n, 0) if team == 0 else (0, n)

    # ---- dispatch -------------------------------------------------------------------------

    def score(self) -> Outcome:
        f = self.facts
        if f.cancelled is not None:
            return self.cancelled()
        if f.penalty is not None:
            return self.penalty()
        special = f.special
        if special is not None:
            self.check_special_allowed(special)
            raise_all(self.errors)
            if special.call == "double" and self.state.on_corner_house(self.team(special.seat)):
                return self.corner_house_double(special)
            if not special.needs_play_facts:
                return self.called_alone(special)
        trump_maker, call, calls_text = self.trumps()
        raise_all(self.errors)
        if special is not None:
            return self.double_or_khanaak(special, trump_maker, call, calls_text)
        return self.normal(trump_maker, call, calls_text)

    # ---- deals with no play to count ------------------------------------------------------

    def cancelled(self) -> Outcome:
        reason = self.facts.cancelled or ""
        return Outcome("cancelled", self.dealer, (0, 0), None, (self.words.cancelled(reason),))

    def penalty(self) -> Outcome:
        p = self.facts.penalty
        assert p is not None
        team = 1 - self.team(p.seat)
        return self.four_balls("penalty", team, self.words.penalty(p.seat, p.reason, team))

    def corner_house_double(self, special: Special) -> Outcome:
        team = 1 - self.team(special.seat)
        line = self.words.corner_house_double(special.seat, team)
        return self.four_balls("corner_house_double", team, line)

    def four_balls(self, kind: str, team: int, line: Line) -> Outcome:
        """A rule broken: the other `team` opens 4 balls and nothing else scores; the line is
        also a warning, shown before the deal is saved."""
        balls = self.balls_for(team, 4)
        return Outcome(kind, self.dealer, balls, team, (line,), warnings=(Said.of(line),))

    # ---- making trumps --------------------------------------------------------------------

    def trumps(self) -> tuple[int, int, str | None]:
        f = self.facts
        calls_text = None
        last_team = None
        if f.calls is not None:
            call, last_team, calls_text = self.resolve_calls(f.calls)
        elif f.call is None:
            self.fail("call", REFUSE.why("CALL_MISSING"))
            call = 0
        else:
            call = f.call
        maker = f.trump_maker
        if maker is None:
            self.fail("trump_maker", REFUSE.why("WHO_MADE_TRUMPS"))
            return 0, call, calls_text
        right_of_dealer = self.setup.after(self.dealer)
        if call == 0 and maker != right_of_dealer:
            right, name = self.name(right_of_dealer), self.name(maker)
            self.fail("trump_maker", REFUSE.why("NO_CALL_MAKER", right=right, name=name))
        elif last_team is not None and self.team(maker) != last_team:
            team, name = self.setup.team_name(last_team), self.name(maker)
            self.fail("trump_maker", REFUSE.why("LAST_CALL_TEAM", team=team, name=name))
        elif f.calls is None and call == 10 and self.team(maker) != self.team(self.dealer):
            self.fail("trump_maker", REFUSE.why("CALL_OF_TEN", name=self.name(maker)))
        return maker, call, calls_text

    def resolve_calls(self, calls: tuple[str, ...]) -> tuple[int, int, str]:
        """Each turn raises the standing call; turns alternate, the dealer's team first."""
        standing = 0
        dealer_team = self.team(self.dealer)
        steps: list[str] = []
        team = dealer_team
        for i, turn in enumerate(calls):
            team = dealer_team if i % 2 == 0 else 1 - dealer_team
            if standing == 104:
                self.fail(f"calls.{i}", REFUSE.why("AFTER_104"))
                break
            if turn == "both":
                if self.mode.teams_of_one:
                    self.fail(f"calls.{i}", REFUSE.why("BOTH_WITH_TWO"))
                standing = min(104, standing + self.rules.simultaneous_call_adds)
                steps.append(both_at_once(standing))
            else:
                standing = 104 if standing == 100 else standing + 10
                steps.append(str(standing))
        return standing, team, calls_said(steps)

    # ---- the ordinary count ---------------------------------------------------------------

    def jodie_totals(self) -> tuple[int, int]:
        per_team = [0, 0]
        for j in self.facts.jodies:
            per_team[self.team(j.seat)] += j.value
        return per_team[0], per_team[1]

    def play_facts(self, counting: int) -> tuple[int, int]:
        """last_trick and counting_points, which must be present and possible: raises every
        problem noted so far otherwise."""
        f = self.facts
        if f.last_trick is None:
            self.fail("last_trick", REFUSE.why("WHO_WON_LAST_TRICK"))
        if f.counting_points is None:
            self.fail("counting_points", REFUSE.why("COUNTING_POINTS"))
        if f.last_trick is not None and f.counting_points is not None:
            self.check_points_possible(counting, f.last_trick, f.counting_points)
        raise_all(self.errors)
        assert f.last_trick is not None and f.counting_points is not None
        return f.last_trick, f.counting_points

    def fewest_tricks(self, team: int, last_trick: int) -> tuple[int, str]:
        """The fewest tricks `team` can have won, from the last trick and its Jodies, and why:
        "last" (it won the last trick), "jodie" (it called a Jodie) or "jodie_after" (a Jodie
        after its trick `need`)."""
        need, why = 0, ""
        if self.team(last_trick) == team:
            need, why = 1, "last"
        for j in self.facts.jodies:
            if self.team(j.seat) != team:
                continue
            after = j.after_trick or 1
            if after > need:
                need = after
                why = "jodie_after" if after > 1 else "jodie"
        return need, why

    def check_points_possible(self, counting: int, last_trick: int, points: int) -> None:
        tricks, per_trick = self.mode.tricks, self.mode.cards_per_trick
        low, low_why = self.fewest_tricks(counting, last_trick)
        trump_low, trump_why = self.fewest_tricks(1 - counting, last_trick)
        high = tricks - trump_low
        fitting = possible_totals(range(low, high + 1), per_trick)
        if points in fitting:
            return
        if points not in possible_totals(range(0, tricks + 1), per_trick):
            # Suggest only totals this deal's facts allow, so the suggestion is never refused.
            self.fail("counting_points", _no_such_total(points, nearest(points, fitting)))
            return
        if points not in possible_totals(range(low, tricks + 1), per_trick):
            self.fail("counting_points", _does_not_fit(True, low_why, points, low))
        else:
            self.fail("counting_points", _does_not_fit(False, trump_why, points, trump_low))

    def adjustments(self, counting: int, call: int, last_trick: int) -> list[tuple[str, int]]:
        parts: list[tuple[str, int]] = []
        if call:
            parts.append((Said(W.CALL), call))
        for j in self.facts.jodies:
            sign = 1 if self.team(j.seat) == counting else -1
            parts.append((Said(W.JODIE, name=self.name(j.seat)), sign * j.value))
        parts.append((Said(W.LAST_TRICK), 10 if self.team(last_trick) == counting else -10))
        return parts

    def normal(self, trump_maker: int, call: int, calls_text: str | None) -> Outcome:
        counting = 1 - self.team(trump_maker)
        last_trick, points = self.play_facts(counting)
        parts = self.adjustments(counting, call, last_trick)
        adjustment = sum(p for _, p in parts)
        needed = self.mode.needed
        total = points + adjustment
        counting_won = total >= needed
        winner = counting if counting_won else 1 - counting
        balls = 2 if call and counting_won else 1
        lines = (
            self.words.trumps(trump_maker, call, self.dealer, calls_text),
            self.words.counting_start(parts, adjustment, needed),
            self.words.counting_result(points, total, needed, counting_won),
            self.words.normal_balls(winner, balls, call, counting_won),
        )
        return Outcome(
            "normal",
            self.dealer,
            self.balls_for(winner, balls),
            winner,
            lines,
            counting_team=counting,
            trump_maker=trump_maker,
            call=call,
            cards_needed=needed - adjustment,
            counting_total=total,
        )

    # ---- special calls --------------------------------------------------------------------

    def check_special_allowed(self, special: Special) -> None:
        call, mode, rules = special.call, self.mode, self.rules
        if call in ("trips", "moenie") and mode.seats != 6:
            self.fail("special.call", REFUSE.why("SIX_PLAYER_CALL", call=call.title()))
        if call in ("royals", "blind_royals") and not rules.royals:
            self.fail("special.call", REFUSE.why("ROYALS_OFF"))
        if call in ("blind_thunee", "blind_royals") and not rules.blind_allowed:
            self.fail("special.call", REFUSE.why("BLIND_OFF"))
        if special.result == "partner_catch" and mode.teams_of_one:
            self.fail("special.result", REFUSE.why("NO_PARTNER"))
        if special.result is None and not special.needs_play_facts:
            self.fail("special.result", REFUSE.why("SPECIAL_RESULT"))

    def special_balls(self, resolved: str, result: str) -> int:
        success, failed, caught = SPECIAL_BALLS[resolved]
        rules = self.rules
        if resolved in ("blind_thunee", "blind_royals"):
            return int(rules.blind_thunee)  # partner catch scores as a failure
        if result == "success":
            return success  # type: ignore[return-value]
        if result == "failed":
            return failed  # type: ignore[return-value]
        if caught is not None:
            return caught
        if resolved == "trips":
            return rules.trips_partner_catch
        return rules.thunee_partner_catch

    def special_outcome(
        self,
        special: Special,
        resolved: str,
        result: str,
        why: str,
        head: list[Line],
        **extra: Unpack[SpecialFields],
    ) -> Outcome:
        caller_team = self.team(special.seat)
        team = caller_team if result == "success" else 1 - caller_team
        balls = self.special_balls(resolved, result)
        lines = [
            *head,
            self.words.special_result(resolved, special.seat, result, team, balls, why),
        ]
        return Outcome(
            "special",
            self.dealer,
            self.balls_for(team, balls),
            team,
            tuple(lines),
            special=(resolved, result),
            **extra,
        )

    def called_alone(self, special: Special) -> Outcome:
        """Thunee, Royals, their blind forms, Trips and Moenie: the caller makes trumps."""
        result = special.result
        assert result is not None
        head = [self.words.special_call(special.call, special.seat, None)]
        # Trips is won or lost on the last trick alone; the others on every trick.
        template = {
            "success": W.WON_EVERY_TRICK,
            "failed": W.OPPONENTS_WON_A_TRICK,
            "partner_catch": W.PARTNER_WON_A_TRICK,
        }[result]
        if special.call == "trips":
            template = {
                "success": W.WON_THE_LAST_TRICK,
                "failed": W.OPPONENT_WON_THE_LAST_TRICK,
                "partner_catch": W.PARTNER_OF_WON_THE_LAST_TRICK,
            }[result]
        why = Said(template, name=self.name(special.seat))
        return self.special_outcome(
            special, special.call, result, why, head, trump_maker=special.seat
        )

    def double_or_khanaak(
        self, special: Special, trump_maker: int, call: int, calls_text: str | None
    ) -> Outcome:
        counting = 1 - self.team(trump_maker)
        caller = special.seat
        caller_team = self.team(caller)
        backward = caller_team == counting and call >= 10
        resolved = f"backward_{special.call}" if backward else special.call
        head = [
            self.words.trumps(trump_maker, call, self.dealer, calls_text),
            self.words.special_call(special.call, caller, call if backward else None),
        ]
        f = self.facts
        have_play = f.last_trick is not None or f.counting_points is not None
        if special.result is not None and not have_play:
            why = ""
            derived = special.result
        else:
            last_trick, points = self.play_facts(counting)
            if special.call == "double":
                derived, why = self.judge_double(caller, counting, last_trick, points)
            else:
                derived, why, count_line = self.judge_khanaak(
                    caller, counting, call, last_trick, points
                )
                head.append(count_line)
            if special.result is not None and special.result != derived:
                given, fits = json_word(special.result), json_word(derived)
                raise REFUSE(
                    "special.result", "RESULT_DOES_NOT_FIT", given=given, why=why, fits=fits
                )
        return self.special_outcome(
            special,
            resolved,
            derived,
            why,
            head,
            counting_team=counting,
            trump_maker=trump_maker,
            call=call,
        )

    def judge_double(
        self, caller: int, counting: int, last_trick: int, points: int
    ) -> tuple[str, str]:
        caller_team = self.team(caller)
        won_all = points == 0 if caller_team != counting else points == 304
        if last_trick in self.setup.partners_of(caller):
            return "partner_catch", Said(W.A_PARTNER_WON_THE_LAST_TRICK, name=self.name(last_trick))
        if last_trick != caller:
            return "failed", Said(W.WON_THE_LAST_TRICK, name=self.name(last_trick))
        if not won_all:
            return "failed", Said(W.OPPONENTS_WON_A_TRICK)
        return "success", Said(W.TEAM_WON_EVERY_TRICK, name=self.name(caller))

    def judge_khanaak(
        self, caller: int, counting: int, call: int, last_trick: int, points: int
    ) -> tuple[str, str, Line]:
        caller_team = self.team(caller)
        opponents = 1 - caller_team
        opp_points = points if opponents == counting else 304 - points
        jodies = self.jodie_totals()
        opp_jodies, own_jodies = jodies[opponents], jodies[caller_team]
        count = self.rules.khanaak_count
        # Every count: below zero after the caller's Jodies and the 10 for the last trick.
        parts: list[tuple[str, int]] = [(Said(W.IN_CARDS), opp_points)]
        if count == "full" and call:
            parts.append((Said(W.CALL), call if opponents == counting else -call))
        if count != "jodie-only" and opp_jodies:
            parts.append((Said(W.THEIR_JODIES), opp_jodies))
        if own_jodies:
            parts.append((Said(W.CALLERS_JODIES), -own_jodies))
        parts.append((Said(W.LAST_TRICK), -10))
        value = sum(p for _, p in parts)
        count_line = self.words.khanaak_count(parts, value)
        if last_trick in self.setup.partners_of(caller):
            return (
                "partner_catch",
                Said(W.A_PARTNER_WON_THE_LAST_TRICK, name=self.name(last_trick)),
                count_line,
            )
        if last_trick != caller:
            return "failed", Said(W.WON_THE_LAST_TRICK, name=self.name(last_trick)), count_line
        if opp_points == 0:
            return "failed", Said(W.OPPONENTS_WON_NO_TRICK), count_line
        if value >= 0:
            return "failed", Said(W.COUNT_NOT_BELOW_ZERO), count_line
        return "success", Said(W.COUNT_BELOW_ZERO), count_line


def _does_not_fit(counting: bool, why: str, points: int, n: int) -> Refusal:
    """Card points the counting team (True) or the trump makers cannot have left the other side
    with: `why` (fewest_tricks) says how we know they won at least `n` tricks."""
    if counting:
        code = {"last": "COUNTING_LAST", "jodie": "COUNTING_JODIE"}.get(why, "COUNTING_JODIE_AFTER")
    else:
        code = {"last": "MAKERS_LAST", "jodie": "MAKERS_JODIE"}.get(why, "MAKERS_JODIE_AFTER")
    return REFUSE.why(code, points=points, n=n)


def _no_such_total(points: int, near: list[int]) -> Refusal:
    """Card points no set of whole tricks holds, with the totals nearest it this deal allows."""
    if len(near) == 2:
        return REFUSE.why("NO_SUCH_TOTAL_TWO", points=points, a=near[0], b=near[1])
    if near:
        return REFUSE.why("NO_SUCH_TOTAL", points=points, a=near[0])
    return REFUSE.why("NO_TOTAL_FITS", points=points)
