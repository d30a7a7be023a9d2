"""Fixtures for the browser tests: Debian's Chromium driven by Playwright's sync API.

No pytest-playwright (it wants to download its own browsers); the fixtures here are enough.
Screenshots go to $SCREENSHOT_DIR when it is set, and nowhere otherwise.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.test.utils import modify_settings

from tests.streams.server import StreamServer

from .policy_watch import PolicyHeard
from .pool import ContextPool, Lent

# Debian's Chromium. CHROMIUM_EXECUTABLE may name another build of it, such as Debian's
# chromium-headless-shell (Chromium's old headless mode, which Playwright's own headless runs
# use): the same tests then take about a third less CPU (docs/testing.md).
CHROMIUM = Path(os.environ.get("CHROMIUM_EXECUTABLE") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}
# How long an action or an expectation waits for the page. A passing test waits only as long
# as the page takes; the margin is for a loaded machine, where pytest-xdist's workers and their
# Chromiums share two cores (5 s timed out there now and then).
TIMEOUT_MS = 15_000


class AppServer(StreamServer):
    """StreamServer as pytest-django's helper expects a live server to be."""

    def __init__(self) -> None:
        super().__init__()
        self._live_server_modified_settings = modify_settings(ALLOWED_HOSTS={"append": "127.0.0.1"})


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="package")
def browser():
    """One Chromium for all the browser tests, launched on first use.

    Playwright's sync API keeps an asyncio loop running in the main thread while it is started,
    so Django's async-safety check would refuse the ORM calls that tests, factories and the
    database flush make in that thread. DJANGO_ALLOW_ASYNC_UNSAFE is the documented way out.
    It is set only while Playwright runs (package scope, not the whole session, and not at
    import time): a process-wide setting leaks into subprocesses, and `manage.py check
    --deploy` (tests/web/test_deploy_settings.py) rightly fails with async.E001 when it sees it.
    """
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is not installed (apt-get install {CHROMIUM.name})"
        if os.environ.get("CI"):
            pytest.fail(f"browser tests must run in CI: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=TIMEOUT_MS)
    with pytest.MonkeyPatch.context() as mp, sync_playwright() as pw:
        mp.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


def _shot_dir() -> Path | None:
    raw = os.environ.get("SCREENSHOT_DIR")
    if not raw:
        return None
    path = Path(raw)
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def live_server() -> Iterator[AppServer]:
    """The app as `make serve` runs it, pages and live streams (its ASGI app), served by uvicorn
    in a thread of this process over the test database: a follower's page gets each change
    pushed, as on a real site, instead of polling a WSGI server that has no streams.

    It replaces pytest-django's fixture of the same name, whose helper still gives each test
    that asks for it a transactional database. One per module: a process has one stream hub,
    and tests of live push start servers of their own."""
    server = AppServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def screenshot(request: pytest.FixtureRequest) -> Callable:
    """screenshot(page, "name"): a PNG of the whole page in $SCREENSHOT_DIR, if set.

    full_page=False takes only what the phone shows from the top.
    """
    test = re.sub(r"\W+", "-", request.node.name).strip("-")

    def take(page, name: str, *, full_page: bool = True) -> Path | None:
        directory = _shot_dir()
        if directory is None:
            return None
        path = directory / f"{test}--{name}.png"
        page.evaluate("window.scrollTo(0, 0)")  # else the sticky top bar lands mid-picture
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take


@pytest.fixture(scope="package")
def context_pool(browser) -> Iterator[ContextPool]:
    """Contexts handed from one test to the next (tests/browser/pool.py says when)."""
    pool = ContextPool(browser, PHONE, TIMEOUT_MS)
    yield pool
    pool.close()


def _failed(request: pytest.FixtureRequest) -> bool:
    report = getattr(request.node, "report_call", None)
    return report is None or report.failed


@pytest.fixture
def policy_heard(request: pytest.FixtureRequest) -> Iterator[PolicyHeard]:
    """What Chromium said about the Content-Security-Policy on the test's phones: nothing, or
    the test fails (but for one marked `breaks_policy`, which breaks it on purpose)."""
    heard = PolicyHeard()
    yield heard
    if not _failed(request) and request.node.get_closest_marker("breaks_policy") is None:
        assert heard.messages == [], "the Content-Security-Policy refused something"


def _own_context(browser, policy_heard: PolicyHeard, **options):
    """A new phone-sized context, heard by `policy_heard`, never handed on: the caller closes."""
    context = browser.new_context(**options, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    policy_heard.hear(context)
    return context


@pytest.fixture
def phone(browser, policy_heard: PolicyHeard) -> Iterator[Callable]:
    """phone(locale, color_scheme): a page in a fresh phone-sized context of its own."""
    contexts = []

    def make(locale: str, color_scheme: str):
        contexts.append(
            _own_context(browser, policy_heard, locale=locale, color_scheme=color_scheme)
        )
        return contexts[-1].new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def new_page(
    browser, context_pool, policy_heard: PolicyHeard, request: pytest.FixtureRequest
) -> Iterator[Callable]:
    """new_page(color_scheme="light"): a page in a phone-sized context as good as new (one a
    test before left clean, or a new one); new_page(service_workers="allow") for a new one
    with the app's service worker."""
    lent: list[Lent] = []
    own = []  # with the service worker: never handed on

    def make(color_scheme: str = "light", service_workers: str = "block"):
        if service_workers == "block":
            lent.append(context_pool.lend(color_scheme))
            policy_heard.hear(lent[-1].context)
            return lent[-1].page
        # Only the offline tests have the service worker: requests a worker answers never
        # reach Playwright's routes, which other tests use to slow or drop files.
        own.append(
            _own_context(
                browser, policy_heard, color_scheme=color_scheme, service_workers=service_workers
            )
        )
        return own[-1].new_page()

    yield make

    failed = _failed(request)
    report = getattr(request.node, "report_call", None)
    directory = _shot_dir()
    if failed and report is not None and directory is not None:
        test = re.sub(r"\W+", "-", request.node.name).strip("-")
        for n, context in enumerate([one.context for one in lent] + own):
            for k, page in enumerate(context.pages):
                page.screenshot(path=str(directory / f"FAILED-{test}-{n}{k}.png"), full_page=True)
    for one in lent:
        context_pool.give_back(one, passed=not failed)
    for context in own:
        context.close()


@pytest.fixture
def page(new_page):
    return new_page("light")
