"""The game between deals: everyone's level (and, with active/passive scoring, who is active),
who starts next (or, by result, who makes trumps next), and whether someone has passed Ace."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.core.errors import GameOver, Refusals
from scorekeeper.core.state import StateData

from .levels import has_won
from .promotion import DEFENDERS, TRUMP_MAKERS, Promotion, promotion_table
from .setup import Setup

REFUSE = Refusals(__package__)  # Zhao Pengyou's refusals: its words.toml


@dataclass(frozen=True)
class GameState(StateData):
    levels: tuple[int, ...]  # steps up from "2", per seat
    active: tuple[bool, ...]  # all True unless scored active/passive
    starter: int | None  # who starts the next deal; None when over, or left open (by result)
    trump_maker: int | None = None  # by result: who makes trumps next; None while it is free
    finished: bool = False
    winners: tuple[int, ...] = ()
    deals: int = 0  # deals recorded so far
    gained: tuple[int, ...] = ()  # per seat: levels (active/passive: game points) won so far
    times_trump_maker: tuple[int, ...] = ()
    # The last deal in which trumps were made: its trump maker and team, and its number (for the
    # board, which says when a later deal had no trumps).
    last_trump_maker: int | None = None
    last_team: tuple[int, ...] = ()
    last_trumps_deal: int | None = None

    @classmethod
    def initial(cls, setup: Setup) -> GameState:
        """Before the first deal. By result nobody is due to start, even then: anyone may make
        trumps in the first deal and the last deal names the trump maker after it, so who takes
        the first card never matters (`first_dealer` is not used)."""
        zeros = (0,) * setup.seats
        return cls(
            levels=setup.start_levels,
            active=setup.start_active,
            starter=None if setup.rules.by_result else setup.first_dealer,
            gained=zeros,
            times_trump_maker=zeros,
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        return cls(
            levels=tuple(data["levels"]),
            active=tuple(data["active"]),
            starter=data["starter"],
            trump_maker=data.get("trump_maker"),
            finished=data["finished"],
            winners=tuple(data["winners"]),
            deals=data["deals"],
            gained=tuple(data["gained"]),
            times_trump_maker=tuple(data["times_trump_maker"]),
            last_trump_maker=data.get("last_trump_maker"),
            last_team=tuple(data.get("last_team") or ()),
            # A state cached before the number was kept: as if trumps were made in its last deal.
            last_trumps_deal=data.get(
                "last_trumps_deal",
                data["deals"] if data.get("last_trump_maker") is not None else None,
            ),
        )


@dataclass(frozen=True)
class Move:
    """What one player's level did in a deal."""

    seat: int
    before: int
    after: int
    was_active: bool
    now_active: bool
    gained: int  # levels, or game points awarded


def promote(
    setup: Setup, state: GameState, winners: tuple[int, ...], levels: int
) -> tuple[Move, ...]:
    """Every player's move when `winners` go up `levels` (nobody when `winners` is empty).

    Levels scoring: each winner goes up `levels`. Active/passive scoring: `levels` are game
    points; an active winner goes up by all of them, a passive winner turns active with the
    first and goes up by the rest, and every loser turns passive where they stand.
    """
    moves = []
    ap = setup.rules.active_passive
    for seat in range(setup.seats):
        level, active = state.levels[seat], state.active[seat]
        if seat in winners:
            up = levels if active or not ap else levels - 1
            moves.append(Move(seat, level, level + up, active, True, levels))
        elif winners and ap:
            moves.append(Move(seat, level, level, active, False, 0))
        else:
            moves.append(Move(seat, level, level, active, active, 0))
    return tuple(moves)


def everyone_active(state: GameState) -> GameState:
    return replace(state, active=(True,) * len(state.active))


def next_starter(
    setup: Setup, starter: int, trump_maker: int, active: tuple[bool, ...]
) -> tuple[int, str]:
    """Who starts the deal after one where `trump_maker` made trumps, and why.

    "trump-maker" (standard): the trump maker, or, if now passive, the next active player in
    order of play. "rotate": the next player in order of play (with active/passive scoring, the
    next active one). Returns (seat, reason): "trump_maker", "next_active" or "rotate".
    """
    if setup.rules.starter == "rotate":
        return _first_active(setup, setup.after(starter), active), "rotate"
    if active[trump_maker]:
        return trump_maker, "trump_maker"
    return _first_active(setup, trump_maker, active), "next_active"


def _first_active(setup: Setup, seat: int, active: tuple[bool, ...]) -> int:
    """`seat` if active, otherwise the next active player after it in order of play."""
    for candidate in [seat, *setup.in_order_after(seat)]:
        if active[candidate]:
            return candidate
    return seat  # nobody active cannot happen: the winners of a deal are active


def next_trump_maker(
    setup: Setup, trump_maker: int, team: tuple[int, ...], side: str | None
) -> tuple[int, str]:
    """By result (Rick Heli): who makes trumps in the next deal, and why.

    The trump makers won: the trump maker's nearest partner in order of play ("partner"), or
    the trump maker again when alone ("alone"). The defenders won: the nearest defender in order
    of play ("defender"). Nobody went up: the same trump maker ("same").
    """
    if side == TRUMP_MAKERS:
        for seat in setup.in_order_after(trump_maker):
            if seat in team:
                return seat, "partner"
        return trump_maker, "alone"
    if side == DEFENDERS:
        for seat in setup.in_order_after(trump_maker):
            if seat not in team:
                return seat, "defender"
    return trump_maker, "same"


def winners_past_ace(setup: Setup, levels: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(s for s in range(setup.seats) if has_won(levels[s], setup.rules.beyond_ace))


def what_it_takes(setup: Setup, state: GameState, team_size: int) -> tuple[Promotion, ...]:
    """For the coming deal, with the trump maker's team of `team_size` (trump maker included):
    for each range of the defenders' points, which side goes up and by how much.

    Raises GameOver once the game is over, FactError("team") for a size the table does not allow.
    """
    if state.finished:
        raise GameOver()
    if not isinstance(team_size, int) or not 1 <= team_size <= setup.max_team:
        raise REFUSE("team", "TEAM_SIZE", players=setup.seats, most=setup.max_team)
    return promotion_table(setup.packs, setup.max_team - team_size, setup.rules.scoring)
