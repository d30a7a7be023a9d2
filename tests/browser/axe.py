"""axe-core in the browser tests: the script the pinned axe-playwright-python ships (nothing is
downloaded at test time), run on the page as it is, answering the violations in a few words."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from .schemes import in_each_scheme

_AXE = Axe()

# A theme changes colours only (test_accessibility.py checks that the dark theme sets custom
# properties and nothing else), so on a page already checked in one theme, only the rules that
# read colours can find anything new in the other. A whole axe run costs Chromium about a
# second of CPU on a long page.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def violations(page: Page, *, colours_only: bool = False) -> list[str]:
    """Every rule axe finds broken on the page: "rule (impact): the first offending nodes".
    colours_only: the rules that read colours alone (for a page checked in the other theme)."""
    options: dict = {"resultTypes": ["violations"]}
    if colours_only:
        options["runOnly"] = {"type": "rule", "values": COLOUR_RULES}
    found = _AXE.run(page, options=options).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}" for v in found]


def violations_in_each_theme(page: Page, look=None) -> dict[str, list[str]]:
    """What axe finds on the page as it stands, light (every rule) then dark (the colours'
    rules); look(scheme), if given, is called first in each theme (a screenshot)."""

    def check(scheme: str) -> list[str]:
        if look is not None:
            look(scheme)
        return violations(page, colours_only=scheme != "light")

    return in_each_scheme(page, check)
