"""What the browser said about a page's Content-Security-Policy: every `securitypolicyviolation`
event and every console message, from every page of a browser context, across navigations.

The listener goes in with an init script, before any script of the page runs, and reports
through a binding to this process (a page's own variables would be lost at each navigation).
Chromium queues the event as a task, so `settle()` first lets every open page run its queue.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import BrowserContext, ConsoleMessage, Page

from .pool import keep_apart

BINDING = "__reportPolicyViolation"


def on_every_page(context: BrowserContext, follow) -> None:
    """follow(page) for each page of `context`, those open and those opened later."""
    for page in context.pages:
        follow(page)
    context.on("page", follow)


LISTENER = f"""
document.addEventListener("securitypolicyviolation", (event) => {{
  window.{BINDING}({{
    directive: event.effectiveDirective,
    blocked: event.blockedURI,
    sample: event.sample,
    source: event.sourceFile,
    line: event.lineNumber,
    page: document.location.href,
  }});
}}, true);
"""


@dataclass
class PolicyWatch:
    violations: list[dict] = field(default_factory=list)
    console: list[str] = field(default_factory=list)  # "type: text (url)"
    pages: list[Page] = field(default_factory=list)

    @classmethod
    def on(cls, context: BrowserContext) -> PolicyWatch:
        """Watch the pages of `context`, those open and those opened later, from their next
        navigation on."""
        watch = cls()
        keep_apart(context)  # its init script and binding stay with it
        context.expose_binding(BINDING, lambda _source, report: watch.violations.append(report))
        context.add_init_script(LISTENER)
        on_every_page(context, watch._follow)
        return watch

    def _follow(self, page: Page) -> None:
        self.pages.append(page)
        page.on("console", self._heard)

    def _heard(self, message: ConsoleMessage) -> None:
        self.console.append(f"{message.type}: {message.text} ({message.location.get('url')})")

    def settle(self) -> None:
        """Let each open page dispatch the events it has queued, and their reports arrive."""
        for page in self.pages:
            if not page.is_closed():
                page.evaluate("() => new Promise((done) => setTimeout(done, 50))")

    def policy_messages(self) -> list[str]:
        """Console messages about the Content Security Policy (Chromium's "Refused to …")."""
        return [m for m in self.console if "Content Security Policy" in m]

    def errors(self) -> list[str]:
        """Console errors and warnings of any kind: a refused feature or header shows here.
        Not the favicon the browser asks for by itself (the site has none)."""
        return [
            m
            for m in self.console
            if m.startswith(("error:", "warning:")) and not m.endswith("/favicon.ico)")
        ]


class PolicyHeard:
    """Chromium's console messages about the Content-Security-Policy ("Refused to …") from
    every page of the contexts it hears: the browser tests' fixtures hear every phone, so each
    page any browser test opens, in either language, is held to the policy."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def hear(self, context: BrowserContext) -> None:
        # A lent context's listeners go when it is cleaned (pool.py).
        on_every_page(context, lambda page: page.on("console", self._heard))

    def _heard(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.messages.append(f"{message.text} ({message.location.get('url')})")
