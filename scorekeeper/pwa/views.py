"""The installable app: its web app manifest and its service worker, both served from the site
root (a worker's scope is the folder it is served from, and it must cover every page).

The worker's source is templates/pwa/service-worker.js; this view fills in the static files to
keep (their hashed names in production) and a version that changes whenever they do, so a phone
takes a new worker, and drops the old caches, after every release.
"""

from __future__ import annotations

import hashlib
import json
import re

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_htmx.jinja import htmx_script

from scorekeeper import registry

# The two themes of static/css/app.css: the top bar's felt and the page, light and dark.
LIGHT = {"theme": "#0f5132", "background": "#f4f1ea"}
DARK = {"theme": "#0b3d26", "background": "#111412"}
SHELL_FILES = ("css/app.css", "css/rules.css", "js/pwa.js", "js/deal-form.js", "js/live.js")
SHELL_FILES += ("js/offline.js", "js/phone-owner.js", "icons/icon-192.png")
SHELL_FILES += ("js/stream.js",)


def _icons() -> list[dict[str, str]]:
    icons = [
        {"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ]
    icons += [
        {
            "src": static(f"icons/maskable-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "maskable",
        }
        for size in (192, 512)
    ]
    icons.append({"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"})
    return icons


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    data = {
        "name": "Scorekeeper",
        "short_name": "Scorekeeper",
        "description": _("Keep the score of card games played at a real table."),
        "start_url": "/",
        "scope": "/",
        "id": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": LIGHT["theme"],
        "background_color": LIGHT["background"],
        "icons": _icons(),
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


def precached() -> list[str]:
    """Every static file a page may need offline: the shell's and every game's."""
    names = set(SHELL_FILES)
    for entry in registry.GAMES.values():
        names.update(entry.scripts)
        names.update(entry.styles)
    urls = {static(name) for name in names}
    urls.update(re.findall(r'src="([^"]+)"', str(htmx_script())))
    return sorted(urls)


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    urls = precached()
    source = render_to_string("pwa/service-worker.js")
    version = hashlib.sha256(json.dumps([urls, source]).encode()).hexdigest()[:12]
    head = f"const VERSION = {json.dumps(version)};\nconst PRECACHE = {json.dumps(urls)};\n"
    response = HttpResponse(head + source, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a phone checks for a new worker on every visit
    return response
