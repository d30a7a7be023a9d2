"""Seasons pages: standings, partnerships, head-to-head, games and a player's ratings, for one
season or all time; CSV and JSON exports; seasons made and changed by the group's admins.

Only members of a group see anything of it (404 otherwise). Every page that shows results
first brings the group's cache up to date (`sync.sync_group`): that is where results and
ratings are worked out, never while a deal is recorded.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.games import posted
from scorekeeper.games.models import Game, Player
from scorekeeper.groups.models import Group, Membership
from scorekeeper.transfer import imports

from . import charts, exports, standings
from .forms import BundleForm, SeasonForm
from .models import Season
from .ratings import START
from .standings import Scope
from .sync import sync_group

GAMES_SHOWN = 100  # on the games page; the CSV has them all
MEETINGS_SHOWN = 30  # a head-to-head's games listed, newest first


def _group(request: HttpRequest, group_id: int) -> Group:
    """A group the user is a member of (until the live table's permissions: a Membership)."""
    return get_object_or_404(Group.objects.filter(memberships__user=request.user), pk=group_id)


def _is_admin(request: HttpRequest, group: Group) -> bool:
    return Membership.objects.filter(group=group, user=request.user, role="admin").exists()


def _scope(request: HttpRequest, group_id: int, scope: str) -> Scope:
    group = _group(request, group_id)
    if scope == "all-time":
        return Scope(group)
    return Scope(group, get_object_or_404(Season, group=group, pk=int(scope)))


def _context(request: HttpRequest, scope: Scope, page: str, **extra) -> dict:
    return {
        "scope": scope,
        "group": scope.group,
        "season": scope.season,
        "page": page,
        "seasons": list(scope.group.seasons.all()),
        "is_admin": _is_admin(request, scope.group),
        **extra,
    }


def _current(seasons: list[Season]) -> Season | None:
    today = timezone.localdate()
    return next((s for s in seasons if s.contains(today)), None)


@require_GET
@login_required
def index(request: HttpRequest) -> HttpResponse:
    groups = list(Group.objects.filter(memberships__user=request.user).prefetch_related("seasons"))
    admin_of = set(
        Membership.objects.filter(user=request.user, role="admin").values_list(
            "group_id", flat=True
        )
    )
    rows = [
        {
            "group": g,
            "seasons": list(g.seasons.all()),
            "current": _current(list(g.seasons.all())),
            "admin": g.pk in admin_of,
        }
        for g in groups
    ]
    return render(request, "seasons/index.html", {"rows": rows})


@require_GET
@login_required
def scope_standings(request: HttpRequest, group_id: int, scope: str) -> HttpResponse:
    scope_ = _scope(request, group_id, scope)
    sync_group(scope_.group.pk)
    tables = standings.standings(scope_)
    return render(
        request, "seasons/standings.html", _context(request, scope_, "standings", tables=tables)
    )


@require_GET
@login_required
def scope_partnerships(request: HttpRequest, group_id: int, scope: str) -> HttpResponse:
    scope_ = _scope(request, group_id, scope)
    sync_group(scope_.group.pk)
    kinds = standings.partnerships(scope_)
    return render(
        request,
        "seasons/partnerships.html",
        _context(request, scope_, "partnerships", kinds=kinds),
    )


@require_GET
@login_required
def scope_head_to_head(request: HttpRequest, group_id: int, scope: str) -> HttpResponse:
    scope_ = _scope(request, group_id, scope)
    sync_group(scope_.group.pk)
    players = standings.players_of(scope_)
    ids = {pk for pk, _name in players}
    names = dict(players)
    a, b = _int(request.GET.get("a")), _int(request.GET.get("b"))
    versus = meetings = None
    if a in ids and b in ids and a != b:
        versus, meetings = standings.head_to_head(scope_, a, b)
    context = _context(
        request,
        scope_,
        "head-to-head",
        players=players,
        a=a,
        b=b,
        a_name=names.get(a, ""),
        b_name=names.get(b, ""),
        versus=versus,
        meetings=(meetings or [])[:MEETINGS_SHOWN],
        meetings_total=len(meetings or []),
        same=a is not None and a == b,
    )
    return render(request, "seasons/head_to_head.html", context)


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value else None
    except ValueError:
        return None


@require_GET
@login_required
def scope_games(request: HttpRequest, group_id: int, scope: str) -> HttpResponse:
    scope_ = _scope(request, group_id, scope)
    sync_group(scope_.group.pk)
    lines, total = standings.game_list(scope_, limit=GAMES_SHOWN)
    mine = set(
        Game.objects.filter(owner=request.user, pk__in=[g.game_id for g in lines]).values_list(
            "pk", flat=True
        )
    )
    context = _context(request, scope_, "games", lines=lines, total=total, mine=mine)
    return render(request, "seasons/games.html", context)


@require_GET
@login_required
def scope_player(request: HttpRequest, group_id: int, scope: str, player_id: int) -> HttpResponse:
    scope_ = _scope(request, group_id, scope)
    sync_group(scope_.group.pk)
    history = standings.rating_history(scope_, player_id)
    if not history:
        raise Http404("no rated games of this player here")
    player = get_object_or_404(Player, pk=player_id)
    sections = []
    for kind, games in history.items():
        values = [games[0].before, *(g.after for g in games)]
        svg = charts.line_chart(
            [(player.name, [round(v, 2) for v in values])],
            [str(n) for n in range(len(values))],
            y_title=_("rating"),
            x_title=_("game"),
            decimals=1,
        )
        sections.append(
            {
                "kind": kind,
                "name": standings.game_name(kind),
                "games": list(reversed(games)),
                "svg": svg,
                "now": games[-1].after,
                "change": games[-1].after - games[0].before,
            }
        )
    context = _context(request, scope_, "player", player=player, sections=sections, start=START)
    return render(request, "seasons/player.html", context)


# ---- exports --------------------------------------------------------------------------------


def _download(body: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _file_stem(scope: Scope) -> str:
    return f"group-{scope.group.pk}-{'season-' + scope.slug if scope.season else 'all-time'}"


@require_GET
@login_required
def standings_csv(request: HttpRequest, group_id: int, scope: str) -> HttpResponse:
    scope_ = _scope(request, group_id, scope)
    sync_group(scope_.group.pk)
    body = exports.standings_csv(scope_)
    return _download(body, "text/csv; charset=utf-8", f"{_file_stem(scope_)}-standings.csv")


@require_GET
@login_required
def games_csv(request: HttpRequest, group_id: int, scope: str) -> HttpResponse:
    scope_ = _scope(request, group_id, scope)
    sync_group(scope_.group.pk)
    body = exports.games_csv(scope_)
    return _download(body, "text/csv; charset=utf-8", f"{_file_stem(scope_)}-games.csv")


@require_GET
@login_required
def season_json(request: HttpRequest, group_id: int, season_id: int) -> HttpResponse:
    group = _group(request, group_id)
    season = get_object_or_404(Season, group=group, pk=season_id)
    response = JsonResponse(exports.export_season(season), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = (
        f'attachment; filename="group-{group.pk}-season-{season.pk}.json"'
    )
    return response


# ---- what admins change ---------------------------------------------------------------------


def _admin_group(request: HttpRequest, group_id: int) -> Group:
    group = _group(request, group_id)
    if not _is_admin(request, group):
        raise Http404("only the group's admins change its seasons")
    return group


@require_http_methods(["GET", "POST"])
@login_required
def season_new(request: HttpRequest, group_id: int) -> HttpResponse:
    group = _admin_group(request, group_id)
    form = SeasonForm(request.POST or None, group=group)
    if request.method == "POST" and form.is_valid():
        season = form.save(commit=False)
        season.group = group
        season.save()
        messages.success(request, _("Season %(name)s made.") % {"name": season.name})
        return redirect("seasons:standings", group.pk, season.pk)
    return render(request, "seasons/season_form.html", {"form": form, "group": group})


@require_http_methods(["GET", "POST"])
@login_required
def season_edit(request: HttpRequest, group_id: int, season_id: int) -> HttpResponse:
    group = _admin_group(request, group_id)
    season = get_object_or_404(Season, group=group, pk=season_id)
    form = SeasonForm(request.POST or None, instance=season, group=group)
    if request.method == "POST":
        if request.POST.get("delete") == "1":  # asked: the season's name and dates go; ask once
            context = {"group": group, "season": season}
            return render(request, "seasons/season_delete.html", context)
        if request.POST.get("delete") == "confirmed":
            season.delete()
            messages.success(
                request, _("Season %(name)s deleted; its games stay.") % {"name": season.name}
            )
            return redirect("seasons:index")
        if form.is_valid():
            form.save()
            messages.success(request, _("Season %(name)s changed.") % {"name": season.name})
            return redirect("seasons:standings", group.pk, season.pk)
    context = {"form": form, "group": group, "season": season}
    return render(request, "seasons/season_form.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def season_import(request: HttpRequest, group_id: int) -> HttpResponse:
    group = _admin_group(request, group_id)
    form = BundleForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            done = exports.import_season(
                form.cleaned_data["file"].read(), group=group, owner=request.user
            )
        except exports.Refused as e:
            form.add_error("file", _("Refused, nothing was stored: %(why)s") % {"why": e})
        else:
            words = {"count": len(done.games), "name": done.season.name, "known": done.known}
            said = _("%(count)s games imported into %(name)s; every score was worked out again.")
            if done.known:
                said += " " + ngettext(
                    "%(known)s game of the file was in the group already and was left as it is.",
                    "%(known)s games of the file were in the group already and were left as"
                    " they are.",
                    done.known,
                )
            messages.success(request, said % words)
            return redirect("seasons:standings", group.pk, done.season.pk)
    context = {"form": form, "group": group, "limits": imports.limits_text()}
    return render(request, "seasons/import.html", context)


@require_POST
@login_required
def game_friendly(request: HttpRequest, group_id: int, game_id: int) -> HttpResponse:
    """Mark a game friendly (not counted) or counted again: the group's admins or its keeper."""
    group = _group(request, group_id)
    game = get_object_or_404(Game, pk=game_id, group=group)
    if game.owner_id != request.user.pk and not _is_admin(request, group):
        raise Http404("only the game's keeper or the group's admins mark it friendly")
    friendly = request.POST.get("friendly") == "1"
    Game.objects.filter(pk=game.pk).update(friendly=friendly, updated_at=timezone.now())
    messages.success(
        request,
        _("Game %(number)s is friendly: not counted.") % {"number": game.pk}
        if friendly
        else _("Game %(number)s counts again.") % {"number": game.pk},
    )
    back = posted.back_to(request, request.POST.get("next"))
    return redirect(back or reverse("seasons:games", args=[group.pk, "all-time"]))
