"""Season standings, partnerships, head-to-head, game lists and rating histories: queries over
the cached results (`Result`, `GameRecord`), never replays. Every game is read the same way: its
columns come from its rules' `season_columns`, its name from the registry.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext as _

from scorekeeper import registry
from scorekeeper.core.explain import said_from_data
from scorekeeper.games.models import Player, Seat
from scorekeeper.groups.models import Group

from .kinds import SEASON_NAME, entry_of, game_key
from .models import RUNNING, GameRecord, Result, Roster, Season
from .ratings import START, ordinal


@dataclass(frozen=True)
class Scope:
    """A season of a group, or all its games ("all time")."""

    group: Group
    season: Season | None = None

    @property
    def slug(self) -> str:
        return str(self.season.pk) if self.season else "all-time"

    @property
    def label(self) -> str:
        return self.season.name if self.season else _("All time")

    @property
    def dates(self) -> dict[str, Any]:
        """Filter arguments for models with `played_on`."""
        if self.season is None:
            return {}
        return {"played_on__range": (self.season.start, self.season.end)}

    def results(self):
        return Result.objects.filter(group_id=self.group.pk, **self.dates)

    def records(self):
        return GameRecord.objects.filter(group_id=self.group.pk, **self.dates)


def kinds_in_order(kinds: set[str]) -> list[str]:
    """The registry's order, a game's own season names after it by name (unknown kinds last,
    by key)."""
    order = {key: i for i, key in enumerate(registry.GAMES)}
    return sorted(kinds, key=lambda kind: (order.get(game_key(kind), len(order)), kind))


def game_name(kind: str) -> str:
    """A kind's name: the season name a game gave it ("Hearts"), else the game's."""
    key, _, own = kind.partition(SEASON_NAME)
    entry = registry.GAMES.get(key)
    return own or (entry.name if entry else kind)


def columns_of(kind: str) -> list[str]:
    """The labels of a game's own figures, in the order its results keep them (untranslated)."""
    entry = entry_of(kind)
    return [label for _, label in entry.rules.season_columns] if entry else []


def percent(part: int, whole: int) -> float | None:
    return 100 * part / whole if whole else None


# ---- standings ------------------------------------------------------------------------------


@dataclass
class Line:
    player_id: int
    name: str
    played: int
    won: int
    figures: list[int]
    rating: float | None = None  # ordinal after the player's last game in the scope
    change: float | None = None  # since the player's first game in the scope

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_percent(self) -> float | None:
        return percent(self.won, self.played)


@dataclass
class Table:
    kind: str
    name: str
    columns: list[str]
    lines: list[Line] = field(default_factory=list)


def standings(scope: Scope) -> list[Table]:
    """Per game kind, each player's games, wins, losses, win %, the game's own figures added
    up, and the rating at the end of the scope with its change over it.

    Not an aggregate over the scope's results: each result carries the player's running totals
    and rating in game order (sync.rerate), so a player's standing is their last result in the
    scope less their last one before it. Two index lookups per player and game kind, however
    many games the season holds."""
    season = scope.season

    def last(**dates: Any) -> Subquery:
        return Subquery(
            Result.objects.filter(
                group_id=OuterRef("group_id"),
                kind=OuterRef("kind"),
                player_id=OuterRef("player_id"),
                **dates,
            )
            .order_by("-played_on", "-game_id")
            .values("pk")[:1]
        )

    roster = Roster.objects.filter(group_id=scope.group.pk)
    if season is None:
        roster = roster.annotate(end=last())
    else:
        roster = roster.annotate(
            end=last(played_on__lte=season.end), start=last(played_on__lt=season.start)
        )
    pairs = list(roster.values_list("kind", "player_id", "end", *(["start"] if season else [])))
    wanted = {pk for pair in pairs for pk in pair[2:] if pk is not None}
    fields = ("mu_after", "sigma_after", "n_played", "n_won", *RUNNING)
    found = {
        row[0]: row[1:] for row in Result.objects.filter(pk__in=wanted).values_list("pk", *fields)
    }
    names = dict(
        Player.objects.filter(pk__in={pair[1] for pair in pairs}).values_list("pk", "name")
    )
    zero = (*START, 0, 0, *([0] * len(RUNNING)))
    tables: dict[str, Table] = {}
    for kind, player, end, *rest in pairs:
        after = found.get(end)
        before = found.get(rest[0], zero) if rest and rest[0] is not None else zero
        if after is None or after[2] == before[2]:  # no game in the scope
            continue
        table = tables.get(kind)
        if table is None:
            table = tables[kind] = Table(kind, game_name(kind), columns_of(kind))
        totals = [a - b for a, b in zip(after[2:], before[2:], strict=True)]
        rating = ordinal(after[0], after[1])
        table.lines.append(
            Line(
                player_id=player,
                name=names.get(player, "?"),
                played=totals[0],
                won=totals[1],
                figures=totals[2 : 2 + len(table.columns)],
                rating=rating,
                change=rating - ordinal(before[0], before[1]),
            )
        )
    for table in tables.values():
        table.lines.sort(
            key=lambda line: (-line.won, -(line.win_percent or 0), -(line.rating or 0), line.name)
        )
    return [tables[kind] for kind in kinds_in_order(set(tables))]


