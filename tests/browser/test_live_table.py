"""The live table in two browsers: a scorekeeper, and a spectator who joined by the watch link
the scorekeeper's QR code shows (no account). The spectator's screen follows a recorded deal,
an undo and an edit by itself, within the poll's two seconds; the log shows who did what.

Then two scorekeepers: one is half-way through entering a deal when the other records one. The
first one's input stays, they are told, and saving it is refused with their input kept.
"""

from __future__ import annotations

import re
import time

import pytest
import segno
from playwright.sync_api import Page, expect

from scorekeeper.games.models import GameRole

from .table import assert_fits_the_phone, enter_deal, log_in, record

pytestmark = pytest.mark.browser
live = pytest.mark.django_db(transaction=True)  # live_server needs committed data

FOLLOWS_MS = 3_000  # the poll runs every 2 s; a request takes a few ms more


def balls(page: Page) -> list[str]:
    return [page.get_by_test_id(f"balls-{team}").inner_text() for team in (0, 1)]


def two_keepers(new_page, base: str, factory) -> tuple:
    """A game of Asha's that Dev keeps score of too, open on a phone each: (game, asha, dev)."""
    owner, other = factory.make_user("asha"), factory.make_user("dev")
    game = factory.make_game(owner)
    GameRole.objects.create(game=game, user=other, role=GameRole.SCOREKEEPER)
    asha, dev = new_page(), new_page()
    log_in(asha, base, "asha", game)
    log_in(dev, base, "dev", game)
    return game, asha, dev


def expect_same_score(spectator: Page, keeper: Page) -> None:
    score = balls(keeper)
    for team, count in enumerate(score):
        expect(spectator.get_by_test_id(f"balls-{team}")).to_have_text(count, timeout=FOLLOWS_MS)


@live
def test_a_spectator_by_the_qr_link_follows_deal_undo_and_edit(
    new_page, live_server, factory, screenshot
):
    base = live_server.url
    owner = factory.make_user("asha")
    game = factory.make_game(owner)
    keeper = new_page()
    log_in(keeper, base, "asha", game, by_form=True)

    # The owner makes a watch link; its QR code is the link's.
    keeper.get_by_role("link", name="Share").click()
    keeper.get_by_role("button", name="Make a watch link").click()
    url = keeper.get_by_test_id("watch-url").input_value()
    assert re.fullmatch(rf"{re.escape(base)}/watch/[\w-]{{32}}/", url)
    shown = keeper.locator("[data-testid=share-watch] .qr svg path.qrline").get_attribute("d")
    made = segno.make(url, error="m").svg_inline(scale=5, border=2, dark="#000", light="#fff")
    assert f'd="{shown}"' in made
    assert_fits_the_phone(keeper)
    screenshot(keeper, "01-share")

    # The spectator opens it on their own phone: no account, the game read-only.
    spectator = new_page()
    spectator.goto(url)
    expect(spectator.get_by_test_id("watching")).to_be_visible()
    expect(spectator.locator("#deal-form")).to_have_count(0)
    expect(spectator.get_by_text("No deals yet.")).to_be_visible()
    screenshot(spectator, "02-spectator-start")

    keeper.get_by_role("link", name="Back to the game").click()
    enter_deal(keeper, last_trick=0, points=95)
    record(keeper, 1)
    started = time.monotonic()
    expect(spectator.locator("#deal-1")).to_be_attached(timeout=FOLLOWS_MS)
    followed = time.monotonic() - started
    expect_same_score(spectator, keeper)
    expect(spectator.get_by_test_id("last-change")).to_contain_text("Deal 1 recorded by asha")
    expect(spectator.locator("#deal-form")).to_have_count(0)
    assert_fits_the_phone(spectator)
    screenshot(spectator, "03-spectator-after-deal-1")
    assert followed < FOLLOWS_MS / 1000

    keeper.once("dialog", lambda dialog: dialog.accept())
    keeper.get_by_role("button", name="Undo deal 1").click()
    expect(keeper.locator(".messages")).to_contain_text("Deal 1 undone")
    expect(spectator.locator("#deal-1")).to_have_count(0, timeout=FOLLOWS_MS)
    expect_same_score(spectator, keeper)
    expect(spectator.get_by_test_id("last-change")).to_contain_text("Deal 1 undone by asha")

    record(keeper, 1)  # the undone facts came back into the form
    expect(spectator.locator("#deal-1")).to_be_attached(timeout=FOLLOWS_MS)
    expect_same_score(spectator, keeper)
    before = balls(spectator)

    keeper.goto(f"{base}/games/{game.pk}/deals/1/edit/")
    keeper.fill("#id_counting_points", "40")  # 40 + 10: now the trump makers win it
    keeper.get_by_role("button", name="Save changes to deal 1").click()
    expect(keeper.locator(".messages")).to_contain_text("Deal 1 changed")
    expect_same_score(spectator, keeper)
    assert balls(spectator) != before
    expect(spectator.get_by_test_id("last-change")).to_contain_text("Deal 1 edited by asha")
    history = spectator.locator("#history")
    history.locator("summary").click()
    expect(history).to_contain_text("Deal 1 edited by asha")
    expect(history).to_contain_text("counting team's card points: 95 → 40")
    expect(history).to_contain_text("Deal 1 undone by asha")
    assert_fits_the_phone(spectator)
    screenshot(spectator, "04-spectator-after-edit")


