"""Imports that cannot crowd out the table. One import of 20 MB, written in one transaction,
held the database's write lock for two minutes: everyone else's saves waited 40 s, and some
failed. So an import:

- holds at most MAX_GAMES games and MAX_DEALS deals (and 20 MB: forms.py), which the import
  pages say; a bigger file is refused before anything is written;
- checks and replays its games outside any transaction, and writes them a few at a time, each
  write a short transaction of at most CHUNK_DEALS deals: another person's save waits for one
  such write at most (SQLite takes its one write lock at BEGIN; PostgreSQL's rows are apart
  anyway);
- pauses Python's cycle collector while it runs (cycle_collection_paused): a file's millions of
  objects made each of its passes stop every thread of the worker process for a second;
- is still all or nothing for the person importing: its games are written staged
  (`Game.staged_import`), which nobody sees (the default manager and every access check leave
  them out), then published by one short UPDATE; a refusal or an error removes what was staged,
  and an import that never finished (its process killed) is removed by the next one.
"""

from __future__ import annotations

import gc
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from scorekeeper import registry
from scorekeeper.core.errors import SHARED, FactError
from scorekeeper.core.names import name_key
from scorekeeper.gamelog import LoadedLog
from scorekeeper.games.models import Deal, DealChange, Game, Player, Seat
from scorekeeper.games.services import new_game_row, table_player

MAX_GAMES = 5_000  # some 20 MB of "Download all my games" at a dozen deals a game
MAX_DEALS = 50_000
CHUNK_DEALS = 200  # deals written per transaction: some hundredths of a second on SQLite
REMOVE_GAMES = 50  # staged games removed per transaction
STALE_AFTER = timedelta(hours=6)  # an import staged longer ago than this never finished


_pauses = 0
_pauses_lock = threading.Lock()
_collecting = True  # whether the collector ran before the first pause


@contextmanager
def cycle_collection_paused() -> Iterator[None]:
    """Python's cycle collector off while an import runs. A pass of it walks every object the
    process holds, the millions a 20 MB file is read into among them, and stops every thread
    of the worker process meanwhile: a second at a time (another person's save waited behind
    it). What an import reads forms no cycle: it is freed as ever when the import is done, and
    the collector runs again once the last import of the process ends."""
    global _pauses, _collecting
    with _pauses_lock:
        if _pauses == 0:
            _collecting = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _pauses_lock:
            _pauses -= 1
            if _pauses == 0 and _collecting:
                gc.enable()


def check_size(logs: Iterable[Any], *, field: str = "file") -> None:
    """Refuse (FactError at `field`) more games or deals than one import may hold. `logs` are
    the file's game logs as read (anything: what is not a log counts for nothing here)."""
    games = deals = 0
    for log in logs:
        games += 1
        found = log.get("deals") if isinstance(log, dict) else None
        deals += len(found) if isinstance(found, list) else 0
    if games > MAX_GAMES:
        raise FactError(field, too_many_games(games))
    if deals > MAX_DEALS:
        raise FactError(field, too_many_deals(deals))


def too_many_games(games: int) -> str:
    return _(
        "holds %(games)s games; one import takes at most %(most)s: import it in parts "
        "(a file of the games of a few months at a time)"
    ) % {"games": games, "most": MAX_GAMES}


def too_many_deals(deals: int) -> str:
    return _(
        "holds %(deals)s deals; one import takes at most %(most)s: import it in parts "
        "(a file of the games of a few months at a time)"
    ) % {"deals": deals, "most": MAX_DEALS}


def limits_text() -> str:
    """The limits as the import pages say them."""
    games, deals = (number_format(n, force_grouping=True) for n in (MAX_GAMES, MAX_DEALS))
    return _(
        "One import takes at most %(games)s games and %(deals)s deals, in a file of up to 20 MB."
    ) % {"games": games, "deals": deals}


