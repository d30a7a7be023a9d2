"""The sign-up page."""

from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from scorekeeper.games import posted

from .forms import SignupForm


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(*((request.POST,) if request.method == "POST" else ()))
    # Where they were going (a keep-score or watch link, say), kept through the sign-up.
    after = posted.back_to(request, request.POST.get("next") or request.GET.get("next")) or ""
    if request.method == "POST" and form.is_valid():
        user = form.save()
        request.signing_up = True  # the games this browser holds move to it (handover.py)
        # Named: the login throttle (settings.AUTHENTICATION_BACKENDS) is a second backend.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(after or "home")
    return render(request, "registration/signup.html", {"form": form, "next": after})
