"""A person's own page: who they are, their games in numbers, and all their games as one file."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from scorekeeper.games import access
from scorekeeper.transfer import bundle


@require_GET
@login_required
def account(request: HttpRequest) -> HttpResponse:
    kept = access.kept_games(request.user)
    context = {
        "kept": kept.count(),
        "owned": kept.filter(owner=request.user).count(),
    }
    return render(request, "games/account.html", context)


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
