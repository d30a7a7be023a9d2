"""A whole game night in Chromium: nine at Thunee (one sits out each round), three rounds, two
tables kept from two phones through the links their printed cards show, the big screen (a
third browser at 1920x1080) showing both tables and the standings after each deal. After the
first round the phones are not handed new links: each follows its table (told the next round's
seats on its game page, it waits, and opens the table's new game once the round starts)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Player
from scorekeeper.groups.models import Group, Membership
from scorekeeper.nights import services
from scorekeeper.nights.models import Round, TableLink
from tests.browser.waiting import wait_until

from .nights import NINE, night_of, organiser_group
from .table import assert_fits_the_phone, enter_deal, log_in, record

pytestmark = pytest.mark.django_db(transaction=True)

SEVEN = ["Asha", "Bongani", "Chetan", "Dev", "Esi", "Farid", "Gugu"]
SCREEN_UPDATE_MS = 2_000 + 1_500  # the poll's 2 seconds, and the answer's way back
FOLLOW_MS = 3_000 + 2_000  # a table phone asks every 3 seconds where its table goes next


def balls_sum(screen: Page) -> int:
    cells = screen.locator("[data-testid=standings] tbody tr td:nth-child(5)").all_text_contents()
    assert len(cells) == 9
    return sum(int(c) for c in cells)


def phone_opens(phone: Page, url: str, name: str | None) -> None:
    phone.goto(url)
    if name is not None:
        phone.fill("#id_name", name)
        phone.get_by_role("button", name="Keep score").click()
    expect(phone).to_have_url(re.compile(r"/games/\d+/$"))
    expect(phone.get_by_role("button", name="Record deal 1")).to_be_visible()


def test_a_whole_night_of_nine_at_thunee(browser, new_page, live_server, factory, screenshot):
    base = live_server.url
    admin = factory.make_user("organiser")
    group = Group.objects.create(name="Friday table")
    Membership.objects.create(group=group, user=admin, role="admin")
    for name in SEVEN:
        Player.objects.create(owner=admin, group=group, name=name)

    organiser = new_page("light")
    log_in(organiser, base, "organiser")
    organiser.goto(f"{base}/groups/{group.pk}/nights/new/?game=thunee")
    expect(organiser.locator('input[name=mode][value="4p"]')).to_be_checked()
    for name in SEVEN:
        organiser.locator("label.chip", has_text=name).tap()
    organiser.fill("#id_guests", "Hana\nIvan")
    organiser.fill("#id_rounds", "3")
    screenshot(organiser, "01-new-night")
    assert_fits_the_phone(organiser)
    organiser.get_by_role("button", name="Draw the first round").click()
    expect(organiser).to_have_url(re.compile(r"/nights/\d+/$"))
    night_url = organiser.url
    expect(organiser.get_by_text("Sitting out:")).to_be_visible()
    screenshot(organiser, "02-round-drawn")
    assert_fits_the_phone(organiser)
    screen_url = organiser.get_by_test_id("screen-url").input_value()

    screen_context = browser.new_context(
        viewport={"width": 1920, "height": 1080}, color_scheme="dark"
    )
    screen = screen_context.new_page()
    screen.goto(screen_url)
    expect(screen.get_by_test_id("screen-table-2")).to_be_visible()

    phones = [new_page("light"), new_page("dark")]
    sat_out = []
    for number in (1, 2, 3):
        organiser.goto(night_url)
        expect(organiser.get_by_test_id("current-round")).to_contain_text(f"Round {number}")
        sitting = organiser.get_by_test_id("current-round").locator("p", has_text="Sitting out:")
        sat_out.append(sitting.locator("strong").inner_text())
        if number > 1:
            # The phones still show the last round's game: each is told its table's new seats
            # and goes to wait for the round there.
            for t, phone in enumerate(phones, start=1):
                note = phone.get_by_test_id("table-follow")
                expect(note).to_contain_text(f"Round {number} is drawn", timeout=FOLLOW_MS)
                if number == 2 and t == 1:
                    screenshot(phone, "04b-phone-told-next-round")
                    assert_fits_the_phone(phone)
                note.get_by_role("link", name=f"Go to table {t} for round {number}").tap()
                expect(phone.get_by_test_id("table-follow")).to_contain_text(
                    "this page then opens the table's game by itself"
                )
        organiser.get_by_role("button", name="Start this round").click()
        if number > 1:
            # Started: each waiting phone opens its table's new game by itself.
            for phone in phones:
                expect(phone.get_by_role("button", name="Record deal 1")).to_be_visible(
                    timeout=FOLLOW_MS
                )
        organiser.get_by_role("link", name="Cards to print").click()
        expect(organiser.get_by_test_id("card-2")).to_be_visible()
        if number == 1:
            screenshot(organiser, "03-cards")
            urls = [organiser.get_by_test_id(f"card-url-{t}").inner_text() for t in (1, 2)]
            for t, (phone, url) in enumerate(zip(phones, urls, strict=True), start=1):
                phone_opens(phone, url, f"Phone {t}")
        for t, phone in enumerate(phones, start=1):
            before = balls_sum(screen)
            enter_deal(phone, 1, 130)
            record(phone, 1)
            table = screen.get_by_test_id(f"screen-table-{t}")
            expect(table).to_contain_text("deal 1", timeout=SCREEN_UPDATE_MS)
            # The standings moved with the deal: two partners won a ball each.
            wait_until(
                screen,
                "want => [...document.querySelectorAll('[data-testid=standings] tbody tr"
                " td:nth-child(5)')].reduce((s, td) => s + Number(td.textContent), 0) == want",
                arg=before + 2,
                timeout_s=SCREEN_UPDATE_MS / 1000,
            )
        if number == 1:
            screenshot(phones[0], "04-table-phone")
            screenshot(screen, "05-big-screen", full_page=False)
        organiser.goto(night_url)
        organiser.get_by_role("button", name="End this round now").click()
        if number < 3:
            expect(screen.get_by_text("next seats")).to_be_visible(timeout=SCREEN_UPDATE_MS)

    # Fair sit-outs: three rounds, three different people sat out.
    assert len(set(sat_out)) == 3, sat_out
    expect(organiser.get_by_text("The night is over.")).to_be_visible()
    expect(screen.get_by_text("The night is over.")).to_be_visible(timeout=SCREEN_UPDATE_MS)
    organiser.goto(night_url + "results/")
    expect(organiser.get_by_test_id("pairs")).to_be_visible()
    screenshot(organiser, "06-results")
    # The phones' links stopped working with the night.
    phones[0].reload()
    expect(phones[0].locator("body")).to_contain_text("Not Found")
    screenshot(screen, "07-big-screen-over", full_page=False)
    dark = new_page("dark")
    log_in(dark, base, "organiser")
    dark.goto(night_url + "results/")
    screenshot(dark, "08-results-dark")
    dark.goto(night_url)
    assert_fits_the_phone(dark)
    screenshot(dark, "09-night-over-dark")
    screen_context.close()


def test_a_phone_whose_round_ended_early_is_told_why_and_where_its_table_goes(
    new_page, live_server, factory, screenshot
):
    """The organiser ends the round while a phone is typing its table's next deal: the save is
    refused (nothing recorded), the page shows the game without its form, why, and the way to
    the table's next round."""
    night = night_of(*organiser_group(factory), NINE[:8])
    services.start_round(night)
    token = TableLink.objects.get(night=night, number=1).token
    phone = new_page("light")
    phone_opens(phone, f"{live_server.url}/table/{token}/", "Asha")
    game_url = phone.url
    enter_deal(phone, 1, 130)
    record(phone, 1)
    # The table's note stays quiet until after the save (its poll would say it first).
    phone.route("**/next/**", lambda route: route.abort())
    enter_deal(phone, 1, 100)
    services.end_round(night)
    phone.get_by_role("button", name="Record deal 2").click()
    expect(phone.get_by_role("button", name="Record deal 2")).to_have_count(0)
    phone.unroute("**/next/**")
    assert phone.url == game_url
    note = phone.get_by_test_id("table-follow")
    expect(note.get_by_test_id("table-closed")).to_contain_text(
        "This game's round has ended", timeout=FOLLOW_MS
    )
    expect(note).to_contain_text("Round 2 is drawn")
    expect(note.get_by_test_id("holder")).to_contain_text("You (Asha) sit")
    expect(phone.locator("#deal-1")).to_be_attached()  # the game is still there to read
    expect(phone.locator("#deal-2")).to_have_count(0)
    expect(phone.get_by_role("button", name=re.compile("Undo"))).to_have_count(0)
    screenshot(phone, "01-phone-told-round-ended", full_page=False)
    assert_fits_the_phone(phone)
    note.get_by_role("link", name="Go to table 1 for round 2").tap()
    expect(phone.get_by_test_id("table-follow")).to_contain_text(
        "this page then opens the table's game by itself"
    )
    assert night.round_set.get(number=1).table_set.get(number=1).game.deals.count() == 1


