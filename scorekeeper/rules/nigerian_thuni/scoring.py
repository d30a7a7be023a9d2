"""Scoring one Nigerian Thuni deal: a pure function of the facts, the game state and the setup.

A team's contract is the highest number bid by either partner (0 if both only passed). Each
player counts the tricks they won, except that a player who only passed counts at most one. A
team whose counted tricks reach its contract scores them; a team short of it scores only the
tricks its passing players count. A team that wins all eight tricks scores 10 (a capture) and the
other nothing. A team that concedes before the bidding gives its opponents 3.

The player with the most tricks deals next. A tie between opponents goes to the team with the
higher score after the deal; a tie the scores cannot break, or one between partners, is settled
by drawing cards, recorded as `next_dealer` (or as the next deal's `dealer`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeAlias

from scorekeeper.core.deal import DealResult as DealResult
from scorekeeper.core.deal import Explained
from scorekeeper.core.errors import GameOver, NotThisDealer, Refusals
from scorekeeper.core.explain import LIST_AND, Line, listed
from scorekeeper.core.tricks.turn import check_dealer

from .facts import DealFacts, check_forced_bid
from .setup import CAPTURE_POINTS, CONCESSION_POINTS, SEATS, TRICKS, Setup
from .state import GameState, game_winner
from .words import Words

REFUSE = Refusals(__package__)  # Nigerian Thuni's refusals: its words.toml


@dataclass(frozen=True)
class Outcome(Explained):
    """What one deal scored, per team; `lines` explain every step."""

    kind: str  # "normal", "capture" or "conceded"
    dealer: int
    points: tuple[int, int]
    contracts: tuple[int | None, int | None]  # None after a concession (no bidding)
    made: tuple[bool | None, bool | None]  # None in a capture or a concession
    lines: tuple[Line, ...]
    trump_chooser: int | None = None
    next_dealer: int | None = None  # None when the game is over or a draw is awaited
    draw: tuple[int, ...] = ()  # the players who must draw for the next deal
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class TeamCount:
    contract: int
    counted: int  # tricks that count: a player who only passed counts at most one
    points: int
    made: bool


# This game's deal result: the shared DealResult of its facts, outcome and state.
Result: TypeAlias = DealResult[DealFacts, Outcome, GameState]


def count_team(team: int, bids: tuple[int | None, ...], tricks: tuple[int, ...]) -> TeamCount:
    seats = [s for s in range(SEATS) if s % 2 == team]
    contract = max((bids[s] or 0 for s in seats), default=0)
    passers = sum(min(tricks[s], 1) for s in seats if bids[s] is None)
    counted = passers + sum(tricks[s] for s in seats if bids[s] is not None)
    if counted >= contract:
        return TeamCount(contract, counted, counted, True)
    return TeamCount(contract, counted, passers, False)


@dataclass(frozen=True)
class NextDealer:
    """Who deals next by the tricks and the scores, or who must draw for it."""

    tied: tuple[int, ...]  # everyone with the most tricks
    left: tuple[int, ...]  # those still tied once the scores broke a tie between opponents
    score_team: int | None  # the team whose higher score broke the tie, if it did

    @property
    def seat(self) -> int | None:
        return self.left[0] if len(self.left) == 1 else None


def next_dealer_by_rule(tricks: tuple[int, ...], points: tuple[int, int]) -> NextDealer:
    top = max(tricks)
    tied = tuple(s for s in range(SEATS) if tricks[s] == top)
    left, score_team = tied, None
    if len({s % 2 for s in tied}) == 2 and points[0] != points[1]:
        score_team = 0 if points[0] > points[1] else 1
        left = tuple(s for s in tied if s % 2 == score_team)
    return NextDealer(tied, left, score_team)


def this_dealer(facts: DealFacts, state: GameState, setup: Setup) -> tuple[int, bool]:
    """The dealer of this deal, and whether a draw (left open by the previous deal) chose them."""
    if state.finished:
        raise GameOver()
    if state.dealer is not None:
        return check_dealer(facts.dealer, state.dealer, setup.players), False
    drew = listed([setup.players[s] for s in state.draw], last=LIST_AND)
    if facts.dealer is None:
        raise REFUSE("dealer", "DRAW_WINNER", names=drew)
    if facts.dealer not in state.draw:
        why = REFUSE.why("NOT_IN_DRAW", name=setup.players[facts.dealer], names=drew)
        raise NotThisDealer("dealer", why)
    return facts.dealer, True


def score_deal(facts: DealFacts, state: GameState, setup: Setup) -> Result:
    """Score one deal. Raises GameOver after the end, NotThisDealer for a wrong dealer, and
    FactError naming the field for facts the rules refuse."""
    dealer, by_draw = this_dealer(facts, state, setup)
    words = Words(setup)
    lines: list[Line] = []
    if by_draw:
        lines.append(words.drawn_dealer(dealer, state.draw))

    if facts.conceded is not None:
        team = facts.conceded
        points = (0, CONCESSION_POINTS) if team == 0 else (CONCESSION_POINTS, 0)
        lines.append(words.conceded(team, CONCESSION_POINTS))
        kind, tricks, chooser = "conceded", None, None
        contracts: tuple[int | None, int | None] = (None, None)
        made: tuple[bool | None, bool | None] = (None, None)
    else:
        if facts.bids is None or facts.tricks is None:
            field = "bids" if facts.bids is None else "tricks"
            raise REFUSE(field, "BIDS_AND_TRICKS")
        check_forced_bid(facts, dealer, setup)
        bids, tricks = facts.bids, facts.tricks
        chooser = max(facts.bidders, key=lambda s: bids[s] or 0)
        lines.append(words.bids(bids, setup.bidding_order(dealer), dealer))
        lines.append(words.trumps(chooser, bids[chooser] or 0))
        counts = (count_team(0, bids, tricks), count_team(1, bids, tricks))
        contracts = (counts[0].contract, counts[1].contract)
        lines.append(words.contracts((counts[0].contract, counts[1].contract)))
        captor = next(
            (t for t in (0, 1) if sum(tricks[s] for s in setup.team_seats(t)) == TRICKS), None
        )
        if captor is not None:
            kind, made = "capture", (None, None)
            points = (CAPTURE_POINTS, 0) if captor == 0 else (0, CAPTURE_POINTS)
            lines.append(words.capture(captor))
        else:
            kind = "normal"
            made = (counts[0].made, counts[1].made)
            points = (counts[0].points, counts[1].points)
            for team in (0, 1):
                c = counts[team]
                lines.append(
                    words.team_count(
                        team,
                        setup.team_seats(team),
                        bids,
                        tricks,
                        c.counted,
                        c.contract,
                        c.points,
                        c.made,
                    )
                )

    total = (state.points[0] + points[0], state.points[1] + points[1])
    lines.append(words.score(total))
    target = setup.rules.target
    winner, both = game_winner(total, target)
    base = GameState(total, None, deals=state.deals + 1)
    outcome_next: int | None = None
    draw: tuple[int, ...] = ()
    if winner is not None:
        if facts.next_dealer is not None:
            raise REFUSE("next_dealer", "NOBODY_DEALS_NEXT")
        lines.append(words.game_over(winner, total, target, both))
        after = replace(base, finished=True, winning_team=winner)
    else:
        if both:
            lines.append(words.level_past_target(total, target))
        rule = next_dealer_by_rule(tricks or (0,) * SEATS, total)
        outcome_next = _check_draw(facts, rule, setup)
        if outcome_next is None:
            draw = rule.left
        lines.append(
            words.next_dealer(
                tricks or (0,) * SEATS,
                rule.tied,
                rule.left,
                rule.score_team,
                outcome_next,
                conceded=facts.conceded is not None,
            )
        )
        after = replace(base, dealer=outcome_next, draw=draw)

    outcome = Outcome(
        kind=kind,
        dealer=dealer,
        points=points,
        contracts=contracts,
        made=made,
        lines=tuple(lines),
        trump_chooser=chooser,
        next_dealer=outcome_next,
        draw=draw,
    )
    kept = replace(facts, dealer=dealer, dealer_by_draw=True) if by_draw else facts
    return DealResult(kept, outcome, state, after)


def _check_draw(facts: DealFacts, rule: NextDealer, setup: Setup) -> int | None:
    """The next dealer: by the rules, or the recorded winner of the draw (None: not yet drawn)."""
    given = facts.next_dealer
    names = listed([setup.players[s] for s in rule.left], last=LIST_AND)
    if rule.seat is not None:
        if given is not None and given != rule.seat:
            name, other = setup.players[rule.seat], setup.players[given]
            raise REFUSE("next_dealer", "NO_DRAW_NEEDED", name=name, other=other)
        return rule.seat
    if given is not None and given not in rule.left:
        raise REFUSE("next_dealer", "NOT_IN_TIE", name=setup.players[given], names=names)
    return given
