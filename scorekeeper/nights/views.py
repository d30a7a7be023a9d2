"""A game night's pages for its organiser and the group: new night, the night with its rounds and
tables (swaps, people coming and going, late deals, ending and taking an end back), cards to
print, the results and their CSV. A table's phone: phone.py; the big screen: screen.py.

Every change is a POST (Django's CSRF check) and asks nights/access.py first: the group's admins
and the night's organiser run a night, its members see it, anyone else gets 404.
"""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper import registry
from scorekeeper.games import posted
from scorekeeper.transfer import csv_cells

from . import late, people, services
from .access import group_for, night_for
from .addresses import loopback_host, public_url
from .forms import (
    ArrivalForm,
    LeaveForm,
    NightForm,
    RankingForm,
    SubstituteForm,
    SwapForm,
    looks_like_another,
)
from .models import LateDeal, Night
from .presenters import late_deals, night_context
from .stamps import night_stamp


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
    nights = list(Night.objects.filter(group=group).prefetch_related("round_set"))
    for night in nights:
        night.entry = registry.GAMES.get(night.kind)
        rounds = list(night.round_set.all())
        night.latest = rounds[-1] if rounds else None
    context = {"group": group, "nights": nights, "is_admin": group.my_role == "admin"}
    return render(request, "nights/list.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def night_new(request: HttpRequest, group_pk: int) -> HttpResponse:
    group = group_for(request, group_pk, admin=True)
    key = request.POST.get("game") or request.GET.get("game") or next(iter(registry.GAMES))
    entry = registry.game_or_404(key)
    form = NightForm(request.POST or None, game=entry, group=group)
    if request.method == "POST" and request.htmx and request.POST.get("preview"):
        form.is_valid()  # only to say how the first round would seat them
        return render(request, "nights/new.html#preview", {"form": form})
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
            sizes=d.get("sizes") or (),
            mixed_modes=d.get("mixed_modes") or (),
            round_minutes=d.get("round_minutes"),
            ranking=d["ranking"],
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
    for link in night.links.filter(revoked_at__isnull=True).order_by("number"):
        url = public_url(request, reverse("night_table", args=[link.token]))
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


def _people_forms(night: Night, played, context: dict) -> dict:
    """The forms for people coming and going, for the night as it stands."""
    here = services.present_for(night, 10**4)
    forms = {"arrival": ArrivalForm(), "leave": LeaveForm(names=sorted(here, key=str.lower))}
    if played is not None and played.started_at is not None and played.ended_at is None:
        unfinished = [t for t in context["current"]["tables"] if not t.get("finished")]
        seated = sorted((n for t in unfinished for n in t["names"]), key=str.lower)
        at_tables = {n.casefold() for t in context["current"]["tables"] for n in t["names"]}
        free = sorted((n for n in here if n.casefold() not in at_tables), key=str.lower)
        if seated:
            forms["substitute"] = SubstituteForm(seated=seated, free=free)
    return forms


def _live_context(night: Night, stamp: str) -> dict:
    """The live part's context, under the stamp read before it (a change meanwhile makes the
    next ask draw it again; a stamp read after would hide it): the night too is read again."""
    night.refresh_from_db()
    context = night_context(night)
    context["late"] = late_deals(night) if night.runs else []
    context["stamp"] = stamp
    return context


def _detail(request: HttpRequest, night: Night, status: int = 200, **forms) -> HttpResponse:
    """The night's page; `forms`: a form sent back with what is wrong at its fields."""
    context = _live_context(night, night_stamp(night.pk))
    drawn = context["round"]
    context["take_back"] = services.end_to_take_back(night) if night.runs else None
    if night.runs and night.ended_at is None:
        context["links"] = _links(request, night)
        if drawn is not None and drawn.started_at is None:
            names = sorted(_swap_names(drawn), key=str.lower)
            context["swap"] = SwapForm(names=names)
        context.update(_people_forms(night, drawn, context))
        context["ranking_form"] = RankingForm(initial={"ranking": night.ranking})
    if night.runs and night.watch_revoked_at is None:  # after the night too: to revoke it
        screen = public_url(request, reverse("night_screen", args=[night.watch_token]))
        context["screen_url"] = screen
        context["loopback"] = loopback_host(screen)
    context.update({k: v for k, v in forms.items() if v is not None})
    return render(request, "nights/detail.html", context, status=status)


@require_GET
@login_required
def night_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser's page asks every few seconds: 204 while nothing changed; the page again
    (HX-Refresh) when the night moved on to another round or state; else its live part (the
    tables' scores, late deals, standings)."""
    night = night_for(request, pk)
    services.advance(night)
    stamp = night_stamp(night.pk)
    shown = request.GET.get("v", "")
    if shown == stamp:
        response = HttpResponse(status=204)
    elif shown.split(":", 1)[0] != stamp.split(":", 1)[0]:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
    else:
        context = _live_context(night, stamp)
        context["oob"] = True  # the standings beside the live part
        response = render(request, "nights/detail.html#live", context)
    response["Cache-Control"] = "no-store"
    return response


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
            return _detail(request, night, status=400, swap=form)  # what is wrong, at its field
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


def _confirmed(
    request: HttpRequest, night: Night, question: str, *, said: str = "", yes: str = ""
) -> HttpResponse | None:
    """An end (or a revoked link) is asked once: the page's own button says "yes"; any other
    POST (an old page, a stray tap) gets the question on a page of its own, with what it does
    (`said`) and its button (`yes`) if not an end's. None when confirmed."""
    if request.POST.get("confirm") == "yes":
        return None
    context = {"night": night, "question": question, "action": request.path}
    context.update({"said": said, "yes": yes})
    context["round_number"] = request.POST.get("round", "")
    return render(request, "nights/confirm.html", context)


@require_POST
@login_required
def night_end_round(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    played = services.current_round(night)
    if _stale(request, night, played):
        return redirect("night", pk=night.pk)
    if played is None or played.started_at is None or played.ended_at is not None:
        return redirect("night", pk=night.pk)
    asked = _confirmed(request, night, _("End round %(number)s now?") % {"number": played.number})
    if asked is not None:
        return asked
    services.end_round(night)
    night.refresh_from_db(fields=["ended_at"])
    if night.ended_at is not None:
        said = _("Round %(number)s has ended, and the night with it. You can take it back.")
    else:
        said = _("Round %(number)s has ended. Take it back until the next round starts.")
    messages.success(request, said % {"number": played.number})
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_end(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    if night.ended_at is not None:
        messages.info(request, _("The night was already over."))
        return redirect("night_results", pk=night.pk)
    asked = _confirmed(request, night, _("End the night now?"))
    if asked is not None:
        return asked
    services.end_night(night)
    messages.success(
        request,
        _("The night is over: the table links no longer keep score. You can take it back."),
    )
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_take_back(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    done = services.take_back_end(night, shown=request.POST.get("end", ""))
    if done is None:
        messages.error(request, _("That end can no longer be taken back: nothing was changed."))
    elif done[0] == services.NIGHT:
        messages.success(request, _("The night goes on: its end was taken back."))
    else:
        messages.success(
            request,
            _("Round %(number)s goes on: its end was taken back.") % {"number": done[1].number},
        )
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_link_renew(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    if night.ended_at is None and night.links.filter(number=number).exists():
        words = {"number": number}
        asked = _confirmed(
            request,
            night,
            _("Revoke table %(number)s's link?") % words,
            said=_(
                "The phone keeping table %(number)s's score stops at once and is told it is no "
                "longer the table's; the table's game stays. Give the table its new card."
            )
            % words,
            yes=_("Yes, revoke it"),
        )
        if asked is not None:
            return asked
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
    """One page to print: a card per table, its number and QR code, for every round."""
    night = night_for(request, pk, run=True)
    context = night_context(night)
    context["links"] = _links(request, night)
    context["loopback"] = next(
        (loopback_host(link["url"]) for link in context["links"].values()), ""
    )
    return render(request, "nights/cards.html", context)


# ---- people coming and going ------------------------------------------------------------------


def _said_change(change: people.Change, arrived: bool) -> str:
    if arrived and change.redrawn:
        return _("%(name)s is here: round %(number)s was drawn again with them.") % {
            "name": change.name,
            "number": change.redrawn,
        }
    if arrived:
        return _("%(name)s is here: drawn from round %(number)s on.") % {
            "name": change.name,
            "number": change.from_round,
        }
    if change.redrawn:
        return _("%(name)s has left: round %(number)s was drawn again without them.") % {
            "name": change.name,
            "number": change.redrawn,
        }
    if change.at_table:
        return _(
            "%(name)s has left and is never drawn again. They still sit at table %(table)s: "
            "put someone in their seat, or the table plays on."
        ) % {"name": change.name, "table": change.at_table}
    return _("%(name)s has left: never drawn again; their tables stay theirs.") % {
        "name": change.name
    }


def _not_now(request: HttpRequest, error: people.NotNow) -> None:
    messages.error(request, _("Nothing was changed: %(why)s.") % {"why": error})


@require_POST
@login_required
def night_arrive(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    form = ArrivalForm(request.POST)
    if form.is_valid():
        known = list(night.group.players.values_list("name", flat=True))
        same = looks_like_another(form.cleaned_data["name"], known)
        if same is not None:
            form.add_error("name", same)
    if not form.is_valid():
        return _detail(request, night, status=400, arrival=form)
    try:
        change = people.arrive(night, form.cleaned_data["name"], by=request.user)
    except people.NotNow as e:
        _not_now(request, e)
    else:
        messages.success(request, _said_change(change, arrived=True))
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_leave(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    form = LeaveForm(request.POST, names=services.present_for(night, 10**4))
    if not form.is_valid():
        return _detail(request, night, status=400, leave=form)
    try:
        change = people.leave(night, form.cleaned_data["name"])
    except people.NotNow as e:
        _not_now(request, e)
    else:
        messages.success(request, _said_change(change, arrived=False))
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_substitute(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    context = night_context(night)
    forms = _people_forms(night, context["round"], context) if night.ended_at is None else {}
    if "substitute" not in forms:
        messages.error(request, _("No table is playing: nobody can take a seat now."))
        return redirect("night", pk=night.pk)
    empty = forms["substitute"]
    seated = [value for value, _label in empty.fields["out"].choices]
    free = [value for value, _label in empty.fields["into"].choices if value]
    form = SubstituteForm(request.POST, seated=seated, free=free)
    if not form.is_valid():
        return _detail(request, night, status=400, substitute=form)
    d = form.cleaned_data
    try:
        table, _seat, deal = people.substitute(
            night, d["out"], d["who"], by=request.user, leaves=d["leaves"]
        )
    except people.NotNow as e:
        _not_now(request, e)
    else:
        messages.success(
            request,
            _("%(into)s plays %(out)s's seat at table %(table)s from deal %(deal)s.")
            % {"into": d["who"], "out": d["out"], "table": table, "deal": deal},
        )
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_ranking(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    form = RankingForm(request.POST)
    if form.is_valid():
        Night.objects.filter(pk=night.pk).update(ranking=form.cleaned_data["ranking"])
        services.touch(night)
    return redirect(
        posted.back_to(request, request.POST.get("next")) or reverse("night", args=[pk])
    )


# ---- late deals -------------------------------------------------------------------------------


def _late_of(request: HttpRequest, night: Night, late_pk: int) -> LateDeal | None:
    found = night.late_deals.filter(pk=late_pk).select_related("table__round").first()
    if found is None or found.state != LateDeal.WAITING:
        messages.info(request, _("That late deal was dealt with already."))
        return None
    return found


@require_POST
@login_required
def night_late_add(request: HttpRequest, pk: int, late_pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    found = _late_of(request, night, late_pk)
    if found is not None:
        words = {"number": found.number, "table": found.table.number}
        try:
            late.add(found, by=request.user)
        except late.Refused as e:
            messages.error(
                request,
                _("Deal %(number)s of table %(table)s was not added: %(why)s")
                % {**words, "why": e},
            )
        else:
            messages.success(
                request, _("Deal %(number)s was added to table %(table)s's game.") % words
            )
    return redirect("night", pk=night.pk)


@require_POST
@login_required
def night_late_discard(request: HttpRequest, pk: int, late_pk: int) -> HttpResponse:
    night = night_for(request, pk, run=True)
    found = _late_of(request, night, late_pk)
    if found is not None:
        late.discard(found, by=request.user)
        messages.success(
            request,
            _("Deal %(number)s of table %(table)s was discarded.")
            % {"number": found.number, "table": found.table.number},
        )
    return redirect("night", pk=night.pk)


# ---- results ----------------------------------------------------------------------------


@require_GET
@login_required
def night_results(request: HttpRequest, pk: int) -> HttpResponse:
    night = night_for(request, pk)
    context = night_context(night, meetings_too=True)
    if night.runs:
        context["ranking_form"] = RankingForm(initial={"ranking": night.ranking})
    return render(request, "nights/results.html", context)


@require_GET
@login_required
def night_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Standings, then who partnered and who met whom, as CSV."""
    night = night_for(request, pk)
    context = night_context(night, meetings_too=True)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="night-{night.pk}.csv"'
    writer = csv_cells.writer(response)
    measure = context["measure"]
    writer.writerow(
        [
            "place",
            "player",
            "tables",
            "won",
            measure,
            "sat out",
            "drawn",
            f"{measure} per table",
            "left",
        ]
    )
    for place, row in enumerate(context["standings"], start=1):
        writer.writerow(
            [
                place,
                row.name,
                row.played,
                row.won,
                row.figure,
                row.sat_out,
                row.drawn,
                f"{row.per_table:.2f}",
                "yes" if row.left else "",
            ]
        )
    writer.writerow([])
    writer.writerow(["player", "player", "partners", "opponents"])
    for pair in context["pairs"]:
        writer.writerow([pair["a"], pair["b"], pair["partnered"], pair["opposed"]])
    return response
