"""The big screen for the room (`/screen/<token>/`, no account): every table's score live, a
finished round's final scores and then the next round's seats, the round's clock, the night's
standings, and its podium once it is over (presenters.screen_context). It asks every 2 seconds;
while nothing changed the answer is 204 from one query (stamps.py)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scorekeeper.games.stamps import POLL_SECONDS

from . import services
from .models import Night
from .presenters import screen_context
from .stamps import screen_stamp


def _screen_night(token: str) -> Night:
    night = (  # a link the organiser revoked shows nothing (views.night_screen_revoke)
        Night.objects.select_related("group")
        .filter(watch_token=token, watch_revoked_at__isnull=True)
        .first()
    )
    if night is None:
        raise Http404("No such screen.")
    return night


def _screen(request: HttpRequest, token: str, template: str) -> HttpResponse:
    # The stamp before what it stamps, the night included: a change meanwhile makes the next
    # ask draw the page again, where a stamp read after would say the page is current and the
    # change would never show.
    stamp = screen_stamp(token)
    night = _screen_night(token)
    services.advance(night)
    context = screen_context(night)
    context.update({"token": token, "stamp": stamp, "poll_seconds": POLL_SECONDS})
    return render(request, template, context)


@require_GET
def night_screen(request: HttpRequest, token: str) -> HttpResponse:
    response = _screen(request, token, "nights/screen.html")
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_GET
def night_screen_live(request: HttpRequest, token: str) -> HttpResponse:
    """The big screen's poll: 204 from one query while nothing changed at any table."""
    stamp = screen_stamp(token)
    if stamp is None:
        raise Http404("No such screen.")
    if request.GET.get("v") == stamp:
        response = HttpResponse(status=204)
        response["Cache-Control"] = "no-store"
        return response
    return _screen(request, token, "nights/screen.html#body")
