"""A whole game night in Chromium: nine at Thunee (one sits out each round), three rounds, two
tables kept from two phones through the links their printed cards show, the big screen (a
third browser at 1920x1080) showing both tables and the standings after each deal. After the
first round the phones are not handed new links: each follows its table (told the next round's
seats on its game page, it waits, and opens the table's new game once the round starts). The
phones keep rounds 1 and 2; round 3, which would repeat round 2 at the tables, is drawn,
started and ended by the organiser."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Player
from scorekeeper.groups.models import Group, Membership
from scorekeeper.nights import presenters, services
from scorekeeper.nights.models import LateDeal, Round, TableLink
from tests.browser.offline import forms_kept
from tests.browser.waiting import wait_until

from .nights import NINE, night_of, organiser_group
from .table import assert_fits_the_phone, enter_deal, log_in, record

pytestmark = pytest.mark.django_db(transaction=True)

SEVEN = ["Asha", "Bongani", "Chetan", "Dev", "Esi", "Farid", "Gugu"]
SCREEN_UPDATE_MS = 2_000 + 1_500  # the poll's 2 seconds, and the answer's way back
FOLLOW_MS = 3_000 + 2_000  # a table phone asks every 3 seconds where its table goes next


def balls_sum(screen: Page) -> int:
    """The balls column of the screen's standings (#, player, won, balls), added up."""
    cells = screen.locator("[data-testid=standings] tbody tr td:nth-child(4)").all_text_contents()
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
    organiser.locator("label.chip", has_text="Totals: tables won").tap()  # whole balls
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
    # Rounds 1 and 2 at the tables: the phones open their cards, then follow their tables.
    for number in (1, 2):
        organiser.goto(night_url)
        sat_out.append(sitting_out(organiser, number))
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
            expect(table).to_contain_text("deal 2", timeout=SCREEN_UPDATE_MS)  # the phone's next
            # The standings moved with the deal: two partners won a ball each.
            wait_until(
                screen,
                "want => [...document.querySelectorAll('[data-testid=standings] tbody tr"
                " td:nth-child(4)')].reduce((s, td) => s + Number(td.textContent), 0) == want",
                arg=before + 2,
                timeout_s=SCREEN_UPDATE_MS / 1000,
            )
        if number == 1:
            screenshot(phones[0], "04-table-phone")
            screenshot(screen, "05-big-screen", full_page=False)
        organiser.goto(night_url)
        end_round(organiser, number)
        # The round's final scores first, then the next seats.
        expect(screen.get_by_text("final scores")).to_be_visible(timeout=SCREEN_UPDATE_MS)

    # Round 3 would only play round 2's part again at the tables: here its draw, start and end.
    organiser.goto(night_url)
    sat_out.append(sitting_out(organiser, 3))
    organiser.get_by_role("button", name="Start this round").click()
    expect(organiser.get_by_test_id("current-round")).to_contain_text("Round 3 · playing")
    end_round(organiser, 3)

    # Fair sit-outs: three rounds, three different people sat out.
    assert len(set(sat_out)) == 3, sat_out
    expect(organiser.get_by_text("The night is over.")).to_be_visible()
    expect(screen.get_by_text("The night is over.")).to_be_visible(timeout=SCREEN_UPDATE_MS)
    organiser.goto(night_url + "results/")
    expect(organiser.get_by_test_id("pairs")).to_be_visible()
    screenshot(organiser, "06-results")
    # The phones' links stopped keeping score with the night, and say so.
    phones[0].goto(urls[0])
    expect(phones[0].get_by_test_id("link-gone")).to_contain_text("The night is over")
    screenshot(screen, "07-big-screen-over", full_page=False)
    # The organiser's phone in its dark theme (colours only: the same logged-in page will do).
    organiser.emulate_media(color_scheme="dark")
    organiser.goto(night_url + "results/")
    screenshot(organiser, "08-results-dark")
    organiser.goto(night_url)
    assert organiser.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    assert_fits_the_phone(organiser)
    screenshot(organiser, "09-night-over-dark")
    screen_context.close()


