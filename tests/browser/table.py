"""What a scorekeeper does at the table, in the browser.

Sign up or log in, start a game, tap chips, enter and record a deal, check the balls and the
dealer, and check that the page fits a 390px phone. The rules themselves are not here: each test
file keeps its own small model of them, so the expected score never comes from the app's code.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

PASSWORD = "Thunee-at-the-table-42"  # for the keepers the tests sign up
FACTORY_PASSWORD = "pw-for-tests-1"  # the factory's default, for the keepers it makes
PHONE_WIDTH = 390  # as the `page` fixture's viewport


# ---- finding things on the page --------------------------------------------------------------


def chip(page: Page, name: str, value: int | str):
    """The tappable chip for one choice of a radio field."""
    return page.locator(f'label.chip:has(input[name={name}][value="{value}"])')


def radio(page: Page, name: str, value: int | str):
    """The radio input behind a chip in the deal form."""
    return page.locator(f'#deal-form input[name={name}][value="{value}"]')


def tap_numbers(page: Page, prefix: str, numbers: list[int | None]) -> None:
    """One tap per player on their number pad (bid_0, trick_0 …); None is the Pass key."""
    holds_still(page)
    for seat, n in enumerate(numbers):
        value = "" if n is None else n
        key = page.locator(f"#id_{prefix}_{seat} + .pad .pad-key[data-value='{value}']")
        key.tap()
        if seat == 0 and key.get_attribute("aria-pressed") != "true":
            # An untouched form may be drawn again under the first tap (the server's page, once
            # entries kept offline landed: offline.js): the tap is lost, and a person taps again.
            page.wait_for_timeout(300)
            if key.get_attribute("aria-pressed") != "true":
                key.tap()
        expect(key).to_have_attribute("aria-pressed", "true")


def holds_still(page: Page) -> None:
    """Wait for the scroll that brings the next field into view after a save: a tap aimed
    before it lands wherever the page moved."""
    expect(page.locator("html[data-bringing]")).to_have_count(0)


# ---- getting to a game -----------------------------------------------------------------------


def sign_up(page: Page, base: str, username: str, *, check_logged_in: bool = False) -> None:
    """Sign up as `username` and land on the home page, logged in.

    check_logged_in: also check that the header's Account link shows.
    """
    page.goto(f"{base}/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)  # one password box
    page.get_by_role("button", name="Sign up").click()
    expect(page).to_have_url(f"{base}/")
    if check_logged_in:
        expect(page.get_by_role("banner").get_by_role("link", name="Account")).to_be_visible()


def log_in(page: Page, base: str, username: str, game=None, *, by_form: bool = False):
    """Log in as a keeper the factory made and, given one of their games, open its page.

    by_form: through the login page, as a person does (a test about logging in). Else the
    browser is given the cookie of a session made for them on the server (Django's
    `force_login`): the same signed-in browser, without the login page and the home page it
    leads to, two page loads that cost Chromium about 0.3 s of CPU."""
    if by_form:
        page.goto(f"{base}/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", FACTORY_PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page).to_have_url(f"{base}/")
        if game is not None:
            page.goto(f"{base}/games/{game.pk}/")
        return
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base}]
    )
    page.goto(f"{base}/games/{game.pk}/" if game is not None else f"{base}/")


def start_game(
    page: Page,
    base: str,
    names: list[str],
    *,
    mode: str | None = None,
    first_dealer: int | None = None,
    screenshot=None,
) -> None:
    """Start a game from the new-game form with `names` in the seats, in order of play.

    mode, first_dealer: tap these chips. Left out, the form's defaults (four players, seat 1
    deals) are checked and kept. With a mode tapped, the seats the mode does not use must be
    hidden; with a dealer tapped, the dealer's chip must show the dealer's name.
    screenshot: the `screenshot` fixture, to take the filled-in form as "01-new-game".
    """
    page.goto(f"{base}/games/new/")
    if mode is None:
        expect(page.locator('input[name=mode][value="4p"]')).to_be_checked()
    else:
        chip(page, "mode", mode).tap()
        expect(page.locator(f'input[name=mode][value="{mode}"]')).to_be_checked()
    for i, name in enumerate(names):
        page.fill(f"#id_player_{i}", name)
    if mode is not None:
        for i in range(len(names), 6):
            expect(page.locator(f"#id_player_{i}")).to_be_hidden()  # only as many as the mode
    if first_dealer is None:
        expect(page.locator('input[name=first_dealer][value="0"]')).to_be_checked()  # "Seat 1"
    else:
        chip(page, "first_dealer", first_dealer).tap()
        expect(page.locator(f'input[name=first_dealer][value="{first_dealer}"]')).to_be_checked()
        expect(chip(page, "first_dealer", first_dealer)).to_have_text(names[first_dealer])
    if screenshot:
        screenshot(page, "01-new-game")
    page.get_by_role("button", name="Start game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    expect(page.get_by_role("button", name="Record deal 1")).to_be_visible()


# ---- entering deals --------------------------------------------------------------------------


def tap_chip(page: Page, name: str, value: int | str) -> None:
    """Tap a chip in the deal form and check that its radio is now on."""
    chip(page, name, value).tap()
    expect(radio(page, name, value)).to_be_checked()


def enter_deal(page: Page, last_trick: int, points: int) -> None:
    """Fill in a normal deal: who won the last trick, and the counting team's card points."""
    tap_chip(page, "last_trick", last_trick)
    page.fill("#id_counting_points", str(points))


