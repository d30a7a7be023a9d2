"""Season pages on a 390x844 phone: standings of every game, partnerships, head-to-head, the
game list, a player's rating chart and a game's score chart, light and dark, and the charts
without JavaScript (they are SVG drawn on the server); axe-core finds nothing wrong on them."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Player
from scorekeeper.seasons.models import Season
from tests.support.groups import make_group, play, play_the_other_games
from tests.support.logs import game_keys

from .axe import violations
from .conftest import CHROMIUM_ARGS, PHONE  # noqa: F401  (PHONE: the same phone below)
from .table import PHONE_WIDTH, assert_fits_the_phone, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

A, B, C, D, E, F = "Asha", "Bongani", "Chetan", "Dev", "Esi", "Femi"


@pytest.fixture
def season(factory):
    keeper = factory.make_user("season-keeper")
    group = make_group(keeper)
    autumn = Season.objects.create(
        group=group, name="Autumn 2026", start=date(2026, 3, 1), end=date(2026, 5, 31)
    )
    games = {
        "t1": play(group, keeper, "thunee", [A, B, C, D], date(2026, 3, 5)),
        "t2": play(group, keeper, "thunee", [A, C, B, D], date(2026, 3, 12)),
        "t3": play(group, keeper, "thunee", [A, D, B, C], date(2026, 3, 19)),
        "s1": play(group, keeper, "spades", [A, B, C, D], date(2026, 3, 20)),
        "n1": play(group, keeper, "nigerian-thuni", [D, A, B, C], date(2026, 4, 2)),
        "p1": play(group, keeper, "pottle", [A, B, C, D], date(2026, 4, 10)),
        "z1": play(group, keeper, "zhao-pengyou", [A, B, C, D, E, F], date(2026, 4, 20)),
        "friendly": play(group, keeper, "thunee", [B, A, D, C], date(2026, 5, 1), friendly=True),
    }
    others = play_the_other_games(
        group, keeper, date(2026, 4, 25), {g.kind for g in games.values()}
    )
    games.update({f"other-{game.kind}": game for game in others})
    return group, autumn, games


def chart_fits(page: Page, locator) -> None:
    """The chart is drawn, as wide as the page's column, and its smallest text readable."""
    box = locator.bounding_box()
    assert box is not None and 300 <= box["width"] <= PHONE_WIDTH, box
    assert box["height"] > 150, box
    smallest = page.evaluate(
        """(svg) => Math.min(...[...svg.querySelectorAll('text')]
            .filter(t => t.textContent.trim())
            .map(t => t.getBoundingClientRect().height).filter(h => h > 0))""",
        locator.element_handle(),
    )
    assert smallest >= 9, f"the chart's smallest text is {smallest}px high"


