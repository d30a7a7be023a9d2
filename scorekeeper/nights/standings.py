"""A night's standings: each player's tables, wins (and draws) and the game's own figure, ranked
as the organiser chose (totals, per table, or a bye credit for a round sat out); and who
partnered and met whom.

A table is decided when its game is over (its winners), or when its round ended first: then
the game's own measure decides (`GameRules.leaders`: the one side ahead wins, sides level at the
top draw), and the table is marked "ended on time" when the round's clock had run out, "ended
by the organiser" when they ended it before its time (or it had no clock). A seat taken over
mid-game is credited to each who sat in it by their share of its deals (the game's log says who
played which): a substitute who played one deal of ten has a tenth of that table, the one
replaced nine tenths.
Who partnered and met whom counts everyone who played a deal together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
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
    seat now, whether its round has ended, and whether that was when its clock ran out."""

    table: Table
    rules: Any
    setup: Any
    state: Any
    seated: list[str]
    round_ended: bool
    seat_changes: list[dict] = field(default_factory=list)
    clock_ran_out: bool = False

    def shares(self) -> list[dict[str, float]]:
        """Each seat's players, each with their share of the deals played at the seat."""
        return seat_shares(list(self.setup.players), self.seat_changes, self.state.deals)

    @property
    def finished(self) -> bool:
        return self.rules.is_finished(self.state)

    @property
    def stopped(self) -> bool:
        """Its round ended before its game did: decided on the game's own measure."""
        return self.round_ended and not self.finished

    @property
    def on_time(self) -> bool:
        """Stopped because the round's clock had run out."""
        return self.stopped and self.clock_ran_out

    @property
    def by_organiser(self) -> bool:
        """Stopped by the organiser before the round's time, or in a round without a clock."""
        return self.stopped and not self.clock_ran_out

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


def occupants(players: list[str], changes: list[dict]) -> list[list[tuple[str, int]]]:
    """Each seat's players in turn, each with the first deal they played there."""
    seats = [[(name, 1)] for name in players]
    for change in sorted(changes, key=lambda c: c["from_deal"]):
        if 0 <= change["seat"] < len(seats):
            seats[change["seat"]].append((change["name"], change["from_deal"]))
    return seats


def seat_shares(players: list[str], changes: list[dict], deals: int) -> list[dict[str, float]]:
    """Each seat's players with their share of its `deals` (before any deal: whoever sits there
    now has all of it)."""
    out = []
    for turns in occupants(players, changes):
        if deals == 0:
            out.append({turns[-1][0]: 1.0})
            continue
        shares: dict[str, float] = {}
        for k, (name, first) in enumerate(turns):
            last = turns[k + 1][1] - 1 if k + 1 < len(turns) else deals
            played = min(last, deals) - first + 1
            if played > 0:
                shares[name] = shares.get(name, 0.0) + played / deals
        out.append(shares)
    return out


def table_rows(night: Night) -> list[TableRow]:
    """Every started table of the night, in round and table order."""
    rows = []
    # The round's number only: its seats (a JSON list of every table) would be read per table.
    tables = Table.objects.filter(round__night=night).select_related("game")
    tables = tables.annotate(
        round_number=F("round__number"),
        round_ended=F("round__ended_at"),
        round_started=F("round__started_at"),
        round_minutes=F("round__minutes"),
    )
    for table in tables.order_by("round__number", "number"):
        rules = registry.game(table.game.kind).rules
        setup = rules.setup(table.game.setup)
        state = games.state_from_cache(table.game, setup)
        seated = games.seated_now(table.game, setup.players)
        changes = list(table.game.seat_changes or [])
        ended = table.round_ended is not None
        rows.append(TableRow(table, rules, setup, state, seated, ended, changes, _ran_out(table)))
    return rows


def _ran_out(table: Table) -> bool:
    """Whether the table's round ended once its clock had run out (the organiser, or the night's
    end, ends a round whose time is up; before it, they stopped it early)."""
    if not table.round_minutes or table.round_started is None or table.round_ended is None:
        return False
    return table.round_ended >= table.round_started + timedelta(minutes=table.round_minutes)


@dataclass
class Standing:
    name: str
    # Tables, as shares of them where someone played only some of a table's deals.
    played: float = 0
    won: float = 0
    drawn: float = 0
    figure: float = 0
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
        shares = row.shares()
        for lead in row.rules.leads(row.setup, row.state):
            for seat in lead.seats:
                for name, share in shares[seat].items():
                    mine = out.setdefault(name, Standing(name))
                    mine.played += share
                    mine.won += share * (results.get(seat) == WON)
                    mine.drawn += share * (results.get(seat) == DREW)
                    mine.figure += share * lead.figure
    for played in night.round_set.filter(started_at__isnull=False):
        for name in played.sitting_out:
            if name in out:
                out[name].sat_out += 1
    left = set(night.attendees.filter(left_at__isnull=False).values_list("player__name", flat=True))
    for row in out.values():
        row.played, row.won = _tidy(row.played), _tidy(row.won)
        row.drawn, row.figure = _tidy(row.drawn), _tidy(row.figure)
        row.left = row.name in left
        if night.ranking == Night.BYE:
            row.byes = row.sat_out
    return sorted(out.values(), key=_rank_key(night.ranking))


def _tidy(value: float) -> float:
    """A whole number as an int (what a night without substitutes shows), else two decimals."""
    return int(value) if float(value).is_integer() else round(value, 2)


def meetings(night: Night) -> seating.Meetings:
    """Who partnered and met whom: the rounds' seats, and whoever a substitute replaced with the
    people they played their deals with."""
    fixed_teams = night_shape(night).fixed_teams
    played = [as_seating(r) for r in night.round_set.filter(started_at__isnull=False)]
    met = seating.Meetings.of(played, fixed_teams)
    tables = Table.objects.filter(round__night=night, round__started_at__isnull=False)
    for table in tables.select_related("game").exclude(game__seat_changes=[]):
        _add_replaced(met, table.game, fixed_teams)
    return met


def _add_replaced(met: seating.Meetings, game: Any, fixed_teams: bool) -> None:
    """The pairs of each player replaced at `game`'s table, as the table sat while they played
    (the round's seats name only who sits there now)."""
    setup = registry.game(game.kind).rules.setup(game.setup)
    turns = occupants(list(setup.players), list(game.seat_changes or []))
    for seat, seat_turns in enumerate(turns):
        for name, first in seat_turns[:-1]:
            table = [next_turns[-1][0] for next_turns in turns]
            for other, other_turns in enumerate(turns):  # who sat there at `first`
                table[other] = [n for n, f in other_turns if f <= first][-1]
            table[seat] = name
            met.partnered.update(p for p in seating.partners_at(table, fixed_teams) if name in p)
            met.opposed.update(p for p in seating.opponents_at(table, fixed_teams) if name in p)
