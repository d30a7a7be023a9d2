"""Whose a phone's kept things are: an opaque tag of the account (a visitor's: their browser's
stand-in account, holders.py; for a table link's phone without one, of the visitor's session)
that every page gives (`<meta name="phone-owner">`).

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

from scorekeeper.games.access import TABLE_LINKS_KEY, Visitor
from scorekeeper.games.models import Holder

SALT = "scorekeeper.phone-owner"
VISITOR_KEY = "phone_visitor"  # in a table phone's session: its random visitor id


def owner_tag(request: HttpRequest) -> str:
    """The tag of whoever makes this request's entries; "" for someone who keeps nothing."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return _tag(f"account:{user.pk}")
    if isinstance(user, Visitor):  # a browser's games without an account: its stand-in's
        return _tag(f"account:{user.account_id}")
    session = getattr(request, "session", None)
    if session is None or not session.get(TABLE_LINKS_KEY):
        return ""
    visitor = session.get(VISITOR_KEY)
    if visitor is None:
        visitor = session[VISITOR_KEY] = secrets.token_urlsafe(16)
    return _tag(f"visitor:{visitor}")


def _tag(who: str) -> str:
    return salted_hmac(SALT, who).hexdigest()[:32]


def former_tags(request: HttpRequest) -> list[str]:
    """The tags a person's entries had while they kept score without an account: the
    stand-ins of the holders whose games became theirs (handover.py). Their entries kept on
    the phone then stay theirs to send."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return []
    stand_ins = Holder.objects.filter(claimed_by=user).values_list("account_id", flat=True)
    return [_tag(f"account:{pk}") for pk in stand_ins]


def made_by_sender(request: HttpRequest) -> bool:
    """Whether a posted entry was made by the request's own account or visitor (an entry with
    no `maker`, a form from before the tag or without one, is taken as theirs), or by the
    visitor the person was before signing up or logging in."""
    maker = request.POST.get("maker")
    if maker is None or constant_time_compare(maker, owner_tag(request)):
        return True
    return any(constant_time_compare(maker, tag) for tag in former_tags(request))


WAS_KEY = "phone_owner_was"  # in the session: the tags the person had as a visitor


def remember_former(request: HttpRequest, stand_in: int) -> None:
    """After a hand-over: this session's pages tell the phone that the visitor's kept entries
    are the person's now (offline.js takes them over), without a query per page."""
    session = getattr(request, "session", None)
    if session is not None:
        session[WAS_KEY] = [*session.get(WAS_KEY, []), _tag(f"account:{stand_in}")]


def context(request: HttpRequest) -> dict[str, Any]:
    """The template context's `phone_owner` (and `phone_owner_was`, the tags the person had as
    a visitor in this session, space-separated), worked out only where a template says them."""
    session = getattr(request, "session", None)
    return {
        "phone_owner": SimpleLazyObject(lambda: owner_tag(request)),
        "phone_owner_was": SimpleLazyObject(
            lambda: " ".join(session.get(WAS_KEY, []) if session is not None else [])
        ),
    }
