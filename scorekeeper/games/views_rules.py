"""The rules pages: each game's rules in the project's own words.

Explanation lines link here by anchor (`/rules/thunee/#khanaak`), so anyone at the table can
open them: no login needed.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def rules_thunee(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/thunee.html")
