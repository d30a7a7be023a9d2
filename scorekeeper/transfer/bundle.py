"""Several game logs in one file: a person's "Download all my games", which the import page
and `manage.py import_game` take back (docs/game-logs-and-backups.md):

    {"format": "scorekeeper-game-logs", "version": 1,
     "games": [{"played_on": "2026-03-05", "friendly": false, "log": {<a game log>}}, ...]}

Each `log` is a game log of shared/spec/game-log.md. An import is all or nothing, and a refusal
names the game (counting from 1, with its kind and players) as well as the deal and field. It
is written a chunk at a time, staged, and published at once (imports.py): a big file never holds
up another person's save.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from datetime import date
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper import registry
from scorekeeper.core import json_text
from scorekeeper.core.errors import SHARED, FactError
from scorekeeper.gamelog import load_log
from scorekeeper.games import refusals, services
from scorekeeper.games.models import Game

from .imports import StagedImport, check_size, cycle_collection_paused

FORMAT = "scorekeeper-game-logs"
VERSION = 1


def json_chunks(games: Iterable[Game]) -> Iterator[str]:
    """The file of `games` as JSON text, a game at a time: a person with thousands of games gets
    the first bytes at once, and the server never holds the whole file."""
    yield json.dumps({"format": FORMAT, "version": VERSION})[:-1] + ', "games": ['
    for i, game in enumerate(games):
        item = {
            "played_on": game.played_on.isoformat(),
            "friendly": game.friendly,
            "log": services.export_game(game),
        }
        yield ("," if i else "") + "\n" + json.dumps(item, ensure_ascii=False)
    yield "\n]}\n"


def parse(doc: Any) -> Any:
    """JSON text or bytes as data (a FactError at "file" if it is not JSON); data as it is."""
    if isinstance(doc, bytes | bytearray):
        try:
            doc = doc.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise SHARED("file", "NOT_UTF8", why=e.reason) from None
    if isinstance(doc, str):
        try:
            return json_text.loads(doc)
        except json_text.TooDeep:
            raise SHARED("file", "TOO_DEEP") from None
        except json_text.BrokenText as e:  # named where it is, before any game is read
            raise e.refusal() from None
        except ValueError as e:
            raise SHARED("file", "NOT_JSON", why=str(e)) from None
    return doc


def games_in(doc: Any) -> int:
    """How many games data read from a file holds: a file of games' list, else one game log."""
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        return len(doc["games"]) if isinstance(doc.get("games"), list) else 1
    return 1


def import_file(doc: Any, *, owner) -> list[Game]:
    """A game log or a file of games (dict, JSON text or bytes), stored as `owner`'s: the new
    games. All or nothing; raises FactError."""
    with cycle_collection_paused():
        return _import_file(doc, owner=owner)


def _import_file(doc: Any, *, owner) -> list[Game]:
    doc = parse(doc)
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        return import_games(doc, owner=owner)
    check_size([doc])
    with StagedImport(owner) as staged:
        staged.add(load_log(doc))
        return staged.publish()


def import_games(doc: Any, *, owner) -> list[Game]:
    """Store every game of a bundle as `owner`'s own, with its day and friendly mark; all or
    nothing. Raises FactError naming the game, and the deal and field where there is one."""
    if doc.get("version") != VERSION:
        why = _("this app reads version %(version)s of a file of games") % {"version": VERSION}
        raise FactError("version", why)
    items = doc.get("games")
    if not isinstance(items, list) or not items:
        raise FactError("games", _("must be a list of the file's games"))
    check_size(item.get("log") if isinstance(item, dict) else None for item in items)
    with StagedImport(owner) as staged:
        for number, item in enumerate(items, start=1):
            try:
                log, mark = _log_of(item), _day_and_mark(item)  # said before the deals are
                staged.add(load_log(log), **mark)
            except FactError as e:
                raise FactError(_game_name(number, item), refusals.in_full(e)) from None
        return staged.publish()


def _log_of(item: Any) -> dict[str, Any]:
    if not isinstance(item, dict) or not isinstance(item.get("log"), dict):
        raise FactError("log", _("is missing: each game of the file holds its game log"))
    return item["log"]


def _day_and_mark(item: dict[str, Any]) -> dict[str, Any]:
    """The game's day and friendly mark, as the file gives them."""
    try:
        day = date.fromisoformat(item.get("played_on") or timezone.localdate().isoformat())
    except (TypeError, ValueError):
        raise FactError("played_on", _("is not a date (YYYY-MM-DD)")) from None
    return {"played_on": day, "friendly": item.get("friendly", False) is True}


def _game_name(number: int, item: Any) -> str:
    """ "game 3 (Spades: Asha, Bongani, Chetan, Dev)", or "game 3" if the log says too little."""
    log = item.get("log") if isinstance(item, dict) else None
    entry = registry.GAMES.get(log.get("game")) if isinstance(log, dict) else None
    players = log.get("players") if isinstance(log, dict) else None
    if entry is None or not isinstance(players, list):
        return _("game %(number)s") % {"number": number}
    names = ", ".join(str(p) for p in players)
    return _("game %(number)s (%(game)s: %(players)s)") % {
        "number": number,
        "game": _(entry.name),
        "players": names,
    }