class StagedImport:
    """Games written hidden, a chunk at a time, then published all at once or removed.

        with StagedImport(owner) as staged:
            staged.add(loaded_log, played_on=day)
            ...
            games = staged.publish()

    Leaving the block by an exception removes everything staged (and the players the import
    made that no game has kept)."""

    def __init__(self, owner, group=None) -> None:
        self.owner = owner
        self.group = group
        self.token = uuid.uuid4()
        self._waiting: list[tuple[LoadedLog, dict[str, Any]]] = []
        self._waiting_deals = 0
        self._players: dict[str, Player] = {}
        self._made: list[Player] = []  # players this import made: removed with it if it fails
        self._pks: list[int] = []

    def __enter__(self) -> StagedImport:
        remove_stale()
        return self

    def __exit__(self, kind, error, trace) -> bool:
        if kind is not None:
            self.discard()
        return False

    def add(self, loaded: LoadedLog, *, played_on: date | None = None, friendly: bool = False):
        """A checked game log, to be one of the import's games (written when a chunk is full)."""
        if loaded.game not in registry.GAMES:
            kept = ", ".join(registry.GAMES)
            raise SHARED("game", "GAME_NOT_KEPT", game=loaded.game, kept=kept)
        extra = {"friendly": friendly, "played_on": played_on or timezone.localdate()}
        # Who took over a seat during the game (the log's `substitutes`), as services keeps it.
        extra["seat_changes"] = [change.to_dict() for change in loaded.seat_changes]
        self._waiting.append((loaded, extra))
        self._waiting_deals += len(loaded.facts)
        if self._waiting_deals >= CHUNK_DEALS:
            self._write()

    def publish(self, then: Callable[[], None] | None = None) -> list[Game]:
        """Every game of the import seen at once (`then` runs in the same short transaction,
        as a season made for them); the games, in the file's order."""
        self._write()
        with transaction.atomic():
            if then is not None:
                then()
            Game.everything.filter(staged_import=self.token).update(
                staged_import=None, updated_at=timezone.now()
            )
        games = Game.objects.in_bulk(self._pks)
        return [games[pk] for pk in self._pks]

    def discard(self) -> None:
        """Remove what was staged, a few games a transaction."""
        remove_staged(Game.everything.filter(staged_import=self.token))
        self._waiting, self._waiting_deals = [], 0
        leftover = Player.objects.filter(pk__in=[p.pk for p in self._made], seat__isnull=True)
        with suppress(ProtectedError):  # a game night took one up meanwhile: it stays theirs
            leftover.delete()

    # ---- writing, a chunk at a time ------------------------------------------------------------

    def _write(self) -> None:
        chunk, self._waiting, self._waiting_deals = self._waiting, [], 0
        if not chunk:
            return
        with transaction.atomic():
            games = Game.everything.bulk_create(
                new_game_row(
                    self.owner,
                    registry.game(loaded.game).rules,
                    loaded.setup,
                    loaded.state,
                    self.group,
                    staged_import=self.token,
                    **extra,
                )
                for loaded, extra in chunk
            )
            Seat.objects.bulk_create(
                Seat(game=game, player=self._player(name), position=i)
                for game, (loaded, _extra) in zip(games, chunk, strict=True)
                for i, name in enumerate(loaded.setup.players)
            )
        self._pks += [game.pk for game in games]
        rows = [
            (game, number, facts)
            for game, (loaded, _extra) in zip(games, chunk, strict=True)
            for number, facts in enumerate(loaded.records(), start=1)
        ]
        for start in range(0, len(rows), CHUNK_DEALS):  # one big game: several transactions
            part = rows[start : start + CHUNK_DEALS]
            with transaction.atomic():
                Deal.objects.bulk_create(
                    Deal(game=game, number=n, facts=facts, created_by=self.owner)
                    for game, n, facts in part
                )
                DealChange.objects.bulk_create(
                    DealChange(
                        game=game, number=n, action="recorded", facts_after=facts, by=self.owner
                    )
                    for game, n, facts in part
                )

    def _player(self, name: str) -> Player:
        key = name_key(name)
        if key not in self._players:
            self._players[key] = table_player(self.owner, name, self.group, made=self._made)
        return self._players[key]


def remove_staged(games) -> None:
    """Remove staged games (a queryset of them), REMOVE_GAMES a transaction."""
    while True:
        with transaction.atomic():
            pks = list(games.values_list("pk", flat=True)[:REMOVE_GAMES])
            if not pks:
                return
            for model in (DealChange, Deal, Seat):  # the big tables first, in plain deletes
                model.objects.filter(game_id__in=pks).delete()
            Game.everything.filter(pk__in=pks).delete()


def remove_stale() -> None:
    """Remove what imports that never finished (a killed process) left staged."""
    before = timezone.now() - STALE_AFTER
    remove_staged(Game.everything.filter(staged_import__isnull=False, created_at__lt=before))
