"""Game logs in and out of the site: a game's JSON log, and the import page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from scorekeeper.accounts import holders
from scorekeeper.core.errors import FactError
from scorekeeper.games import access, refusals, services
from scorekeeper.games.access import Level

from . import bundle, imports
from .forms import ImportForm


@require_GET
@access.login_or_table
def game_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The game log as a JSON file: for backups, sharing and settling disputes."""
    game = access.game_for(request, pk, Level.WATCH)
    response = JsonResponse(services.export_game(game), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{game.kind}-game-{game.pk}.json"'
    return response


@require_http_methods(["GET", "POST"])
def game_import(request: HttpRequest) -> HttpResponse:
    """Game logs in, by anyone: a visitor's are kept as their browser's (holders.py)."""
    form = ImportForm(*((request.POST, request.FILES) if request.method == "POST" else ()))
    owner = None
    if request.method == "POST" and form.is_valid():
        document = form.document()
        if not request.user.is_authenticated:  # a visitor's games are counted first
            document = _read_for_visitor(document)
        owner = holders.owner_for_new_games(request, form, bundle.games_in(document))
    if owner is not None:
        try:
            games = bundle.import_file(document, owner=owner)
        except FactError as e:
            why = refusals.in_full(e)
            form.add_error(
                form.source_field(), _("Refused, nothing was stored: %(why)s") % {"why": why}
            )
            holders.forget_new(request)  # a visitor's first try: no holder for nothing
        except RecursionError:  # json.loads gives up on lists in lists thousands deep
            why = _("its JSON is nested too deeply to be a game log")
            form.add_error(
                form.source_field(), _("Refused, nothing was stored: %(why)s") % {"why": why}
            )
            holders.forget_new(request)
        else:
            if len(games) == 1:
                messages.success(request, _("Game imported; every score was worked out again."))
                return redirect("game", pk=games[0].pk)
            done = ngettext(
                "%(count)s game imported; every score was worked out again.",
                "%(count)s games imported; every score was worked out again.",
                len(games),
            )
            messages.success(request, done % {"count": len(games)})
            return redirect("home")
    return render(request, "games/import.html", {"form": form, "limits": imports.limits_text()})


def _read_for_visitor(document: Any) -> Any:
    """The document as data, read once, so a visitor's games can be counted before any is
    stored (a refusal is the import's own, said at the field when it stores)."""
    try:
        return bundle.parse(document)
    except (FactError, RecursionError):
        return document


@require_GET
@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    """Every game the person owns or keeps the score of, as one file the import page takes."""
    games = access.kept_games(request.user).order_by("played_on", "pk").prefetch_related("deals")
    chunks = bundle.json_chunks(games.iterator(chunk_size=100))
    response = StreamingHttpResponse(chunks, content_type="application/json; charset=utf-8")
    day = timezone.localdate().isoformat()
    name = f"scorekeeper-games-{request.user.pk}-{day}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
