"""A game night's pages: the organiser's (new night, the night with its rounds and tables,
swaps, cards to print), the results and their CSV, a table's keep-score link, and the big
screen for the room.

Every change is a POST (Django's CSRF check) and asks nights/access.py first: the group's admins
and the night's organiser run a night, its members see it, anyone else gets 404.
"""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Max, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper import registry
from scorekeeper.games import access as game_access
from scorekeeper.games import csv_cells, posted
from scorekeeper.games.live import POLL_SECONDS

from . import follow, services
from .access import group_for, night_for
from .forms import NightForm, PhoneNameForm, SwapForm
from .models import Night, TableLink
from .presenters import night_context, screen_context


def _qr_svg(url: str) -> str:
    """The link as a QR code, an inline SVG on its own white ground (readable in dark mode)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, border=2, dark="#000", light="#fff", omitsize=True
    )  # a viewBox, no fixed size: the page scales it
    return mark_safe(svg)  # noqa: S308 (segno's own markup of our own URL)


# ---- the group's nights and a new one -------------------------------------------------------


@require_GET
@login_required
def night_list(request: HttpRequest, group_pk: int) -> HttpResponse:
    group = group_for(request, group_pk)
    nights = Night.objects.filter(group=group)
    context = {"group": group, "nights": nights, "is_admin": group.my_role == "admin"}
    return render(request, "nights/list.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def night_new(request: HttpRequest, group_pk: int) -> HttpResponse:
    group = group_for(request, group_pk, admin=True)
    key = request.POST.get("game") or request.GET.get("game") or next(iter(registry.GAMES))
    entry = registry.game_or_404(key)
    form = NightForm(request.POST or None, game=entry, group=group)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        night = services.create_night(
            group=group,
            organiser=request.user,
            played_on=d["played_on"],
            kind=entry.key,
            mode=d.get("mode"),
            house_rules=d["house_rules"],
            rounds=d["rounds"],
            seating_method=d["seating"],
            names=d["names"],
        )
        return redirect("night", pk=night.pk)
    context = {
        "group": group,
        "form": form,
        "entry": None,
        "game": entry,
        "registered": list(registry.GAMES.values()),
    }
    return render(request, "nights/new.html", context)


# ---- the night: rounds, tables, links ---------------------------------------------------------


def _links(request: HttpRequest, night: Night) -> dict[int, dict]:
    out = {}
    for link in night.links.filter(revoked_at__isnull=True):
        url = request.build_absolute_uri(reverse("night_table", args=[link.token]))
        out[link.number] = {"url": url, "qr": _qr_svg(url), "number": link.number}
    return out


@require_GET
@login_required
def night_detail(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk)
    services.advance(night)
    return _detail(request, night)


def _swap_names(played) -> list[str]:
    return [n for t in played.tables for n in t] + played.sitting_out if played else []


def _detail(request: HttpRequest, night: Night, swap: SwapForm | None = None) -> HttpResponse:
    """The night's page; `swap` a swap form sent back with what is wrong at its fields."""
    context = night_context(night)
    if night.runs:
        context["links"] = _links(request, night)
        if night.watch_revoked_at is None:
            screen = reverse("night_screen", args=[night.watch_token])
            context["screen_url"] = request.build_absolute_uri(screen)
        drawn = context["round"]
        if drawn is not None and drawn.started_at is None:
            names = sorted(_swap_names(drawn), key=str.lower)
            context["swap"] = swap or SwapForm(names=names)
    return render(request, "nights/detail.html", context, status=400 if swap else 200)


def _stale(request: HttpRequest, night: Night, played) -> bool:
    """The organiser's page showed another round than the night's current one (another phone
    moved the night on, or the page is old): nothing is done, and they are told so."""
    shown = posted.number(request.POST.get("round"))
    if shown is None or (played is not None and played.number == shown):
        return False
    messages.error(
        request,
        _(
            "The night has moved on from round %(shown)s: nothing was changed. Here is the "
            "night as it is now."
        )
        % {"shown": shown},
    )
    return True


