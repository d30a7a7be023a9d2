"""The live table: spectators' screens, and a second scorekeeper's, follow the game.

Mechanism: a page follows by server-sent events where it can (scorekeeper/streams: its stream
asks these polls in process, and pushes their answers), and by htmx polling every 2 seconds
where it cannot, with a cheap conditional answer. A poll is one short request that any worker
answers: the page sends its stamp (the game's version and last change
time); while the stamp is current the answer is 204 No Content from one indexed query, before any
replay or rendering (see `make bench` for the figure). When it has changed, the same answer
carries the page's live parts (board, dealer line, log, edits and undos, who changed it last) as
out-of-band swaps; a watch link's is the same for all its spectators, so it is rendered once per
change and kept in the cache (scorekeeper/sharing/shared_answers.py). A finished game that has
been quiet for a while answers 286, which stops htmx polling; until then an undo of the winning
deal still reaches every screen.

A scorekeeper's own half-entered deal is never swapped away: the page says whether its form
holds input (`dirty`), and then only the board, dealer line, log and a note change.

The unchanged answer is the hot path (every watcher, every 2 seconds), so it skips the session:
one query by primary key (or by a watch link's token). A logged-in page's poll carries a
ticket, signed by the server, naming the game, the person and (by a hash) their session cookie;
the one query also fetches that person's role at the game, so a person whose role was taken
away, or who logged out, gets no 204 from it. Any other answer (something
changed, or no valid ticket) goes the ordinary way: session, user, access check, 404 for a
stranger. A 204 carries no data. PollMiddleware (scorekeeper/sharing/live.py) gives that answer
right after Django's security middleware, before sessions, CSRF, messages and URL resolution;
the views give it too (the middleware is only the shortcut).
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.signing import BadSignature, Signer
from django.db import DatabaseError, connection
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

from scorekeeper.accounts.holders import is_stand_in
from scorekeeper.gamelog import seated_setup
from scorekeeper.games import services
from scorekeeper.games.access import Level, level_from, with_access
from scorekeeper.games.models import Deal, DealChange, Game, ShareLink
from scorekeeper.games.presenters import TemplateView, fact_words
from scorekeeper.games.stamps import POLL_SECONDS, settled, stamp, stamp_of

UNCHANGED = 204
STOP_POLLING = 286


PAGE_STAMP_HEADER = "X-Page-Stamp"  # what the page knew when it saved (live.js)
_A_STAMP = re.compile(r"\d{1,20}\.\d{1,20}")


def note_loaded(game: Game) -> Game:
    """Remember the game's stamp as it was read, before a save changes it."""
    game.loaded_stamp = stamp_of(game)
    return game


def answer_stamp(request: HttpRequest, game: Game) -> str:
    """The stamp a save's answer leaves on its page. A save's answer brings only its part of
    the page (the board, the form, its own log row): if the game had changed since the page was
    drawn (another phone's edit the page had not yet been told of), the page keeps its own
    stamp, so that its next ask (or the stream's word) brings the whole log. A new stamp there
    would make every later ask answer 204, and the other change would never show."""
    now = stamp_of(game)
    said = request.headers.get(PAGE_STAMP_HEADER)
    loaded = getattr(game, "loaded_stamp", None)
    if said is None or loaded is None or said == loaded:
        return now
    return said if _A_STAMP.fullmatch(said) else ""


# ---- the unchanged answer, fast -------------------------------------------------------------

_signer = Signer(salt="scorekeeper.groups.live")  # its first home: open pages keep their tickets


def _session_tag(request: HttpRequest) -> str:
    cookie = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    return hashlib.sha256(cookie.encode()).hexdigest()[:16]


def ticket(request: HttpRequest, game_pk: int) -> str:
    """What the page's poll shows instead of a session lookup: game, person, session."""
    if not request.user.is_authenticated:
        return ""  # a table link's phone: its poll takes the view's way (access.table_level)
    return _signed(f"{game_pk}.{request.user.pk}.{_session_tag(request)}")


@functools.lru_cache(maxsize=4096)
def _signed(value: str) -> str:
    """A ticket signed once per game, person and session: the signer's key is fixed when it
    is made, and each record answer carries the same ticket again."""
    return _signer.sign(value)


def _ticket_user(request: HttpRequest, game_pk: int) -> int | None:
    try:
        pk, user_pk, tag = _signer.unsign(request.GET.get("t", "")).split(".")
    except (BadSignature, ValueError):
        return None
    if pk != str(game_pk) or tag != _session_tag(request):
        return None
    return int(user_pk)


def _fetch(rows: QuerySet) -> tuple | None:
    """The hot path's one query (its first row). It skips Django's check of a kept connection
    (CONN_HEALTH_CHECKS: on a database server a `SELECT 1` round trip before the request's first
    query, as long as the query itself): if the connection broke since its last request, the
    query fails, the connection is closed and the query runs once more on a new one."""
    if connection.in_atomic_block:  # in a transaction (a test's): nothing to skip or retry
        return rows.first()
    connection.health_check_done = True
    try:
        return rows.first()
    except DatabaseError:
        connection.close()
        return rows.first()


def unchanged_for_person(request: HttpRequest, game_pk: int) -> HttpResponse | None:
    """204/286 for a logged-in page whose stamp is current, from its ticket and one query;
    None when that cannot be said (then the view takes the ordinary way)."""
    client_stamp = request.GET.get("v")
    user_pk = _ticket_user(request, game_pk) if client_stamp else None
    if user_pk is None:
        return None
    fields = ("version", "updated_at", "finished", "owner_id", "my_game_role", "my_group_role")
    row = _fetch(with_access(Game.objects.filter(pk=game_pk), user_pk).values_list(*fields))
    if row is None:
        return None
    version, updated_at, finished, owner_id, game_role, group_role = row
    person = _Person(user_pk)
    if level_from(owner_id, game_role, group_role, person) == Level.NONE:
        return None
    return unchanged_answer(client_stamp, version, updated_at, finished)


