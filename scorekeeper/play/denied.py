"""The answer to a refused request (403): Django's own, except for a table link's phone whose
round has ended (access.TableClosed), which is told why and sent back to the game's page, where
the night says where its table went; the answer names where the phone hands an entry it kept
offline (`X-Late-Entry`: the night keeps it for the organiser). (A table link's phone whose link
was revoked is told so by table_gone.py.)"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import defaults

from scorekeeper.games.access import TableClosed, table_late


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not isinstance(exception, TableClosed):
        return defaults.permission_denied(request, exception)
    pk = (request.resolver_match.kwargs if request.resolver_match else {}).get("pk")
    response = render(request, "games/table_closed.html", {"game_pk": pk}, status=403)
    if request.htmx:
        # The page again, without its form: its table note says where the table went.
        response["HX-Refresh"] = "true"
    late = table_late(request, pk)
    if late:
        response["X-Late-Entry"] = late
    return response