# ---- partnerships ---------------------------------------------------------------------------


@dataclass
class Pair:
    names: tuple[str, str]
    ids: tuple[int, int]
    played: int
    won: int

    @property
    def win_percent(self) -> float | None:
        return percent(self.won, self.played)


def partnerships(scope: Scope) -> list[tuple[str, str, list[Pair]]]:
    """Per game kind with partners (teams of two or more), each pair of partners: games
    together and games won together. [(kind, name, pairs)], best pairs first."""
    results = Result.objects.filter(group=scope.group, team_size__gte=2)
    if scope.season is not None:
        results = results.filter(played_on__range=(scope.season.start, scope.season.end))
    # Each game's sides, then every two partners of a side: pairs are counted here, from one
    # row per player and game, as the join of the results with themselves would.
    together: dict[tuple[str, int, int], list[int]] = defaultdict(lambda: [0, 0])
    rows = results.order_by("game_id", "team", "player_id")
    rows = rows.values_list("game_id", "team", "kind", "player_id", "won")
    for _side_of_a_game, side in itertools.groupby(rows, key=lambda row: row[:2]):
        for first, second in itertools.combinations(list(side), 2):
            counts = together[(first[2], first[3], second[3])]  # kind, the two players
            counts[0] += 1
            counts[1] += int(first[4])  # won together
    found = [(kind, a, b, played, won) for (kind, a, b), (played, won) in together.items()]
    names = dict(
        Player.objects.filter(pk__in={p for row in found for p in row[1:3]}).values_list(
            "pk", "name"
        )
    )
    by_kind: dict[str, list[Pair]] = defaultdict(list)
    for kind, a, b, played, won in found:
        pair = Pair((names.get(a, "?"), names.get(b, "?")), (a, b), played, int(won or 0))
        if pair.names[1] < pair.names[0]:
            pair = Pair(pair.names[::-1], pair.ids[::-1], played, pair.won)
        by_kind[kind].append(pair)
    out = []
    for kind in kinds_in_order(set(by_kind)):
        pairs = sorted(
            by_kind[kind], key=lambda p: (-p.won, -(p.win_percent or 0), -p.played, p.names)
        )
        out.append((kind, game_name(kind), pairs))
    return out


# ---- head-to-head ---------------------------------------------------------------------------


@dataclass
class Versus:
    kind: str
    name: str
    together: int = 0  # games as partners
    won_together: int = 0
    against: int = 0  # games on different sides
    a_ahead: int = 0  # a placed better than b
    b_ahead: int = 0
    level: int = 0  # the same place (neither, or both, ahead)


@dataclass
class Meeting:
    game_id: int
    played_on: date
    kind: str
    partners: bool
    a_place: int
    b_place: int
    a_won: bool
    b_won: bool

    @property
    def name(self) -> str:
        return game_name(self.kind)


