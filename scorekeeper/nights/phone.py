"""A table's phone, without an account: the table link (`/table/<token>/`), where the table goes
next (its poll), and the late deals it hands over when a deal it kept offline reached the server
after the table's round had ended.

A link that no longer works says why and what to do next (the night is over: its results; the
table has a new card: ask the organiser), never a bare 404; the game page it is on loses its
form at once.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper import registry
from scorekeeper.core import json_text
from scorekeeper.games import access as game_access
from scorekeeper.games import posted
from scorekeeper.games.models import ShareLink

from . import follow, late, services
from .forms import PhoneNameForm
from .models import LateDeal, Night, Table, TableLink
from .presenters import clock, night_context

GONE_OVER = "over"  # the night has ended
GONE_REPLACED = "replaced"  # the organiser gave this table a new card


def _link(token: str) -> TableLink:
    link = TableLink.objects.select_related("night__group").filter(token=token).first()
    if link is None:
        raise Http404("No such link.")
    return link


def _gone(link: TableLink) -> str | None:
    if link.revoked_at is not None:
        return GONE_REPLACED
    if link.night.ended_at is not None:
        return GONE_OVER
    return None


def _gone_page(request: HttpRequest, link: TableLink, why: str) -> HttpResponse:
    """Why this link no longer keeps score, and the next step: the results (the final
    standings are here too, for the room), or the table's new card."""
    context = night_context(link.night) if why == GONE_OVER else {"night": link.night}
    context.update({"why": why, "number": link.number})
    response = render(request, "nights/gone.html", context, status=410)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_http_methods(["GET", "POST"])
def night_table(request: HttpRequest, token: str) -> HttpResponse:
    """The phone at a table: its name once, then the table's game of the round in play (the
    ordinary game page, with scorekeeper rights to that game only). Before and between rounds
    it waits here and opens the table's next game by itself once the organiser starts it."""
    link = _link(token)
    night = link.night
    if _gone(link) is None:
        services.advance(night)
        night.refresh_from_db(fields=["ended_at"])
    why = _gone(link)
    if why is not None:
        return _gone_page(request, link, why)
    known = request.session.get(game_access.PHONE_NAME_KEY, "")
    form = PhoneNameForm(request.POST or None, initial={"name": known})
    if request.method == "POST" and form.is_valid():
        known = form.cleaned_data["name"]
        request.session[game_access.PHONE_NAME_KEY] = known
        return redirect("night_table", token=token)
    where = follow.follow(night, link.number, known, None)
    share = services.table_game_link(link)
    if known and share is not None and share.game_id == where.game_pk:
        # This round's game of this table only (playing, or finished: its final score).
        following = reverse("night_table_follow", args=[token])
        late_url = reverse("night_table_late", args=[share.game_id])
        game_access.grant_table(request, share, known, follow=following, late=late_url)
        if where.state == follow.READY and request.method == "GET":
            return redirect("game", pk=share.game_id)
    context = night_context(night)
    context.update({"form": form, "number": link.number, "named": bool(known), "token": token})
    context.update(_follow_context(night, token, where, None, known))
    response = render(request, "nights/table.html", context)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _follow_context(
    night: Night,
    token: str,
    where: follow.Follow,
    page_game: int | None,
    phone_name: str,
    read_only: bool = False,
    typing: bool = False,
) -> dict:
    # A page told of its round's end while typing asks again (its stamp then never current).
    stamp = f"typing-{where.stamp}" if typing else where.stamp
    url = reverse("night_table_follow", args=[token]) + f"?v={stamp}"
    if page_game is not None:
        url += f"&game={page_game}" + ("&ro=1" if read_only else "")
    return {
        "where": where,
        "follow_url": url,
        "table_url": reverse("night_table", args=[token]),
        "on_game_page": page_game is not None,
        "phone_name": phone_name,
        "fixed_teams": registry.game(night.kind).rules.fixed_teams,
        "clock": clock(services.current_round(night)) if where.clock else None,
    }


