"""Login throttling against password guessing (django-axes), as this app needs it.

After AXES_FAILURE_LIMIT wrong passwords for one username from one address, that pair is locked
out for AXES_COOLOFF_TIME (settings.py). Locking by the pair, not the address alone, keeps one
forgetful friend from locking out a whole table that shares a café's wifi, and a stranger from
locking a known username out from everywhere.
"""

from __future__ import annotations

import os

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class LoginThrottle(AxesStandaloneBackend):
    """axes' check, for logins that come with a request: every login form does. A call without
    one (Django's test client's `login()`, the shell) is no password guess over HTTP, and
    axes would refuse it outright."""

    def authenticate(self, request: HttpRequest | None, *args, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)


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
