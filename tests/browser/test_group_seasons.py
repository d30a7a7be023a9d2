"""A group's page on a phone (390x844): its seasons linked, a member's game from before the group
added to it with one tap, the standings saying what the rating means; both themes, and Chinese."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import expect

from scorekeeper.games.models import Game
from scorekeeper.seasons.models import Season
from tests.support.groups import make_group, play

from .table import assert_fits_the_phone, log_in

pytestmark = pytest.mark.browser
live = pytest.mark.django_db(transaction=True)  # live_server needs committed data


@live
@pytest.mark.parametrize(("scheme", "language"), [("light", "en"), ("dark", "zh-hans")])
def test_a_game_from_before_the_group_joins_its_season(
    new_page, live_server, factory, screenshot, scheme, language
):
    keeper = factory.make_user("organiser")
    earlier = play(None, keeper, "thunee", ["Asha", "Bongani", "Chetan", "Dev"], date(2026, 3, 5))
    group = make_group(keeper, "Friday table")
    Season.objects.create(
        group=group, name="Autumn 2026", start=date(2026, 3, 1), end=date(2026, 5, 31)
    )
    page = new_page(scheme)
    base = live_server.url
    log_in(page, base, "organiser")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    page.goto(f"{base}/groups/{group.pk}/")
    expect(
        page.get_by_test_id("group-seasons").get_by_role("link", name="Autumn 2026")
    ).to_be_visible()
    earlier_list = page.get_by_test_id("earlier-games")
    expect(earlier_list).to_contain_text("Bongani")
    assert_fits_the_phone(page)
    screenshot(page, f"01-group-{scheme}-{language}")
    earlier_list.get_by_role("button").tap()
    expect(page.locator(".messages")).to_be_visible()
    expect(page.get_by_test_id("earlier-games")).to_have_count(0)
    assert Game.objects.get(pk=earlier.pk).group == group
    page.get_by_test_id("group-seasons").get_by_role("link", name="Autumn 2026").tap()
    expect(page.get_by_test_id("standings-thunee")).to_contain_text("Bongani")
    expect(page.get_by_test_id("ratings-said")).to_be_visible()
    assert_fits_the_phone(page)
    page.get_by_test_id("ratings-said").scroll_into_view_if_needed()
    screenshot(page, f"02-standings-{scheme}-{language}")
