"""The table's network drops: entries made offline are kept on the phone, survive a reload,
and land once each, in order, when the network is back (static/js/offline.js)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal
from tests.support.logs import fixture_log
from tests.zhao_pengyou.test_on_a_phone import enter_deal as enter_zp_deal

from .offline import assert_same_log, expect_all_sent, expect_kept, ready_for_offline
from .schemes import in_each_scheme
from .table import enter_deal, log_in, tap_chip, tap_numbers

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def page(new_page) -> Page:
    """A phone with the app's service worker (the other browser tests run without it)."""
    return new_page("light", service_workers="allow")


GAME_PAGES = re.compile(r"/games/\d+/")  # saves, previews, the poll: what a flaky network drops
CARD = {"light": "rgb(255, 255, 255)", "dark": "rgb(28, 33, 30)"}  # --card of each theme
THUNEE_DEALS = [(1, 2, 110), (2, 3, 40), (2, 0, 152)]  # trump maker, last trick, points


def thunee_deal(page: Page, number: int, maker: int, last: int, points: int) -> None:
    tap_chip(page, "trump_maker", maker)
    enter_deal(page, last, points)
    page.get_by_role("button", name=f"Record deal {number}").click()


def test_thunee_three_deals_offline_a_reload_and_back_online(
    new_page, live_server, factory, screenshot
):
    page = new_page("light", service_workers="allow")
    keeper = factory.make_user("offline-keeper")
    game, twin = factory.make_game(keeper), factory.make_game(keeper)
    log_in(page, live_server.url, "offline-keeper", twin)
    for number, deal in enumerate(THUNEE_DEALS, start=1):  # the same deals, online
        thunee_deal(page, number, *deal)
        expect(page.locator(f"#deal-{number}")).to_be_attached()

    page.goto(f"{live_server.url}/games/{game.pk}/")
    ready_for_offline(page, game)
    page.context.set_offline(True)
    for number, deal in enumerate(THUNEE_DEALS, start=1):
        thunee_deal(page, number, *deal)
        expect(page.get_by_test_id("offline-note")).to_contain_text(
            f"Deal {number} kept on this phone, not sent yet."
        )
        expect_kept(page, list(range(1, number + 1)))
    expect(page.locator("#preview")).to_contain_text("No scoring without the server")
    note = page.get_by_test_id("offline-note")

    def look(scheme: str) -> str:
        screenshot(page, f"01-kept-offline-{scheme}", full_page=False)
        shot = screenshot(page, f"02-waiting-{scheme}")
        if shot is not None:  # the log alone: the waiting entries on top
            page.locator("section.log").screenshot(path=str(shot))
        return note.evaluate("e => getComputedStyle(e).backgroundColor")

    assert in_each_scheme(page, look) == CARD  # the note is a card in either theme
    assert Deal.objects.filter(game=game).count() == 0

    page.reload()  # offline: the page from the service worker, the entries from the phone
    expect_kept(page, [1, 2, 3])
    expect(page.get_by_role("button", name="Record deal 4")).to_be_visible()

    page.context.set_offline(False)
    expect_all_sent(page, [1, 2, 3])
    assert_same_log(game, twin)


SPADES = fixture_log("spades")
ZHAO_PENGYOU = fixture_log("zhao-pengyou")


def spades_deal(page: Page, number: int, deal: dict) -> None:
    """Two steps: the bids, then the tricks."""
    tap_numbers(page, "bid", deal["bids"])
    page.get_by_role("button", name="Bids in: play the hand").click()
    expect(page.get_by_role("button", name=f"Record deal {number}")).to_be_visible()
    tap_numbers(page, "trick", deal["tricks"])
    page.get_by_role("button", name=f"Record deal {number}").click()


def zhao_pengyou_deal(page: Page, number: int, deal: dict) -> None:
    enter_zp_deal(page, deal)
    page.get_by_role("button", name=f"Record deal {number}").click()


class EveryOther:
    """A network that drops every other request to the game's pages (saves, previews, the poll)
    before it reaches the server."""

    def __init__(self) -> None:
        self.seen = 0
        self.dropped = 0

    def __call__(self, route) -> None:
        self.seen += 1
        if self.seen % 2:
            self.dropped += 1
            route.abort("internetdisconnected")
        else:
            route.continue_()