def test_season_pages_on_a_phone(page: Page, live_server, season, screenshot):
    group, autumn, games = season
    base = live_server.url
    log_in(page, base, "season-keeper")
    page.get_by_role("link", name="Seasons").click()
    expect(page.get_by_role("heading", name="Seasons")).to_be_visible()
    screenshot(page, "01-seasons")
    page.get_by_role("link", name="Autumn 2026").first.click()
    expect(page.get_by_role("heading", name="Autumn 2026")).to_be_visible()
    for kind in game_keys():
        expect(page.get_by_test_id(f"standings-{kind}")).to_be_visible()
    thunee = page.get_by_test_id("standings-thunee")
    # Asha won all three Thunee games: first, 3 won (the first columns), 3 played (the rest).
    expect(thunee.locator("tbody tr").first.locator("td").nth(0)).to_have_text(A)
    expect(thunee.locator("tbody tr").first.locator("td").nth(1)).to_have_text("3")
    expect(thunee.locator("tbody tr").first.locator("td").nth(4)).to_have_text("3")
    expect(page.get_by_test_id("figures-thunee")).to_contain_text("Khanaaks made")
    assert_fits_the_phone(page)
    assert violations(page) == []
    screenshot(page, "02-standings")
    screenshot(page, "02-standings-top", full_page=False)

    page.get_by_role("link", name="Partnerships").click()
    expect(page.get_by_test_id("pairs-thunee")).to_contain_text(f"{A} & {C}")
    assert_fits_the_phone(page)
    assert violations(page) == []
    screenshot(page, "03-partnerships")

    page.get_by_role("link", name="Head-to-head").click()
    page.select_option("select[name=a]", label=A)
    page.select_option("select[name=b]", label=D)
    page.get_by_role("button", name="Compare").click()
    expect(page.get_by_test_id("versus")).to_contain_text("Thunee")
    expect(page.get_by_role("heading", name=f"{A} – {D}")).to_be_visible()
    assert_fits_the_phone(page)
    assert violations(page) == []
    screenshot(page, "04-head-to-head")

    page.get_by_role("link", name="Games", exact=True).click()
    expect(page.get_by_test_id("games").locator("li")).to_have_count(len(games))
    expect(page.get_by_test_id("games")).to_contain_text("friendly")
    assert_fits_the_phone(page)
    assert violations(page) == []
    screenshot(page, "05-games")

    page.get_by_role("link", name="Standings").click()
    page.get_by_test_id("standings-thunee").get_by_role("link", name=A).click()
    charts = page.locator("figure.chart svg")
    # A rating chart per game Asha played: every game here (each fixture log seats her too).
    expect(charts).to_have_count(len(game_keys()))
    chart_fits(page, charts.first)
    assert_fits_the_phone(page)
    assert violations(page) == []
    screenshot(page, "06-player")

    page.goto(f"{base}/games/{games['t1'].pk}/")
    chart = page.locator("figure.chart svg")
    expect(chart).to_be_visible()
    chart_fits(page, chart)
    assert_fits_the_phone(page)
    assert violations(page) == []
    chart.scroll_into_view_if_needed()
    page.screenshot(path=_shot_path(screenshot, page, "07-game-chart"))

    page.goto(f"{base}/games/{games['z1'].pk}/")
    chart = page.locator("figure.chart svg")
    expect(chart).to_contain_text("past A")  # Zhao Pengyou's axis names its levels
    chart_fits(page, chart)


def _shot_path(screenshot, page, name) -> str:
    """A picture of what the phone shows where the page is scrolled (or a throwaway path)."""
    import os
    import tempfile

    directory = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp()
    os.makedirs(directory, exist_ok=True)
    return os.path.join(directory, f"test_season_pages_on_a_phone--{name}.png")


def test_dark_mode_and_no_javascript(browser, new_page, live_server, season, screenshot):
    group, autumn, games = season
    base = live_server.url
    dark = new_page("dark")
    log_in(dark, base, "season-keeper")
    dark.goto(f"{base}/seasons/{group.pk}/{autumn.pk}/")
    expect(dark.get_by_test_id("standings-spades")).to_be_visible()
    assert_fits_the_phone(dark)
    assert violations(dark) == []
    screenshot(dark, "01-dark-standings")
    asha = Player.objects.get(name=A)
    dark.goto(f"{base}/seasons/{group.pk}/{autumn.pk}/players/{asha.pk}/")
    label = dark.locator("figure.chart svg .axis text").first
    colour = dark.evaluate("(t) => getComputedStyle(t).fill", label.element_handle())
    assert colour == "rgb(236, 235, 230)", colour  # the page's text colour in the dark
    screenshot(dark, "02-dark-player")

    context = browser.new_context(java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        log_in(page, base, "season-keeper")
        page.goto(f"{base}/games/{games['s1'].pk}/")
        chart = page.locator("figure.chart svg")
        expect(chart).to_be_visible()
        chart_fits(page, chart)
        page.goto(f"{base}/seasons/{group.pk}/{autumn.pk}/players/{asha.pk}/")
        expect(page.locator("figure.chart svg")).to_have_count(len(game_keys()))
        screenshot(page, "03-no-javascript-player")
    finally:
        context.close()