@live
def test_a_second_scorekeepers_half_entered_deal_is_kept(new_page, live_server, factory):
    game, first, second = two_keepers(new_page, live_server.url, factory)

    enter_deal(second, last_trick=2, points=120)  # Dev is half-way through deal 1
    enter_deal(first, last_trick=0, points=95)
    record(first, 1)  # Asha records it first

    expect(second.locator("#deal-1")).to_be_attached(timeout=FOLLOWS_MS)
    expect_same_score(second, first)
    expect(second.get_by_test_id("live-note")).to_be_visible()
    expect(second.locator("#id_counting_points")).to_have_value("120")  # the input is kept

    second.get_by_role("button", name="Record deal 1").click()  # saving it is refused, kept
    expect(second.locator("#deal-form .errors")).to_contain_text("changed on another phone")
    expect(second.locator("#id_counting_points")).to_have_value("120")
    assert game.deals.count() == 1


@live
def test_a_page_logged_out_elsewhere_stops_polling_and_offers_to_log_in(
    new_page, live_server, factory, screenshot
):
    """A page that polls (no stream: `make run`'s server has none, or a network drops it) finds
    out at its next poll. A page on a stream finds out at the next change it is told of."""
    owner = factory.make_user("asha")
    game = factory.make_game(owner)
    page = new_page()
    page.route("**/stream/**", lambda route: route.abort())
    log_in(page, live_server.url, "asha", game)
    expect(page.locator("#live-poll")).to_be_attached()
    page.context.clear_cookies()  # logged out, e.g. in another tab

    note = page.get_by_test_id("logged-out")
    expect(note).to_be_visible(timeout=FOLLOWS_MS)
    expect(page.locator("#live-poll")).to_have_count(0)  # no more polls
    screenshot(page, "logged-out", full_page=False)
    note.get_by_role("link", name="Log in again").click()
    expect(page).to_have_url(re.compile(rf"/login/\?next=/games/{game.pk}/$"))


@live
def test_input_made_while_a_poll_is_on_its_way_is_kept(new_page, live_server, factory):
    """The poll was asked for with an untouched form (on the stream's word that the game
    changed, or on its own clock where there is no stream); while its answer is on the way (a
    slow network), the scorekeeper taps in the next deal. The answer must not sweep that away."""
    base = live_server.url
    owner, other = factory.make_user("asha"), factory.make_user("dev")
    game = factory.make_game(owner)
    GameRole.objects.create(game=game, user=other, role=GameRole.SCOREKEEPER)
    slow = new_page()
    log_in(slow, base, "dev", game)
    holding, held = [False], []

    def poll(route):
        if holding[0] and not held:
            held.append(route)
        else:
            route.continue_()

    slow.context.route(re.compile(r"/games/\d+/live/"), poll)
    first = new_page()
    log_in(first, base, "asha", game)
    enter_deal(first, last_trick=0, points=95)
    holding[0] = True
    record(first, 1)  # Asha records deal 1: Dev's next poll brings it
    deadline = time.monotonic() + 5
    while not held and time.monotonic() < deadline:
        slow.wait_for_timeout(50)
    assert held, "no poll was asked for"
    enter_deal(slow, last_trick=2, points=120)  # Dev starts deal 2 while it is on the way
    held[0].continue_()

    expect(slow.locator("#deal-1")).to_be_attached(timeout=FOLLOWS_MS + 2_000)
    expect_same_score(slow, first)
    expect(slow.locator("#id_counting_points")).to_have_value("120")
    slow.wait_for_timeout(2_500)  # and the polls after it leave the input alone too
    expect(slow.locator("#id_counting_points")).to_have_value("120")