def test_a_deal_being_entered_when_the_round_ends_stays_and_goes_to_the_organiser(
    new_page, live_server, factory, screenshot
):
    """The organiser ends the round while a phone is half-way through its table's next deal:
    the phone keeps what was entered and says to save it all the same; saved, it goes to the
    organiser as a late deal, and the page loads again without its form."""
    night = night_of(*organiser_group(factory), NINE[:8])
    services.start_round(night)
    token = TableLink.objects.get(night=night, number=1).token
    phone = new_page("light")
    phone_opens(phone, f"{live_server.url}/table/{token}/", "Asha")
    enter_deal(phone, 1, 130)
    record(phone, 1)
    enter_deal(phone, 1, 100)
    services.end_round(night)
    closed = phone.get_by_test_id("table-closed")
    expect(closed).to_contain_text("Save the deal you are entering all the same", timeout=FOLLOW_MS)
    expect(phone.locator("#id_counting_points")).to_have_value("100")
    screenshot(phone, "02-phone-typing-when-round-ended", full_page=False)
    phone.get_by_role("button", name="Record deal 2").click()
    expect(phone.get_by_test_id("offline-note")).to_contain_text(
        "Deal 2 reached the server after this table's round had ended", timeout=FOLLOW_MS
    )
    expect(closed).to_contain_text("The organiser can still correct them.", timeout=FOLLOW_MS)
    expect(phone.locator("#deal-form")).to_have_count(0)
    assert LateDeal.objects.get(state=LateDeal.WAITING).number == 2
    assert night.round_set.get(number=1).table_set.get(number=1).game.deals.count() == 1


def sitting_out(organiser: Page, number: int) -> str:
    """Who sits out round `number`, as the organiser's night page says."""
    current = organiser.get_by_test_id("current-round")
    expect(current).to_contain_text(f"Round {number}")
    return current.locator("p", has_text="Sitting out:").locator("strong").inner_text()


def test_a_phone_whose_round_ended_early_is_told_why_and_where_its_table_goes(
    new_page, live_server, factory, screenshot
):
    """The organiser ends the round while a phone is saving its table's next deal: the save is
    refused (nothing recorded in the game) and handed to the organiser as a late deal; the page
    shows the game without its form, at its top: why, and the way to the table's next round."""
    night = night_of(*organiser_group(factory), NINE[:8])
    services.start_round(night)
    token = TableLink.objects.get(night=night, number=1).token
    phone = new_page("light")
    phone_opens(phone, f"{live_server.url}/table/{token}/", "Asha")
    game_url = phone.url
    enter_deal(phone, 1, 130)
    record(phone, 1)
    # The table's note and the game's page stay quiet until after the save (their polls, or
    # the stream's word that the round ended, would say it first).
    quiet = re.compile(r"/(next|live)/")
    phone.route(quiet, lambda route: route.abort())
    enter_deal(phone, 1, 100)
    preview = phone.locator("#preview")
    expect(preview).to_contain_text("100 in cards")  # its answer in before the round ends
    services.end_round(night)
    phone.get_by_role("button", name="Record deal 2").click()
    expect(phone.get_by_role("button", name="Record deal 2")).to_have_count(0)
    phone.unroute(quiet)
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
    expect(note.get_by_test_id("table-closed")).to_be_in_viewport()
    expect(phone.get_by_test_id("offline-note")).to_contain_text(
        "Deal 2 reached the server after this table's round had ended"
    )
    assert LateDeal.objects.get(state=LateDeal.WAITING).number == 2
    screenshot(phone, "01-phone-told-round-ended", full_page=False)
    assert_fits_the_phone(phone)
    note.get_by_role("link", name="Go to table 1 for round 2").tap()
    expect(phone.get_by_test_id("table-follow")).to_contain_text(
        "this page then opens the table's game by itself"
    )
    assert night.round_set.get(number=1).table_set.get(number=1).game.deals.count() == 1


