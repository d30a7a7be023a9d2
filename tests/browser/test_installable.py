"""The app installs to a phone's home screen: Chromium's own installability check (asked through
the DevTools protocol) finds nothing missing, and the service worker controls the pages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.waiting import wait_until

from .conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, TIMEOUT_MS
from .table import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def profile_page(browser, tmp_path) -> Iterator[Page]:
    """A page in a real (persistent) profile: Chromium never offers to install from an
    incognito one, which every new_context() is."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=str(CHROMIUM),
        headless=True,
        args=CHROMIUM_ARGS,
        **PHONE,
    )
    context.set_default_timeout(TIMEOUT_MS)
    yield context.pages[0] if context.pages else context.new_page()
    context.close()


def test_chromium_finds_the_app_installable(profile_page: Page, live_server, factory):
    page = profile_page
    game = factory.make_game(factory.make_user("installer"), game="spades")
    log_in(page, live_server.url, "installer", game)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert '"display": "standalone"' in manifest["data"]
    # The worker's scope is the whole site, and it takes the page it was installed from.
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == f"{live_server.url}/"
    wait_until(page, "navigator.serviceWorker.controller !== null")


def test_the_manifest_names_every_icon_size_and_both_purposes(client):
    manifest = client.get("/manifest.webmanifest").json()
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any")} <= sizes
    assert {("192x192", "maskable"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]


def test_the_worker_installs_when_some_files_fail_once(new_page, live_server, factory):
    """A flaky network drops the worker's first fetch of each file it keeps for offline use:
    it tries again, installs and takes control of the page, with nothing else to do."""
    page = new_page("light", service_workers="allow")
    dropped: set[str] = set()

    def drop_first_try(route):
        request = route.request
        if request.service_worker is not None and request.url not in dropped:
            dropped.add(request.url)
            route.abort("connectionreset")
        else:
            route.continue_()

    page.context.route("**/static/**", drop_first_try)
    game = factory.make_game(factory.make_user("flaky"), game="spades")
    log_in(page, live_server.url, "flaky", game)
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout_s=20)
    assert len(dropped) >= 5  # the worker's own fetches did reach the route and were dropped


def test_a_game_page_that_began_loading_before_the_worker_was_active_is_taken_at_once(
    new_page, live_server, factory
):
    """The race of a phone's first visit, made certain: the worker's install waits until the game
    page has been asked for, and the page's answer waits until the worker is active. Its claim on
    activation comes before the page is there, so the page must be claimed when it asks to be
    kept, not on its next load (ready_for_offline once waited 15 s for that and reloaded)."""
    page = new_page("light", service_workers="allow")
    game = factory.make_game(factory.make_user("racer"), game="spades")
    held_static, held_game = [], []

    def hold_the_workers_files(route):
        if route.request.service_worker is not None:
            held_static.append(route)
        else:
            route.continue_()

    page.context.route("**/static/**", hold_the_workers_files)
    page.context.route(f"**/games/{game.pk}/", lambda route: held_game.append(route))
    log_in(page, live_server.url, "racer")
    wait_until(page, "navigator.serviceWorker.getRegistration().then((r) => !!(r && r.installing))")
    page.evaluate(f"location.assign('/games/{game.pk}/')")
    while not held_game:
        page.wait_for_timeout(20)
    for route in held_static:
        route.continue_()
    page.context.unroute("**/static/**")
    worker = page.context.service_workers[0]
    while worker.evaluate("self.registration.active?.state") != "activated":
        page.wait_for_timeout(20)
    held_game[0].continue_()
    page.wait_for_url(f"**/games/{game.pk}/")
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout_s=5)


def test_a_game_page_opened_first_on_a_new_phone_opens_again_offline(
    new_page, live_server, factory
):
    """A game's link opened on a phone that has never seen the app: the page asks the worker,
    still installing as it loads, to keep it, and then opens without a network."""
    page = new_page("light", service_workers="allow")
    game = factory.make_game(factory.make_user("newphone"), game="spades")
    factory.record(game, bids=[3, 3, 3, 3], tricks=[4, 3, 3, 3])
    log_in(page, live_server.url, "newphone", game)
    kept = f"caches.match(new URL('/games/{game.pk}/', location.origin).href).then(Boolean)"
    wait_until(page, kept, timeout_s=10)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#deal-1")).to_be_attached()
    expect(page.get_by_role("region", name="Score")).to_contain_text("61 / 500")
    expect(page.get_by_role("group", name="Bids")).to_be_visible()
