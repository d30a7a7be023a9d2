"""Call by call, a Jodie stopped by marials, what-if and the rule links, tapped on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.games.models import Deal

from .table import assert_fits_the_phone, log_in, record, tap_chip

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_both_called_at_once_and_marials(page, live_server, factory, screenshot):
    game = factory.make_game(factory.make_user("caller"))
    log_in(page, live_server.url, "caller", game)

    page.get_by_text("Call by call").click()
    page.get_by_role("button", name="+ A call").click()
    page.get_by_role("button", name="+ Both at once").click()
    readout = page.locator(".calls-readout")
    expect(readout).to_have_text("10 → 30 (both): trumps made for 30")
    expect(page.locator("input[name=call][value='30']")).to_be_checked()
    tap_chip(page, "trump_maker", 1)  # the non-dealing team called last
    page.get_by_text("Jodies", exact=True).click()
    page.select_option("#id_jodie_0", "3:40")
    page.select_option("#id_jodie_0_after", "2")
    tap_chip(page, "last_trick", 1)
    page.fill("#id_counting_points", "130")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Marials")
    screenshot(page, "01-marials")

    page.select_option("#id_jodie_0_after", "1")
    expect(preview).to_contain_text("Calls 10, 30 (both at once): Bongani made trumps for 30.")
    expect(preview).to_contain_text("starts 20 out: +30 call, -40 Jodie (Dev), -10 last trick")
    record(page, 1)
    facts = Deal.objects.get().facts
    assert facts["calls"] == ["single", "both"]
    assert facts["jodies"] == [{"seat": 3, "value": 40, "after_trick": 1}]
    expect(page.get_by_test_id("balls-0")).to_have_text("2")  # 130 - 20 = 110 beats a call
    assert_fits_the_phone(page)


def test_what_if_and_the_rule_behind_a_line(page, live_server, factory, screenshot):
    game = factory.make_game(factory.make_user("disputer"))
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=110)  # A: 100
    log_in(page, live_server.url, "disputer", game)
    expect(page.get_by_test_id("balls-1")).to_have_text("1")

    page.get_by_role("link", name="What if…").click()
    expect(page.locator(".side")).to_have_count(2)
    tap_chip(page, "last_trick", 0)  # "what if we had won the last trick?"
    what_if = page.locator(".side").nth(1)
    expect(what_if).to_contain_text("Asha & Chetan +1")
    expect(page.locator(".side").nth(0)).to_contain_text("Bongani & Dev +1")
    expect(page.locator(".game-effect")).to_contain_text("Had it been so: 1–0")
    assert_fits_the_phone(page)
    screenshot(page, "02-what-if")
    assert Deal.objects.get().facts["last_trick"] == 1  # nothing changed in the log

    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#deal-1 a.rule").nth(1).click()  # the counting line
    expect(page).to_have_url(f"{live_server.url}/rules/thunee/#counting")
    expect(page.locator("#counting")).to_be_in_viewport()
    screenshot(page, "03-rule", full_page=False)