def _font_px(locator) -> float:
    return float(locator.evaluate("el => getComputedStyle(el).fontSize").removesuffix("px"))


READ_AT_4_5_M = 48  # px of a 1080p 55-inch screen: capitals about 22 mm, read at 4.5 m


def _smallest_font(locator) -> float:
    sizes = locator.evaluate_all("els => els.map(el => parseFloat(getComputedStyle(el).fontSize))")
    assert sizes, "nothing to measure"
    return min(sizes)


def _fits(screen: Page) -> None:
    """Everything on the screen at once: nothing below the fold of a TV, nothing cut sideways."""
    assert screen.evaluate("document.documentElement.scrollHeight") <= 1080
    assert screen.evaluate("document.documentElement.scrollWidth") <= 1920


def _readable(screen: Page) -> None:
    """Names (at the tables and in the standings) and standings' figures at 48 px at least."""
    names = screen.locator(".sides .who, .pairs .team, .screen .seat-list li")
    if names.count():
        assert _smallest_font(names) >= READ_AT_4_5_M
    cells = screen.locator(  # before the first round, a sentence in their place
        "[data-testid=standings] tbody th, [data-testid=standings] tbody td,"
        " p[data-testid=standings]"
    )
    assert _smallest_font(cells) >= READ_AT_4_5_M


