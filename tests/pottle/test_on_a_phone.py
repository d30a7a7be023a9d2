"""A whole game of Pottle tapped on a phone, from the fixture log: chips bought before an ante,
bids and trumps when they are made, tricks when the hand ends, pots won and carried, a wrong
total refused at the field, and the settle-up and ledger when the table stops."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal, Game
from tests.browser.table import assert_fits_the_phone, chip, sign_up, tap_numbers
from tests.support.logs import fixture_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURE = fixture_path("pottle")


def test_a_pottle_game_with_a_purchase_a_carried_pot_and_the_settle_up(
    page: Page, live_server, screenshot
):
    game_log = json.loads(FIXTURE.read_text(encoding="utf-8"))
    names = game_log["players"]
    base = live_server.url
    sign_up(page, base, "pottlekeeper")
    page.get_by_role("link", name="New Pottle game").click()
    for i, name in enumerate(names):
        page.fill(f"#id_player_{i}", name)
    page.locator(".house-rules summary").click()
    page.select_option("#id_rule_no_winner_dealer", "left")
    page.fill("#id_rule_chip_value", "5")
    screenshot(page, "01-new-game")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Bids in: play the hand")).to_be_visible()
    expect(page.locator(".game-rules")).to_contain_text("What a chip is worth: 5")
    assert_fits_the_phone(page)

    carried = 0  # the pot carried over between deals
    for number, (deal, computed) in enumerate(
        zip(game_log["deals"], game_log["computed"]["deals"], strict=True), start=1
    ):
        expect(page.get_by_test_id("dealer")).to_have_text(names[deal["dealer"]])
        if "chips_bought" in deal:
            page.locator(".buying summary").click()
            for seat, n in enumerate(deal["chips_bought"]):
                if n:
                    page.fill(f"#id_buy_{seat}", str(n))
        tap_numbers(page, "bid", deal["bids"])
        if "trumps" in deal:
            chip(page, "trumps", deal["trumps"]).tap()
        chooser = names[computed["trump_chooser"]]
        expect(page.locator("#preview")).to_contain_text(f"{chooser} bids")
        if number == 3:
            expect(page.locator("#preview")).to_contain_text("Bongani buys 5 chips")
            screenshot(page, "03-purchase-and-bids")
        page.get_by_role("button", name="Bids in: play the hand").click()
        expect(page.locator(".opening")).to_contain_text(f"{chooser} bids")
        expect(page.get_by_test_id("trump-chooser")).to_be_visible()
        tricks = deal["tricks"]
        total = page.locator(".running-total")
        if number == 1:
            wrong = [*tricks[:3], tricks[3] + 2]
            tap_numbers(page, "trick", wrong)
            expect(total).to_contain_text("9 of 7 tricks: 2 too many")
            page.get_by_role("button", name="Record deal 1").click()
            error = page.locator("fieldset[data-numbers=trick] .errorlist")
            expect(error).to_contain_text("every deal has 7 tricks")
            for seat, n in enumerate(wrong):  # the input is kept
                key = page.locator(f"#id_trick_{seat} + .pad .pad-key[data-value='{n}']")
                expect(key).to_have_attribute("aria-pressed", "true")
            screenshot(page, "02-tricks-refused")
        tap_numbers(page, "trick", tricks)
        expect(total).to_contain_text("7 of 7 tricks ✓")
        page.get_by_role("button", name=f"Record deal {number}").click()
        row = page.locator(f"#deal-{number}")
        expect(row).to_be_attached()
        expect(row).to_contain_text(computed["explanation"][-2])
        pot = carried + len(names)  # everyone antes 1 into what was carried over
        if computed["winner"] is None:
            expect(row.locator(".deal-balls")).to_have_text(f"pot {pot} carried")
            carried = pot
        else:
            assert computed["pot_won"] == pot
            expect(row.locator(".deal-balls")).to_have_text(f"{names[computed['winner']]} +{pot}")
            carried = 0
        expect(page.get_by_test_id("pot")).to_have_text(str(carried))
        if number == 2:
            expect(page.get_by_test_id("pot")).to_have_text("4")  # carried to deal 3
            screenshot(page, "04-carried-pot", full_page=False)

    state = game_log["computed"]["state"]
    for seat, chips in enumerate(state["chips"]):
        expect(page.get_by_test_id(f"chips-{seat}")).to_have_text(str(chips))
    expect(page.get_by_test_id("pot")).to_have_text(str(state["pot"]))
    expect(page.get_by_test_id("dealer")).to_have_text(names[state["next_dealer"]])
    rule = page.locator("#deal-6 a.rule").first
    expect(rule).to_have_attribute("href", "/rules/pottle/#ante")
    assert_fits_the_phone(page)
    screenshot(page, "05-after-six-deals")

    # What if Chetan had taken one trick fewer in deal 5 (and Dev one more)?
    page.locator("#deal-5").get_by_role("link", name="What if…").click()
    expect(page.locator("#comparison")).to_contain_text("As recorded")
    tap_numbers(page, "trick", [1, 2, 1, 3])
    expect(page.locator("#comparison")).to_contain_text("Dev made 3 exactly")
    assert_fits_the_phone(page)
    screenshot(page, "06-what-if")
    page.get_by_role("link", name="Back to the game").click()

    # The table stops: the settle-up.
    page.get_by_role("link", name="Settle up").first.click()
    expect(page.get_by_role("heading", name="Settle up")).to_be_visible()
    # Nets: Asha 4-10 = -6, Bongani 9-10-5 = -6, Chetan 16-10 = +6, Dev 12-10 = +2 chips;
    # at 5 a chip: -30, -30, +30, +10, and the pot's 4 chips are 20 set aside by the losers.
    for seat, money in enumerate(["-30", "-30", "+30", "+10"]):
        expect(page.get_by_test_id(f"balance-{seat}").locator(".money")).to_have_text(money)
    expect(page.get_by_test_id("pot-left")).to_contain_text("Pot left on the table: 4 chips")
    # Money is in the smallest coin, the chip value's unit, and every sum of it says so.
    expect(page.get_by_test_id("money-unit")).to_contain_text("worth 5 in the smallest coin")
    expect(page.get_by_test_id("money-caption")).to_have_text(
        "Money in the smallest coin, the unit of the chip value"
    )
    expect(page.get_by_test_id("pot-left")).to_contain_text("Worth 20 in the smallest coin.")
    payments = page.get_by_test_id("payments").locator("li")
    # Five parties with money to settle, split into {Asha, Chetan} and {Bongani, Dev, the pot}:
    # one payment fewer than each group's size, 1 + 2 = 3, the fewest.
    expect(payments).to_have_count(3)
    texts = payments.all_inner_texts()
    paid = {name: 0 for name in [*names, "the pot"]}
    for text in texts:
        pays = re.fullmatch(r"(\w+) pays (\w+) (\d+) in the smallest coin\.", text)
        aside = re.fullmatch(r"(\w+) sets aside (\d+) in the smallest coin for the pot\.", text)
        assert pays or aside, text
        payer, payee, amount = pays.groups() if pays else (aside[1], "the pot", aside[2])
        paid[payer] -= int(amount)
        paid[payee] += int(amount)
    assert paid == {"Asha": -30, "Bongani": -30, "Chetan": 30, "Dev": 10, "the pot": 20}
    assert_fits_the_phone(page)
    screenshot(page, "07-settle-up")

    page.get_by_role("link", name="Chip ledger").click()
    expect(page.get_by_role("heading", name="Chip ledger")).to_be_visible()
    expect(page.locator("#ledger-3")).to_contain_text("+5")
    expect(page.locator("#ledger-1")).to_contain_text("Chetan won it")
    assert_fits_the_phone(page)
    screenshot(page, "08-ledger")

    game = Game.objects.get()
    assert [d.facts for d in Deal.objects.order_by("number")] == [
        {k: v for k, v in deal.items() if k != "dealer"} for deal in game_log["deals"]
    ]
    assert game.setup["house_rules"] == {"no_winner_dealer": "left", "chip_value": 5}
