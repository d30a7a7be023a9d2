"""A person's own page: who they are and their games in numbers (all of them as one file: the
transfer app's my_games)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scorekeeper.games import access


@require_GET
@login_required
def account(request: HttpRequest) -> HttpResponse:
    kept = access.kept_games(request.user)
    context = {
        "kept": kept.count(),
        "owned": kept.filter(owner=request.user).count(),
    }
    return render(request, "games/account.html", context)
