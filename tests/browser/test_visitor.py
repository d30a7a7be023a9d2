"""A visitor on a phone (390x844): the first game and deal without an account, then signing up
or logging in makes the game the account's; a lost session keeps the games; the private link
opens them in another browser; play again with the same table. In both themes, and in Chinese."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal, Game, Holder

from .axe import violations_in_each_theme
from .offline import ready_for_offline
from .schemes import in_each_scheme
from .table import (
    FACTORY_PASSWORD,
    PASSWORD,
    assert_fits_the_phone,
    enter_deal,
    expect_score,
    record,
    start_game,
)

pytestmark = pytest.mark.browser
live = pytest.mark.django_db(transaction=True)  # live_server needs committed data

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]
NONE = {"light": [], "dark": []}  # what axe finds in each theme


def first_deal(page: Page, base: str, screenshot=None) -> int:
    """As a visitor: the new-game page opens without an account; a game and its first deal
    (Bongani makes trumps; the counting team, Asha and Chetan, win it): the game's id."""
    page.goto(f"{base}/games/new/")
    expect(page).to_have_url(f"{base}/games/new/")  # not sent to the login
    expect(page.get_by_test_id("no-account-needed")).to_be_visible()
    start_game(page, base, NAMES, screenshot=screenshot)
    enter_deal(page, 1, 130)
    record(page, 1)
    expect_score(page, [1, 0])
    return int(re.search(r"/games/(\d+)/", page.url)[1])


@live
def test_a_visitors_first_game_then_sign_up_keeps_it(new_page, live_server, screenshot):
    page = new_page("light")
    base = live_server.url
    pk = first_deal(page, base, screenshot)
    note = page.get_by_test_id("visitor-note")
    expect(note).to_contain_text("kept on this phone, without an account")
    expect(page.get_by_test_id("private-link")).to_have_value(re.compile(r"/mine/\w+/\?game=\d+"))
    assert_fits_the_phone(page)
    note.scroll_into_view_if_needed()
    in_each_scheme(page, lambda scheme: screenshot(page, f"01-visitor-game-{scheme}"))

    note.get_by_role("link", name="Create an account").tap()
    expect(page.get_by_test_id("held-games")).to_contain_text("1 game kept on this phone")
    expect(page.get_by_test_id("password-rules")).to_contain_text("at least")
    page.fill("#id_username", "asha")
    page.fill("#id_password1", PASSWORD)
    in_each_scheme(page, lambda scheme: screenshot(page, f"02-sign-up-{scheme}"))
    page.get_by_role("button", name="Sign up").tap()
    expect(page).to_have_url(f"{base}/games/{pk}/")  # back at the game
    expect(page.get_by_text("1 game kept on this phone is now your account")).to_be_visible()
    expect(page.get_by_test_id("visitor-note")).to_have_count(0)
    expect(page.get_by_role("banner").get_by_role("link", name="Account")).to_be_visible()
    expect_score(page, [1, 0])
    game = Game.objects.get(pk=pk)
    assert game.owner.username == "asha" and game.deals.count() == 1
    assert Holder.objects.get().claimed_how == "signup"


@live
def test_logging_in_makes_the_visitors_games_the_accounts(page: Page, live_server, factory):
    user = factory.make_user("dev-keeps")
    base = live_server.url
    pk = first_deal(page, base)
    page.get_by_role("banner").get_by_role("link", name="Log in").tap()
    expect(page.get_by_test_id("held-games")).to_contain_text("1 game kept on this phone")
    page.fill("#id_username", "dev-keeps")
    page.fill("#id_password", FACTORY_PASSWORD)
    page.get_by_role("button", name="Log in").tap()
    expect(page).to_have_url(f"{base}/games/{pk}/")  # back where they were
    assert Game.objects.get(pk=pk).owner == user
    page.goto(f"{base}/")
    expect(page.get_by_test_id("game-row")).to_have_count(1)


@live
def test_a_lost_session_keeps_the_games_and_the_private_link_opens_them(
    browser, new_page, live_server
):
    page = new_page()
    base = live_server.url
    pk = first_deal(page, base)
    link = page.get_by_test_id("private-link").input_value()
    page.context.clear_cookies(name="sessionid")
    assert not [c for c in page.context.cookies() if c["name"] == "sessionid"]
    page.reload()
    expect_score(page, [1, 0])
    enter_deal(page, 2, 130)
    record(page, 2)
    expect(page.locator("#log-list > li")).to_have_count(2)

    other = new_page("dark")  # another browser: nothing without the link
    other.goto(f"{base}/games/{pk}/")
    expect(other).to_have_url(re.compile(r"/login/\?next="))
    other.goto(link)
    expect(other).to_have_url(f"{base}/games/{pk}/")
    expect(other.locator("#log-list > li")).to_have_count(2)