@require_GET
def night_table_follow(request: HttpRequest, token: str) -> HttpResponse:
    """The table phone's poll (its game page and its waiting page): 204 while what it is told
    has not changed; else the note of where its table is now. On the waiting page a started
    round's game opens by itself. A link that stopped working says why once and takes the game
    page's form away; revoked, the polling stops. The night over, it goes on asking (204 while
    the night stays over): the organiser may take the end back, and the page comes back with
    its form."""
    link = _link(token)
    night = link.night
    if _gone(link) is None:
        services.advance(night)
        night.refresh_from_db(fields=["ended_at"])
    why = _gone(link)
    page_game = posted.number(request.GET.get("game"))
    if why is not None:
        context = {"gone": why, "number": link.number, "on_game_page": page_game is not None}
        if why == GONE_OVER:
            stamp = f"over-{night.ended_at.timestamp()}"
            if request.GET.get("v") == stamp:
                response = HttpResponse(status=204)
                response["Cache-Control"] = "no-store"
                return response
            # The form is gone from the game page: read-only, it loads again once the end is
            # taken back (below).
            url = reverse("night_table_follow", args=[token]) + f"?v={stamp}"
            if page_game is not None:
                url += f"&game={page_game}&ro=1"
            context["follow_url"] = url
        response = render(request, "nights/follow.html", context)
        response["Cache-Control"] = "no-store"
        return response
    known = request.session.get(game_access.PHONE_NAME_KEY, "")
    where = follow.follow(night, link.number, known, page_game)
    read_only = request.GET.get("ro") == "1"  # the game page shows no form
    if request.GET.get("v") == where.stamp:
        response = HttpResponse(status=204)
    elif page_game is None and where.state == follow.READY:
        response = HttpResponseClientRedirect(reverse("night_table", args=[token]))
    else:
        # The form holds a deal being entered (live.js): the page keeps it; saved, it goes to
        # the organiser as a late deal (offline.js). Asked again until it is no longer there.
        typing = where.closed and not read_only and request.GET.get("dirty") == "1"
        context = {"number": link.number, "night": night, "typing": typing}
        context.update(_follow_context(night, token, where, page_game, known, read_only, typing))
        response = render(request, "nights/follow.html", context)
        if where.closed and not read_only and not typing:
            # The page's round has ended: it loads again without its form, undo and edits
            # (the server refuses them), and then shows this note.
            response["HX-Refresh"] = "true"
        elif read_only and where.state == follow.PLAYING:
            # The end of its round was taken back: the page loads again with its form.
            response["HX-Refresh"] = "true"
    response["Cache-Control"] = "no-store"
    return response


# ---- a late deal, handed over by the phone -------------------------------------------------


def _late_words(found: LateDeal) -> dict[str, str]:
    words = {"number": found.number}
    if found.state == LateDeal.ADDED:
        said = _("The organiser added deal %(number)s to the game.")
        badge = _("added by the organiser")
    elif found.state == LateDeal.DISCARDED:
        said = _("The organiser discarded deal %(number)s: it is not in the game.")
        badge = _("discarded by the organiser")
    else:
        said = _(
            "Deal %(number)s reached the server after this table's round had ended, so it was "
            "not recorded. It stays on this phone, and the organiser has it: they can add it "
            "to the game."
        )
        badge = _("with the organiser")
    return {"state": found.state, "said": said % words, "badge": badge}


@require_POST
def night_table_late(request: HttpRequest, pk: int) -> HttpResponse:
    """A phone's entry refused because its table's round had ended (the games' answer names
    this address): kept here for the organiser, once. The answer says where it stands, and
    the phone asks again on later loads (the same entry: the same answer)."""
    token = (request.session.get(game_access.TABLE_LINKS_KEY) or {}).get(str(pk))
    share = None
    if token and pk <= game_access.BIGGEST_ID:
        share = ShareLink.objects.filter(
            game_id=pk, token=token, kind=ShareLink.TABLE, revoked_at__isnull=True
        ).first()
    table = Table.objects.select_related("round").filter(game_id=pk).first() if share else None
    if table is None:
        raise Http404("No such table.")
    if share.closed_at is None:
        return JsonResponse({"state": "open"}, status=409)  # the game takes it: send it there
    kind = request.POST.get("kind")
    number = posted.number(request.POST.get("number"))
    try:
        fields = late.clean_fields(json_text.loads(request.POST.get("fields", "")))
    except ValueError:
        fields = None
    if kind not in late.KINDS or number is None or fields is None:
        return JsonResponse({"state": "refused"}, status=400)
    try:
        found, new = late.receive(
            table,
            kind=kind,
            number=number,
            fields=fields,
            summary=request.POST.get("summary", ""),
            by_name=request.session.get(game_access.PHONE_NAME_KEY, ""),
        )
    except late.Full:  # the phone keeps it, and says so
        said = _(
            "The organiser has %(most)s deals of this table waiting already: this one stays on"
            " this phone until they have added or discarded some."
        ) % {"most": late.MAX_WAITING_PER_TABLE}
        return JsonResponse({"state": "refused", "said": said}, status=429)
    if new:  # the organiser's page shows it
        Night.objects.filter(pk=table.round.night_id).update(updated_at=found.received_at)
    response = JsonResponse(_late_words(found))
    response["Cache-Control"] = "no-store"
    return response
