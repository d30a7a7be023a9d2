"""A night's standings: each player's tables, wins (and draws) and the game's own figure, ranked
as the organiser chose (totals, per table, or a bye credit for a round sat out); and who
partnered and met whom.

A table is decided when its game is over (its winners), or when its round ended first: then
the game's own measure decides (`GameRules.leaders`: the one side ahead wins, sides level at the
top draw), and the table is marked "ended on time". A seat taken over mid-game counts for whoever
sat in it at the end (the game's log says who played which deals).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import F

from scorekeeper import registry
from scorekeeper.games import services as games

from . import seating
from .models import Night, Table
from .shapes import as_seating, names_of, night_shape

WON, DREW, LOST = "won", "drew", "lost"


@dataclass
class TableRow:
    """A started table with its game's rules, setup and state (no replay), who sits at each
    seat now, and whether its round has ended."""

    table: Table
    rules: Any
    setup: Any
    state: Any
    seated: list[str]
    round_ended: bool

    @property
    def finished(self) -> bool:
        return self.rules.is_finished(self.state)

    @property
    def on_time(self) -> bool:
        """Its round ended before its game did: decided on the game's own measure."""
        return self.round_ended and not self.finished

    def results(self) -> dict[int, str] | None:
        """Each seat's result (WON, DREW, LOST), or None while the table plays."""
        if self.finished:
            winners = {
                s
                for row in self.rules.standings(self.setup, self.state)
                if row.won
                for s in row.seats
            }
            return {seat: WON if seat in winners else LOST for seat in range(len(self.seated))}
        if not self.round_ended:
            return None
        ahead = self.rules.leaders(self.setup, self.state)
        out = {seat: (LOST if ahead else DREW) for seat in range(len(self.seated))}
        for seats in ahead:
            for seat in seats:
                out[seat] = WON if len(ahead) == 1 else DREW
        return out


def substitutes(players: list[str], changes: list[dict]) -> list[tuple[str, str, int]]:
    """(who, for whom, from which deal) of each seat taken over during a game, in order."""
    out, before = [], list(players)
    for change in sorted(changes, key=lambda c: c["from_deal"]):
        seat = change["seat"]
        if 0 <= seat < len(before):
            out.append((change["name"], before[seat], change["from_deal"]))
            before[seat] = change["name"]
    return out


def table_rows(night: Night) -> list[TableRow]:
    """Every started table of the night, in round and table order."""
    rows = []
    # The round's number only: its seats (a JSON list of every table) would be read per table.
    tables = Table.objects.filter(round__night=night).select_related("game")
    tables = tables.annotate(round_number=F("round__number"), round_ended=F("round__ended_at"))
    for table in tables.order_by("round__number", "number"):
        rules = registry.game(table.game.kind).rules
        setup = rules.setup(table.game.setup)
        state = games.state_from_cache(table.game, setup)
        seated = games.seated_now(table.game, setup.players)
        rows.append(TableRow(table, rules, setup, state, seated, table.round_ended is not None))
    return rows


@dataclass
class Standing:
    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    figure: int = 0
    sat_out: int = 0
    left: bool = False
    byes: int = 0  # rounds sat out credited as tables won (the bye credit)
    partners: list[str] = field(default_factory=list)

    @property
    def tables(self) -> int:
        return self.played + self.byes

    @property
    def points(self) -> float:
        """Tables won, a draw half of one (byes counted as won)."""
        return self.won + self.byes + self.drawn / 2

    @property
    def per_table(self) -> float:
        return self.figure / self.played if self.played else 0.0

    @property
    def credited_figure(self) -> float:
        """The figure with each bye at the player's own figure per table."""
        return self.figure + self.byes * self.per_table


def _rank_key(ranking: str):
    if ranking == Night.PER_TABLE:
        return lambda s: (
            -(s.points / s.played if s.played else 0),
            -s.per_table,
            -s.played,
            s.name.lower(),
        )
    return lambda s: (-s.points, -s.credited_figure, s.name.lower())


def standings(night: Night, rows: list[TableRow] | None = None) -> list[Standing]:
    """Each player's tables, wins and draws, and the game's own figure (their side's on the
    game's measure: balls, points, chips, levels), best first as the night ranks them."""
    out = {name: Standing(name) for name in names_of(night)}
    for row in rows if rows is not None else table_rows(night):
        results = row.results() or {}
        for lead in row.rules.leads(row.setup, row.state):
            for seat in lead.seats:
                name = row.seated[seat]
                mine = out.setdefault(name, Standing(name))
                mine.played += 1
                mine.won += int(results.get(seat) == WON)
                mine.drawn += int(results.get(seat) == DREW)
                mine.figure += lead.figure
    for played in night.round_set.filter(started_at__isnull=False):
        for name in played.sitting_out:
            if name in out:
                out[name].sat_out += 1
    left = set(night.attendees.filter(left_at__isnull=False).values_list("player__name", flat=True))
    for row in out.values():
        row.left = row.name in left
        if night.ranking == Night.BYE:
            row.byes = row.sat_out
    return sorted(out.values(), key=_rank_key(night.ranking))


def meetings(night: Night) -> seating.Meetings:
    played = [as_seating(r) for r in night.round_set.filter(started_at__isnull=False)]
    return seating.Meetings.of(played, night_shape(night).fixed_teams)
