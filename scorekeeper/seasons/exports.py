"""Standings and game lists as CSV; a season as a JSON bundle of game logs, and back.

The bundle is the game-log format (scorekeeper/gamelog.py, through the games' services) once per
game, with what the log itself does not hold: the day it was played and whether it was friendly.

    {"format": "scorekeeper-season", "version": 1,
     "season": {"name": "Winter 2026", "start": "2026-06-01", "end": "2026-08-31"},
     "games": [{"played_on": "2026-06-03", "friendly": false, "log": {<game log>}}, …]}
"""

from __future__ import annotations

import hashlib
import io
import json
from collections import Counter
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.utils.translation import gettext as _

from scorekeeper.core import json_text
from scorekeeper.core.errors import FactError
from scorekeeper.gamelog import LoadedLog, dump_log, load_log
from scorekeeper.games import refusals, services
from scorekeeper.games.models import Game
from scorekeeper.groups.models import Group
from scorekeeper.transfer import csv_cells, imports

from .kinds import entry_of
from .models import Season
from .standings import Scope, game_list, standings

FORMAT = "scorekeeper-season"
VERSION = 1


def _figure_keys(kinds: list[str]) -> list[str]:
    keys: list[str] = []
    for kind in kinds:
        entry = entry_of(kind)
        for key, _label in entry.rules.season_columns if entry else ():
            if key not in keys:
                keys.append(key)
    return keys


def _number(value: float | None, digits: int = 2) -> str:
    return "" if value is None else f"{value:.{digits}f}"


def standings_csv(scope: Scope) -> str:
    """One row per game and player; each game's own figures under their keys (blank where a
    game has no such figure)."""
    tables = standings(scope)
    keys = _figure_keys([t.kind for t in tables])
    out = io.StringIO()
    writer = csv_cells.writer(out)
    writer.writerow(
        ["game", "player", "played", "won", "lost", "win_percent", "rating", "rating_change", *keys]
    )
    for table in tables:
        entry = entry_of(table.kind)
        own = [key for key, _label in entry.rules.season_columns] if entry else []
        for line in table.lines:
            figures = dict(zip(own, line.figures, strict=False))
            writer.writerow(
                [
                    table.kind,
                    line.name,
                    line.played,
                    line.won,
                    line.lost,
                    _number(line.win_percent, 1),
                    _number(line.rating),
                    _number(line.change),
                    *(figures.get(key, "") for key in keys),
                ]
            )
    return out.getvalue()


def games_csv(scope: Scope) -> str:
    lines, _total = game_list(scope)
    out = io.StringIO()
    writer = csv_cells.writer(out)
    writer.writerow(
        [
            "game_id",
            "played_on",
            "game",
            "players",
            "result",
            "winners",
            "counted",
            "friendly",
            "deals",
            "rating_changes",
        ]
    )
    for g in lines:
        writer.writerow(
            [
                g.game_id,
                g.played_on.isoformat(),
                g.kind,
                "; ".join(g.players),
                g.summary,
                g.winners,
                int(g.counted),
                int(g.friendly),
                g.deals,
                "; ".join(f"{name} {change:+.2f}" for name, change in g.changes),
            ]
        )
    return out.getvalue()


# ---- the JSON bundle ------------------------------------------------------------------------


def export_season(season: Season) -> dict[str, Any]:
    """Every game of the group played in the season (friendly and unfinished ones too)."""
    games = Game.objects.filter(
        group=season.group, played_on__range=(season.start, season.end)
    ).order_by("played_on", "pk")
    return {
        "format": FORMAT,
        "version": VERSION,
        "season": {
            "name": season.name,
            "start": season.start.isoformat(),
            "end": season.end.isoformat(),
        },
        "games": [
            {
                "played_on": game.played_on.isoformat(),
                "friendly": game.friendly,
                "log": services.export_game(game),
            }
            for game in games
        ],
    }


class Refused(Exception):
    """A bundle that cannot be imported; nothing was stored. The message says where."""


def _day(value: Any, where: str) -> date:
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        raise Refused(_("%(where)s is not a date (YYYY-MM-DD).") % {"where": where}) from None


NAME_MOST = Season._meta.get_field("name").max_length  # as the season's form allows


@dataclass(frozen=True)
class Imported:
    season: Season
    games: list[Game]  # the games stored now
    known: int  # the bundle's games the group had already: not stored again