def undo_and_enter_tricks_again(
    page: Page, number: int, bids_said: str, tricks: list[int | None]
) -> None:
    """Undo deal `number` (confirmed): its bids come back as the coming deal's (`bids_said` in
    the bids line); tap its tricks in again, ready to record it once more."""
    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name=f"Undo deal {number}").click()
    expect(page.locator(f"#deal-{number}")).to_have_count(0)
    expect(page.locator(".opening")).to_contain_text(bids_said)
    tap_numbers(page, "trick", tricks)


def record(page: Page, number: int) -> None:
    """Record deal `number` and wait for it in the log."""
    page.get_by_role("button", name=f"Record deal {number}").click()
    expect(page.locator(f"#deal-{number}")).to_be_attached()


# ---- checking the board ----------------------------------------------------------------------


def expect_score(page: Page, balls: list[int]) -> None:
    """The balls of team A and team B on the board."""
    expect(page.get_by_test_id("balls-0")).to_have_text(str(balls[0]))
    expect(page.get_by_test_id("balls-1")).to_have_text(str(balls[1]))


def expect_ready_for(
    page: Page, number: int, names: list[str], dealer: int | None, *, kind: str | None = None
) -> None:
    """The form for deal `number`: `dealer` shown, defaults for a no-call deal.

    With no call the player after the dealer makes trumps. kind: also check that this deal
    kind ("normal") is the one chosen.
    """
    assert dealer is not None, "the game is over"
    expect(page.get_by_role("button", name=f"Record deal {number}")).to_be_visible()
    expect(page.get_by_test_id("dealer")).to_have_text(names[dealer])
    if kind is not None:
        expect(radio(page, "kind", kind)).to_be_checked()
    expect(radio(page, "trump_maker", (dealer + 1) % len(names))).to_be_checked()
    expect(radio(page, "call", 0)).to_be_checked()


def expect_game_over(page: Page, names: list[str], balls: list[int], deals: int) -> None:
    """The game-over banner names the winners and the score; no form, no dealer, `deals` deals.

    Team A sit in the even seats, team B in the odd ones; the team with more balls won.
    """
    team = 0 if balls[0] > balls[1] else 1
    over = page.locator(".game-over")
    expect(over).to_be_visible()
    expect(over).to_contain_text("win")
    for name in names[team::2]:
        expect(over).to_contain_text(name)
    expect(over).to_contain_text(f"{balls[0]}–{balls[1]}")
    expect(page.locator("#deal-form")).to_have_count(0)
    expect(page.get_by_test_id("dealer")).to_have_count(0)
    expect(page.locator("#log-list > li")).to_have_count(deals)
    assert_fits_the_phone(page)


def assert_fits_the_phone(page: Page) -> None:
    """Nothing sticks out sideways on a 390px-wide phone. Measured again on the page it loads
    if it reloads itself meanwhile (a phone told its table's round has ended)."""
    for _ in range(3):
        try:
            width = page.evaluate("document.documentElement.scrollWidth")
            break
        except PlaywrightError as error:
            if "context was destroyed" not in str(error):
                raise
            page.wait_for_load_state()
    assert width <= PHONE_WIDTH, f"the page is {width}px wide on a {PHONE_WIDTH}px phone"
