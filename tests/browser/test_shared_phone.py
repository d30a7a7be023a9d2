"""One phone, two people (issue 30, finding 2). Alice keeps the bids of a deal while the network
is gone; the network comes back but does not reach the game yet, and she logs out. Carol logs in
on that phone and opens the game: nothing of Alice's is there or sent ("begun by carol" was the
bug). And without a log-out (Alice's session simply ends): Carol still finds nothing of Alice's,
online or offline, and Alice, back later, finds her entry and it is sent as hers."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import DealChange, GameRole

from .offline import ready_for_offline
from .table import log_in, tap_numbers
from .waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]
SAVES = re.compile(r"/games/\d+/(open|deals|reopen|undo)/$")

KEPT_ENTRIES = """() => new Promise((resolve) => {
  const open = indexedDB.open("scorekeeper-offline");
  open.onupgradeneeded = () => open.transaction.abort();
  open.onerror = () => resolve([]);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("entries")) return resolve([]);
    const all = db.transaction("entries").objectStore("entries").getAll();
    all.onsuccess = () => resolve(all.result.map((e) => e.owner || "?"));
  };
})"""
KEPT_FORMS = "Object.keys(localStorage).filter(k => k.startsWith('scorekeeper-forms'))"
KEPT_PAGES = "caches.keys().then(names => names.filter(n => n.startsWith('pages')))"


@pytest.fixture
def phone(new_page) -> Page:
    return new_page("light", service_workers="allow")


@pytest.fixture
def table(factory):
    alice, carol = factory.make_user("alice"), factory.make_user("carol")
    game = factory.make_game(alice, game="spades", players=NAMES)
    GameRole.objects.create(game=game, user=carol, role=GameRole.SCOREKEEPER)
    return game, alice, carol


def owner_of(page: Page) -> str:
    return page.locator('meta[name="phone-owner"]').get_attribute("content")


def alice_keeps_bids(page: Page, base: str, game) -> str:
    """Alice, on the phone: the bids of deal 1 kept offline, and the network back without
    reaching the game (saves dropped). Her owner tag."""
    log_in(page, base, "alice", game, by_form=True)
    ready_for_offline(page, game)
    page.context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")  # the page knows it before the tap
    tap_numbers(page, "bid", [3, 4, 2, 3])
    page.get_by_role("button", name="Bids in: play the hand").click()
    expect(page.get_by_test_id("offline-note")).to_contain_text(
        "The bids of deal 1 kept on this phone, not sent yet."
    )
    page.context.route(SAVES, lambda route: route.abort("internetdisconnected"))
    page.context.set_offline(False)
    tag = owner_of(page)
    assert page.evaluate(KEPT_ENTRIES) == [tag]
    assert page.evaluate(KEPT_FORMS) == [f"scorekeeper-forms:{tag}/games/{game.pk}/"]
    assert page.evaluate(KEPT_PAGES) == [f"pages:{tag}"]
    return tag


def carol_opens_the_game(page: Page, base: str, game) -> None:
    # Nothing of Alice's reached the game while she was there (the saves were dropped).
    sent = list(DealChange.objects.filter(game=game).values_list("action", "by__username"))
    assert not sent, sent
    page.context.unroute(SAVES)
    log_in(page, base, "carol", game, by_form=True)
    expect(page.get_by_role("button", name="Bids in: play the hand")).to_be_visible()
    page.wait_for_timeout(1500)  # time for a kept entry to be sent, were there one
    expect(page.locator("#log-list > li.waiting")).to_have_count(0)
    expect(page.get_by_test_id("offline-note")).to_have_count(0)
    assert not DealChange.objects.filter(game=game).exists()  # nothing "begun by carol"


def log_out(phone: Page, kept: str | None = None) -> None:
    """Log out where it is: the account page (the header has the Account link, no Log out).
    kept: the owner tag whose entries must still wait on the phone when Log out is tapped."""
    phone.get_by_role("banner").get_by_role("link", name="Account").click()
    phone.wait_for_url("**/account/")
    # Its script listens (a tap before it would not be asked) …
    expect(phone.locator("#logout[data-asks]")).to_have_count(1)
    if kept is not None:  # … and what it is to ask about is there
        assert phone.evaluate(KEPT_ENTRIES) == [kept], "the kept entries went before log out"
    phone.get_by_test_id("log-out").click()


def test_alice_logs_out_and_carol_finds_nothing_of_hers(phone: Page, live_server, table):
    game, _alice, _carol = table
    tag = alice_keeps_bids(phone, live_server.url, game)
    asked = []
    phone.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    log_out(phone, kept=tag)
    expect(phone.get_by_role("banner").get_by_role("link", name="Log in")).to_be_visible()
    assert asked and "wait to be sent" in asked[0]  # she was told what logging out removes
    assert phone.evaluate(KEPT_ENTRIES) == []
    assert phone.evaluate(KEPT_FORMS) == []
    assert phone.evaluate(KEPT_PAGES) == []

    carol_opens_the_game(phone, live_server.url, game)
    game.refresh_from_db()
    assert game.opening == {}


def test_without_a_log_out_carol_finds_nothing_and_alice_gets_her_entry_back(
    phone: Page, live_server, table, screenshot
):
    game, _alice, _carol = table
    alices = alice_keeps_bids(phone, live_server.url, game)
    phone.context.clear_cookies(name="sessionid")  # her session ends; she never logged out

    carol_opens_the_game(phone, live_server.url, game)
    carols = owner_of(phone)
    assert carols != alices
    ready_for_offline(phone, game)
    assert phone.evaluate(KEPT_ENTRIES) == [alices]  # still on the phone, for Alice
    assert phone.evaluate(KEPT_FORMS) == [f"scorekeeper-forms:{carols}/games/{game.pk}/"]
    wait_until(phone, f"{KEPT_PAGES}.then(names => names.join() === 'pages:{carols}')")
    screenshot(phone, "carol-finds-nothing-of-alices")

    # Offline, the game's kept page is Carol's own: nothing of Alice's is read.
    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator('meta[name="phone-owner"]')).to_have_attribute("content", carols)
    expect(phone.locator("#log-list > li.waiting")).to_have_count(0)
    phone.context.set_offline(False)

    # Carol logs out; Alice, back on her phone, finds her entry and it goes as hers.
    phone.on("dialog", lambda dialog: dialog.accept())
    log_out(phone)
    expect(phone.get_by_role("banner").get_by_role("link", name="Log in")).to_be_visible()
    log_in(phone, live_server.url, "alice", game, by_form=True)
    expect(phone.get_by_test_id("offline-note")).to_contain_text(
        "Everything kept on this phone has been sent."
    )
    opened = DealChange.objects.get(game=game, action="opened")
    assert opened.by.username == "alice"
    assert phone.evaluate(KEPT_ENTRIES) == []
