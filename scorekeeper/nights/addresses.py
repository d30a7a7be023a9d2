"""The addresses a night's QR codes and links carry: the site's public address (the PUBLIC_URL
setting), else the one the organiser's browser used; and whether a phone across the room could
open it at all (a loopback address is this machine's own)."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest

LOOPBACK_NAMES = {"localhost", "0.0.0.0"}  # noqa: S104 (a name to warn about, not to serve on)


def public_url(request: HttpRequest, path: str) -> str:
    base = getattr(settings, "PUBLIC_URL", "")
    return f"{base}{path}" if base else request.build_absolute_uri(path)


def loopback_host(url: str) -> str:
    """The address's host (and port) if only this machine opens it, else ""."""
    return urlsplit(url).netloc if is_loopback(url) else ""


def is_loopback(url: str) -> bool:
    """An address only this machine opens: localhost, 127.x, ::1 (a phone's own, on a phone)."""
    host = (urlsplit(url).hostname or "").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
