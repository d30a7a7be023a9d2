"""The Content-Security-Policy holds with JavaScript on: no page of the app makes the browser
refuse a script, a style or an eval, nor says any error or warning.

A deal of every registered game is undone and recorded again through its form (the undone
deal's facts come back into it), with its new-game page, edit, what-if, its own pages and its
rules page; then a share page with its QR code and the watch link it makes, and a season's
pages with their charts. A new game in the registry (with its fixture log) is included.

Every other browser test is held to the policy too (conftest.py's `policy_heard`): each page
it opens, the Chinese ones included, must draw no "Refused to …" from Chromium. So this sweep
runs in English only; the language changes words, not markup.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from scorekeeper import registry
from scorekeeper.games import services
from scorekeeper.games.models import Game, Player
from scorekeeper.seasons.charts import COLOURS
from scorekeeper.seasons.models import Season
from tests.support.groups import make_group
from tests.support.logs import fixture_log as fixture

from .policy_watch import PolicyWatch
from .table import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEEPER = "csp-keeper"
FIRST_DAY = date(2026, 3, 1)


def rgb(colour: str) -> str:
    """A colour "#1f6feb" as getComputedStyle says it: "rgb(31, 111, 235)"."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


@pytest.fixture
def table(factory):
    """A group playing every registered game once (its fixture log), in one season."""
    keeper = factory.make_user(KEEPER)
    group = make_group(keeper)
    season = Season.objects.create(
        group=group, name="Spring 2026", start=FIRST_DAY, end=FIRST_DAY + timedelta(days=90)
    )
    games = {}
    for n, key in enumerate(sorted(registry.GAMES)):
        doc = fixture(key)
        doc.pop("computed")
        game = services.import_game(doc, owner=keeper, group=group)
        Game.objects.filter(pk=game.pk).update(
            played_on=FIRST_DAY + timedelta(days=n), updated_at=timezone.now()
        )
        games[key] = game
    return group, season, games


def watched_page(new_page) -> tuple[Page, PolicyWatch]:
    # With the app's service worker, as a phone has it: the worker's own fetches are governed too.
    page = new_page(service_workers="allow")
    watch = PolicyWatch.on(page.context)
    page.on("dialog", lambda dialog: dialog.accept())  # "Undo deal 3?"
    return page, watch


def expect_no_violation(watch: PolicyWatch) -> None:
    watch.settle()
    assert watch.violations == []
    assert watch.policy_messages() == []
    assert watch.errors() == []


# ---- the watch itself: it must see a violation to be worth its silence -----------------------


@pytest.mark.breaks_policy
def test_the_watch_reports_inline_styles_and_scripts_the_policy_refuses(
    new_page, live_server, policy_heard
):
    page, watch = watched_page(new_page)
    page.goto(f"{live_server.url}/login/")
    watch.settle()
    assert watch.violations == [] and watch.errors() == []

    page.evaluate(
        """() => {
        document.body.insertAdjacentHTML("beforeend", '<p style="color: red">styled</p>');
        document.head.insertAdjacentHTML("beforeend", "<style>p { color: red }</style>");
        const script = document.createElement("script");
        script.textContent = "window.ran = true";
        document.body.append(script);
    }"""
    )
    watch.settle()
    assert page.evaluate("window.ran") is None  # refused, not run
    refused = {v["directive"] for v in watch.violations}
    assert refused == {"style-src-attr", "style-src-elem", "script-src-elem"}
    assert len(watch.policy_messages()) == 3

    # After a navigation the listener is there again, and the reports still reach the test.
    page.goto(f"{live_server.url}/signup/")
    page.evaluate("""() => document.body.insertAdjacentHTML("beforeend", '<b style="x">b</b>')""")
    watch.settle()
    assert len(watch.violations) == 4
    assert watch.violations[-1]["page"].endswith("/signup/")
    # What every other browser test is held to heard the same four refusals.
    assert len(policy_heard.messages) == 4, policy_heard.messages


# ---- every page, with JavaScript on ----------------------------------------------------------


def play_a_deal(page: Page, base: str, game: Game) -> None:
    """Undo the game's last deal and record it again through the form."""
    last = game.deals.count()
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator(f"#deal-{last}")).to_be_attached()
    page.locator("#undo button").click()
    expect(page.locator(f"#deal-{last}")).to_have_count(0)
    expect(page.locator("#deal-form [data-prefilled]")).to_be_attached()
    page.locator("#deal-submit").click()
    expect(page.locator(f"#deal-{last}")).to_be_attached()
    # The chart, fetched again after the deal, is drawn in its colours by the stylesheet.
    expect(page.locator("#game-chart svg")).to_be_visible()
    first_line = page.locator("#game-chart svg .serie-0 path.line")  # flat lines have no height
    expect(first_line).to_have_css("stroke", rgb(COLOURS[0]))
    expect(first_line).to_have_css("fill", "none")


def visit_the_games_pages(page: Page, base: str, key: str, game: Game) -> None:
    entry = registry.game(key)
    page.goto(f"{base}/games/new/?game={key}")
    expect(page.locator("form.new-game")).to_be_visible()
    page.goto(f"{base}/games/{game.pk}/deals/1/what-if/")
    page.locator("#deal-submit").click()
    expect(page.locator("#comparison")).to_be_visible()
    page.goto(f"{base}/games/{game.pk}/deals/1/edit/")
    expect(page.locator("#deal-form")).to_be_visible()
    for own in entry.pages:
        page.goto(f"{base}/games/{game.pk}/{own.slug}/")
        expect(page.locator("main")).to_be_visible()
    page.goto(f"{base}/rules/{key}/")
    expect(page.locator("main h1")).to_be_visible()


def share_and_watch(page: Page, base: str, game: Game) -> None:
    page.goto(f"{base}/games/{game.pk}/share/")
    page.locator("[data-testid=share-watch] form button").click()
    expect(page.locator("[data-testid=share-watch] .qr svg")).to_be_visible()
    link = page.get_by_test_id("watch-url")
    link.focus()  # the whole link is selected, ready to copy
    length = len(link.input_value())
    assert page.evaluate(
        "() => { const i = document.activeElement; return [i.selectionStart, i.selectionEnd]; }"
    ) == [0, length]
    url = link.input_value()
    page.goto(url)
    expect(page.get_by_test_id("watching")).to_be_visible()
    expect(page.locator("html[data-stream=open]")).to_have_count(1)  # connect-src lets it follow


def season_pages(page: Page, base: str, group, season) -> None:
    standings = f"{base}/seasons/{group.pk}/{season.pk}/"
    page.goto(f"{base}/seasons/")
    for path in ("", "partnerships/", "head-to-head/", "games/"):
        page.goto(standings + path)
        expect(page.locator("main h1")).to_be_visible()
    player = Player.objects.filter(group=group).order_by("pk").first()
    page.goto(f"{standings}players/{player.pk}/")
    chart = page.locator("figure.chart svg").first
    expect(chart).to_be_visible()
    expect(chart.locator(".serie-0 path.line")).to_have_css("stroke", rgb(COLOURS[0]))


def test_no_page_breaks_the_content_security_policy(new_page, live_server, table):
    group, season, games = table
    base = live_server.url
    page, watch = watched_page(new_page)
    log_in(page, base, KEEPER)

    for key, game in games.items():
        play_a_deal(page, base, game)
        visit_the_games_pages(page, base, key, game)
    share_and_watch(page, base, next(iter(games.values())))
    season_pages(page, base, group, season)

    expect_no_violation(watch)
