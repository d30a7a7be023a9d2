"""Helpers for the offline tests: a phone whose service worker and kept forms are in place, the
network switched off or made to drop requests, and the log compared with the same deals entered
through the services."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal, Game
from tests.browser.waiting import wait_until


def forms_kept(game: Game) -> str:
    """JavaScript: whether the phone keeps the game's fresh deal forms (under their maker's tag,
    scorekeeper-forms:<owner>/games/<pk>/)."""
    key = f"/games/{game.pk}/"
    return (
        "Object.keys(localStorage).some(k => k.startsWith('scorekeeper-forms:') && "
        f"k.endsWith({key!r}))"
    )


def ready_for_offline(page: Page, game: Game) -> None:
    """The page is controlled by the service worker (so it can be reloaded offline), and the
    phone has kept the game's fresh deal forms and its page."""
    try:
        wait_until(page, "navigator.serviceWorker.controller !== null", timeout_s=15)
    except TimeoutError:
        # The worker's install (it fetches every static file) failed once under a loaded test
        # run; a phone registers it again on its next page load, and so does this one.
        page.reload()
        wait_until(page, "navigator.serviceWorker.controller !== null")
    wait_until(page, forms_kept(game))
    # On the first visit the page asks the worker to keep its copy, a fetch of its own: a test
    # that goes offline before it lands would find no page to open.
    kept = f"caches.match(new URL('/games/{game.pk}/', location.origin).href).then(Boolean)"
    wait_until(page, kept)


def expect_kept(page: Page, numbers: list[int], *, steps: int = 1) -> None:
    """The log lists these deals as waiting on the phone, newest first, and nothing else waits
    (steps=2: each deal's bids and its tricks are two entries)."""
    rows = page.locator("#log-list > li.waiting")
    expect(rows).to_have_count(len(numbers) * steps)
    expect(rows).to_contain_text([f"Deal {n}" for n in reversed(numbers) for _ in range(steps)])
    for row in rows.all():
        expect(row).to_contain_text("waiting to be sent")


def expect_all_sent(page: Page, numbers: list[int]) -> None:
    expect(page.locator("#log-list > li.waiting")).to_have_count(0)
    for number in numbers:
        expect(page.locator(f"#deal-{number}")).to_have_count(1)
    expect(page.get_by_test_id("offline-note")).to_contain_text(
        "Everything kept on this phone has been sent."
    )


def logged(game: Game) -> list[dict]:
    return [deal.facts for deal in Deal.objects.filter(game=game).order_by("number")]


def assert_same_log(game: Game, twin: Game) -> None:
    """The game kept offline and its twin entered online hold the same deals and scores."""
    game.refresh_from_db()
    twin.refresh_from_db()
    assert logged(game) == logged(twin)
    assert game.state_cache == twin.state_cache