@require_POST
@login_required
def night_swap(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    played = services.current_round(night)
    if _stale(request, night, played):
        return redirect("night", pk=night.pk)
    form = SwapForm(request.POST, names=sorted(_swap_names(played), key=str.lower))
    if not form.is_valid():
        if played is not None and played.started_at is None and night.ended_at is None:
            return _detail(request, night, swap=form)  # what is wrong, at its field
        messages.error(request, _("The round has started: seats no longer change."))
        return redirect("night", pk=night.pk)
    try:
        services.swap(night, form.cleaned_data["a"], form.cleaned_data["b"])
    except ValueError:
        messages.error(request, _("The round has started: seats no longer change."))
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_start(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    played = services.current_round(night)
    if _stale(request, night, played):
        return redirect("night", pk=night.pk)
    if played is not None and played.started_at is not None and night.ended_at is None:
        # A second tap, or a second organiser's phone: the round started once.
        messages.info(
            request, _("Round %(number)s has already started.") % {"number": played.number}
        )
    services.start_round(night)
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_end_round(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    if not _stale(request, night, services.current_round(night)):
        services.end_round(night)
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_end(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    if night.ended_at is not None:
        messages.info(request, _("The night was already over."))
        return redirect("night_results", pk=night.pk)
    services.end_night(night)
    messages.success(request, _("The night is over: the table links no longer work."))
    return redirect("night_results", pk=night.pk)


@require_POST
@login_required
def night_link_renew(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    if night.ended_at is None and night.links.filter(number=number).exists():
        services.renew_link(night, number)
        messages.success(
            request,
            _("Table %(number)s has a new link: the old one no longer works.") % {"number": number},
        )
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_screen_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    """The big screen's link stops working, also after the night (its results stay on it)."""
    night = night_for(request, pk, run=True)
    services.revoke_screen(night)
    messages.success(request, _("The big screen's link no longer works."))
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_screen_renew(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    services.renew_screen(night)
    messages.success(request, _("The big screen has a new link: the old one no longer works."))
    return redirect("night", pk=night.pk)


@require_GET
@login_required
def night_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """One page to print: a card per table with its number, seats and QR code."""
    night = night_for(request, pk, run=True)
    context = night_context(night)
    context["links"] = _links(request, night)
    return render(request, "nights/cards.html", context)


# ---- results ----------------------------------------------------------------------------


@require_GET
@login_required
def night_results(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk)
    return render(request, "nights/results.html", night_context(night, meetings=True))


@require_GET
@login_required
def night_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Standings, then who partnered and who met whom, as CSV."""
    night = night_for(request, pk)
    context = night_context(night, meetings=True)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="night-{night.pk}.csv"'
    writer = csv_cells.writer(response)
    writer.writerow(["place", "player", "tables", "won", context["measure"], "sat out"])
    for place, row in enumerate(context["standings"], start=1):
        writer.writerow([place, row.name, row.played, row.won, row.figure, row.sat_out])
    writer.writerow([])
    writer.writerow(["player", "player", "partners", "opponents"])
    for pair in context["pairs"]:
        writer.writerow([pair["a"], pair["b"], pair["partnered"], pair["opposed"]])
    return response


# ---- a table's keep-score link (no account) ---------------------------------------------------


def _live_table_link(token: str) -> TableLink:
    link = (
        TableLink.objects.select_related("night")
        .filter(token=token, revoked_at__isnull=True, night__ended_at__isnull=True)
        .first()
    )
    if link is None:
        raise Http404("No such link.")
    return link


@require_http_methods(["GET", "POST"])
def night_table(request: HttpRequest, token: str) -> HttpResponse:
    """The phone at a table: its name once, then the table's game of the round in play (the
    ordinary game page, with scorekeeper rights to that game only). Between rounds it waits
    here and opens the table's next game by itself once the organiser starts the round."""
    link = _live_table_link(token)
    night = link.night
    services.advance(night)
    if night.ended_at is not None:
        raise Http404("No such link.")  # the last round just ended: the links stopped
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
        game_access.grant_table(request, share, known, follow=following)
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
) -> dict:
    url = reverse("night_table_follow", args=[token]) + f"?v={where.stamp}"
    if page_game is not None:
        url += f"&game={page_game}" + ("&ro=1" if read_only else "")
    return {
        "where": where,
        "follow_url": url,
        "table_url": reverse("night_table", args=[token]),
        "on_game_page": page_game is not None,
        "phone_name": phone_name,
        "fixed_teams": registry.game(night.kind).rules.fixed_teams,
    }


@require_GET
def night_table_follow(request: HttpRequest, token: str) -> HttpResponse:
    """The table phone's poll (its game page and its waiting page): 204 while what it is told
    has not changed; else the note of where its table is now. On the waiting page a started
    round's game opens by itself. A link revoked or a night ended says so once, and the
    polling stops."""
    link = TableLink.objects.select_related("night").filter(token=token).first()
    if link is None:
        raise Http404("No such link.")
    night = link.night
    if link.revoked_at is None and night.ended_at is None:
        services.advance(night)
    if link.revoked_at is not None or night.ended_at is not None:
        response = render(request, "nights/follow.html", {"gone": True})
        response["Cache-Control"] = "no-store"
        return response
    page_game = posted.number(request.GET.get("game"))
    known = request.session.get(game_access.PHONE_NAME_KEY, "")
    where = follow.follow(night, link.number, known, page_game)
    read_only = request.GET.get("ro") == "1"  # the game page shows no form
    if request.GET.get("v") == where.stamp:
        response = HttpResponse(status=204)
    elif page_game is None and where.state == follow.READY:
        response = HttpResponseClientRedirect(reverse("night_table", args=[token]))
    else:
        context = {"number": link.number, "night": night}
        context.update(_follow_context(night, token, where, page_game, known, read_only))
        response = render(request, "nights/follow.html", context)
        if where.closed and not read_only:
            # The page's round has ended: it loads again without its form, undo and edits
            # (the server refuses them), and then shows this note.
            response["HX-Refresh"] = "true"
    response["Cache-Control"] = "no-store"
    return response


# ---- the big screen ---------------------------------------------------------------------------


def _screen_night(token: str) -> Night:
    night = (
        Night.objects.select_related("group")
        .filter(watch_token=token, watch_revoked_at__isnull=True)
        .first()
    )
    if night is None:
        raise Http404("No such screen.")
    return night


def screen_stamp(token: str) -> str | None:
    """What the big screen shows, in one query: the night's own change and its tables'
    versions (None: no such night)."""
    row = (
        Night.objects.filter(watch_token=token, watch_revoked_at__isnull=True)
        .annotate(
            tables=Count("round_set__table_set"),
            versions=Sum("round_set__table_set__game__version"),
            changed=Max("round_set__table_set__game__updated_at"),
        )
        .values_list("updated_at", "tables", "versions", "changed")
        .first()
    )
    if row is None:
        return None
    night_at, tables, versions, changed = row
    latest = changed.timestamp() if changed else 0
    return f"{night_at.timestamp():.6f}.{tables}.{versions or 0}.{latest:.6f}"


@require_GET
def night_screen(request: HttpRequest, token: str) -> HttpResponse:
    night = _screen_night(token)
    services.advance(night)
    context = screen_context(night)
    context.update({"token": token, "stamp": screen_stamp(token), "poll_seconds": POLL_SECONDS})
    response = render(request, "nights/screen.html", context)
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
    night = _screen_night(token)
    services.advance(night)
    context = screen_context(night)
    context.update({"token": token, "stamp": screen_stamp(token), "poll_seconds": POLL_SECONDS})
    return render(request, "nights/screen.html#body", context)
