"""Where a table's phone stands in the night: the phone holds a table number's link, so it
follows that table from round to round (never another table: the link keeps only its own
table's score). Its game page and its waiting page ask here every few seconds.

A few small queries, no replay: the current round, the table's game, how many tables are done.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import timedelta

from scorekeeper.games.models import Game

from . import services
from .models import Night
from .standings import substitutes

# What the phone is told (the page shows each its own way):
PLAYING = "playing"  # the page's game is the table's game of the round in play: nothing to say
READY = "ready"  # the table's game of a new round has started: open it
FINISHED = "finished"  # the table's game is over, other tables still play
DRAWN = "drawn"  # the next round's seats are drawn, not started yet
NO_TABLE = "no-table"  # this round has fewer tables: none with this number
NOTHING = "nothing"  # no round yet


@dataclass
class Follow:
    state: str
    round_number: int = 0
    last_round: bool = False
    seats: list[str] = field(default_factory=list)
    game_pk: int | None = None
    done: int = 0  # tables of the round finished
    tables: int = 0
    # Where the phone's holder sits, when the name the phone gave is a player's of the round:
    # a table number, 0 for sitting out, None when the name is nobody's.
    holder_table: int | None = None
    # The page's game is not the table's game of the round in play: its round has ended, and
    # it takes no more changes from the phone (the games' access layer refuses them).
    closed: bool = False
    clock: str = ""  # when the round in play ends, if it has a clock
    # Who took over a seat at the table's game: "Ivan for Bongani from deal 5", as data.
    substitutes: list[tuple[str, str, int]] = field(default_factory=list)

    @property
    def stamp(self) -> str:
        """Changes whenever what the phone is told changes (the poll's 204 otherwise)."""
        raw = repr(sorted(vars(self).items()))
        return hashlib.sha256(raw.encode()).hexdigest()[:16]


def _holder(tables: list[list[str]], sitting_out: list[str], name: str) -> int | None:
    wanted = name.strip().casefold()
    if not wanted:
        return None
    for number, names in enumerate(tables, start=1):
        if any(n.casefold() == wanted for n in names):
            return number
    return 0 if any(n.casefold() == wanted for n in sitting_out) else None


def follow(night: Night, number: int, phone_name: str, page_game: int | None) -> Follow:
    played = services.current_round(night)
    if played is None:
        return Follow(NOTHING, closed=page_game is not None)
    tables = played.tables or []
    out = Follow(
        NO_TABLE,
        round_number=played.number,
        last_round=night.rounds is not None and played.number >= night.rounds,
        seats=list(tables[number - 1]) if 0 < number <= len(tables) else [],
        tables=len(tables),
        holder_table=_holder(tables, played.sitting_out or [], phone_name),
    )
    out.closed = page_game is not None
    if played.started_at is None:
        out.state = DRAWN
        return out
    if played.minutes and played.ended_at is None:
        out.clock = (played.started_at + timedelta(minutes=played.minutes)).isoformat()
    rows = list(
        Game.objects.filter(night_table__round=played).values_list(
            "night_table__number", "pk", "finished", "setup__players", "seat_changes"
        )
    )
    games = {table: pk for table, pk, _done, _players, _changes in rows}
    finished = {table for table, _pk, done, _players, _changes in rows if done}
    for table, _pk, _done, players, changes in rows:
        if table == number and changes:
            out.substitutes = substitutes(players, changes)
    out.done = len(finished)
    out.game_pk = games.get(number)
    out.closed = page_game is not None and (page_game != out.game_pk or played.ended_at is not None)
    if out.game_pk is None:
        return out
    if number in finished:
        out.state = FINISHED
    else:
        out.state = PLAYING if out.game_pk == page_game else READY
    return out