@live
def test_a_deal_the_poll_brings_before_the_saves_answer_is_shown_once(
    new_page, live_server, factory
):
    """The save's answer is slow (a loaded phone or server): the page's poll brings the deal
    first, in the whole log. The answer's own row for it must not go in on top of that one,
    not even for the moment before htmx settles (20 ms, more on a busy phone); the rest of the
    answer (the next deal's form: the poll leaves a touched form alone) still goes in."""
    owner = factory.make_user("asha")
    game = factory.make_game(owner)
    page = new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    log_in(page, live_server.url, "asha", game)
    held = []

    def save(route):  # the deal is saved; its answer waits
        held.append((route, route.fetch()))

    page.route(re.compile(r"/games/\d+/deals/$"), save)
    enter_deal(page, last_trick=0, points=95)
    page.get_by_role("button", name="Record deal 1").click()
    deadline = time.monotonic() + 5
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert held, "the save was not sent"
    expect(page.locator("#deal-1")).to_be_attached(timeout=FOLLOWS_MS + 2_000)  # the poll's
    # Every change of the page from here is counted: the most rows of deal 1 it ever had.
    page.evaluate(
        """() => {
          window.mostRows = 0;
          new MutationObserver(() => {
            const rows = document.querySelectorAll('[id="deal-1"]').length;
            window.mostRows = Math.max(window.mostRows, rows);
          }).observe(document.body, { childList: true, subtree: true });
        }"""
    )
    route, answer = held[0]
    route.fulfill(response=answer)

    expect(page.get_by_role("button", name="Record deal 2")).to_be_visible()
    # The form carries htmx-request, then htmx-settling, until the answer has settled.
    expect(page.locator("#deal-form")).not_to_have_class(re.compile(r"htmx-"))
    assert page.evaluate("window.mostRows") == 1
    expect(page.locator("#deal-1")).to_have_count(1)
    expect(page.locator("#deal-1")).not_to_have_class(re.compile(r"htmx-added"))
    expect(page.locator("#id_counting_points")).to_have_value("")  # reset for deal 2
    assert errors == []


@live
def test_a_save_on_a_page_that_missed_an_edit_still_gets_the_edit(new_page, live_server, factory):
    """Dev's phone had not yet heard of Asha's edit of deal 1 (a slow network) when Dev
    recorded deal 2. The save's answer brings only its own part of the page, so the edit must
    still come at Dev's next ask: the answer leaves the page's stamp as it was (live.js says
    what the page knew), not the game's new one, after which every ask would answer 204."""
    base = live_server.url
    game, asha, dev = two_keepers(new_page, base, factory)
    enter_deal(asha, last_trick=0, points=95)
    record(asha, 1)
    expect(dev.locator("#deal-1")).to_be_attached(timeout=FOLLOWS_MS)

    deaf = re.compile(r"/(live|stream)/")
    dev.route(deaf, lambda route: route.abort())
    asha.goto(f"{base}/games/{game.pk}/deals/1/edit/")
    asha.fill("#id_counting_points", "100")  # the same side wins it: the dealer stays
    asha.get_by_role("button", name="Save changes to deal 1").click()
    expect(asha.locator(".messages")).to_contain_text("Deal 1 changed")
    enter_deal(dev, last_trick=0, points=95)
    record(dev, 2)
    dev.unroute(deaf)

    expect(dev.locator("#history")).to_contain_text("Deal 1 edited by asha", timeout=FOLLOWS_MS)
    expect_same_score(dev, asha)
    assert game.deals.count() == 2