def test_the_big_screen_reads_from_across_a_room_and_fills_it(
    browser, live_server, factory, screenshot, monkeypatch
):
    """1920x1080, measured: names and standings in 48 px type at least (4.5 m from a 55-inch
    TV), scores larger, each side in its team's colour; two tables fill the screen; a finished
    round's final scores (a table the organiser ended, marked) before the next seats, shown as
    pairs of partners; the target; six tables of four or two of Zhao Pengyou's twelve on one
    screen; the night over: the podium and standings fill it."""
    admin, group = organiser_group(factory)
    night = night_of(admin, group, NINE)
    services.start_round(night)
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, color_scheme="dark")
    screen = context.new_page()
    screen.goto(f"{live_server.url}/screen/{night.watch_token}/")
    expect(screen.get_by_test_id("target")).to_have_text("to 12")
    table = screen.get_by_test_id("screen-table-1")
    assert _font_px(table.get_by_test_id("score").first) >= 2 * READ_AT_4_5_M
    assert _font_px(table.get_by_test_id("deal")) >= READ_AT_4_5_M
    _readable(screen)
    _fits(screen)
    # Two tables: the cards grow to fill the screen.
    height = table.evaluate("el => el.getBoundingClientRect().height")
    assert height >= 0.7 * 1080, height
    sides = table.locator(".sides li")
    colours = [s.evaluate("el => getComputedStyle(el).boxShadow") for s in sides.all()]
    assert len(colours) == 2 and colours[0] != colours[1] and "none" not in colours
    screenshot(screen, "01-playing", full_page=False)

    # Table 1 scores, then the round ends: both tables' final scores first, table 2 (level)
    # and table 1 (a side ahead) marked as ended by the organiser (no clock ran out).
    factory.normal_deal(Round.objects.get(night=night, number=1).table_set.get(number=1).game)
    services.end_round(night)
    screen.reload()
    expect(screen.get_by_test_id("screen")).to_have_attribute("data-phase", "results")
    expect(screen.get_by_test_id("by-organiser")).to_have_count(2)
    expect(table.locator("li.won")).to_have_count(1)
    _readable(screen)
    _fits(screen)
    screenshot(screen, "02-final-scores", full_page=False)
    monkeypatch.setattr(presenters, "RESULTS_SECONDS", 0)
    screen.reload()
    drawn = Round.objects.get(night=night, number=2)
    expect(screen.get_by_text("next seats")).to_be_visible()
    for number, names in enumerate(drawn.tables, start=1):
        teams = screen.get_by_test_id(f"screen-table-{number}").get_by_test_id("team")
        expect(teams).to_have_text([f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"])
        borders = [t.evaluate("el => getComputedStyle(el).borderLeftColor") for t in teams.all()]
        assert borders[0] != borders[1]
    _readable(screen)
    _fits(screen)
    screenshot(screen, "03-next-seats", full_page=False)

    # The night over: the podium and the standings fill the screen.
    services.end_night(night)
    screen.reload()
    podium = screen.get_by_test_id("podium")
    expect(podium.locator("li")).to_have_count(3)
    assert _smallest_font(podium.locator(".who")) >= 1.5 * READ_AT_4_5_M
    over = screen.locator(".screen-over").evaluate("el => el.getBoundingClientRect().height")
    assert over >= 0.8 * 1080, over
    _readable(screen)
    _fits(screen)
    screenshot(screen, "04-night-over", full_page=False)

    # A bigger room: six tables of Thunee, two of Zhao Pengyou's twelve, drawn and playing.
    for kind, mode, count in (("thunee", "4p", 24), ("zhao-pengyou", "", 24)):
        names = [f"Player {i:02d}" for i in range(count)]
        big = night_of(admin, group, names, kind=kind, mode=mode)
        for state in ("drawn", "playing"):
            if state == "playing":
                services.start_round(big)
            screen.goto(f"{live_server.url}/screen/{big.watch_token}/")
            screenshot(screen, f"05-{kind}-{count}-{state}", full_page=False)
            _readable(screen)
            _fits(screen)
    context.close()


# ---- a real evening: people come and go, the Wi-Fi drops, an end is taken back, a clock -------

LATE_MS = 5_000 + 3_000  # the phone asks about its late deal every 5 seconds
LIVE_MS = 3_000 + 2_000  # the organiser's page asks every 3 seconds


def open_card(phone: Page, url: str, name: str) -> None:
    """A phone scans a table's card before the round starts: it waits on the table's page."""
    phone.goto(url)
    phone.fill("#id_name", name)
    phone.get_by_role("button", name="Keep score").click()
    expect(phone.get_by_test_id("table-follow")).to_contain_text("is drawn")


def people(organiser: Page):
    box = organiser.get_by_test_id("people")
    if box.get_attribute("open") is None:
        box.locator("summary").tap()
    return box


def end_round(organiser: Page, number: int) -> None:
    """The organiser ends the round: it asks once."""
    box = organiser.get_by_test_id("end-round")
    box.locator("summary").tap()
    expect(box).to_contain_text(f"End round {number} now?")
    box.get_by_role("button", name=f"Yes, end round {number}").click()
    expect(organiser.locator(".messages")).to_contain_text(f"Round {number} has ended")


def seated_names(night, number: int) -> set[str]:
    played = Round.objects.get(night=night, number=number)
    return {n for table in played.tables for n in table}


def test_a_real_night_people_come_and_go_a_late_deal_an_end_taken_back_and_a_clock(
    browser, new_page, live_server, factory, screenshot
):
    """Nine at Thunee with a 20-minute clock, three rounds. Cards scanned before the first
    round; a late arrival; a phone offline records a deal while the organiser ends the round:
    refused, kept on the phone, which says why, and added by the organiser with one tap; the
    end taken back (the phones keep score again); a leaver, never drawn again; a substitute in
    round 2 (the game's log says who played which deals); round 2's time runs out with a table
    unfinished: decided on the game's count and marked "ended on time"."""
    base = live_server.url
    admin = factory.make_user("organiser")
    group = Group.objects.create(name="Friday table")
    Membership.objects.create(group=group, user=admin, role="admin")
    for name in SEVEN:
        Player.objects.create(owner=admin, group=group, name=name)

    organiser = new_page("light")
    log_in(organiser, base, "organiser")
    organiser.goto(f"{base}/groups/{group.pk}/nights/new/?game=thunee")
    for name in SEVEN:
        organiser.locator("label.chip", has_text=name).tap()
    organiser.fill("#id_guests", "Hana\nIvan")
    expect(organiser.get_by_test_id("draw-preview")).to_have_text(
        "9 players: tables of 4, 4; 1 sits out each round, in turn.", timeout=LIVE_MS
    )
    organiser.fill("#id_rounds", "3")
    organiser.fill("#id_round_minutes", "20")
    screenshot(organiser, "01-new-night")
    organiser.get_by_role("button", name="Draw the first round").click()
    expect(organiser).to_have_url(re.compile(r"/nights/\d+/$"))
    night_url = organiser.url
    from scorekeeper.nights.models import Night

    night = Night.objects.get()

    # Cards before the first round: a card per table, no seats on it; the phones wait.
    organiser.get_by_role("link", name="Cards to print").click()
    urls = [organiser.get_by_test_id(f"card-url-{t}").inner_text() for t in (1, 2)]
    screenshot(organiser, "02-cards-before-round-1")
    phones = [new_page("light"), new_page("dark")]
    for t, (phone, url) in enumerate(zip(phones, urls, strict=True), start=1):
        open_card(phone, url, f"Phone {t}")
    organiser.goto(night_url)
    organiser.get_by_role("button", name="Start this round").click()
    for phone in phones:
        expect(phone.get_by_role("button", name="Record deal 1")).to_be_visible(timeout=FOLLOW_MS)
        expect(phone.get_by_test_id("clock")).to_be_visible()
    screen_context = browser.new_context(
        viewport={"width": 1920, "height": 1080}, color_scheme="dark"
    )
    screen = screen_context.new_page()
    screen.goto(f"{base}/screen/{night.watch_token}/")
    expect(screen.get_by_test_id("clock")).to_be_visible()

    # A late arrival: drawn from round 2.
    box = people(organiser)
    box.get_by_label("Who came").fill("Zola")
    box.get_by_role("button", name="Add them").click()
    expect(organiser.locator(".messages")).to_contain_text("Zola is here: drawn from round 2 on.")

    # Table 1 records a deal; table 2's phone is offline and keeps its deal.
    enter_deal(phones[0], 1, 130)
    record(phones[0], 1)
    expect(screen.get_by_test_id("screen-table-1").get_by_test_id("deal")).to_have_text(
        "deal 2", timeout=SCREEN_UPDATE_MS
    )
    offline = phones[1]
    game_two = Round.objects.get(night=night, number=1).table_set.get(number=2).game
    wait_until(offline, forms_kept(game_two))
    offline.context.set_offline(True)
    enter_deal(offline, 1, 100)
    offline.get_by_role("button", name="Record deal 1").click()
    expect(offline.get_by_test_id("offline-note")).to_contain_text("kept on this phone")
    end_round(organiser, 1)
    offline.context.set_offline(False)
    offline.evaluate("window.dispatchEvent(new Event('online'))")
    note = offline.get_by_test_id("offline-note")
    expect(note).to_contain_text(
        "Deal 1 reached the server after this table's round had ended", timeout=FOLLOW_MS
    )
    expect(offline.locator("#log-list > li.waiting")).to_contain_text("with the organiser")
    screenshot(offline, "03-phone-late-deal", full_page=False)
    assert_fits_the_phone(offline)
    assert game_two.deals.count() == 0

    # The organiser sees it by itself and adds it with one tap: nothing lost, audited.
    late = organiser.get_by_test_id("late-deals")
    expect(late).to_contain_text("Table 2, round 1: deal 1", timeout=LIVE_MS)
    expect(late).to_contain_text("from Phone 2")
    screenshot(organiser, "04-organiser-late-deal", full_page=False)
    late.get_by_role("button", name="Add to the game").click()
    expect(organiser.locator(".messages")).to_contain_text("Deal 1 was added to table 2's game.")
    assert game_two.deals.count() == 1
    assert game_two.changes.get(action="recorded").by == admin
    expect(note).to_contain_text("The organiser added deal 1 to the game.", timeout=LATE_MS)
    expect(offline.locator("#deal-1")).to_be_attached(timeout=SCREEN_UPDATE_MS)

    # The end taken back: the phones keep score again, with their forms.
    organiser.get_by_role("button", name="Take back the end of round 1").click()
    expect(organiser.locator(".messages")).to_contain_text("Round 1 goes on")
    expect(phones[0].get_by_role("button", name="Record deal 2")).to_be_visible(timeout=FOLLOW_MS)
    enter_deal(phones[0], 1, 130)
    record(phones[0], 2)
    end_round(organiser, 1)

    # A leaver, before round 2 starts: drawn out of it, never again.
    second = Round.objects.get(night=night, number=2)
    leaver = next(name for name in second.tables[0] if name != "Zola")  # not the newcomer
    box = people(organiser)
    box.get_by_label("Who leaves").select_option(leaver)
    box.get_by_role("button", name="They leave").click()
    expect(organiser.locator(".messages")).to_contain_text(f"{leaver} has left")
    assert "Zola" in seated_names(night, 2) | set(
        Round.objects.get(night=night, number=2).sitting_out
    )
    assert leaver not in seated_names(night, 2)
    organiser.get_by_role("button", name="Start this round").click()

    # A substitute mid-round: whoever sits out takes a seat at table 2 from its next deal.
    second = Round.objects.get(night=night, number=2)
    resting, replaced = second.sitting_out[0], second.tables[1][1]
    table_two = second.table_set.get(number=2).game
    for t, phone in enumerate(phones, start=1):  # each phone goes on to its table's new game
        link = phone.get_by_role("link", name=f"Open table {t}'s game")
        expect(link).to_be_visible(timeout=FOLLOW_MS)
        link.tap()
        expect(phone.get_by_role("button", name="Record deal 1")).to_be_visible()
    enter_deal(phones[1], 1, 130)
    record(phones[1], 1)
    box = people(organiser)
    form = box.get_by_test_id("substitute")
    form.get_by_label("Seat of").select_option(replaced)
    form.get_by_label("Taken by").select_option(resting)
    form.get_by_label("They leave for the night").uncheck()
    form.get_by_role("button", name="Put them in").click()
    expect(organiser.locator(".messages")).to_contain_text(
        f"{resting} plays {replaced}'s seat at table 2 from deal 2."
    )
    expect(phones[1].get_by_test_id("substitute-note")).to_contain_text(
        f"{resting} plays for {replaced} from deal 2.", timeout=FOLLOW_MS
    )
    enter_deal(phones[1], 1, 130)
    record(phones[1], 2)
    log = phones[1].request.get(f"{base}/games/{table_two.pk}/export/").json()
    subs = [deal.get("substitutes") for deal in log["deals"]]
    assert subs == [None, [{"seat": 1, "name": resting}]]

    # Time runs out (the clock as if 21 minutes had passed): table 1 has not finished.
    Round.objects.filter(pk=second.pk).update(started_at=second.started_at - timedelta(minutes=21))
    screen.reload()
    expect(screen.get_by_test_id("clock")).to_contain_text("Time: finish the deal in play")
    table_one = second.table_set.get(number=1).game
    enter_deal(phones[0], 1, 130)  # one deal: a side ahead
    record(phones[0], 1)
    organiser.goto(night_url)
    end_round(organiser, 2)
    table_one.refresh_from_db()
    assert not table_one.finished
    card = screen.get_by_test_id("screen-table-1")
    expect(card.get_by_test_id("on-time")).to_have_text("ended on time", timeout=SCREEN_UPDATE_MS)
    expect(card.locator("li.won")).to_have_count(1)
    screenshot(screen, "05-round-2-final-scores", full_page=False)
    page = organiser.get_by_test_id("current-round")
    expect(page).to_contain_text("Round 3")
    assert leaver not in seated_names(night, 3)

    # Round 3, then the night ends: the podium and standings fill the screen.
    organiser.get_by_role("button", name="Start this round").click()
    end_round(organiser, 3)
    expect(organiser.get_by_test_id("night-over")).to_be_visible()
    expect(screen.get_by_test_id("podium")).to_be_visible(timeout=SCREEN_UPDATE_MS)
    screenshot(screen, "06-night-over", full_page=False)
    organiser.goto(night_url + "results/")
    standings = organiser.get_by_test_id("standings")
    expect(standings.locator("tr.left")).to_contain_text(leaver)
    expect(organiser.get_by_test_id("ranking-said")).to_contain_text("per table")
    screenshot(organiser, "07-results")
    assert_fits_the_phone(organiser)
    screen_context.close()


TAKEN_BACK_MS = 1_000 + 1_000  # the stream reads a table phone's night every second


def test_a_revoked_card_asks_first_and_its_phone_is_told_it_is_no_longer_the_tables(
    new_page, live_server, factory, screenshot
):
    admin, group = organiser_group(factory)
    night = night_of(admin, group, NINE[:8])
    services.start_round(night)
    token = TableLink.objects.get(night=night, number=1).token
    phone = new_page("light")
    phone_opens(phone, f"{live_server.url}/table/{token}/", "Asha")
    organiser = new_page("light")
    log_in(organiser, live_server.url, "organiser")
    organiser.goto(f"{live_server.url}/nights/{night.pk}/")
    box = organiser.get_by_test_id("revoke-1")
    box.locator("summary").tap()
    expect(box).to_contain_text("Revoke table 1's link?")
    assert TableLink.objects.get(night=night, number=1).revoked_at is None  # asked, not done
    screenshot(organiser, "01-revoke-asked", full_page=False)
    box.get_by_role("button", name="Yes, revoke table 1's link").click()
    expect(organiser.locator(".messages")).to_contain_text("Table 1 has a new link")
    # The open game page says so at its top, and its form goes; loaded again, it says the same.
    note = phone.get_by_test_id("table-follow")
    expect(note).to_contain_text("This phone is no longer table 1's", timeout=FOLLOW_MS)
    expect(note).to_contain_text("Ask the organiser for the table's new card")
    expect(phone.get_by_role("button", name="Record deal 1")).to_have_count(0)
    screenshot(phone, "02-phone-revoked", full_page=False)
    phone.reload()
    expect(phone.get_by_role("heading", name="This phone is no longer the table's")).to_be_visible()
    expect(phone.get_by_test_id("table-gone")).to_contain_text("Ask the organiser")
    phone.goto(f"{live_server.url}/table/{token}/")
    expect(phone.get_by_test_id("link-gone")).to_contain_text("This phone is no longer table 1's")


def test_the_end_of_the_night_taken_back_brings_the_phones_form_back(
    new_page, live_server, factory
):
    """As a round's end taken back: the phone on its game page, told the night is over, gets
    its form again at once."""
    admin, group = organiser_group(factory)
    night = night_of(admin, group, NINE[:8])
    services.start_round(night)
    token = TableLink.objects.get(night=night, number=1).token
    phone = new_page("light")
    phone_opens(phone, f"{live_server.url}/table/{token}/", "Asha")
    organiser = new_page("light")
    log_in(organiser, live_server.url, "organiser")
    night_url = f"{live_server.url}/nights/{night.pk}/"
    organiser.goto(night_url)
    box = organiser.get_by_test_id("end-night")
    box.locator("summary").tap()
    box.get_by_role("button", name="Yes, end the night").click()
    expect(organiser.locator(".messages")).to_contain_text("The night is over")
    note = phone.get_by_test_id("table-follow")
    expect(note).to_contain_text("The night is over", timeout=FOLLOW_MS)
    expect(phone.get_by_role("button", name="Record deal 1")).to_have_count(0)
    organiser.get_by_role("button", name="Take back the end of the night").click()
    expect(organiser.locator(".messages")).to_contain_text("goes on")
    expect(phone.get_by_role("button", name="Record deal 1")).to_be_visible(timeout=TAKEN_BACK_MS)
    expect(phone.get_by_test_id("table-follow")).not_to_contain_text("The night is over")
    enter_deal(phone, 1, 130)
    record(phone, 1)
