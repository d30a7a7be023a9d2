"""The answer to a table link's phone whose link was revoked (access.TableGone): told that,
not a bare 404."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def table_gone(request: HttpRequest) -> HttpResponse:
    response = render(request, "games/table_gone.html", status=404)
    if request.htmx:
        response["HX-Refresh"] = "true"  # the page again: it says the same, without a form
    return response
