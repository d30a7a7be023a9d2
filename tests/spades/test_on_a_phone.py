"""A whole game of Spades to 500 on a phone: bids tapped when they are made, tricks when the hand
ends, an undo, what the log says of every deal, the board's points and bags, and the game over.
The first and last deals are tapped; those between are recorded as another phone would."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal, Game
from tests.browser.conftest import PHONE, TIMEOUT_MS
from tests.browser.table import (
    FACTORY_PASSWORD,
    assert_fits_the_phone,
    log_in,
    sign_up,
    tap_numbers,
    undo_and_enter_tricks_again,
)
from tests.support.logs import fixture_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURE = fixture_path("spades")


def test_a_whole_spades_game_to_500(page: Page, live_server, factory, screenshot):
    """The first two deals (a slip, an undo) and the last two (the game's end) are tapped; the
    deals between go in through the services, and the page, reloaded, must say each of them."""
    game_log = json.loads(FIXTURE.read_text(encoding="utf-8"))
    names = game_log["players"]
    base = live_server.url
    sign_up(page, base, "spadeskeeper")
    page.get_by_role("link", name="New Spades game").click()
    for i, name in enumerate(names):
        page.fill(f"#id_player_{i}", name)
    # Partners sit opposite: the seats say which team each is on.
    expect(page.locator("ol.seats label")).to_have_text(
        [re.compile(rf"^Seat {n} · team {t}") for n, t in zip("1234", "ABAB", strict=True)]
    )
    expect(page.locator(".new-game .hint").first).to_contain_text(
        "Partners sit opposite: seats 1 and 3 (team A) against seats 2 and 4 (team B)."
    )
    screenshot(page, "01-new-game")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Bids in: play the hand")).to_be_visible()

    deals = list(zip(game_log["deals"], game_log["computed"]["deals"], strict=True))
    numbered = list(enumerate(deals, start=1))
    for number, (deal, computed) in numbered[:2]:
        tap_a_deal(page, number, deal, computed, names, screenshot)
        expect_next_dealer(page, game_log, number)
    for number, (_deal, computed) in record_meanwhile(page, factory, numbered[2:-2]):
        said = page.locator(f"#deal-{number}")
        expect(said).to_contain_text(computed["explanation"][0])
        expect(said).to_contain_text(computed["explanation"][-1])  # "The deal passes to …"
    for number, (deal, computed) in numbered[-2:]:
        tap_a_deal(page, number, deal, computed, names, screenshot)
        expect_next_dealer(page, game_log, number)

    state = game_log["computed"]["state"]
    for team in (0, 1):
        expect(page.get_by_test_id(f"points-{team}")).to_have_text(str(state["points"][team]))
        expect(page.get_by_test_id(f"bags-{team}")).to_have_text(str(state["bags"][team]))
    over = page.locator(".game-over")
    expect(over).to_contain_text("Bongani & Dev")
    expect(over).to_contain_text("434–513")
    assert_fits_the_phone(page)
    screenshot(page, "05-game-over")
    game = Game.objects.get()
    assert game.finished
    assert [d.facts for d in Deal.objects.order_by("number")] == [
        {k: v for k, v in deal.items() if k != "dealer"} for deal in game_log["deals"]
    ]


def record_meanwhile(page: Page, factory, numbered: list) -> list:
    """Record these deals through the services (taps would only repeat the first deals' path)
    and reload the page: the same numbered deals, for the test to check what it says of each."""
    game = Game.objects.get()
    for _number, (deal, _computed) in numbered:
        game.refresh_from_db()  # the version each save checks
        factory.record(game, bids=deal["bids"], tricks=deal["tricks"])
    page.reload()
    return numbered


def expect_next_dealer(page: Page, game_log: dict, number: int) -> None:
    """After deal `number`, the dealer line names who deals next (none once the game is over)."""
    if number < len(game_log["deals"]):
        after = game_log["computed"]["deals"][number]["dealer"]
        expect(page.get_by_test_id("dealer")).to_have_text(game_log["players"][after])


def tap_a_deal(
    page: Page, number: int, deal: dict, computed: dict, names: list[str], screenshot
) -> None:
    """Bids, then tricks, tapped on the pads, and the deal said in the log. The first deal
    also goes through a refusal (two counts missing) and an undo."""
    expect(page.get_by_test_id("dealer")).to_have_text(names[deal["dealer"]])
    tap_numbers(page, "bid", deal["bids"])
    if number == 1:
        expect(page.locator("#preview")).to_contain_text("bid 3 + 3 = 6")
        screenshot(page, "02-bids")
    page.get_by_role("button", name="Bids in: play the hand").click()
    expect(page.locator(".opening")).to_contain_text("bid")  # the contracts, on the board
    total = page.locator(".running-total")
    if number == 1:
        tap_numbers(page, "trick", deal["tricks"][:2])
        expect(total).to_contain_text(f"{sum(deal['tricks'][:2])} of 13 tricks")
        page.get_by_role("button", name="Record deal 1").click()  # two players missing
        expect(page.locator("#deal-form .errorlist").first).to_be_visible()
        screenshot(page, "03-tricks-missing")
    tap_numbers(page, "trick", deal["tricks"][:3])
    # The last player's count is what the others leave: filled in, not tapped.
    expect(page.locator("#id_trick_3")).to_have_value(str(deal["tricks"][3]))
    expect(total).to_contain_text("13 of 13 tricks ✓")
    page.get_by_role("button", name=f"Record deal {number}").click()
    expect(page.locator(f"#deal-{number}")).to_be_attached()
    expect(page.locator(f"#deal-{number}")).to_contain_text(computed["explanation"][0])
    if number == 1:
        screenshot(page, "04-after-deal-1")
        # A slip: undo brings the bids back as the coming deal's, then record it again.
        undo_and_enter_tricks_again(page, 1, "bid 3 + 3 = 6", deal["tricks"])
        page.get_by_role("button", name="Record deal 1").click()
        expect(page.locator("#deal-1")).to_be_attached()


def test_a_second_tap_that_lands_on_the_next_form_saves_nothing(page: Page, live_server, factory):
    """The answer came between the two taps of a double tap: the second meets the tricks form
    that has just replaced the bids, untouched. It sends nothing: no errors nobody made."""

    owner = factory.make_user("spades-double")
    game = factory.make_game(owner, game="spades", players=["Ann", "Ben", "Cat", "Dan"])
    log_in(page, live_server.url, "spades-double", game)
    tap_numbers(page, "bid", [3, 3, 3, 3])
    page.get_by_role("button", name="Bids in: play the hand").click()
    record = page.get_by_role("button", name="Record deal 1")
    expect(record).to_be_visible()
    saves = []
    page.on(
        "request", lambda r: saves.append(r) if r.method == "POST" and "/deals/" in r.url else 0
    )
    record.click()  # the second tap, on the fresh form
    page.wait_for_timeout(300)
    assert saves == []
    expect(page.locator("#deal-form .errorlist")).to_have_count(0)

    tap_numbers(page, "trick", [3, 3, 3, 4])  # the hand, played: now a save is a real one
    record.click()
    expect(page.locator("#deal-1")).to_be_attached()
    assert len(saves) == 1 and Deal.objects.filter(game=game).count() == 1


def test_a_blind_nil_is_ticked_at_the_bid_and_refused_there(
    page: Page, live_server, factory, screenshot
):
    """Blind nil on: each player's tick sits under their pad. Ticked with a bid of 2, the
    refusal is said right there and every tap is kept; ticked with no bid, it is the bid of 0."""
    owner = factory.make_user("spades-blind")
    game = factory.make_game(
        owner, game="spades", players=["Ann", "Ben", "Cat", "Dan"], house_rules={"blind_nil": True}
    )
    log_in(page, live_server.url, "spades-blind", game)
    tap_numbers(page, "bid", [3, 4, 2, 3])
    cat = page.locator(".seat-number").filter(has=page.locator("#id_bid_2"))
    cat.get_by_text("Cat: blind nil").tap()
    expect(page.locator("#preview")).to_contain_text("Cat bid 2: a blind nil is a bid of 0.")
    page.get_by_role("button", name="Bids in: play the hand").click()
    error = cat.locator(".errorlist")
    expect(error).to_have_text("Cat bid 2: a blind nil is a bid of 0.")
    expect(error).to_be_visible()
    expect(page.locator("#deal-form .errors")).to_have_count(0)  # nothing at the top
    expect(page.locator("#id_blind_2")).to_be_checked()
    for seat, bid in enumerate([3, 4, 2, 3]):
        expect(page.locator(f"#id_bid_{seat}")).to_have_value(str(bid))
    assert_fits_the_phone(page)
    screenshot(page, "blind-nil-refused")

    cat.locator(".pad-key[data-value='0']").tap()
    expect(page.locator("#preview")).to_contain_text("Cat bids blind nil")
    page.get_by_role("button", name="Bids in: play the hand").click()
    expect(page.locator(".opening")).to_contain_text("Ann & Cat bid 3 (Cat blind nil).")
    game.refresh_from_db()
    assert game.opening == {"bids": [3, 4, 0, 3], "blind_nil": [False, False, True, False]}


def test_the_running_total_speaks_the_pages_language(browser, live_server, factory):
    """The pads' running total is written in the browser: in Chinese on a Chinese page."""
    context = browser.new_context(locale="zh-CN", color_scheme="light", **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        owner = factory.make_user("spades-zh")
        game = factory.make_game(owner, game="spades", players=["Ann", "Ben", "Cat", "Dan"])
        page.goto(f"{live_server.url}/login/")
        page.fill("#id_username", "spades-zh")
        page.fill("#id_password", FACTORY_PASSWORD)
        page.locator("form:has(#id_username) button[type=submit]").click()
        expect(page).to_have_url(f"{live_server.url}/")
        page.goto(f"{live_server.url}/games/{game.pk}/")
        tap_numbers(page, "bid", [3, 3, 3, 3])
        page.locator("#deal-submit").click()  # the bids in: now the tricks, which add up to 13
        total = page.locator(".running-total")
        tap_numbers(page, "trick", [3, 3])
        expect(total).to_have_text("墩数：已填 6/13，还差 7")
        tap_numbers(page, "trick", [3, 3, 4, 5])
        expect(total).to_have_text("墩数：已填 15/13，多了 2")
        tap_numbers(page, "trick", [3, 3, 4, 3])
        expect(total).to_have_text("墩数：已填 13/13 ✓")
    finally:
        context.close()