def offline_then_online(page: Page, base: str, game, twin, play, deals, network, steps=1):
    """The deals entered online in the twin, then in the game with the network switched off (or
    dropping every other request), a reload, and the network back."""
    page.goto(f"{base}/games/{twin.pk}/")
    for number, deal in enumerate(deals, start=1):
        play(page, number, deal)
        expect(page.locator(f"#deal-{number}")).to_be_attached()
    page.goto(f"{base}/games/{game.pk}/")
    ready_for_offline(page, game)
    flaky = EveryOther()
    if network == "off":
        page.context.set_offline(True)
    else:
        page.context.route(GAME_PAGES, flaky)
    numbers = list(range(1, len(deals) + 1))
    for number, deal in enumerate(deals, start=1):
        play(page, number, deal)
        if network == "off":
            expect(page.get_by_test_id("offline-note")).to_contain_text(
                f"Deal {number} kept on this phone, not sent yet."
            )
        else:  # as the scorekeeper sees it: recorded, or kept on the phone
            waiting = page.locator("#log-list > li.waiting", has_text=f"Deal {number}")
            expect(page.locator(f"#deal-{number}").or_(waiting).first).to_be_attached()
    if network == "off":
        expect_kept(page, numbers, steps=steps)
    page.reload()
    if network == "off":
        expect_kept(page, numbers, steps=steps)
        page.context.set_offline(False)
    else:
        assert flaky.dropped > 0
        page.context.unroute(GAME_PAGES, flaky)
    expect(page.locator("#log-list > li.waiting")).to_have_count(0)
    for number in numbers:
        expect(page.locator(f"#deal-{number}")).to_have_count(1)
    assert_same_log(game, twin)


NETWORKS = pytest.mark.parametrize("network", ["off", "every other request dropped"])


@NETWORKS
def test_spades_bids_and_tricks_offline(page: Page, live_server, factory, network):
    keeper = factory.make_user("spades-offline")
    game, twin = (factory.make_game(keeper, game="spades", players=SPADES["players"]) for _ in "ab")
    log_in(page, live_server.url, "spades-offline")
    deals = SPADES["deals"][:3]
    offline_then_online(page, live_server.url, game, twin, spades_deal, deals, network, steps=2)


@NETWORKS
def test_zhao_pengyou_offline(page: Page, live_server, factory, network):
    keeper = factory.make_user("zp-offline")
    names = ZHAO_PENGYOU["players"]
    game, twin = (
        factory.make_game(keeper, game="zhao-pengyou", players=names, first_dealer=2) for _ in "ab"
    )
    log_in(page, live_server.url, "zp-offline")
    deals = ZHAO_PENGYOU["deals"][:3]
    offline_then_online(page, live_server.url, game, twin, zhao_pengyou_deal, deals, network)


def test_a_deal_another_phone_recorded_meanwhile_is_shown_and_resolved(
    page: Page, live_server, factory, screenshot
):
    keeper = factory.make_user("conflicted")
    game = factory.make_game(keeper)
    for _ in range(6):
        factory.normal_deal(game)
    log_in(page, live_server.url, "conflicted", game)
    ready_for_offline(page, game)
    page.context.set_offline(True)
    game.refresh_from_db()
    maker = (game.state_cache["dealer"] + 1) % 4
    thunee_deal(page, 7, maker, 1, 110)  # this phone's deal 7
    thunee_deal(page, 8, (maker + 1) % 4, 2, 60)
    expect_kept(page, [7, 8])
    factory.normal_deal(game)  # meanwhile the other phone records its deal 7

    page.context.set_offline(False)
    note = page.get_by_test_id("offline-note")
    expect(note).to_contain_text("The server did not take deal 7.")
    expect(page.locator("#deal-form .errors")).to_contain_text(
        "deal 7 was recorded there while you were entering it"
    )
    expect(page.locator("#log-list > li.waiting")).to_have_count(2)
    expect(page.locator("#deal-7")).to_have_count(1)  # the other phone's
    # Its input is back in the form, to be saved as the deal it really was.
    expect(page.locator("#deal-form input[name=last_trick][value='1']")).to_be_checked()
    expect(page.locator("#id_counting_points")).to_have_value("110")
    screenshot(page, "01-refused", full_page=False)
    assert Deal.objects.filter(game=game).count() == 7

    # Saved again as the deal it really was, deal 8: the dealer moved on, so the rules now want
    # another trump maker, and say so; the entry after it waits meanwhile.
    page.locator("#deal-submit").click()
    expect(note).to_contain_text("The server did not take deal 8.")
    expect(page.locator("#deal-form")).to_contain_text("makes trumps")
    for number in (8, 9):
        expect(note).to_contain_text(f"The server did not take deal {number}.")
        game.refresh_from_db()
        tap_chip(page, "trump_maker", (game.state_cache["dealer"] + 1) % 4)
        page.locator("#deal-submit").click()
    expect_all_sent(page, [7, 8, 9])
    deals = {d.number: d.facts for d in Deal.objects.filter(game=game)}
    assert sorted(deals) == list(range(1, 10))
    assert (deals[8]["counting_points"], deals[9]["counting_points"]) == (110, 60)


