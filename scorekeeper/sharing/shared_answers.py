"""A poll's changed answer rendered once and sent to every spectator of the same page.

Each deal makes every spectator of the table fetch the changed game (board, log, edits): the
same bytes for all of them when nothing in the answer is the person's own (a watch link's page:
no form, ticket or message). So the first answer rendered is kept in Django's cache (Redis when
several app servers share it, REDIS_URL; on one machine with SQLite a folder its workers share;
else this process's memory, where a miss only means one more render) under a key that holds the
game's change stamp: the next change makes a new key, so a kept answer is never stale. The
callers check the link or the person first: a key is never taken for permission.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.core.cache import cache
from django.http import HttpResponse
from django.utils.translation import get_language

from scorekeeper.games.stamps import settled, stamp

KEEP_SECONDS = 60  # long enough for every spectator's next poll (2 s), short as kept bytes go


def key(kind: str, ident: str, version: int, updated_at: datetime | None, finished: bool) -> str:
    """The answer of one page kind (`watch`), for one page (its link's token), at one change of
    its game, in the request's language; `settled` too: a quiet finished game stops polling."""
    quiet = "s" if settled(finished, updated_at) else "p"
    return f"live:{kind}:{ident}:{stamp(version, updated_at)}:{quiet}:{get_language()}"


def shared(found: str, render: Callable[[], tuple[str, HttpResponse]]) -> HttpResponse:
    """The answer kept under `found`, or `render()`'s, kept under the key it names (that of the
    game it rendered, which may have changed since `found` was worked out)."""
    kept = cache.get(found)
    if kept is not None:
        content, content_type = kept
        return HttpResponse(content, content_type=content_type)
    made, response = render()
    if response.status_code == 200:
        cache.set(made, (response.content, response["Content-Type"]), KEEP_SECONDS)
    return response
