"""Whose a phone's kept things are: an opaque tag of the account (or, for a table link's phone
without one, of the visitor's session) that every page gives (`<meta name="phone-owner">`).

A shared phone keeps entries made offline, forms with the players' names and pages for offline
reading (static/js/offline.js, phone-owner.js, the service worker). Each is tagged with its
maker, shown and sent only under that maker's tag, and cleared at logout; a deal form carries
the tag (`maker`), and a save whose maker is not the sender is refused (offline.made_here).

The tag is an HMAC of the account's id under the site's secret, not the id: it says nothing
about the account, and the same person finds their entries again after logging in anew.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.http import HttpRequest
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.functional import SimpleLazyObject

from .access import TABLE_LINKS_KEY

SALT = "scorekeeper.phone-owner"
VISITOR_KEY = "phone_visitor"  # in a table phone's session: its random visitor id


def owner_tag(request: HttpRequest) -> str:
    """The tag of whoever makes this request's entries; "" for someone who keeps nothing."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return _tag(f"account:{user.pk}")
    session = getattr(request, "session", None)
    if session is None or not session.get(TABLE_LINKS_KEY):
        return ""
    visitor = session.get(VISITOR_KEY)
    if visitor is None:
        visitor = session[VISITOR_KEY] = secrets.token_urlsafe(16)
    return _tag(f"visitor:{visitor}")


def _tag(who: str) -> str:
    return salted_hmac(SALT, who).hexdigest()[:32]


def made_by_sender(request: HttpRequest) -> bool:
    """Whether a posted entry was made by the request's own account or visitor (an entry with
    no `maker`, a form from before the tag or without one, is taken as theirs)."""
    maker = request.POST.get("maker")
    return maker is None or constant_time_compare(maker, owner_tag(request))


def context(request: HttpRequest) -> dict[str, Any]:
    """The template context's `phone_owner`, worked out only where a template says it."""
    return {"phone_owner": SimpleLazyObject(lambda: owner_tag(request))}
