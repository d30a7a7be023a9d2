"""Scoring one deal: a pure function of the recorded facts, the game state and the setup."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeAlias

from scorekeeper.core.deal import DealResult as DealResult
from scorekeeper.core.deal import Explained
from scorekeeper.core.errors import GameOver, NotThisDealer, Refusals
from scorekeeper.core.explain import Line, Said

from .facts import DealFacts
from .levels import rank_of
from .promotion import DEFENDERS, TRUMP_MAKERS, Promotion, promotion
from .setup import Setup
from .state import (
    GameState,
    Move,
    everyone_active,
    next_starter,
    next_trump_maker,
    promote,
    winners_past_ace,
)
from .words import Words

REFUSE = Refusals(__package__)  # Zhao Pengyou's refusals: its words.toml


@dataclass(frozen=True)
class Outcome(Explained):
    """What one deal did. `dealer` is the deal's starter (None when the rules left it open and
    the deal did not say). `levels_gained` is per seat (game points with active/passive)."""

    kind: str  # "no_trumps" or "played"
    dealer: int | None
    levels_gained: tuple[int, ...]
    lines: tuple[Line, ...]
    trump_maker: int | None = None
    team: tuple[int, ...] = ()
    defenders_total: int | None = None
    side: str | None = None
    promotion: Promotion | None = None
    moves: tuple[Move, ...] = ()
    warnings: tuple[str, ...] = ()
    warning_lines: tuple[Line, ...] = ()

    @property
    def starter(self) -> int | None:
        return self.dealer


# This game's deal result: the shared DealResult of its facts, outcome and state.
Result: TypeAlias = DealResult[DealFacts, Outcome, GameState]


def score_deal(facts: DealFacts, state: GameState, setup: Setup) -> Result:
    """Score one deal. Raises GameOver after the end, NotThisDealer("starter") for a starter the
    rules do not give, FactError for a trump maker the rules do not allow."""
    if state.finished:
        raise GameOver()
    starter = state.starter
    if starter is not None and facts.starter is not None and facts.starter != starter:
        name, other = setup.name(starter), setup.name(facts.starter)
        why = REFUSE.why("NOT_THIS_STARTER", name=name, seat=starter, other=other)
        raise NotThisDealer("starter", why)
    if starter is None:
        starter = facts.starter
    words = Words(setup)
    if facts.no_trumps:
        return _no_trumps(facts, state, setup, starter, words)
    return _played(facts, state, setup, starter, words)


def _no_trumps(
    facts: DealFacts, state: GameState, setup: Setup, starter: int | None, words: Words
) -> Result:
    """Nobody made trumps: a new deal by the same starter; with active/passive scoring everyone
    is active again. By result, the same player still makes trumps."""
    lines = [words.no_trumps()]
    after = replace(state, deals=state.deals + 1)
    if setup.rules.active_passive:
        after = everyone_active(after)
        lines.append(words.all_active())
    if starter is not None and state.starter is not None:
        lines.append(words.same_starter(starter))
    if state.trump_maker is not None:
        lines.append(words.still_trump_maker(state.trump_maker))
    outcome = Outcome("no_trumps", starter, (0,) * setup.seats, tuple(lines))
    return DealResult(facts, outcome, state, after)


def _check_trump_maker(facts: DealFacts, state: GameState, setup: Setup) -> int:
    maker = facts.trump_maker
    assert maker is not None and facts.team is not None and facts.defender_points is not None
    rules = setup.rules
    if rules.by_result and state.trump_maker is not None and maker != state.trump_maker:
        expected = state.trump_maker
        name, other = setup.name(expected), setup.name(maker)
        raise REFUSE("trump_maker", "BY_RESULT", name=name, seat=expected, other=other)
    if rules.active_passive and not rules.by_result and not state.active[maker]:
        raise REFUSE("trump_maker", "PASSIVE", name=setup.name(maker))
    return maker


def _played(
    facts: DealFacts, state: GameState, setup: Setup, starter: int | None, words: Words
) -> Result:
    maker = _check_trump_maker(facts, state, setup)
    team = facts.team or (maker,)
    points = facts.defender_points or 0
    lines = [words.team(maker, team), words.defender_points(points)]

    adjustments: list[int] = []
    if facts.kitty:
        assert facts.last_trick is not None
        doubled = facts.last_trick not in team
        lines.append(words.kitty(facts.kitty, facts.last_trick, doubled))
        if doubled:
            adjustments.append(2 * facts.kitty)
    for penalty in facts.penalties:
        defender = penalty.seat not in team
        moved = -penalty.points if defender else penalty.points
        lines.append(words.false_lead(penalty.seat, penalty.cards_withdrawn, moved, defender))
        adjustments.append(moved)
    total = points + sum(adjustments)
    if adjustments:
        lines.append(words.total(points, adjustments, total))

    short = setup.max_team - len(team)
    result = promotion(total, setup.packs, short, setup.rules.scoring)
    lines.append(words.promotion(total, result, short))
    if result.side == TRUMP_MAKERS:
        up = tuple(sorted(team))
    elif result.side == DEFENDERS:
        up = tuple(s for s in range(setup.seats) if s not in team)
    else:
        up = ()
    moves = promote(setup, state, up, result.levels)
    lines += [words.move(m) for m in moves if m.gained]
    if setup.rules.active_passive and up:
        lines.append(words.now_passive([s for s in range(setup.seats) if s not in up]))

    levels = tuple(m.after for m in moves)
    active = tuple(m.now_active for m in moves)
    gained = tuple(m.gained for m in moves)
    winners = winners_past_ace(setup, levels)
    after = replace(
        state,
        levels=levels,
        active=active,
        deals=state.deals + 1,
        gained=tuple(a + b for a, b in zip(state.gained, gained, strict=True)),
        times_trump_maker=tuple(
            n + (seat == maker) for seat, n in enumerate(state.times_trump_maker)
        ),
        last_trump_maker=maker,
        last_team=tuple(sorted(team)),
        last_trumps_deal=state.deals + 1,
    )
    if winners:
        after = replace(after, finished=True, winners=winners, starter=None, trump_maker=None)
        lines.append(words.game_over(winners))
    elif setup.rules.by_result:
        seat, reason = next_trump_maker(setup, maker, team, result.side)
        after = replace(after, starter=None, trump_maker=seat)
        lines.append(words.next_trump_maker(seat, reason))
    else:
        assert starter is not None
        seat, reason = next_starter(setup, starter, maker, active)
        skipped = reason == "rotate" and seat != setup.after(starter)
        after = replace(after, starter=seat)
        lines.append(words.next_starter(seat, maker, reason, skipped))

    warning_lines = _warnings(facts, state, setup, words, maker)
    outcome = Outcome(
        "played",
        starter,
        gained,
        tuple(lines),
        trump_maker=maker,
        team=team,
        defenders_total=total,
        side=result.side,
        promotion=result,
        moves=moves,
        warnings=tuple(Said.of(w) for w in warning_lines),
        warning_lines=warning_lines,
    )
    return DealResult(facts, outcome, state, after)


def _warnings(
    facts: DealFacts, state: GameState, setup: Setup, words: Words, maker: int
) -> tuple[Line, ...]:
    """Facts the rules allow but that look like a slip: trumps of a rank other than the trump
    maker's level (some tables let any active player's level make trumps, so it is no error)."""
    if facts.trump is None:
        return ()
    level = state.levels[maker]
    if facts.trump.rank == rank_of(level, setup.rules.beyond_ace):
        return ()
    return (words.trump_rank_warning(facts.trump.rank, maker, level),)
