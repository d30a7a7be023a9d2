"""A whole game of Thunee kept on a phone: sign up, start a game, tap in deals until someone wins.

The expected score and dealer come from a tiny model of the rules written here, not from the
app's code, so the app and the test have to agree on the rules independently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal

from .table import (
    assert_fits_the_phone,
    chip,
    enter_deal,
    expect_game_over,
    expect_ready_for,
    expect_score,
    radio,
    record,
    sign_up,
    start_game,
)

pytestmark = pytest.mark.browser
live = pytest.mark.django_db(transaction=True)  # live_server needs committed data

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]  # seats 0..3 in order of play; A = 0, 2; B = 1, 3


# ---- the rules, as the test understands them ------------------------------------------------


@dataclass
class Thunee4:
    """Four players, no calls: who deals and how many balls each team has."""

    balls: list[int] = field(default_factory=lambda: [0, 0])
    dealer: int | None = 0
    target: int = 12

    @staticmethod
    def team(seat: int) -> int:
        return seat % 2

    @property
    def finished(self) -> bool:
        return self.dealer is None

    @property
    def trump_maker(self) -> int:
        """With no call the player after the dealer makes trumps."""
        assert self.dealer is not None
        return (self.dealer + 1) % 4

    @property
    def counting(self) -> int:
        """The team that did not make trumps counts card points."""
        return 1 - self.team(self.trump_maker)

    def winner(self, last_trick: int, points: int) -> int:
        """The counting team needs 105 after +10/-10 for the last trick."""
        bonus = 10 if self.team(last_trick) == self.counting else -10
        return self.counting if points + bonus >= 105 else 1 - self.counting

    def facts_for(self, winner: int, nth: int) -> tuple[int, int]:
        """(last_trick, counting_points) that make `winner` win, varied by `nth`, on the edge."""
        assert self.dealer is not None
        d = self.dealer
        if winner == self.counting:
            # 95 + 10 = 105 exactly; or 115 - 10 = 105 exactly.
            options = [(d, 95), ((d + 2) % 4, 95), ((d + 1) % 4, 115), ((d + 3) % 4, 115)]
        else:
            # 94 + 10 = 104, one short; or 114 - 10 = 104.
            options = [((d + 1) % 4, 114), (d, 94), ((d + 3) % 4, 114), ((d + 2) % 4, 94)]
        return options[nth % len(options)]

    def play(self, last_trick: int, points: int) -> int:
        assert self.dealer is not None, "the game is over"
        won_by = self.winner(last_trick, points)
        self.balls[won_by] += 1  # a no-call deal opens one ball
        if max(self.balls) >= self.target:
            self.dealer = None
            return won_by
        dealing_team = self.team(self.dealer)
        if not self.balls[dealing_team] < self.balls[1 - dealing_team]:
            self.dealer = (self.dealer + 1) % 4  # the deal passes on unless the dealers are behind
        return won_by


def test_the_model_agrees_with_a_worked_example():
    game = Thunee4()
    assert game.trump_maker == 1 and game.counting == 0
    assert game.winner(last_trick=0, points=95) == 0  # 95 + 10 = 105: just enough
    assert game.winner(last_trick=1, points=114) == 1  # 114 - 10 = 104: one short
    game.play(1, 114)  # B win; A dealt and are behind: Asha deals again
    assert (game.balls, game.dealer) == ([0, 1], 0)
    game.play(0, 95)  # A win; level: the deal passes to Bongani
    assert (game.balls, game.dealer) == ([1, 1], 1)


# ---- the tests -------------------------------------------------------------------------------

# Who wins each deal, A or B. A falls behind on Asha's deal (she deals again), they draw level
# (the deal passes), B go ahead, and B win 12-4 from Chetan's deal.
WINNERS = "BBAAABBBABBBBBBB"


@live
def test_play_a_whole_game_on_a_phone(page: Page, live_server, screenshot):
    base = live_server.url
    sign_up(page, base, "asha-keeps-score", check_logged_in=True)
    start_game(page, base, NAMES, screenshot=screenshot)

    model = Thunee4()
    expect_score(page, model.balls)
    expect_ready_for(page, 1, NAMES, model.dealer)
    assert_fits_the_phone(page)
    screenshot(page, "02-game-start")

    for number, letter in enumerate(WINNERS, start=1):
        assert not model.finished, f"the plan goes on after the game ended (deal {number})"
        last_trick, points = model.facts_for("AB".index(letter), number)
        enter_deal(page, last_trick, points)
        if number == 1:
            expect(page.locator("#preview")).to_contain_text(re.compile(r"needs \d+ in cards"))
            screenshot(page, "03-first-deal-preview")
        record(page, number)

        won_by = model.play(last_trick, points)
        assert won_by == "AB".index(letter), "the plan's facts do not give the planned winner"
        expect_score(page, model.balls)
        if not model.finished:
            expect_ready_for(page, number + 1, NAMES, model.dealer)
        if number == 8:
            screenshot(page, "04-mid-game", full_page=False)

    assert model.finished and model.balls == [4, 12]
    expect_game_over(page, NAMES, model.balls, len(WINNERS))  # Bongani & Dev win 4–12
    screenshot(page, "05-game-over", full_page=False)


@live
def test_preview_impossible_points_undo_and_double_tap(page: Page, live_server, screenshot):
    base = live_server.url
    sign_up(page, base, "bongani-keeps-score", check_logged_in=True)
    start_game(page, base, NAMES)
    preview = page.locator("#preview")

    # The live preview, before anything is saved. Asha deals, Bongani makes trumps, A count.
    enter_deal(page, last_trick=1, points=120)  # B won the last trick: A need 115 in cards
    expect(preview).to_contain_text("needs 115 in cards")
    expect(preview).to_contain_text("the counting team wins")
    screenshot(page, "01-preview-needs-115")
    chip(page, "last_trick", 0).tap()  # no: Asha won it
    expect(preview).to_contain_text("needs 95 in cards")
    expect_score(page, [0, 0])
    expect(page.locator("#log-list > li")).to_have_count(0)

    # Card points no set of tricks can hold: an error at the field, the taps kept, no deal.
    page.fill("#id_counting_points", "303")
    page.get_by_role("button", name="Record deal 1").click()
    error = page.locator("#id_counting_points_error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("303")
    expect(radio(page, "last_trick", 0)).to_be_checked()
    expect(page.locator("#id_counting_points")).to_have_value("303")
    expect_score(page, [0, 0])
    expect(page.locator("#log-list > li")).to_have_count(0)
    expect_ready_for(page, 1, NAMES, 0)
    assert_fits_the_phone(page)
    screenshot(page, "02-impossible-points")
    assert Deal.objects.count() == 0

    # Fixed: 95 + 10 = 105, A win a ball and lead, so the deal passes to Bongani.
    page.fill("#id_counting_points", "95")
    expect(page.locator("#game-chart svg")).to_have_count(0)  # no deal, no score chart
    record(page, 1)
    expect_score(page, [1, 0])
    expect_ready_for(page, 2, NAMES, 1)
    expect(page.locator("#game-chart svg")).to_be_visible()  # drawn once the log changed

    # Undo: the ball goes back, Asha deals again, and deal 1's facts are back in the form.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 undone")
    expect_score(page, [0, 0])
    expect(page.locator("#log-list > li")).to_have_count(0)
    expect_ready_for(page, 1, NAMES, 0)
    expect(radio(page, "last_trick", 0)).to_be_checked()
    expect(page.locator("#id_counting_points")).to_have_value("95")
    expect(page.locator("#game-chart svg")).to_have_count(0)  # and the chart follows
    screenshot(page, "03-after-undo")
    assert Deal.objects.count() == 0

    # A double tap on the record button records one deal.
    page.get_by_role("button", name="Record deal 1").dblclick()
    expect(page.locator("#deal-1")).to_be_attached()
    expect(page.locator("#game-chart svg")).to_be_visible()
    expect_score(page, [1, 0])
    expect_ready_for(page, 2, NAMES, 1)
    page.wait_for_load_state("networkidle")
    expect(page.locator("#log-list > li")).to_have_count(1)
    assert Deal.objects.count() == 1

    # Two submit events in one go (a bouncy finger, a slow phone): still one deal.
    enter_deal(page, last_trick=2, points=114)  # Bongani deals, A make trumps, B count
    page.evaluate(
        "() => { const f = document.getElementById('deal-form');"
        " f.requestSubmit(); f.requestSubmit(); }"
    )
    expect(page.locator("#deal-2")).to_be_attached()
    page.wait_for_load_state("networkidle")
    expect(page.locator("#log-list > li")).to_have_count(2)
    expect_score(page, [2, 0])  # 114 - 10 = 104: B one short, A win; B dealt, behind: again
    expect_ready_for(page, 3, NAMES, 1)
    assert Deal.objects.count() == 2
    screenshot(page, "04-after-double-tap")


@live
def test_a_preview_answer_while_record_is_pressed_waits(page: Page, live_server):
    """Tapping Record takes the focus from the points just typed, which asks for a preview; if
    its answer changed the page under the finger, the button would move and the tap be lost."""
    base = live_server.url
    sign_up(page, base, "dev-taps-quickly")
    start_game(page, base, NAMES)
    preview = page.locator("#preview")
    enter_deal(page, last_trick=1, points=120)
    expect(preview).to_contain_text("needs 115 in cards")

    page.locator("#deal-submit").dispatch_event("pointerdown")  # the finger is down
    with page.expect_response(lambda r: "/preview/" in r.url):
        page.evaluate(
            "() => { const r = document.querySelector('input[name=last_trick][value=\"0\"]');"
            " r.checked = true; r.dispatchEvent(new Event('change', {bubbles: true})); }"
        )
    page.wait_for_timeout(100)
    expect(preview).to_contain_text("needs 115 in cards")  # not swapped under the finger
    page.locator("#deal-submit").dispatch_event("pointerup")

    chip(page, "last_trick", 0).tap()  # the finger lifted: previews show again
    with page.expect_response(lambda r: "/preview/" in r.url):
        page.fill("#id_counting_points", "96")
    expect(preview).to_contain_text("needs 95 in cards")
    record(page, 1)
    expect_score(page, [1, 0])
    for link in page.locator("#deal-1 .deal-actions a").all():  # What if…, Edit: thumb-sized
        assert link.bounding_box()["height"] >= 44


@live
def test_names_typed_before_the_page_script_ran_show_on_the_dealer_chips(page: Page, live_server):
    """A slow phone: the names are in before new-game.js has run; its chips still show them."""
    base = live_server.url
    sign_up(page, base, "chetan-types-fast")
    page.route("**/js/new-game*.js", lambda route: route.abort())  # the script not there yet
    page.goto(f"{base}/games/new/")
    for i, name in enumerate(NAMES):
        page.fill(f"#id_player_{i}", name)
    expect(chip(page, "first_dealer", 2)).to_have_text("Seat 3")  # nothing has run

    script = page.locator("script[src*='new-game']").get_attribute("src")
    page.unroute("**/js/new-game*.js")
    page.add_script_tag(url=script)  # the script arrives after the typing
    for i, name in enumerate(NAMES):
        expect(chip(page, "first_dealer", i)).to_have_text(name)
    page.fill("#id_player_2", "")  # and typing still works: an empty name shows the seat again
    expect(chip(page, "first_dealer", 2)).to_have_text("Seat 3")


@live
def test_a_game_for_five_to_twelve_offers_only_named_seats_to_start(page: Page, live_server):
    """Zhao Pengyou takes 5 to 12 players: with five names in, the first-starter chips are those
    five, not twelve; a sixth name brings its chip."""
    base = live_server.url
    sign_up(page, base, "dara-counts-seats")
    page.goto(f"{base}/games/new/?game=zhao-pengyou")
    starter = page.locator(".dealer-chips label:visible")
    expect(starter).to_have_count(5)  # the fewest a table can have, named or not
    for i, name in enumerate(["Asha", "Bo", "Chen", "Dara", "Esha"]):
        page.fill(f"#id_player_{i}", name)
    expect(starter).to_have_count(5)
    page.fill("#id_player_5", "Femi")
    expect(starter).to_have_count(6)
    expect(starter.nth(5)).to_have_text("Femi")
    page.fill("#id_player_5", "")
    expect(starter).to_have_count(5)


@live
def test_every_section_that_opens_shows_an_arrow(page: Page, live_server):
    """A folded section (Jodies, Call by call, Count the cards) says by its ▸ that it opens."""
    base = live_server.url
    sign_up(page, base, "esther-looks-for-arrows")
    start_game(page, base, NAMES)
    markers = page.evaluate(
        "() => [...document.querySelectorAll('#deal-form summary')].map(s =>"
        " [s.textContent.trim(), getComputedStyle(s, '::before').content])"
    )
    assert len(markers) >= 3
    for text, marker in markers:
        assert marker == '"▸"', text
