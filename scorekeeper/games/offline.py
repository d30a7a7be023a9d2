"""What the shell gives static/js/offline.js, the same for every game: a fresh deal form of each
stage to put in place while entries wait on the phone, and a mark on every answer that refuses
an entry (a kept entry is sent again later, and must stop there rather than be taken as saved).
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scorekeeper import registry
from scorekeeper.registry import RegisteredGame

from . import access, services
from .access import Level
from .phone_owner import made_by_sender
from .presenters import game_context

REFUSED = "X-Entry-Refused"


def refused(response: HttpResponse) -> HttpResponse:
    """Mark an answer that did not save what was sent (a form given back with its errors, a
    deal another phone recorded): the phone keeps the entry and shows it."""
    response[REFUSED] = "1"
    return response


def made_here(view):
    """A save of the game page refused, and nothing done, when the entry was made on this phone
    by someone else (its form's `maker` is another account's or visitor's): a shared phone
    never sends one person's kept entry as the next one's. The phone keeps it for its maker."""

    @wraps(view)
    def checked(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST" or made_by_sender(request):
            return view(request, pk, *args, **kwargs)
        said = _(
            "This entry was made on this phone by someone else (another account, or a phone "
            "of a table link): it was not saved, and it stays on the phone for them."
        )
        messages.error(request, said)
        if not request.htmx:
            return refused(redirect("game", pk=pk))
        # The phone's queue reads the reason from the answer; a page sends nothing, and loads
        # again as the person now logged in sees it.
        response = render(request, "games/not_made_here.html", {"said": said})
        response["HX-Reswap"] = "none"
        response["HX-Refresh"] = "true"
        return refused(response)

    return checked


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
