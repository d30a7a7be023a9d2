"""Where everything a process's streams follow stands: one query per kind for all of them.

A stamp changes whenever what its followers see changes; None means the page can no longer
follow it (a revoked link, a night ended, a game gone). A game's and a watch link's stamp is the
poll's own (version and last change), so a page's `v` compares with it; a big screen's is its
poll's too, and so is the organiser's page's; a table phone's is the night's side of what its
poll says (the round, whether its own table has finished, how many have then), and the
phone's poll tells the rest.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime

from django.db import connection

from scorekeeper.games.models import Game, ShareLink
from scorekeeper.games.stamps import stamp, stored_time
from scorekeeper.nights.models import Round, Table, TableLink
from scorekeeper.nights.stamps import night_stamp, screen_stamp

Key = tuple[str, str]


class DataVersion:
    """SQLite's count of commits by other connections: unchanged, nothing needs reading."""

    def __init__(self) -> None:
        self.seen: int | None = None

    def moved(self) -> bool:
        if connection.vendor != "sqlite":
            return True
        # SQLite's own counter, which no query of the ORM reads: the one raw statement here.
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA data_version")
            now = cursor.fetchone()[0]
        moved, self.seen = now != self.seen, now
        return moved


def read(keys: Iterable[Key], since: datetime | None = None) -> dict[Key, str | None]:
    """The current stamp of every key (kind, ident). With `since`, games and watch links
    changed before it are left out (unchanged: only a whole read says one is gone)."""
    wanted: dict[str, list[str]] = defaultdict(list)
    for kind, ident in keys:
        wanted[kind].append(ident)
    out: dict[Key, str | None] = {}
    for kind, idents in wanted.items():
        if since is not None and kind in CHANGED_SINCE:
            found = CHANGED_SINCE[kind](idents, since)
            out.update({(kind, ident): found[ident] for ident in idents if ident in found})
            continue
        found = READERS[kind](idents)
        out.update({(kind, ident): found.get(ident) for ident in idents})
    return out


def _chunks(items: list[str], size: int = 900) -> Iterable[list[str]]:
    for start in range(0, len(items), size):  # SQLite's older builds: 999 parameters at most
        yield items[start : start + size]


_made: dict[tuple, tuple[tuple, str]] = {}  # (kind, ident) -> (the row as read, its stamp)


def _stamp_of(key: tuple, version: int, updated_at) -> str:
    """A row's stamp, worked out again only when the row changed (most do not, each tick)."""
    raw = (version, updated_at)
    kept = _made.get(key)
    if kept is not None and kept[0] == raw:
        return kept[1]
    made = stamp(version, stored_time(updated_at))
    if len(_made) > 100_000:  # pages long gone
        _made.clear()
    _made[key] = (raw, made)
    return made


def games(pks: list[str], since: datetime | None = None) -> dict[str, str]:
    """A thousand games a tick, as rows of three values (no model built for any of them);
    with `since`, only those changed at or after it (a few)."""
    out = {}
    rows = Game._base_manager.all()
    if since is not None:
        rows = rows.filter(updated_at__gte=since)
    for chunk in _chunks([int(pk) for pk in pks]):
        for pk, version, at in rows.filter(pk__in=chunk).values_list("pk", "version", "updated_at"):
            out[str(pk)] = _stamp_of(("game", pk), version, at)
    return out


def watch_links(tokens: list[str], since: datetime | None = None) -> dict[str, str]:
    out = {}
    live = ShareLink.objects.filter(kind=ShareLink.WATCH, revoked_at__isnull=True)
    if since is not None:
        live = live.filter(game__updated_at__gte=since)
    for chunk in _chunks(tokens):
        rows = live.filter(token__in=chunk).values_list(
            "token", "game__version", "game__updated_at"
        )
        for token, version, at in rows:
            out[token] = _stamp_of(("watch", token), version, at)
    return out


def screens(tokens: list[str]) -> dict[str, str]:
    return {token: found for token in tokens if (found := screen_stamp(token)) is not None}


def nights(pks: list[str]) -> dict[str, str]:
    return {pk: found for pk in pks if (found := night_stamp(int(pk)))}  # "": no such night


def table_follows(tokens: list[str]) -> dict[str, str]:
    """A table link's night as its phone's poll sees it: the last round (drawn, started, ended),
    the link's own table in it (its game, finished) and, once that is finished, how many of the
    round's tables are. A link revoked: gone. Its night ended is a stamp too: the end may be
    taken back, and the phone's page then comes back."""
    links = []
    for chunk in _chunks(tokens):
        links += TableLink.objects.filter(token__in=chunk, revoked_at__isnull=True).values_list(
            "token", "number", "night_id", "night__updated_at"
        )
    nights = {night for _token, _number, night, _at in links}
    last: dict[int, tuple] = {}
    for night, pk, number, started, ended in (
        Round.objects.filter(night_id__in=nights)
        .order_by("night_id", "number")
        .values_list("night_id", "pk", "number", "started_at", "ended_at")
    ):
        last[night] = (pk, number, started, ended)  # ordered by number: the last one stays
    tables: dict[int, dict[int, tuple[int, bool]]] = defaultdict(dict)
    for round_pk, number, game, finished in Table.objects.filter(
        round_id__in=[row[0] for row in last.values()]
    ).values_list("round_id", "number", "game_id", "game__finished"):
        tables[round_pk][number] = (game, finished)
    out = {}
    for token, number, night, night_at in links:
        played = last.get(night)
        seats = tables[played[0]] if played else {}
        own = seats.get(number)
        done = sum(finished for _game, finished in seats.values()) if own and own[1] else None
        raw = repr((night_at, played, own, done))
        out[token] = hashlib.sha256(raw.encode()).hexdigest()[:16]
    return out


CHANGED_SINCE = {"game": games, "watch": watch_links}  # kinds that can be read by change time
READERS = {
    "game": games,
    "watch": watch_links,
    "screen": screens,
    "follow": table_follows,
    "night": nights,
}
