"""Login throttling against password guessing (django-axes), as this app needs it.

After AXES_FAILURE_LIMIT wrong passwords for one username from one address, that pair is locked
out for AXES_COOLOFF_TIME (settings.py). Locking by the pair, not the address alone, keeps one
forgetful friend from locking out a whole table that shares a café's wifi, and a stranger from
locking a known username out from everywhere.

One address also has a bound across usernames: after LOGIN_FAILURES_PER_ADDRESS wrong passwords
from it within the cool-off, by whatever usernames, it may try no more until they age out. So a
script cannot make the server hash password after password (every try costs a hash), while a
hall's phones behind one public address have room for many a forgotten password.
"""

from __future__ import annotations

import os
from datetime import timedelta

from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest
from django.utils import timezone


class LoginThrottle(AxesStandaloneBackend):
    """axes' check, for logins that come with a request: every login form does. A call without
    one (Django's test client's `login()`, the shell) is no password guess over HTTP, and
    axes would refuse it outright."""

    def authenticate(self, request: HttpRequest | None, *args, **kwargs):
        if request is None:
            return None
        if failures_from(request) >= settings.LOGIN_FAILURES_PER_ADDRESS:
            request.axes_locked_out = True  # axes' middleware answers with the locked-out page
            raise AxesBackendPermissionDenied("too many wrong passwords from this address")
        return super().authenticate(request, *args, **kwargs)


def failures_from(request: HttpRequest) -> int:
    """Wrong passwords from the caller's address within the cool-off, for any username."""
    since = timezone.now() - timedelta(hours=settings.AXES_COOLOFF_TIME)
    attempts = AccessAttempt.objects.filter(ip_address=client_ip(request), attempt_time__gte=since)
    return attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0


def client_ip(request: HttpRequest) -> str | None:
    """The caller's address. Behind TRUSTED_PROXIES reverse proxies (an env setting; 0 when the
    app faces the internet itself) it is the one the outermost trusted proxy saw, from
    X-Forwarded-For; a client cannot forge it by sending its own header."""
    hops = int(os.environ.get("TRUSTED_PROXIES", "0") or 0)
    if hops > 0:
        forwarded = [
            a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()
        ]
        if len(forwarded) >= hops:
            return forwarded[-hops]
    return request.META.get("REMOTE_ADDR")