def head_to_head(scope: Scope, a: int, b: int) -> tuple[list[Versus], list[Meeting]]:
    """Every game both played in the scope: as partners (won together) or on different
    sides (who finished ahead), per game kind; and the games themselves, newest first."""
    fields = ("game_id", "kind", "played_on", "team", "team_size", "place", "won")
    rows_a = {r[0]: r for r in scope.results().filter(player_id=a).values_list(*fields)}
    rows_b = {r[0]: r for r in scope.results().filter(player_id=b).values_list(*fields)}
    versus: dict[str, Versus] = {}
    meetings: list[Meeting] = []
    for game_id in rows_a.keys() & rows_b.keys():
        _, kind, day, team_a, size, place_a, won_a = rows_a[game_id]
        _, _, _, team_b, _, place_b, won_b = rows_b[game_id]
        v = versus.setdefault(kind, Versus(kind, game_name(kind)))
        partners = team_a == team_b and size > 1
        if partners:
            v.together += 1
            v.won_together += won_a
        else:
            v.against += 1
            if place_a < place_b:
                v.a_ahead += 1
            elif place_b < place_a:
                v.b_ahead += 1
            else:
                v.level += 1
        meetings.append(Meeting(game_id, day, kind, partners, place_a, place_b, won_a, won_b))
    meetings.sort(key=lambda m: (m.played_on, m.game_id), reverse=True)
    order = kinds_in_order(set(versus))
    return [versus[k] for k in order], meetings


def players_of(scope: Scope) -> list[tuple[int, str]]:
    """Everyone with a result in the scope, by name."""
    ids = scope.results().values_list("player_id", flat=True).distinct()
    return list(Player.objects.filter(pk__in=ids).order_by("name").values_list("pk", "name"))


# ---- game lists -----------------------------------------------------------------------------


@dataclass
class GameLine:
    game_id: int
    played_on: date
    kind: str
    name: str
    players: list[str]
    summary: str  # a Said where the rules' summary has words ("pot 4", "past A")
    winners: str
    counted: bool
    friendly: bool
    deals: int
    changes: list[tuple[str, float]]  # (player, rating change in this game)


def game_list(scope: Scope, limit: int | None = None) -> tuple[list[GameLine], int]:
    """The scope's games, newest first (`limit` of them), and how many there are in all:
    counted, friendly and still going."""
    records = scope.records().order_by("-played_on", "-game_id")
    total = records.count()
    if limit is not None:
        records = records[:limit]
    records = list(records)
    ids = [r.game_id for r in records]
    seats: dict[int, list[str]] = defaultdict(list)
    for game_id, name in (
        Seat.objects.filter(game_id__in=ids)
        .order_by("game_id", "position")
        .values_list("game_id", "player__name")
    ):
        seats[game_id].append(name)
    changes: dict[int, list[tuple[str, float]]] = defaultdict(list)
    for game_id, name, mu0, s0, mu1, s1 in (
        Result.objects.filter(game_id__in=ids)
        .order_by("game_id", "seat")
        .values_list(
            "game_id", "player__name", "mu_before", "sigma_before", "mu_after", "sigma_after"
        )
    ):
        if mu0 is not None and mu1 is not None:
            changes[game_id].append((name, ordinal(mu1, s1) - ordinal(mu0, s0)))
    lines = [
        GameLine(
            game_id=r.game_id,
            played_on=r.played_on,
            kind=r.kind,
            name=game_name(r.kind),
            players=seats[r.game_id],
            summary=said_from_data(r.summary_said) if r.summary_said else r.summary,
            winners=r.winners,
            counted=r.counted,
            friendly=r.friendly,
            deals=r.deals,
            changes=changes[r.game_id],
        )
        for r in records
    ]
    return lines, total


# ---- one player's ratings -------------------------------------------------------------------


@dataclass
class RatedGame:
    game_id: int
    played_on: date
    kind: str
    won: bool
    place: int
    before: float
    after: float
    team_size: int = 1

    @property
    def change(self) -> float:
        return self.after - self.before

    @property
    def lost_with_partners(self) -> bool:
        """Side against side: not winning is losing, not a "place"."""
        return not self.won and self.team_size > 1


def rating_history(scope: Scope, player_id: int) -> dict[str, list[RatedGame]]:
    """The player's rating before and after each counted game in the scope, per game kind,
    in game order."""
    out: dict[str, list[RatedGame]] = defaultdict(list)
    rows = (
        scope.results()
        .filter(player_id=player_id, mu_after__isnull=False)
        .order_by("played_on", "game_id")
        .values_list(
            "game_id",
            "played_on",
            "kind",
            "won",
            "place",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
            "team_size",
        )
    )
    for game_id, day, kind, won, place, mu0, s0, mu1, s1, size in rows:
        out[kind].append(
            RatedGame(game_id, day, kind, won, place, ordinal(mu0, s0), ordinal(mu1, s1), size)
        )
    return {kind: out[kind] for kind in kinds_in_order(set(out))}


START_ORDINAL = ordinal(*START)
