"""The security headers every answer carries, beyond those Django's SecurityMiddleware sets.

The Content-Security-Policy (django-csp) lets a page load only this site's own scripts,
stylesheets, images and fonts, and run no inline script, no inline style and no eval: the pages
keep every script in static/js and every style in static/css; htmx is told not to inject its
indicator style nor to eval (templates/base.html), and the charts' SVG carries no <style>
(scorekeeper/seasons/charts.py, static/css/charts.css). The Permissions-Policy turns off every
browser feature the app does not use, so a script that got in still could not reach them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from csp.constants import NONE, SELF

if TYPE_CHECKING:  # settings.py imports this module: nothing of Django's at import time
    from django.http import HttpRequest, HttpResponseBase

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],  # data: for small images in CSS; QR codes, charts: inline SVG
        "font-src": [SELF],
        "connect-src": [SELF],  # htmx's requests
        "manifest-src": [SELF],  # the web app manifest at the site root
        "worker-src": [SELF],  # the service worker at the site root
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],  # as X-Frame-Options DENY, for browsers that read only this
    }
}

# Off: features a score-keeping page never asks for. To use one later (screen-wake-lock at the
# table), give it "self" here. Left out: ambient-light-sensor, bluetooth and web-share, which
# Chromium does not know in this header (it warns on every page).
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "browsing-topics",
        "camera",
        "display-capture",
        "encrypted-media",
        "geolocation",
        "gyroscope",
        "hid",
        "idle-detection",
        "local-fonts",
        "magnetometer",
        "microphone",
        "midi",
        "otp-credentials",
        "payment",
        "picture-in-picture",
        "publickey-credentials-get",
        "screen-wake-lock",
        "serial",
        "usb",
        "window-management",
        "xr-spatial-tracking",
    )
}

# Set on every answer, static files too: nothing of this site may be loaded by another site
# (CORP), a page loads nothing from elsewhere that has not agreed to it (COEP; the app loads
# nothing from elsewhere at all), and no Flash or PDF reader may read a cross-domain policy
# from it. Cross-Origin-Opener-Policy comes from Django's SECURE_CROSS_ORIGIN_OPENER_POLICY.
CROSS_ORIGIN_HEADERS = {
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "X-Permitted-Cross-Domain-Policies": "none",
}


class CrossOriginHeadersMiddleware:
    """Adds CROSS_ORIGIN_HEADERS to every response that does not set them itself."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        for name, value in CROSS_ORIGIN_HEADERS.items():
            response.headers.setdefault(name, value)
        return response


# Every answer of the app itself (pages, JSON, CSV, polls) shows one person's games or is made
# for one session: no cache may keep it, the browser's own neither, so the next person at a
# shared phone (or a proxy between) finds nothing of it. An answer that says its own keeps it
# (the manifest and the service worker: "no-cache"). Static files never come here: whitenoise,
# above this middleware, answers them with their long public cache.
PRIVATE_CACHE_CONTROL = "private, no-store"


class PrivateCacheMiddleware:
    """Cache-Control: private, no-store on every answer that does not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        response.headers.setdefault("Cache-Control", PRIVATE_CACHE_CONTROL)
        return response
