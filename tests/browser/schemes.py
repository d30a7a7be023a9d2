"""Light and dark on one page load.

The app's themes are CSS only (`prefers-color-scheme`): a scheme changes colours, not geometry
or behaviour. So a test that must hold in both themes runs its flow once and checks the page as
it is in each scheme, switched with Playwright's media emulation, instead of running it twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from playwright.sync_api import Page

SCHEMES = ("light", "dark")
T = TypeVar("T")


def in_each_scheme(page: Page, check: Callable[[str], T]) -> dict[str, T]:
    """check(scheme) on the page in the light scheme, then in the dark one: each scheme's
    answer. The page is left light, as the phones of these tests start."""
    answers = {}
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        # Said by the page itself, so a switch that did not take cannot pass for the dark theme.
        dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark"), f"the page is not in the {scheme} scheme"
        answers[scheme] = check(scheme)
    page.emulate_media(color_scheme="light")
    return answers
