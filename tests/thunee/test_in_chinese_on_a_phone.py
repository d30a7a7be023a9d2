"""A Thunee game in Simplified Chinese on a phone: the deal form, the card counter, the board,
the explanation lines and the log's headline are all in Chinese; axe finds nothing wrong, light
or dark. The expected sentences are written out here (the English ones by the rules text's
arithmetic), never taken from the app's code."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import violations_in_each_theme
from tests.browser.table import FACTORY_PASSWORD, assert_fits_the_phone, chip, radio

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_a_thunee_deal_in_chinese(phone, live_server, factory, screenshot):
    keeper = factory.make_user("zh-keeper")
    game = factory.make_game(keeper, players=["Asha", "Bongani", "Chetan", "Dev"])
    page = phone("zh-CN", "light")
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "zh-keeper")
    page.fill("#id_password", FACTORY_PASSWORD)
    page.press("#id_password", "Enter")
    page.goto(f"{live_server.url}/games/{game.pk}/")

    # The header and the board: Asha deals, both teams on 0 of 12.
    expect(page.locator("h1.game-rules")).to_have_text("Thunee · 4人 · 标准规则")
    board = page.locator(".team-a")
    expect(board.locator(".tag")).to_have_text("发牌")
    expect(page.get_by_test_id("balls-0")).to_have_text("0")
    # The deal form in Chinese, the card counter too.
    expect(chip(page, "kind", "normal")).to_have_text("普通")
    expect(page.locator("#deal-form")).to_contain_text("定王牌的叫分")
    page.locator(".card-counter summary").tap()
    page.get_by_role("button", name="黑桃J，30分").tap()
    page.get_by_role("button", name="红桃9，20分").tap()
    expect(page.locator("[data-cc-readout]")).to_have_text("2张牌 · 50分 → 计分方 50")
    page.locator("[data-cc-clear]").tap()
    expect(page.locator("[data-cc-readout]")).to_have_text("0张牌 · 0分 → 计分方 –")

    # No call: Bongani (on Asha's right) makes trumps, Asha & Chetan count. They take the last
    # trick and 120 in cards: 120 + 10 = 130, 105 needed, so they open 1 ball.
    expect(radio(page, "trump_maker", 1)).to_be_checked()
    chip(page, "last_trick", 0).tap()
    page.fill("#id_counting_points", "120")
    page.get_by_role("button", name="记录第 1 局").click()
    expect(page.locator("#deal-1")).to_be_attached()
    lines = page.locator("#deal-1 li")
    expect(lines).to_have_text(
        [
            re.compile("^无人叫分：由发牌人右手边的Bongani定王牌。由Asha & Chetan计分。"),
            re.compile("^计分方起点为多10分：最后一墩 \\+10；牌面需要95分。"),
            re.compile("^牌面120分，合计130分；需要105分：计分方赢。"),
            re.compile("^无人叫分：Asha & Chetan开1个球。"),
            re.compile("^发牌轮到Bongani。"),  # the dealer's team is ahead now
        ]
    )
    expect(page.locator("#deal-1 .deal-balls")).to_have_text("+1 / +0")
    expect(page.get_by_test_id("balls-0")).to_have_text("1")
    expect(page.locator(".team-a .balls")).to_contain_text("/ 12")
    for text in lines.all_inner_texts():
        assert HAN.search(text), text
    assert_fits_the_phone(page)

    def look(scheme: str) -> None:
        screenshot(page, f"thunee-zh-{scheme}")

    assert violations_in_each_theme(page, look) == {"light": [], "dark": []}
