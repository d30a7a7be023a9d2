"""The sign-up page."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scorekeeper.games import posted

from . import holders
from .forms import SignupForm


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(*((request.POST,) if request.method == "POST" else ()))
    # Where they were going (a keep-score or watch link, say), kept through the sign-up.
    after = posted.back_to(request, request.POST.get("next") or request.GET.get("next")) or ""
    if request.method == "POST" and form.is_valid() and _room_for_one_more(request, form):
        user = form.save()
        request.signing_up = True  # the games this browser holds move to it (handover.py)
        # Named: the login throttle (settings.AUTHENTICATION_BACKENDS) is a second backend.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(after or "home")
    return render(request, "registration/signup.html", {"form": form, "next": after})


def _room_for_one_more(request: HttpRequest, form: SignupForm) -> bool:
    """Fewer than SIGNUPS_PER_ADDRESS accounts were made from this address within the hour
    (counted in the cache that every app server shares); if so, this one is counted."""
    key = f"signups:{holders.address_tag(request)}"
    cache.add(key, 0, timeout=3600)  # the hour runs from the first sign-up
    if cache.get(key, 0) >= settings.SIGNUPS_PER_ADDRESS:
        form.add_error(
            None,
            _(
                "Too many accounts were created from this network in the last hour."
                " Try again later."
            ),
        )
        return False
    cache.incr(key)
    return True
