"""Zhao Pengyou's board: every player's level as a card rank, in order of play, with who starts,
who made trumps and who was on the trump maker's team in the last deal in which trumps were made
(and whether the last deal had none), and the trump rank of the coming deal; below it, "what would
it take" for the coming deal. Level names that are words ("past A", "Joker") are in the reader's
language.

The table is the core's `what_it_takes` (itself the promotion table asked about every total),
one column per size of the trump maker's team: nothing here knows a threshold.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from django.utils.translation import gettext

from scorekeeper.games.presenters import TemplateView
from scorekeeper.games.templatetags.say import say
from scorekeeper.rules.zhao_pengyou import GameState, Promotion, Setup, what_it_takes
from scorekeeper.rules.zhao_pengyou.levels import joker, rank_of


@dataclass(frozen=True)
class PlayerView(TemplateView):
    seat: int
    name: str
    level: str  # in the reader's language
    starts: bool  # takes the first card in the coming deal
    makes_trumps: bool  # by result: named to make trumps in the coming deal
    made_trumps: bool  # made trumps in the last deal where trumps were made
    on_team: bool  # on that deal's trump maker's team (the trump maker included)
    passive: bool  # active/passive scoring only
    won: bool

    @property
    def marks(self) -> str:
        """The player's classes on the board (" on-team made-trumps"), worked out once here
        rather than by four conditions per player in the template sent with every deal."""
        return "".join(
            f" {name}"
            for name, on in (
                ("on-team", self.on_team),
                ("made-trumps", self.made_trumps),
                ("won", self.won),
                ("passive", self.passive),
            )
            if on
        )

    @property
    def long(self) -> bool:
        """Too wide for the card's big type: more than two narrow characters ("10" fits, "2+",
        "past A" and "王++" do not; a Chinese character counts as two)."""
        return sum(2 if ord(c) > 0x2E7F else 1 for c in self.level) > 2


@dataclass(frozen=True)
class Cell:
    side: str | None  # "trump_makers", "defenders" or None (nobody moves)
    levels: int


@dataclass(frozen=True)
class Row:
    low: int | None  # None: "0 or less", the no-points row
    high: int | None  # None: no upper bound
    cells: tuple[Cell, ...]  # one per team size, the full team first

    @property
    def points(self) -> str:
        if self.low is None:
            return "0"
        if self.high is None:
            return f"{self.low}+"
        return f"{self.low}–{self.high}"


@dataclass(frozen=True)
class WhatItTakes:
    """The coming deal's promotion table: rows of the defenders' total, columns of team size."""

    sizes: tuple[int, ...]  # the trump maker's team, trump maker included: max_team down to 1
    rows: tuple[Row, ...]
    game_points: bool  # active/passive: the numbers are game points, not levels
    packs: int


def what_it_would_take(setup: Setup, state: GameState) -> WhatItTakes | None:
    """For each range of the defenders' total, who goes up by how much, for every team size the
    table allows. None once the game is over."""
    if state.finished:
        return None
    sizes = tuple(range(setup.max_team, 0, -1))
    columns = [what_it_takes(setup, state, size) for size in sizes]
    rows = []
    for promotions in zip(*columns, strict=True):
        first: Promotion = promotions[0]
        assert all((p.low, p.high) == (first.low, first.high) for p in promotions)
        cells = tuple(Cell(p.side, p.levels) for p in promotions)
        rows.append(Row(first.low, first.high, cells))
    return WhatItTakes(sizes, tuple(rows), setup.rules.active_passive, setup.packs)


def board(setup: Setup, state: GameState) -> dict[str, Any]:
    rules = setup.rules
    players = [
        PlayerView(
            seat=seat,
            name=name,
            level=say(setup.level_name(state.levels[seat])),
            starts=not state.finished and state.starter == seat,
            makes_trumps=not state.finished and state.trump_maker == seat,
            made_trumps=state.last_trump_maker == seat,
            on_team=seat in state.last_team,
            passive=rules.active_passive and not state.active[seat],
            won=seat in state.winners,
        )
        for seat, name in enumerate(setup.players)
    ]
    out: dict[str, Any] = {
        "players": players,
        "columns": _columns(setup.seats),
        "trump_ranks": [] if state.finished else _trump_ranks(setup, state),
        "trump_maker": _name(setup, state.trump_maker),
        **_last_deal(state),
        # Worked out only where a template reads it (a callable is called there): the table
        # sits with the deal fields, which a record answer does not send again.
        "what": partial(what_it_would_take, setup, state),
        "win_verb": "wins" if len(state.winners) == 1 else "win",
    }
    if not state.finished and state.starter is None:
        # By result the starter does not matter: the dealer line names the trump maker.
        maker = _name(setup, state.trump_maker)
        out["dealer_open"] = (
            gettext("%(name)s makes trumps") % {"name": maker}
            if maker
            else gettext("anyone may make trumps")
        )
    return out


def _last_deal(state: GameState) -> dict[str, Any]:
    """What the legend under the levels says about the deals so far. `had_trumps`: the marks
    (trump maker, team) are shown, from deal `trumps_deal`; `no_trumps_last`: the last deal had no
    trumps (then the marks, if any, are from an earlier deal, and the legend names it)."""
    trumps_deal = state.last_trumps_deal if state.last_trump_maker is not None else None
    return {
        "had_trumps": trumps_deal is not None,
        "trumps_deal": trumps_deal,
        "no_trumps_last": state.deals > 0 and trumps_deal != state.deals,
    }


def _trump_ranks(setup: Setup, state: GameState) -> list[str]:
    """The ranks that can be trumps in the coming deal: the named trump maker's level (by
    result), else every player's who may make trumps (only the active ones, active/passive).
    "Joker" where a player's level has no rank (the laps rules), in the reader's language."""
    if state.trump_maker is not None:
        seats = [state.trump_maker]
    elif setup.rules.active_passive and not setup.rules.by_result:
        seats = [s for s in range(setup.seats) if state.active[s]]
    else:
        seats = list(range(setup.seats))
    ranks: list[str] = []
    for step in sorted({state.levels[s] for s in seats}):
        rank = rank_of(step, setup.rules.beyond_ace) or say(joker())
        if rank not in ranks:
            ranks.append(rank)
    return ranks


def _name(setup: Setup, seat: int | None) -> str:
    return setup.players[seat] if seat is not None else ""


def _columns(seats: int) -> int:
    """Tiles per row on a phone: three for up to six players and for nine, else four."""
    return 3 if seats <= 6 or seats == 9 else 4
