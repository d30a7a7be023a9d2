"""axe-core in the browser tests: the script the pinned axe-playwright-python ships (nothing is
downloaded at test time), run on the page as it is, answering the violations in a few words."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

_AXE = Axe()


def violations(page: Page) -> list[str]:
    """Every rule axe finds broken on the page: "rule (impact): the first offending nodes"."""
    found = _AXE.run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}" for v in found]
