"""Waiting for a condition in the page under the app's Content-Security-Policy.

Playwright's `wait_for_function` runs its predicate through `eval` inside the page, which the
policy (no 'unsafe-eval') refuses; `page.evaluate` goes through the DevTools protocol, which the
policy does not govern. So the tests poll with it.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page

POLL_S = 0.05


def wait_until(page: Page, expression: str, arg: Any = None, timeout_s: float = 30.0) -> Any:
    """Poll `expression` (a JavaScript expression, or a function of `arg`) until it is truthy;
    returns its value. Raises TimeoutError naming the expression."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout_s:.0f} s: {expression}")
        time.sleep(POLL_S)
