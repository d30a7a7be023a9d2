"""Phone-sized contexts kept from one browser test to the next in a worker.

A new context with its page costs Chromium about 0.4 s of CPU (a new renderer process and
Playwright's setup of the page); the suite makes over a hundred. A context is handed back
after a test that passed and left it as a fresh one would be: its one page on about:blank,
no cookies, nothing stored for any site it visited (local storage, IndexedDB, the cache API),
no routes, online, its viewport and colours as made, and none of the test's listeners.

Not kept: a context with the app's service worker (its registration outlives a clear), one a
test changed for good (init scripts, bindings: `keep_apart`), one whose test failed.
"""

from __future__ import annotations

from collections import defaultdict
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page

KEPT_APART = "_scorekeeper_kept_apart"


def keep_apart(context: BrowserContext) -> None:
    """This context is not handed to another test (it was changed for good)."""
    setattr(context, KEPT_APART, True)


def _origin(url: str) -> str | None:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


def _listeners(emitter) -> dict[str, list]:
    impl = emitter._impl_obj
    return {event: list(impl.raw_listeners(event)) for event in list(impl._events)}


def _drop_listeners_since(emitter, before: dict[str, list]) -> None:
    impl = emitter._impl_obj
    for event in list(impl._events):
        kept = before.get(event, [])
        for listener in list(impl.raw_listeners(event)):
            if not any(listener is k for k in kept):
                impl.remove_listener(event, listener)


class Lent:
    """A context and its page as lent to a test, with what it was like then."""

    def __init__(self, context: BrowserContext, scheme: str, viewport: dict) -> None:
        self.context, self.scheme, self.viewport = context, scheme, viewport
        self.page: Page = context.pages[0] if context.pages else context.new_page()
        self.origins: set[str] = set()
        self.page.on("framenavigated", self._seen)  # before the snapshot: it stays
        self.context_listeners = _listeners(context)
        self.page_listeners = _listeners(self.page)

    def _seen(self, frame) -> None:
        if (origin := _origin(frame.url)) is not None:
            self.origins.add(origin)

    def clean(self) -> bool:
        """Make it as new; False if it cannot be."""
        context, page = self.context, self.page
        if getattr(context, KEPT_APART, False) or page.is_closed():
            return False
        for other in context.pages:
            if other is not page:
                other.close()
        context.unroute_all(behavior="ignoreErrors")
        page.unroute_all(behavior="ignoreErrors")
        context.set_offline(False)
        page.goto("about:blank")
        _drop_listeners_since(context, self.context_listeners)
        _drop_listeners_since(page, self.page_listeners)
        context.clear_cookies()
        context.clear_permissions()
        cdp = context.new_cdp_session(page)
        try:
            for origin in self.origins:
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        finally:
            cdp.detach()
        self.origins.clear()
        page.set_viewport_size(self.viewport)
        page.emulate_media(media="screen", color_scheme=self.scheme)
        return True


class ContextPool:
    """Kept contexts by colour scheme, for one browser."""

    def __init__(self, browser: Browser, options: dict, timeout_ms: float) -> None:
        self.browser, self.options, self.timeout_ms = browser, options, timeout_ms
        self.kept: dict[str, list[Lent]] = defaultdict(list)

    def lend(self, scheme: str) -> Lent:
        if self.kept[scheme]:
            return self.kept[scheme].pop()
        context = self.browser.new_context(
            color_scheme=scheme, service_workers="block", **self.options
        )
        context.set_default_timeout(self.timeout_ms)
        return Lent(context, scheme, self.options["viewport"])

    def give_back(self, lent: Lent, *, passed: bool) -> None:
        try:
            keep = passed and lent.clean()
        except Exception:  # noqa: BLE001 - a context that cannot be cleaned is closed
            keep = False
        if keep:
            self.kept[lent.scheme].append(lent)
        else:
            lent.context.close()

    def close(self) -> None:
        for lents in self.kept.values():
            for lent in lents:
                lent.context.close()
        self.kept.clear()