@live
def test_play_again_with_the_same_table(page: Page, live_server, screenshot):
    base = live_server.url
    pk = first_deal(page, base)
    page.get_by_test_id("play-again").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    assert page.url != f"{base}/games/{pk}/"
    expect(page.get_by_test_id("dealer")).to_have_text("Bongani")  # the next first dealer
    expect(page.get_by_role("button", name="Record deal 1")).to_be_visible()
    page.goto(f"{base}/")
    rows = page.get_by_test_id("game-row")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("In progress")
    expect(rows.nth(1)).to_contain_text("1–0")
    screenshot(page, "01-home-two-games")
    page.goto(f"{base}/games/new/")
    chips = page.get_by_test_id("name-chips")
    for name in NAMES:
        chips.get_by_role("button", name=name).tap()
    for i, name in enumerate(NAMES):
        expect(page.locator(f"#id_player_{i}")).to_have_value(name)
    expect(chips.get_by_role("button", name="Asha")).to_have_attribute("aria-pressed", "true")
    assert_fits_the_phone(page)
    screenshot(page, "02-names-to-tap")


@live
def test_a_visitor_in_chinese(new_page, live_server, screenshot):
    page = new_page("light")
    page.context.add_cookies(
        [{"name": "django_language", "value": "zh-hans", "url": live_server.url}]
    )
    base = live_server.url
    page.goto(f"{base}/")
    expect(page.get_by_role("heading", name="在牌桌上记分")).to_be_visible()
    in_each_scheme(page, lambda scheme: screenshot(page, f"01-home-zh-{scheme}"))
    page.goto(f"{base}/games/new/")
    for i, name in enumerate(NAMES):
        page.fill(f"#id_player_{i}", name)
    page.get_by_role("button", name="开始牌局").tap()
    note = page.get_by_test_id("visitor-note")
    expect(note).to_contain_text("没有账号")
    assert_fits_the_phone(page)
    note.scroll_into_view_if_needed()
    in_each_scheme(page, lambda scheme: screenshot(page, f"02-game-zh-{scheme}", full_page=False))


@live
def test_a_visitors_pages_have_no_axe_violation(new_page, live_server):
    page = new_page("light")
    base = live_server.url
    page.goto(f"{base}/")
    assert violations_in_each_theme(page) == NONE, "home"
    pk = first_deal(page, base)
    assert violations_in_each_theme(page) == NONE, "game"
    page.goto(f"{base}/games/new/")
    assert violations_in_each_theme(page) == NONE, "new game with names to tap"
    page.goto(f"{base}/signup/?next=/games/{pk}/")
    assert violations_in_each_theme(page) == NONE, "sign up"
    page.goto(f"{base}/")
    assert violations_in_each_theme(page) == NONE, "home with games"


@live
def test_a_visitors_kept_entry_is_sent_as_theirs_after_signing_up(new_page, live_server):
    """An entry the phone kept while the visitor had no account (the network gone) is still
    theirs after they sign up: shown, and sent as the account's."""
    page = new_page("light", service_workers="allow")
    base = live_server.url
    page.goto(f"{base}/games/new/")
    start_game(page, base, NAMES)
    pk = int(re.search(r"/games/(\d+)/", page.url)[1])
    game = Game.objects.get(pk=pk)
    ready_for_offline(page, game)
    page.context.set_offline(True)
    enter_deal(page, 1, 130)
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.get_by_test_id("offline-note")).to_contain_text("Deal 1 kept on this phone")
    saves = re.compile(r"/games/\d+/deals/$")
    page.context.route(saves, lambda route: route.abort())  # no save gets through meanwhile
    page.context.set_offline(False)
    page.goto(f"{base}/signup/?next=/games/{pk}/")
    page.fill("#id_username", "kept-entry")
    page.fill("#id_password1", PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page).to_have_url(f"{base}/games/{pk}/")
    expect(page.locator("#log-list > li.waiting")).to_have_count(1)  # still shown: theirs
    page.context.unroute(saves)
    expect(page.locator("#deal-1")).to_have_count(1, timeout=15_000)
    expect(page.locator("#log-list > li.waiting")).to_have_count(0)
    deal = Deal.objects.get(game=game)
    assert deal.created_by.username == "kept-entry"