def link_stamp(token: str) -> tuple[int, datetime | None, bool] | None:
    """A live watch link's game: (version, updated_at, finished); None for any other token."""
    links = ShareLink.objects.filter(token=token, kind=ShareLink.WATCH, revoked_at__isnull=True)
    return _fetch(links.values_list("game__version", "game__updated_at", "game__finished"))


def unchanged_for_link(request: HttpRequest, token: str) -> HttpResponse | None | bool:
    """For a watch link's poll: 204/286 if its stamp is current, None if it changed, False if
    the link is not a live watch link (404)."""
    row = link_stamp(token)
    if row is None:
        return False
    return unchanged_answer(request.GET.get("v"), *row)


@dataclass(frozen=True)
class _Person:
    pk: int


def unchanged_answer(
    client_stamp: str | None, version: int, updated_at: datetime | None, finished: bool
) -> HttpResponse | None:
    """204 (or 286, for a settled game) if the page's stamp is current; None if it changed."""
    if client_stamp != stamp(version, updated_at):
        return None
    response = HttpResponse(status=STOP_POLLING if settled(finished, updated_at) else UNCHANGED)
    response["Cache-Control"] = "no-store"
    return response


@dataclass(frozen=True)
class Change(TemplateView):
    """One entry of the audit trail as the page says it."""

    number: int
    action: str  # recorded, edited, undone, opened
    by: str
    at: datetime
    diff: tuple[tuple[str, Any, Any], ...] = ()  # (field, before, after) for an edit or undo
    undone_facts: dict | None = None  # what an undo took off the log (log form)


def _who(user, name: str = "") -> str:
    if user is None:
        return name or "?"
    if is_stand_in(user):  # a visitor's own games: only they (and their links) see them
        return gettext("the visitor")
    return user.get_username()


Words = Callable[[dict], list[tuple[str, str, str]]]  # facts -> (field, label, value)


def _diff(
    words: Words, before: dict | None, after: dict | None
) -> tuple[tuple[str, Any, Any], ...]:
    """(label, before, after) of each field an edit changed, in words; for an undo, every
    field of the deal taken back (after: "—")."""
    said_before = {key: (label, text) for key, label, text in words(before or {})}
    said_after = {key: (label, text) for key, label, text in words(after or {})}
    keys = list(said_before) + [k for k in said_after if k not in said_before]
    out = []
    for key in keys:
        if (before or {}).get(key) == (after or {}).get(key):
            continue
        label, was = said_before.get(key, (None, "—"))
        label_after, now = said_after.get(key, (label, "—"))
        out.append((label or label_after, was, now))
    return tuple(out)


def _change(row: DealChange, words: Words | None = None) -> Change:
    diff = _diff(words, row.facts_before, row.facts_after) if words is not None else ()
    undone = row.facts_before if row.action == "undone" else None
    return Change(row.number, row.action, _who(row.by, row.by_name), row.at, diff, undone)


def _words_of(game: Game) -> Callable[[int], Words]:
    """The facts of deal N in words, as its game says them, with who sat where in that deal."""
    rules = services.rules_of(game)
    logged, changes = rules.setup(game.setup), services.seat_changes_of(game)

    def of_deal(number: int) -> Words:
        setup = seated_setup(logged, changes, number)
        return lambda facts: fact_words(rules, setup, facts)

    return of_deal


def last_change(game: Game) -> Change | None:
    row = DealChange.objects.filter(game=game).select_related("by").first()
    return _change(row) if row is not None else None


def history(game: Game) -> list[Change]:
    """Every edit and undo of the game's deals, newest first, with who, when, before → after."""
    rows = DealChange.objects.filter(game=game, action__in=("edited", "undone"))
    rows = list(rows.select_related("by"))
    words = _words_of(game) if rows else None
    return [_change(row, words(row.number) if words else None) for row in rows]


def page_context(
    request: HttpRequest, game: Game, *, live_url: str | None = None, via_link: bool = False
) -> dict[str, Any]:
    """What the game page needs beyond the board: who may do what, the poll, the last change
    and the edits and undos (two queries, whatever the log's length)."""
    access = getattr(game, "access", Level.NONE)
    return {
        "ticket": ticket(request, game.pk) if not via_link else "",
        "read_only": access < Level.KEEP,
        "can_share": access >= Level.OWN,
        "via_link": via_link,
        "live_url": live_url,  # None: the game page's own, games/<pk>/live/
        "stamp": answer_stamp(request, game),
        "poll": not settled(game.finished, game.updated_at),
        "poll_seconds": POLL_SECONDS,
        "last_change": last_change(game),
        "history": history(game),
    }


def after_record_context(request: HttpRequest, game: Game, deal: Deal) -> dict[str, Any]:
    """The status line after this phone recorded a deal: known without a query."""
    user = request.user
    return {
        "ticket": ticket(request, game.pk),
        "stamp": answer_stamp(request, game),
        "poll": not settled(game.finished, game.updated_at),
        "poll_seconds": POLL_SECONDS,
        "last_change": Change(deal.number, "recorded", _who(user), deal.created_at),
    }


def note_for(change: Change | None, user, dirty: bool) -> bool:
    """Tell a scorekeeper whose form holds input that someone else changed the game."""
    return bool(dirty and change is not None and change.by != _who(user))
