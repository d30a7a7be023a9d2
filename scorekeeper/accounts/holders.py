"""Keeping score without an account: a browser that holds games (a `Holder`).

A visitor's first game makes a holder: a random token in a long-lived cookie of its own (not
the session's, so nothing is lost when the session goes), kept on the server only as a hash.
Its games and players belong to the holder's stand-in account (inactive, no password: it can
never log in, and its username cannot be signed up), so every game page, service, export and
share link works for a visitor as for anyone; request.user is then an `access.Visitor`, who
is never logged in and owns only those games.

A private link opens the same games in another browser (a second token, derived from the
cookie's, kept as a hash too). When the visitor signs up or logs in, every game the browser
holds becomes their account's (handover.py) and the cookie goes.

Limits: GAMES_PER_VISITOR games a holder (a first import counted before anything is stored), and,
from one address within the hour (kept as a keyed hash of the address, never the address),
HOLDERS_PER_ADDRESS new holders (sized for a hall whose phones share one public address) and
VISITOR_GAMES_PER_ADDRESS games kept by them (so a script behind one address cannot fill the
database by making holder after holder).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.functional import SimpleLazyObject
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from scorekeeper.games.access import Visitor, keeps_games, person
from scorekeeper.games.models import Game, Holder

COOKIE = "scorekeeper_holder"
COOKIE_AGE = int(timedelta(days=400).total_seconds())  # the longest a browser keeps a cookie
GAMES_PER_VISITOR = 50
HOLDERS_PER_ADDRESS = 200  # new holders an hour from one address: a hall's phones, one address
VISITOR_GAMES_PER_ADDRESS = 1000  # games an hour kept by the holders made from one address
STAND_IN_PREFIX = "visitor "  # a space: no one can sign up with such a username


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def link_token_of(token: str) -> str:
    """The private link's token, worked out from the cookie's (so it is never stored)."""
    return hashlib.sha256(f"link:{token}".encode()).hexdigest()


@dataclass
class Held:
    """The holder a request's cookie names, and the private link's token for it."""

    holder: Holder
    link_token: str


def _find(token: str) -> Held | None:
    """The unclaimed holder whose cookie or private link this token is; None if none."""
    if not token or len(token) > 100:
        return None
    digest = _hash(token)
    holder = (
        Holder.objects.select_related("account")
        .filter(Q(token_hash=digest) | Q(link_hash=digest), claimed_at__isnull=True)
        .first()
    )
    if holder is None:
        return None
    # A browser that came by the private link holds the link's token: its link is that one.
    link = token if holder.link_hash == digest else link_token_of(token)
    return Held(holder, link)


def held(request: HttpRequest) -> Held | None:
    """The holder of this request's browser (one query, once a request); None if none."""
    if not hasattr(request, "_held"):
        request._held = _find(request.COOKIES.get(COOKIE, ""))
    return request._held


def private_link_token(request: HttpRequest) -> str | None:
    found = held(request)
    return found.link_token if found is not None else None


def by_link(token: str) -> Holder | None:
    """The unclaimed holder whose private link this is."""
    if not token or len(token) > 100:
        return None
    return Holder.objects.filter(link_hash=_hash(token), claimed_at__isnull=True).first()


def claimed_by_link(token: str) -> Holder | None:
    """The holder whose private link this was, once its games moved to an account."""
    if not token or len(token) > 100:
        return None
    return Holder.objects.filter(link_hash=_hash(token), claimed_at__isnull=False).first()


# ---- making a holder ----------------------------------------------------------------------------


def address_tag(request: HttpRequest) -> str:
    """The caller's address as a keyed hash: enough to count, nothing to read back."""
    client_ip = import_string(settings.AXES_CLIENT_IP_CALLABLE)  # the login throttle's reading
    return salted_hmac("scorekeeper.holder-address", client_ip(request) or "").hexdigest()[:32]


def may_start(request: HttpRequest, count: int = 1) -> bool:
    """Fewer than HOLDERS_PER_ADDRESS holders were made from this address in the last hour,
    and `count` more games keep their games of that hour within VISITOR_GAMES_PER_ADDRESS."""
    since = timezone.now() - timedelta(hours=1)
    made = Holder.objects.filter(made_from=address_tag(request), created_at__gte=since)
    if made.count() >= HOLDERS_PER_ADDRESS:
        return False
    games = Game._base_manager.filter(owner__holder__in=made, created_at__gte=since)
    return games.count() + count <= VISITOR_GAMES_PER_ADDRESS


@transaction.atomic
def start(request: HttpRequest) -> Visitor:
    """A new holder for this browser, its cookie set on the way out (HolderMiddleware)."""
    token = secrets.token_urlsafe(32)
    stand_in = get_user_model()(
        username=f"{STAND_IN_PREFIX}{secrets.token_hex(6)}", is_active=False
    )
    stand_in.set_unusable_password()
    stand_in.save()
    holder = Holder.objects.create(
        token_hash=_hash(token),
        link_hash=_hash(link_token_of(token)),
        account=stand_in,
        made_from=address_tag(request),
    )
    request._held = Held(holder, link_token_of(token))
    request._holder_cookie = token
    visitor = Visitor(holder)
    request.user = visitor
    return visitor


