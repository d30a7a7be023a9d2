"""Thunee at the other table sizes, kept on a phone: six players, and the two two-player games.

As in test_play_a_game.py, the expected balls and dealer come from a small model of the rules
written here, not from the app's code. Six players: three a team in alternate seats, 105 needed,
and the two six-player calls, Trips and Moenie. Two players: each player is a team, 125 needed,
and there is no partner to catch a Thunee.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal
from scorekeeper.rules.thunee.cards import possible_totals

from .table import (
    assert_fits_the_phone,
    chip,
    enter_deal,
    expect_game_over,
    expect_ready_for,
    expect_score,
    record,
    sign_up,
    start_game,
    tap_chip,
)

pytestmark = pytest.mark.browser
live = pytest.mark.django_db(transaction=True)  # live_server needs committed data

SIX = ["Asha", "Bongani", "Chetan", "Dev", "Esther", "Thirushen"]  # A = 0, 2, 4; B = 1, 3, 5
TWO = ["Asha", "Bongani"]  # each player is a team: A = Asha, B = Bongani

# Balls the caller's team opens when a call is made, and the opponents when it fails or a
# partner of the caller catches it (standard house rules).
SPECIAL_BALLS = {"trips": (3, 3, 3), "moenie": (4, 4, 8), "thunee": (4, 4, 8)}
RESULTS = ("success", "failed", "partner_catch")


# ---- the rules, as the test understands them ------------------------------------------------


@dataclass
class Table:
    """Thunee for `seats` players: who deals, and how many balls each team has."""

    seats: int
    needed: int  # card points the counting team needs after the last-trick 10
    dealer: int | None = 0
    balls: list[int] = field(default_factory=lambda: [0, 0])
    target: int = 12

    @staticmethod
    def team(seat: int) -> int:
        return seat % 2  # even seats against odd seats; with two players, each seat alone

    @property
    def finished(self) -> bool:
        return self.dealer is None

    @property
    def trump_maker(self) -> int:
        """With no call the player after the dealer makes trumps."""
        assert self.dealer is not None
        return (self.dealer + 1) % self.seats

    @property
    def counting(self) -> int:
        return 1 - self.team(self.trump_maker)

    @property
    def cards_per_trick(self) -> int:
        return self.seats

    @property
    def tricks(self) -> int:
        return 24 // self.seats

    def winner(self, last_trick: int, points: int) -> int:
        bonus = 10 if self.team(last_trick) == self.counting else -10
        return self.counting if points + bonus >= self.needed else 1 - self.counting

    def possible(self, last_trick: int, points: int) -> bool:
        """Whole tricks can hold these points, given who won the last trick."""
        if self.team(last_trick) == self.counting:
            won = range(1, self.tricks + 1)  # the last trick at least
        else:
            won = range(0, self.tricks)  # not the last trick
        return points in possible_totals(won, self.cards_per_trick)

    def facts_for(self, winner: int, nth: int) -> tuple[int, int]:
        """(last_trick, counting_points) that make `winner` win by the narrowest margin."""
        assert self.dealer is not None
        order = [(self.dealer + k) % self.seats for k in range(self.seats)]
        options = []
        for seat in order:
            ours = self.team(seat) == self.counting
            if winner == self.counting:  # exactly enough: 95 + 10 or 115 - 10 (6 players)
                points = self.needed - 10 if ours else self.needed + 10
            else:  # one short
                points = self.needed - 11 if ours else self.needed + 9
            options.append((seat, points))
        last_trick, points = options[nth % len(options)]
        assert self.possible(last_trick, points), (last_trick, points)
        return last_trick, points

    def play(self, last_trick: int, points: int) -> int:
        won_by = self.winner(last_trick, points)
        self._open(won_by, 1)  # a no-call deal opens one ball
        return won_by

    def play_special(self, call: str, seat: int, result: str) -> tuple[int, int]:
        """(team, balls) opened for a Trips, Moenie or Thunee by `seat`."""
        if result == "partner_catch" and self.seats == 2:
            raise ValueError("with two players there is no partner")
        balls = SPECIAL_BALLS[call][RESULTS.index(result)]
        team = self.team(seat) if result == "success" else 1 - self.team(seat)
        self._open(team, balls)
        return team, balls

    def _open(self, team: int, balls: int) -> None:
        assert self.dealer is not None, "the game is over"
        self.balls[team] += balls
        if max(self.balls) >= self.target:
            self.dealer = None
            return
        dealing_team = self.team(self.dealer)
        if not self.balls[dealing_team] < self.balls[1 - dealing_team]:
            self.dealer = (self.dealer + 1) % self.seats  # the deal passes unless behind


def test_the_models_agree_with_worked_examples():
    six = Table(seats=6, needed=105, dealer=4)
    assert six.trump_maker == 5 and six.counting == 0
    assert six.winner(last_trick=2, points=95) == 0  # 95 + 10 = 105: just enough
    assert six.winner(last_trick=3, points=114) == 1  # 114 - 10 = 104: one short
    assert not six.possible(last_trick=0, points=0)  # won the last trick: some cards
    six.play(3, 114)  # B win; A dealt and are behind: Esther deals again
    assert (six.balls, six.dealer) == ([0, 1], 4)
    assert six.play_special("trips", 3, "success") == (1, 3)
    assert (six.balls, six.dealer) == ([0, 4], 4)
    assert six.play_special("moenie", 1, "partner_catch") == (0, 8)  # 8 to the opponents
    assert (six.balls, six.dealer) == ([8, 4], 5)

    two = Table(seats=2, needed=125)
    assert two.trump_maker == 1 and two.counting == 0  # the dealer counts
    assert two.winner(last_trick=1, points=135) == 0  # 135 - 10 = 125
    assert two.winner(last_trick=0, points=114) == 1  # 114 + 10 = 124
    assert two.possible(last_trick=1, points=152)
    assert not two.possible(last_trick=1, points=2)  # a lone Queen: tricks hold two cards
    with pytest.raises(ValueError):
        two.play_special("thunee", 0, "partner_catch")
    assert two.play_special("thunee", 0, "success") == (0, 4)
    assert (two.balls, two.dealer) == ([4, 0], 1)


# ---- driving the UI --------------------------------------------------------------------------


def enter_special(page: Page, call: str, seat: int, result: str) -> None:
    tap_chip(page, "kind", "special")
    expect(page.locator("#id_special_call")).to_be_visible()
    page.select_option("#id_special_call", call)
    tap_chip(page, "special_seat", seat)  # one tap on the caller's name
    tap_chip(page, "special_result", result)


def play_plan(page: Page, model: Table, names: list[str], plan: list, first: int = 1, shot=None):
    """Enter each planned deal, checking the balls and the dealer after every one.

    A step is "A" or "B" (that team wins a no-call deal on the narrowest margin) or
    (call, seat, result) for a special call.
    """
    preview = page.locator("#preview")
    for number, step in enumerate(plan, start=first):
        assert not model.finished, f"the plan goes on after the game ended (deal {number})"
        if isinstance(step, str):
            last_trick, points = model.facts_for("AB".index(step), number)
            enter_deal(page, last_trick, points)
            record(page, number)
            assert model.play(last_trick, points) == "AB".index(step)
            said = "+1 / +0" if step == "A" else "+0 / +1"  # each team's balls, A's first
            expect(page.locator(f"#deal-{number} .deal-balls")).to_have_text(said)
        else:
            call, seat, result = step
            enter_special(page, call, seat, result)
            team, balls = model.play_special(call, seat, result)
            expect(preview).to_contain_text(f"open {balls} balls")
            if shot:
                shot(page, f"special-{number}-{call}")
            record(page, number)
            row = page.locator(f"#deal-{number}")
            said = f"+{balls} / +0" if team == 0 else f"+0 / +{balls}"
            expect(row.locator(".deal-balls")).to_have_text(said)
            expect(row).to_contain_text(call.capitalize())
        expect_score(page, model.balls)
        if not model.finished:
            expect_ready_for(page, number + 1, names, model.dealer, kind="normal")
        yield number


# ---- the tests -------------------------------------------------------------------------------

# Esther (seat 4) deals first. B win, A draw level and go ahead; Dev's Trips puts B ahead; a
# Moenie by Bongani, caught by his own partner, gives A eight balls and corner house; A win 12-7.
SIX_PLAN = [
    "B",
    "A",
    "A",
    ("trips", 3, "success"),
    "B",
    "A",
    ("moenie", 1, "partner_catch"),
    "B",
    "B",
    "A",
]


@live
def test_six_player_game_through_the_ui(page: Page, live_server, screenshot):
    base = live_server.url
    sign_up(page, base, "esther-keeps-score")
    start_game(page, base, SIX, mode="6p", first_dealer=4, screenshot=screenshot)

    model = Table(seats=6, needed=105, dealer=4)
    teams = page.locator(".board .team-name")
    expect(teams.nth(0)).to_contain_text("Asha & Chetan & Esther")
    expect(teams.nth(1)).to_contain_text("Bongani & Dev & Thirushen")
    expect(page.locator(".game-rules")).to_contain_text("6 players")
    expect_score(page, model.balls)
    expect_ready_for(page, 1, SIX, model.dealer, kind="normal")
    expect(page.locator("#deal-form input[name=last_trick]")).to_have_count(6)
    special_calls = page.locator("#id_special_call option")
    expect(special_calls.filter(has_text="Trips")).to_have_count(1)
    expect(special_calls.filter(has_text="Moenie")).to_have_count(1)

    # The first deal's preview: Esther deals, Thirushen makes trumps, A count and need 105.
    enter_deal(page, last_trick=5, points=120)
    expect(page.locator("#preview")).to_contain_text("needs 115 in cards")
    chip(page, "last_trick", 0).tap()
    expect(page.locator("#preview")).to_contain_text("needs 95 in cards")
    assert_fits_the_phone(page)
    screenshot(page, "02-first-deal-preview")

    for number in play_plan(page, model, SIX, SIX_PLAN, shot=screenshot):
        if number == 6:
            assert_fits_the_phone(page)
            screenshot(page, "03-mid-game", full_page=False)
            screenshot(page, "04-mid-game-full")
        if number == 7:  # the Moenie's eight balls: A sit on corner house, 11
            expect(page.locator(".board .team").nth(0)).to_contain_text("corner house")

    assert model.finished and model.balls == [12, 7]
    expect_game_over(page, SIX, model.balls, len(SIX_PLAN))
    expect(page.locator(".game-over")).to_contain_text("Asha & Chetan & Esther")
    screenshot(page, "05-game-over", full_page=False)
    assert Deal.objects.count() == len(SIX_PLAN)


# Asha deals first. Her Thunee is deal 1; then Bongani catches up, and Asha wins 12-9.
TWO_PLAN = "BBBABBBABAAABAAB" + "A"


@live
def test_two_player_game_through_the_ui(page: Page, live_server, screenshot):
    base = live_server.url
    sign_up(page, base, "asha-keeps-two")
    start_game(page, base, TWO, mode="2p-two-deal", first_dealer=0)

    model = Table(seats=2, needed=125)
    teams = page.locator(".board .team-name")
    expect(teams.nth(0)).to_contain_text("Asha")
    expect(teams.nth(1)).to_contain_text("Bongani")
    expect(teams.filter(has_text="&")).to_have_count(0)
    expect(page.locator(".game-rules")).to_contain_text("2 players, two deals")
    expect_ready_for(page, 1, TWO, model.dealer, kind="normal")
    expect(page.locator("#deal-form input[name=last_trick]")).to_have_count(2)
    special_calls = page.locator("#id_special_call option")
    expect(special_calls.filter(has_text=re.compile("Trips|Moenie"))).to_have_count(0)

    # Asha deals, Bongani makes trumps, Asha counts: 125, and 10 more if she lost the last trick.
    preview = page.locator("#preview")
    enter_deal(page, last_trick=1, points=140)
    expect(preview).to_contain_text("needs 135 in cards")
    expect(preview).to_contain_text("the counting team wins")
    screenshot(page, "01-preview-needs-135")
    chip(page, "last_trick", 0).tap()
    expect(preview).to_contain_text("needs 115 in cards")

    # A Thunee "caught by a partner" cannot happen with two players: the form does not offer it.
    chip(page, "kind", "special").tap()
    page.select_option("#id_special_call", "thunee")
    chip(page, "special_seat", 0).tap()
    expect(page.locator("input[name=special_result][value=partner_catch]")).to_have_count(0)
    shown = page.locator("#deal-form label.chip:has(input[name=special_result]):visible")
    expect(shown).to_have_count(2)  # made or failed; "work it out" is for Double and Khanaak
    assert_fits_the_phone(page)
    screenshot(page, "02-no-partner-catch")
    assert Deal.objects.count() == 0

    # Made, then: Asha opens 4 balls and, ahead, passes the deal to Bongani.
    chip(page, "special_result", "success").tap()
    team, balls = model.play_special("thunee", 0, "success")
    expect(preview).to_contain_text(f"Asha opens {balls} balls")  # one player: "opens"
    record(page, 1)
    expect(page.locator("#deal-1 .deal-balls")).to_have_text("+4 / +0")
    expect_score(page, model.balls)
    expect_ready_for(page, 2, TWO, model.dealer, kind="normal")

    for number in play_plan(page, model, TWO, list(TWO_PLAN), first=2):
        if number == 9:
            assert_fits_the_phone(page)
            screenshot(page, "03-mid-game", full_page=False)
            screenshot(page, "04-mid-game-full")

    assert model.finished and model.balls == [12, 9]
    expect_game_over(page, TWO, model.balls, 1 + len(TWO_PLAN))
    screenshot(page, "05-game-over", full_page=False)
    assert Deal.objects.count() == 1 + len(TWO_PLAN)


@live
def test_two_player_open_face_game_starts_and_scores_one_deal(page: Page, live_server, screenshot):
    base = live_server.url
    sign_up(page, base, "bongani-open-face")
    start_game(page, base, TWO, mode="2p-open-face", first_dealer=1)

    model = Table(seats=2, needed=125, dealer=1)
    expect(page.locator(".game-rules")).to_contain_text("2 players, open face")
    expect_score(page, [0, 0])
    expect_ready_for(page, 1, TWO, model.dealer, kind="normal")

    # Bongani deals and counts; Asha won the last trick, so he needs 135: he has exactly that.
    enter_deal(page, last_trick=0, points=135)
    expect(page.locator("#preview")).to_contain_text("needs 135 in cards")
    record(page, 1)
    assert model.play(0, 135) == 1
    expect_score(page, model.balls)
    expect(page.locator("#deal-1 .deal-balls")).to_have_text("+0 / +1")
    # Bongani ahead: the deal passes to Asha.
    expect_ready_for(page, 2, TWO, model.dealer, kind="normal")
    assert model.dealer == 0
    assert_fits_the_phone(page)
    screenshot(page, "01-after-one-deal", full_page=False)
