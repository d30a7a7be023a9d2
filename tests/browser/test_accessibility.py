"""axe-core finds nothing wrong on every game's rules page, in English and Chinese, light and
dark, at the phone's size; nor on a game night's pages (the big screen at 1920x1080).

A theme changes colours only: each page is loaded once and axe runs on it in each scheme."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from scorekeeper import registry
from scorekeeper.nights import late
from scorekeeper.nights import services as nights
from tests.browser.waiting import wait_until

from .axe import violations_in_each_theme
from .nights import NINE, night_of, organiser_group
from .schemes import SCHEMES, in_each_scheme
from .table import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = {"en": "en-GB", "zh-hans": "zh-CN"}


def axe_in_each_scheme(page, found: dict, name: str, screenshot) -> None:
    """found["<name> <scheme>"]: what axe finds on the page as it is, light and dark."""

    def look(scheme: str) -> None:
        screenshot(page, f"{name}-{scheme}", full_page=False)

    for scheme, seen in violations_in_each_theme(page, look).items():
        found[f"{name} {scheme}"] = seen


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_rules_page_has_no_axe_violation(phone, live_server, language, screenshot):
    page = phone(LANGUAGES[language], "light")
    found = {}
    for key in registry.GAMES:
        page.goto(f"{live_server.url}/rules/{key}/")
        assert page.locator("html").get_attribute("lang") == language
        axe_in_each_scheme(page, found, f"{key}-{language}", screenshot)
    assert found == {f"{key}-{language} {s}": [] for key in registry.GAMES for s in SCHEMES}


def test_a_wide_rules_table_scrolls_by_keyboard(phone, live_server):
    """Zhao Pengyou's table of packs for 5 to 12 players is wider than the phone (light and
    dark): its wrap takes the focus from the keyboard, and the arrow keys scroll it."""
    page = phone("zh-CN", "light")
    page.goto(f"{live_server.url}/rules/zhao-pengyou/")
    wraps = page.locator(".table-wrap")

    def wide_ones(_scheme: str) -> list[int]:
        return [
            i
            for i in range(wraps.count())
            if wraps.nth(i).evaluate("el => el.scrollWidth > el.clientWidth")
        ]

    wide_in = in_each_scheme(page, wide_ones)
    wide = wide_in["light"]
    assert wide, "no rules table is wider than the phone: nothing to scroll"
    assert wide_in["dark"] == wide, wide_in
    for i in wide:
        wrap = wraps.nth(i)
        assert wrap.get_attribute("tabindex") == "0"
        assert wrap.get_attribute("role") == "region" and wrap.get_attribute("aria-label")
    wrap = wraps.nth(wide[0])
    wrap.scroll_into_view_if_needed()
    # Tab from the element just before the wrap lands on the wrap itself.
    wrap.evaluate("el => { const b = document.createElement('button'); el.before(b); b.focus(); }")
    page.keyboard.press("Tab")
    assert wrap.evaluate("el => document.activeElement === el")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_until(page, "el => el.scrollLeft > 0", arg=wrap.element_handle())


def test_the_game_night_pages_have_no_axe_violation(
    phone, browser, live_server, factory, screenshot
):
    """The organiser's night page (drawn, then started with its questions open, then with a late
    deal), the cards to print, a table phone's game page with its note (its round ended) and
    its waiting page, the big screen (a round's final scores, the night's podium), the results,
    and a phone's link once the night is over."""
    base = live_server.url
    night = night_of(*organiser_group(factory), NINE, rounds=2)
    organiser = phone("en-GB", "light")
    log_in(organiser, base, "organiser")
    found = {}

    def check(page, name: str) -> None:
        axe_in_each_scheme(page, found, name, screenshot)

    organiser.goto(f"{base}/nights/{night.pk}/")
    check(organiser, "night-drawn")
    organiser.get_by_role("button", name="Start this round").click()
    organiser.wait_for_url(f"{base}/nights/{night.pk}/")
    check(organiser, "night-started")
    organiser.get_by_test_id("people").locator("summary").click()
    organiser.get_by_test_id("end-round").locator("summary").click()
    check(organiser, "night-started-open")
    organiser.goto(f"{base}/nights/{night.pk}/cards/")
    check(organiser, "cards")

    table = phone("en-GB", "light")
    token = night.links.get(number=1).token
    table.goto(f"{base}/table/{token}/")
    check(table, "table-name")
    table.fill("#id_name", "Asha")
    table.get_by_role("button", name="Keep score").click()
    table.wait_for_url(re.compile(r"/games/\d+/$"))
    nights.end_round(night)  # the page's poll loads it again, read-only, by itself
    table.get_by_test_id("table-closed").wait_for(timeout=10_000)
    check(table, "table-game-closed")
    table.goto(f"{base}/table/{token}/")
    table.get_by_test_id("table-follow").wait_for()
    check(table, "table-waiting")

    game = night.round_set.get(number=1).table_set.get(number=1)
    late.receive(game, kind="deals", number=1, fields=[["token", "t"]], summary="", by_name="A")
    organiser.goto(f"{base}/nights/{night.pk}/")
    organiser.get_by_test_id("late-deals").wait_for()
    check(organiser, "night-late-deal")
    organiser.goto("about:blank")  # its poll would reload it when the night ends below

    context = browser.new_context(viewport={"width": 1920, "height": 1080}, color_scheme="light")
    screen = context.new_page()
    screen.goto(f"{base}/screen/{night.watch_token}/")
    check(screen, "screen")
    nights.end_night(night)
    screen.reload()
    screen.get_by_test_id("podium").wait_for()
    check(screen, "screen-podium")
    context.close()

    organiser.goto(f"{base}/nights/{night.pk}/results/")
    check(organiser, "results")
    table.goto(f"{base}/table/{token}/")
    table.get_by_test_id("link-gone").wait_for()
    check(table, "table-link-gone")
    assert len(found) == 2 * 12, sorted(found)  # every page above, light and dark
    assert found == {name: [] for name in found}


# ---- why one axe run in each theme is enough for the second one's colours --------------------

DARK = re.compile(r"@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)\s*\{")


def dark_properties(css: str) -> list[str]:
    """The properties set inside the stylesheet's dark-theme blocks."""
    found = []
    for start in DARK.finditer(css):
        depth, i = 1, start.end()
        while depth:  # to the block's own closing brace
            depth += {"{": 1, "}": -1}.get(css[i], 0)
            i += 1
        body = re.sub(r"/\*.*?\*/", "", css[start.end() : i - 1], flags=re.S)
        for rules in re.findall(r"\{([^{}]*)\}", body):  # each rule's declarations
            found += [d.split(":")[0].strip() for d in rules.split(";") if ":" in d]
    return found


def test_the_dark_theme_changes_custom_properties_only():
    """Every stylesheet the app serves (each game's too) sets only custom properties (colours)
    for the dark theme: no size, place or display changes with the theme, which is what lets
    a test check a page's geometry once and axe's colour rules alone in the second theme."""
    sample = "@media (prefers-color-scheme: dark) { :root { --bg: #000; } p { display: none } }"
    assert dark_properties(sample) == ["--bg", "display"]  # the check sees a change of layout

    seen = {}
    for finder in finders.get_finders():
        for path, storage in finder.list([]):
            if path.endswith(".css"):
                seen[path] = dark_properties(Path(storage.path(path)).read_text())
    assert "css/app.css" in seen and seen["css/app.css"], "no dark theme found in app.css"
    wrong = {path: [p for p in found if not p.startswith("--")] for path, found in seen.items()}
    assert {path: found for path, found in wrong.items() if found} == {}
