"""The fresh deal form of each stage of a game, fetched by static/js/offline.js while the page is
online and put in place while entries wait on the phone."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scorekeeper import registry
from scorekeeper.games import access, services
from scorekeeper.games.access import Level
from scorekeeper.games.presenters import game_context
from scorekeeper.registry import RegisteredGame


def stages(entry: RegisteredGame) -> tuple[str, ...]:
    return ("opening", "closing") if entry.rules.opening_fields else ("full",)


def fresh_forms(entry: RegisteredGame, setup: Any, state: Any) -> list[Any]:
    """An empty deal form of each stage, as a new page would show it. The browser gives each
    copy its own token and deal number; the opening facts are the server's to add."""
    return [
        entry.deal_form(setup=setup, state=state, rules=entry.rules, stage=stage, opening={})
        for stage in stages(entry)
    ]


@require_GET
@access.login_or_table  # a night's table phone keeps its table offline too
def forms_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The fresh deal forms of a game, fetched by the page while it is online and kept on the
    phone (not in the page itself: it stays small, and says each form once)."""
    game = access.game_for(request, pk, Level.KEEP)
    entry = registry.game(game.kind)
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    context = game_context(entry, game, setup, state)
    context["forms"] = fresh_forms(entry, setup, state)
    return render(request, "games/offline_forms.html", context)
