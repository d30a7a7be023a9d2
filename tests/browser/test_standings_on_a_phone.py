"""A season's standings on a 390x844 phone: the columns a player looks for first (the player,
games won, the rating and its change) are on the screen without scrolling sideways, in light
and dark, English and Chinese, even for a long name; the rest of the columns follow with a
scroll of a wrapper the keyboard reaches too; axe-core finds nothing wrong on the page."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import expect

from scorekeeper.seasons.models import Season
from scorekeeper.seasons.sync import sync_group
from tests.bench.seasons import generate
from tests.support.groups import make_group, play
from tests.support.logs import game_keys

from .axe import violations
from .conftest import PHONE, TIMEOUT_MS
from .table import FACTORY_PASSWORD, PHONE_WIDTH, assert_fits_the_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Nomvula Dlamini-Zuma"  # a long name that takes the first column's room
KINDS = game_keys()
# The headers of the four columns a player looks for first, in each language.
FIRST = {
    "en-GB": ["Player", "W", "Rating", "±"],
    "zh-CN": ["玩家", "胜", "评分", "±"],
}


@pytest.fixture
def season(factory):
    """A busy season: 1,000 games of every kind among six players (three-digit figures, ratings
    far from zero), and one more game for a player with a long name."""
    keeper = factory.make_user("standings-keeper")
    group = make_group(keeper)
    season = Season.objects.create(
        group=group, name="Spring", start=date(2026, 3, 1), end=date(2026, 5, 31)
    )
    people = generate(keeper, group, games=1000, players=6, start=date(2026, 3, 1), days=60)
    names = [p.name for p in people[:3]]
    play(group, keeper, "thunee", [LONG, *names], date(2026, 5, 2))
    sync_group(group.pk, full=True)  # what the first read of the page would do, up front
    return group, season


# The first columns' headers and cells (a row's cells as `td`, at the header's cellIndex) that
# are not wholly on a phone `width` wide, read in one call: a round trip per cell took seconds.
FIRST_COLUMNS_OFF_THE_PHONE = """(table, [labels, width]) => {
  const inside = (el) => {
    const r = el.getBoundingClientRect();
    return el.getClientRects().length > 0 && r.left >= 0 && r.right <= width;
  };
  const heads = [...table.querySelectorAll("thead th")];
  const texts = heads.map((th) => th.innerText.trim());
  const rows = [...table.querySelectorAll("tbody tr")];
  const off = [];
  for (const label of labels) {
    const th = heads[texts.indexOf(label)];
    if (!th) { off.push(`no column ${label}`); continue; }
    if (!inside(th)) off.push(`${label}: the header at ${th.getBoundingClientRect().left}px`);
    rows.forEach((tr, r) => {
      const cell = tr.querySelectorAll("td")[th.cellIndex];
      if (!cell || !inside(cell)) off.push(`${label}: row ${r}`);
    });
  }
  return { rows: rows.length, off };
}"""


def test_the_first_columns_fit_the_phone(browser, live_server, season, screenshot):
    """Light in English, dark in Chinese, on the one season (a thousand games take a while)."""
    for scheme, locale in [("light", "en-GB"), ("dark", "zh-CN")]:
        fits_the_phone(browser, live_server.url, season, scheme, locale, screenshot)


def fits_the_phone(browser, base: str, season, scheme: str, locale: str, screenshot) -> None:
    group, spring = season
    context = browser.new_context(locale=locale, color_scheme=scheme, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"{base}/login/")  # in either language: no button names here
    page.fill("#id_username", "standings-keeper")
    page.fill("#id_password", FACTORY_PASSWORD)
    page.press("#id_password", "Enter")
    expect(page).to_have_url(f"{base}/")
    page.goto(f"{base}/seasons/{group.pk}/{spring.pk}/")
    for kind in KINDS:
        table = page.get_by_test_id(f"standings-{kind}")
        expect(table).to_be_visible()
        seen = table.evaluate(FIRST_COLUMNS_OFF_THE_PHONE, [FIRST[locale], PHONE_WIDTH])
        assert seen["rows"] >= 4, (kind, seen)
        assert seen["off"] == [], (kind, locale, seen["off"])
    expect(page.get_by_test_id("standings-thunee")).to_contain_text(LONG)
    screenshot(page, f"standings-{locale}-{scheme}", full_page=False)
    screenshot(page, f"standings-{locale}-{scheme}-all")
    assert_fits_the_phone(page)
    assert violations(page) == []
    context.close()
