"""A game's stamp: what a page knows of its game (the log's version and the time of its last
change), compared by the live poll (scorekeeper/play/live.py) and the streams
(scorekeeper/streams/stamps.py); and how long a finished game's watchers keep asking."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime

from .models import Game

POLL_SECONDS = 2
# A finished game keeps its watchers polling this long after its last change (an undo of the
# winning deal, an edit); after that the poll answers 286 and htmx stops asking.
QUIET_AFTER_FINISH = timedelta(minutes=15)


def stamp(version: int, updated_at: datetime | None) -> str:
    """What a page knows of its game: the log's version and the time of the last change (bids
    entered before a deal change the game without changing the log)."""
    micros = int(updated_at.timestamp() * 1_000_000) if updated_at else 0
    return f"{version}.{micros}"


def stamp_of(game: Game) -> str:
    return stamp(game.version, game.updated_at)


def settled(finished: bool, updated_at: datetime | None) -> bool:
    """A finished game nobody has touched for a while: its watchers can stop asking."""
    return bool(finished and updated_at and timezone.now() - updated_at > QUIET_AFTER_FINISH)


def stored_time(value: Any) -> datetime | None:
    """A datetime as the database driver gave it (SQLite: text in UTC, when read as raw values),
    aware."""
    if isinstance(value, str):
        value = parse_datetime(value)
    if value is not None and timezone.is_naive(value):
        value = value.replace(tzinfo=UTC)
    return value