# The end of the game tapped on the flaky network, after the deals before it went in through the
# services: its first deals on that network are test_spades_bids_and_tricks_offline's.
TAPPED_AT_THE_END = 5


def test_a_whole_spades_game_on_a_network_that_drops_every_other_request(
    page: Page, live_server, factory
):
    keeper = factory.make_user("spades-flaky")
    game = factory.make_game(keeper, game="spades", players=SPADES["players"])
    first = len(SPADES["deals"]) - TAPPED_AT_THE_END
    for deal in SPADES["deals"][:first]:
        game.refresh_from_db()  # the version each save checks
        factory.record(game, bids=deal["bids"], tricks=deal["tricks"])
    log_in(page, live_server.url, "spades-flaky", game)
    ready_for_offline(page, game)
    network = EveryOther()
    page.context.route(GAME_PAGES, network)
    for number, deal in enumerate(SPADES["deals"][first:], start=first + 1):
        spades_deal(page, number, deal)
        if number < len(SPADES["deals"]):
            expect(page.get_by_role("button", name="Bids in: play the hand")).to_be_visible()
    expect(page.locator("#log-list > li.waiting")).to_have_count(0, timeout=30_000)
    expect(page.locator(".game-over")).to_be_visible()
    assert network.dropped >= TAPPED_AT_THE_END  # a save or more of each deal, dropped
    deals = list(Deal.objects.filter(game=game).order_by("number"))
    assert [d.number for d in deals] == list(range(1, 16))  # each once, in order
    for recorded, deal in zip(deals, SPADES["deals"], strict=True):
        assert (recorded.facts["bids"], recorded.facts["tricks"]) == (deal["bids"], deal["tricks"])
    game.refresh_from_db()
    assert game.finished


def test_thunee_three_deals_on_a_network_that_drops_every_other_request(
    page: Page, live_server, factory
):
    keeper = factory.make_user("thunee-flaky")
    game, twin = factory.make_game(keeper), factory.make_game(keeper)
    log_in(page, live_server.url, "thunee-flaky")

    def play(page: Page, number: int, deal: tuple) -> None:
        thunee_deal(page, number, *deal)

    offline_then_online(page, live_server.url, game, twin, play, THUNEE_DEALS, "dropped")


def test_an_undo_and_the_deal_again_offline(page: Page, live_server, factory):
    keeper = factory.make_user("undo-offline")
    game = factory.make_game(keeper)
    factory.normal_deal(game)
    factory.normal_deal(game)
    log_in(page, live_server.url, "undo-offline", game)
    ready_for_offline(page, game)
    page.context.set_offline(True)
    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name="Undo deal 2").click()
    note = page.get_by_test_id("offline-note")
    expect(note).to_contain_text("Undo of deal 2 kept on this phone, not sent yet.")
    expect(page.locator("#undo")).to_be_hidden()  # the server's last deal waits with the queue
    game.refresh_from_db()
    before = Deal.objects.get(game=game, number=2).facts
    thunee_deal(page, 2, before["trump_maker"], 3, 20)  # deal 2 as it really went
    expect(note).to_contain_text("Deal 2 kept on this phone, not sent yet.")
    expect(page.locator("#log-list > li.waiting")).to_have_count(2)

    page.context.set_offline(False)
    expect(note).to_contain_text("Everything kept on this phone has been sent.")
    expect(page.locator("#deal-2")).to_have_count(1)
    deals = list(Deal.objects.filter(game=game).order_by("number"))
    assert [d.number for d in deals] == [1, 2]
    assert (deals[1].facts["last_trick"], deals[1].facts["counting_points"]) == (3, 20)


def test_an_edit_saved_offline_is_kept_and_sent(page: Page, live_server, factory):
    keeper = factory.make_user("edit-offline")
    game = factory.make_game(keeper)
    factory.normal_deal(game)
    factory.normal_deal(game)
    log_in(page, live_server.url, "edit-offline", game)
    ready_for_offline(page, game)
    page.goto(f"{live_server.url}/games/{game.pk}/deals/1/edit/")
    page.context.set_offline(True)
    page.fill("#id_counting_points", "140")  # still won: the deals after it stand
    page.get_by_role("button", name="Save changes to deal 1").click()
    # Back on the game page (the copy kept on the phone), the change waiting.
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/")
    note = page.get_by_test_id("offline-note")
    expect(note).to_contain_text("The change to deal 1 kept on this phone, not sent yet.")
    expect(page.locator("#log-list > li.waiting")).to_contain_text("Change to deal 1")
    assert Deal.objects.get(game=game, number=1).facts["counting_points"] == 152

    page.context.set_offline(False)
    expect(note).to_contain_text("Everything kept on this phone has been sent.")
    assert Deal.objects.get(game=game, number=1).facts["counting_points"] == 140
