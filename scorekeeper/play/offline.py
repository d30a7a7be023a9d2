"""What a save answers a phone that sends an entry it kept offline (static/js/offline.js): a mark on
every answer that refuses an entry (a kept entry is sent again later, and must stop there rather
than be taken as saved), and no entry sent as the one of someone else who made it on this phone.
The fresh deal forms the phone keeps are the installable app's (scorekeeper/pwa/offline_forms.py).
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scorekeeper.accounts.phone_owner import made_by_sender

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
