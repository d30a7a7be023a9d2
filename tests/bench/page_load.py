"""A game page loaded by a phone (Chromium at 390x844) from gunicorn: the first load, a repeat
load online (the service worker fetches the page, the static files come from its cache) and a
repeat load offline (everything from the service worker's cache). Times are the browser's own
navigation timing, from the start of the navigation to the end of the load event."""

from __future__ import annotations

import statistics
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from django.test import Client

from tests.browser.waiting import wait_until

from .over_http import gunicorn

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
LOADED = "performance.getEntriesByType('navigation')[0].loadEventEnd"


@dataclass
class PageLoad:
    first_ms: float
    online_ms: float
    offline_ms: float


def _load(page, url: str | None = None) -> float:
    if url is None:
        page.reload(wait_until="load")
    else:
        page.goto(url, wait_until="load")
    wait_until(page, f"{LOADED} > 0")
    return page.evaluate(LOADED)


def measure_page_load(game, *, rounds: int) -> PageLoad | None:
    if not CHROMIUM.exists():
        return None
    from playwright.sync_api import sync_playwright

    client = Client()
    client.force_login(game.owner)
    session = client.cookies["sessionid"].value
    with gunicorn() as port, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        base = f"http://127.0.0.1:{port}"
        context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
        page = context.new_page()
        url = f"{base}/games/{game.pk}/"
        for _ in range(3):  # a warm server: the first load measures the phone, not imports
            warm = urllib.request.Request(url, headers={"Cookie": f"sessionid={session}"})
            urllib.request.urlopen(warm, timeout=10).read()
        first = _load(page, url)
        wait_until(page, "navigator.serviceWorker.controller !== null")
        online = [_load(page) for _ in range(rounds)]
        context.set_offline(True)
        offline = [_load(page) for _ in range(rounds)]
        browser.close()
    return PageLoad(first, statistics.median(online), statistics.median(offline))