def _font_px(locator) -> float:
    return float(locator.evaluate("el => getComputedStyle(el).fontSize").removesuffix("px"))


def test_the_big_screen_pairs_partners_and_reads_from_across_a_room(
    browser, live_server, factory, screenshot
):
    """1920x1080: the scores and deal numbers in figures a room reads at 4-5 m (64 px and 40 px
    at least, a 55-inch screen's 4 cm and 2.5 cm), each side in its team's colour; the next
    round's seats as pairs of partners, each pair in its team's colour."""
    admin, group = organiser_group(factory)
    night = night_of(admin, group, NINE)
    services.start_round(night)
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, color_scheme="dark")
    screen = context.new_page()
    screen.goto(f"{live_server.url}/screen/{night.watch_token}/")
    table = screen.get_by_test_id("screen-table-1")
    assert _font_px(table.get_by_test_id("score").first) >= 64
    assert _font_px(table.get_by_test_id("deal")) >= 40
    sides = table.locator(".sides li")
    colours = [s.evaluate("el => getComputedStyle(el).boxShadow") for s in sides.all()]
    assert len(colours) == 2 and colours[0] != colours[1] and "none" not in colours
    screenshot(screen, "01-playing", full_page=False)

    services.end_round(night)
    drawn = Round.objects.get(night=night, number=2)
    screen.reload()
    expect(screen.get_by_text("next seats")).to_be_visible()
    for number, names in enumerate(drawn.tables, start=1):
        teams = screen.get_by_test_id(f"screen-table-{number}").get_by_test_id("team")
        expect(teams).to_have_text([f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"])
        borders = [t.evaluate("el => getComputedStyle(el).borderLeftColor") for t in teams.all()]
        assert borders[0] != borders[1]
        assert _font_px(teams.first) >= 36
    # Everything on the screen at once: nothing below the fold of a TV.
    assert screen.evaluate("document.documentElement.scrollHeight") <= 1080
    screenshot(screen, "02-next-seats", full_page=False)
    # A bigger room: six tables of Thunee, two of Zhao Pengyou's twelve, drawn and playing.
    for kind, mode, count in (("thunee", "4p", 24), ("zhao-pengyou", "", 24)):
        names = [f"Player {i:02d}" for i in range(count)]
        big = night_of(admin, group, names, kind=kind, mode=mode)
        for state in ("drawn", "playing"):
            if state == "playing":
                services.start_round(big)
            screen.goto(f"{live_server.url}/screen/{big.watch_token}/")
            assert screen.evaluate("document.documentElement.scrollHeight") <= 1080, (kind, state)
            screenshot(screen, f"03-{kind}-{count}-{state}", full_page=False)
    context.close()