def forget_new(request: HttpRequest) -> None:
    """Undo `start` of this request (its first game was refused): no holder, no cookie."""
    if getattr(request, "_holder_cookie", None) is None or not isinstance(request.user, Visitor):
        return
    get_user_model().objects.filter(pk=request.user.account_id).delete()  # its holder too
    request._holder_cookie = None
    request._held = None
    request.user = AnonymousUser()


def hold_by_link(request: HttpRequest, holder: Holder, token: str) -> None:
    """This browser holds the link's holder's games from now on (its cookie: the link)."""
    request._held = Held(holder, token)
    request._holder_cookie = token


def room_for(user: Any, count: int = 1) -> bool:
    """Whether `count` more games fit: a visitor keeps at most GAMES_PER_VISITOR, a browser
    that holds nothing yet (its first game or import) included. An account has no limit."""
    if user.is_authenticated:
        return True
    kept = (
        Game._base_manager.filter(owner_id=user.account_id).count()
        if isinstance(user, Visitor)
        else 0
    )
    return kept + count <= GAMES_PER_VISITOR


def limit_reached() -> str:
    """What a visitor whose browser holds as many games as it may is told."""
    return _(
        "This phone keeps %(most)s games without an account, the most it may. Create an"
        " account (free, a username and a password) to keep them and start more."
    ) % {"most": GAMES_PER_VISITOR}


def is_stand_in(user: Any) -> bool:
    """An account that stands in for a browser's visitor (never a person's own)."""
    return bool(user is not None and user.get_username().startswith(STAND_IN_PREFIX))


# ---- on every request --------------------------------------------------------------------------


class HolderMiddleware:
    """request.user becomes the Visitor of the browser's holder when nobody is logged in
    (looked up only when a page asks, and only when the cookie is there); the cookie is set,
    renewed, or dropped once its holder moved to an account or is unknown."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if COOKIE in request.COOKIES:
            user = request.user
            request.user = SimpleLazyObject(lambda: _visitor_or(request, user))
        response = self.get_response(request)
        return _cookie(request, response)


def _visitor_or(request: HttpRequest, user: Any) -> Any:
    if user.is_authenticated:
        return user
    found = held(request)
    return Visitor(found.holder) if found is not None else user


def _cookie(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    token = getattr(request, "_holder_cookie", None)
    if getattr(request, "_holder_gone", False):
        response.delete_cookie(COOKIE, samesite="Lax")
    elif token is not None:
        _set(response, token)
    elif COOKIE in request.COOKIES and hasattr(request, "_held"):
        if request._held is None:  # moved to an account, or unknown
            response.delete_cookie(COOKIE, samesite="Lax")
        else:  # used: kept another 400 days from now
            _set(response, request.COOKIES[COOKIE])
    return response


def _set(response: HttpResponse, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=COOKIE_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


# ---- what the pages say ------------------------------------------------------------------------


def context(request: HttpRequest) -> dict[str, Any]:
    """`keeps_games`: the person has games of their own (an account, or a visitor's browser);
    `visitor_link`: a visitor's private link (absolute), "" for anyone else; `held_games`:
    how many games this browser holds without an account. Both worked out only where a page
    says them."""
    return {
        "keeps_games": SimpleLazyObject(lambda: keeps_games(request.user)),
        "visitor_link": SimpleLazyObject(lambda: _link_url(request)),
        "held_games": SimpleLazyObject(lambda: _held_count(request)),
    }


def _link_url(request: HttpRequest) -> str:
    token = private_link_token(request) if isinstance(request.user, Visitor) else None
    return request.build_absolute_uri(reverse("private_link", args=[token])) if token else ""


def _held_count(request: HttpRequest) -> int:
    if request.user.is_authenticated or COOKIE not in request.COOKIES:
        return 0
    found = held(request)
    if found is None:
        return 0
    return Game.objects.filter(owner_id=found.holder.account_id).count()


def owner_for_new_games(request: HttpRequest, form: forms.Form, count: int = 1) -> Any:
    """The account new games are kept under: the person's, or their browser's holder's stand-in
    (a holder is made for someone who has none yet). None, with the reason at the top of
    `form`, when a visitor's browser holds as many games as it may, or too many visitors
    started from this address within the hour."""
    if not keeps_games(request.user) and not may_start(request, count):
        form.add_error(
            None,
            _(
                "Too many games were started without an account from this network in the last"
                " hour. Log in or create an account to start one now, or try again later."
            ),
        )
        return None
    if not room_for(request.user, count):
        form.add_error(
            None,
            limit_reached(),
        )
        return None
    if not keeps_games(request.user):
        start(request)
    return person(request.user)