def identity(log: dict[str, Any], played_on: date, friendly: bool) -> str:
    """What makes a game the same game: its log as the app writes it (players, house rules,
    every deal's facts; not the computed scores), the day it was played and its mark."""
    kept = {key: value for key, value in log.items() if key != "computed"}
    text = json.dumps([kept, played_on.isoformat(), friendly], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _identity_of(loaded: LoadedLog, played_on: date, friendly: bool) -> str:
    log = dump_log(loaded.setup, loaded.deals, loaded.state, loaded.facts, loaded.seat_changes)
    return identity(log, played_on, friendly)


def _known_games(group: Group, start: date, end: date) -> Counter[str]:
    """The identities of the group's games played within the dates, each as often as it is there."""
    games = Game.objects.filter(group=group, played_on__range=(start, end))
    return Counter(
        identity(services.export_game(game), game.played_on, game.friendly) for game in games
    )


def import_season(doc: Any, *, group: Group, owner) -> Imported:
    """Store a season bundle in `group`: its season (the group's season with the same dates,
    or a new one) and every game the group does not have yet, with its day and friendly mark
    (a bundle imported twice adds nothing the second time). All or nothing, written a chunk at
    a time (transfer/imports.py)."""
    with imports.cycle_collection_paused():
        return _import_season(doc, group=group, owner=owner)


def _import_season(doc: Any, *, group: Group, owner) -> Imported:
    if isinstance(doc, bytes | str):
        try:
            doc = json_text.loads(doc)
        except json_text.BrokenText as e:
            raise Refused(str(e)) from None
        except ValueError as e:
            raise Refused(_("This is not JSON: %(why)s") % {"why": e}) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise Refused(_("This is not a season bundle (format %(format)s).") % {"format": FORMAT})
    if doc.get("version") != VERSION:
        raise Refused(_("Only version %(version)s bundles can be read.") % {"version": VERSION})
    meta = doc.get("season") or {}
    name = str(meta.get("name") or "").strip()
    if not name:
        raise Refused(_("The season has no name."))
    if len(name) > NAME_MOST:
        raise Refused(
            _("The season's name is longer than %(most)s characters.") % {"most": NAME_MOST}
        )
    start, end = _day(meta.get("start"), "season.start"), _day(meta.get("end"), "season.end")
    if end < start:
        raise Refused(_("The season ends before it starts."))
    games = doc.get("games")
    if not isinstance(games, list):
        raise Refused(_("The bundle has no list of games."))
    try:
        imports.check_size(item.get("log") if isinstance(item, dict) else None for item in games)
    except FactError as e:
        raise Refused(_("The bundle %(why)s.") % {"why": e.message}) from None
    if Season.objects.filter(group=group, start=start, end=end).first() is None:
        _refuse_overlap(group, start, end)  # said before the games are read, and again below
    made: list[Season] = []
    known = _known_games(group, start, end)
    skipped = 0

    def season_for_them() -> None:  # in the transaction that publishes the games
        season = Season.objects.filter(group=group, start=start, end=end).first()
        if season is None:
            _refuse_overlap(group, start, end)
            season = Season.objects.create(group=group, name=name, start=start, end=end)
        made.append(season)

    with imports.StagedImport(owner, group) as staged:
        for i, item in enumerate(games, start=1):
            where = _("game %(number)s") % {"number": i}
            if not isinstance(item, dict) or "log" not in item:
                raise Refused(_("%(where)s has no game log.") % {"where": where})
            day = _day(item.get("played_on"), f"games.{i}.played_on")
            if not start <= day <= end:
                raise Refused(_("%(where)s was not played in the season.") % {"where": where})
            friendly = bool(item.get("friendly", False))
            try:
                loaded = load_log(item["log"])
            except FactError as e:
                raise Refused(f"{where}: {refusals.in_full(e)}") from None
            same = _identity_of(loaded, day, friendly)
            if known[same]:  # the group has this game already
                known[same] -= 1
                skipped += 1
                continue
            try:
                staged.add(loaded, played_on=day, friendly=friendly)
            except FactError as e:
                raise Refused(f"{where}: {refusals.in_full(e)}") from None
        stored = staged.publish(then=season_for_them)
    return Imported(made[0], stored, skipped)


def _refuse_overlap(group: Group, start: date, end: date) -> None:
    if overlapping(group, start, end).exists():
        raise Refused(_("Another season of this group overlaps these dates."))


def overlapping(group: Group, start: date, end: date, *, besides: int | None = None):
    seasons = Season.objects.filter(group=group, start__lte=end, end__gte=start)
    return seasons.exclude(pk=besides) if besides else seasons
