"""Zhao Pengyou tapped on a phone: a 6-player game with a short team (the hand-worked fixture log,
in English, with an undo and a what-if), an 8-player game with false leads in Simplified Chinese,
and a 12-player level board that fits a 390px screen.

The expected levels come from the fixture's hand-worked `computed` numbers or from the small model
here (a level is a step up from "2"), never from the app's code.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.games.models import Deal, Game
from tests.browser.conftest import PHONE, TIMEOUT_MS
from tests.browser.table import PASSWORD, assert_fits_the_phone, chip, log_in, sign_up
from tests.support.logs import fixture_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURE = fixture_path("zhao-pengyou")
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def level(step: int) -> str:
    return RANKS[step] if step < len(RANKS) else "past A"


# ---- tapping a deal in --------------------------------------------------------------------------


def tap_points(page: Page, field: str, points: int) -> None:
    """Card points on the pad: the ten, then "+5" for an odd five."""
    pad = page.locator(f"#id_{field} + .pad")
    pad.locator(f".pad-key[data-value='{points - points % 10}']").tap()
    if points % 10:
        pad.locator(".pad-plus").tap()
    expect(page.locator(f".zp-readout[data-for=id_{field}]")).to_have_text(str(points))


def tap_team(page: Page, maker: int, team: list[int]) -> None:
    """The trump maker, then each friend (the trump maker's own chip is on already)."""
    chip(page, "trump_maker", maker).tap()
    expect(page.locator(f"#deal-form input[name=trump_maker][value='{maker}']")).to_be_checked()
    expect(page.locator(f"#deal-form input[name=team][value='{maker}']")).to_be_checked()
    for seat in team:
        if seat != maker:
            chip(page, "team", seat).tap()
            expect(page.locator(f"#deal-form input[name=team][value='{seat}']")).to_be_checked()


def enter_deal(page: Page, deal: dict) -> None:
    if deal.get("no_trumps"):
        page.locator("label.zp-no-trumps").tap()
        return
    tap_team(page, deal["trump_maker"], deal["team"])
    tap_points(page, "defender_points", deal["defender_points"])
    if deal.get("kitty_points"):
        tap_points(page, "kitty_points", deal["kitty_points"])
    if "last_trick" in deal:
        chip(page, "last_trick", deal["last_trick"]).tap()
    penalties = deal.get("penalties") or []
    if penalties:
        page.locator(".zp-penalties summary").tap()
    for i, penalty in enumerate(penalties):
        page.select_option(f"#id_penalty_{i}_seat", str(penalty["seat"]))
        page.select_option(f"#id_penalty_{i}_cards", str(penalty["cards_withdrawn"]))
    if "trump" in deal:
        page.locator(".zp-trumps summary").tap()
        # Tapping the trump maker filled in their level as the trump rank; the log says which.
        page.select_option("#id_trump_rank", deal["trump"]["rank"])
        chip(page, "trump_suit", deal["trump"]["suit"]).tap()
        for i, card in enumerate(deal.get("called_cards") or []):
            page.fill(f"#id_called_{i}", card)


def expect_levels(page: Page, levels: list[str]) -> None:
    for seat, name in enumerate(levels):
        expect(page.get_by_test_id(f"level-{seat}")).to_have_text(name)


# ---- 6 players, the fixture, in English ----------------------------------------------------------


def test_six_players_with_a_short_team(page: Page, live_server, screenshot):
    game_log = json.loads(FIXTURE.read_text(encoding="utf-8"))
    names = game_log["players"]
    base = live_server.url
    sign_up(page, base, "zpkeeper")
    page.get_by_role("link", name="New Zhao Pengyou game").click()
    for i, name in enumerate(names):
        page.fill(f"#id_player_{i}", name)
    chip(page, "first_dealer", 2).tap()
    expect(chip(page, "first_dealer", 2)).to_have_text("Chen")
    screenshot(page, "01-new-game")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Record deal 1")).to_be_visible()
    expect(page.get_by_test_id("dealer")).to_have_text("Chen")
    assert_fits_the_phone(page)

    steps = [0] * len(names)
    deals = zip(game_log["deals"], game_log["computed"]["deals"], strict=True)
    for number, (deal, computed) in enumerate(deals, start=1):
        expect(page.get_by_test_id("dealer")).to_have_text(names[deal["starter"]])
        enter_deal(page, deal)
        preview = page.locator("#preview")
        expect(preview).to_contain_text(computed["explanation"][0])
        if number == 2:  # Chen and Dara: a team of 2 where 3 is the most
            expect(page.get_by_test_id("team-count")).to_have_text("team of 2: 1 short")
            expect(preview).to_contain_text(
                "Defenders 25 < 40: trump makers +2 × 2 for a team 1 short = +4."
            )
            expect(preview).to_contain_text("Chen: 3 → 7 (+4).")
            screenshot(page, "02-short-team-preview")
        page.get_by_role("button", name=f"Record deal {number}").click()
        row = page.locator(f"#deal-{number}")
        expect(row).to_be_attached()
        for line in computed["explanation"]:
            expect(row).to_contain_text(line)
        steps = [s + g for s, g in zip(steps, computed["levels_gained"], strict=True)]
        expect_levels(page, [level(s) for s in steps])

        if number == 1:
            screenshot(page, "03-after-deal-1")
            # A slip: undo puts the deal back in the form, to be recorded again.
            page.once("dialog", lambda d: d.accept())
            page.get_by_role("button", name="Undo deal 1").click()
            expect(page.locator("#deal-1")).to_have_count(0)
            expect_levels(page, ["2"] * 6)
            for seat in (2, 4, 5):
                expect(page.locator(f"#deal-form input[name=team][value='{seat}']")).to_be_checked()
            expect(page.get_by_test_id("defender-points")).to_have_text("55")
            page.get_by_role("button", name="Record deal 1").click()
            expect(page.locator("#deal-1")).to_contain_text(computed["explanation"][-1])
            expect_levels(page, [level(s) for s in steps])
        if number == 2:
            # What would it take, for the coming deal: the rows of two packs, three team sizes.
            what = page.get_by_test_id("what-it-takes")
            what.locator("summary").tap()
            expect(what.locator("tbody tr")).to_have_count(7)
            expect(what.locator("tbody tr").first.locator("td")).to_have_text(["T+3", "T+6", "T+9"])
            expect(what.locator("tbody tr").nth(3)).to_contain_text("80–115")
            screenshot(page, "04-what-it-takes")
        if number == 3:
            # What if deal 2's defenders had taken 45? One level, doubled; the log is untouched.
            page.locator("#deal-2").get_by_role("link", name="What if…").click()
            # 25 was 20 and "+5": with "+5" still down, the 40 key makes it 45.
            page.locator("#id_defender_points + .pad .pad-key[data-value='40']").tap()
            expect(page.get_by_test_id("defender-points")).to_have_text("45")
            comparison = page.locator("#comparison")
            expect(comparison).to_contain_text("trump makers +1 × 2 for a team 1 short = +2")
            expect(comparison).to_contain_text("As recorded")
            screenshot(page, "05-what-if")
            page.get_by_role("link", name="Back to the game").click()
            expect(page.get_by_role("button", name="Record deal 4")).to_be_visible()

    over = page.locator(".game-over")
    expect(over).to_contain_text("Chen & Dara win!")
    expect_levels(page, game_log["computed"]["state"]["levels"])
    assert_fits_the_phone(page)
    screenshot(page, "06-game-over")
    game = Game.objects.get()
    assert game.finished
    assert [d.facts for d in Deal.objects.order_by("number")] == [
        {k: v for k, v in deal.items() if k != "starter"} for deal in game_log["deals"]
    ]


# ---- 8 players with false leads, in Chinese ------------------------------------------------------

NAMES_8 = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
# Three packs: rows change at 60, 120, 180, 240 and 300; the team is at most 4.
DEALS_8 = [
    # Di (a defender) falsely leads 2 cards: 70 - 20 = 50 < 60, the full team +2.
    {
        "trump_maker": 0,
        "team": [0, 1, 4, 6],
        "defender_points": 70,
        "penalties": [{"seat": 3, "cards_withdrawn": 2}],
    },
    # Flo (on the trump maker's team) falsely leads 1 card: 100 + 10 = 110 < 120, one short:
    # +1 × 2. Cy's team won the last trick: the kitty does not count.
    {
        "trump_maker": 2,
        "team": [2, 3, 5],
        "defender_points": 100,
        "kitty_points": 20,
        "last_trick": 2,
        "penalties": [{"seat": 5, "cards_withdrawn": 1}],
    },
    # Ed, a defender, wins the last trick: 150 + 2 × 20 = 190, and Ann's false lead of one card
    # gives the defenders 10 more: 200, from 180 the defenders +1.
    {
        "trump_maker": 7,
        "team": [7, 0, 1, 2],
        "defender_points": 150,
        "kitty_points": 20,
        "last_trick": 4,
        "penalties": [{"seat": 0, "cards_withdrawn": 1}],
    },
]
GAINS_8 = [
    {0: 2, 1: 2, 4: 2, 6: 2},
    {2: 2, 3: 2, 5: 2},
    {3: 1, 4: 1, 5: 1, 6: 1},
]


def test_eight_players_with_false_leads_in_chinese(browser, live_server, screenshot):
    context = browser.new_context(locale="zh-CN", color_scheme="light", **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        play_in_chinese(page, live_server.url, screenshot)
    except Exception:
        screenshot(page, "FAILED-chinese")
        raise
    finally:
        context.close()


def play_in_chinese(page: Page, base: str, screenshot) -> None:
    page.goto(f"{base}/signup/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    expect(page.get_by_role("heading", name="注册账号")).to_be_visible()
    page.fill("#id_username", "zhaokeeper")
    page.fill("#id_password1", PASSWORD)
    page.get_by_role("button", name="注册").click()
    expect(page).to_have_url(f"{base}/")
    page.get_by_role("link", name="新的找朋友牌局").click()
    expect(page.get_by_role("heading", name="新的找朋友牌局")).to_be_visible()
    for i, name in enumerate(NAMES_8):
        page.fill(f"#id_player_{i}", name)
    screenshot(page, "01-new-game-zh")
    page.get_by_role("button", name="开始牌局").click()
    expect(page.get_by_role("button", name="记录第 1 局")).to_be_visible()
    expect(page.locator(".game-rules")).to_contain_text("找朋友 · 8人 · 标准规则")
    expect(page.get_by_test_id("dealer")).to_have_text("Ann")

    # A team of five where eight players allow four is refused at the team, in Chinese.
    tap_team(page, 0, [0, 1, 2, 4, 6])
    expect(page.get_by_test_id("team-count")).to_have_text("庄家方5人：多了1人")
    tap_points(page, "defender_points", 70)
    page.get_by_role("button", name="记录第 1 局").click()
    error = page.locator(".zp-team .errorlist")
    expect(error).to_have_text("8人：庄家方最多4人，不能是5人。")
    screenshot(page, "02-team-too-big-zh")
    chip(page, "team", 2).tap()  # Cy is not a friend after all
    expect(page.get_by_test_id("team-count")).to_have_text("庄家方4人：满员")

    steps = [0] * 8
    for number, (deal, gains) in enumerate(zip(DEALS_8, GAINS_8, strict=True), start=1):
        if number > 1:
            enter_deal(page, deal)
        else:  # the team and the points are in already; the false lead is still to come
            page.locator(".zp-penalties summary").tap()
            page.select_option("#id_penalty_0_seat", "3")
            page.select_option("#id_penalty_0_cards", "2")
        preview = page.locator("#preview")
        if number == 1:
            expect(preview).to_contain_text("Di（闲家）甩牌失败：10 × 收回2张 = 闲家-20分。")
            expect(preview).to_contain_text("闲家总分：70 -20 = 50。")
            expect(preview).to_contain_text("闲家50分 < 60：庄家方升2级。")
            screenshot(page, "03-false-lead-preview-zh")
        if number == 2:
            expect(preview).to_contain_text("Cy为庄家方赢了最后一墩：底牌的20分不算。")
            expect(preview).to_contain_text(
                "闲家110分 < 120：庄家方升1级 × 2（庄家方少1人）= 升2级。"
            )
        if number == 3:
            expect(preview).to_contain_text("Ed是闲家，赢了最后一墩：底牌的20分翻倍，+40。")
            expect(preview).to_contain_text("闲家总分：150 +40 +10 = 200。")
            expect(preview).to_contain_text("闲家200分 ≥ 180：闲家升1级。")
        page.get_by_role("button", name=f"记录第 {number} 局").click()
        expect(page.locator(f"#deal-{number}")).to_be_attached()
        steps = [s + gains.get(seat, 0) for seat, s in enumerate(steps)]
        expect_levels(page, [level(s) for s in steps])
        if number == 1:
            expect(page.locator("#deal-1 .deal-balls")).to_have_text("庄家方升2级")
            expect(page.locator("#deal-1")).to_contain_text("Ann先摸牌")
    expect_levels(page, ["4", "4", "4", "5", "5", "5", "5", "2"])
    expect(page.get_by_test_id("dealer")).to_have_text("Hal")
    expect(page.get_by_test_id("starts")).to_have_text("先摸牌")
    what = page.get_by_test_id("what-it-takes")
    what.locator("summary").tap()
    expect(what.locator("thead th").nth(2)).to_have_text("4满员")
    expect(what.locator("tbody tr").first.locator("td")).to_have_text(
        ["庄+3", "庄+6", "庄+9", "庄+12"]
    )
    expect(what.locator("tbody tr").last).to_contain_text("300+")
    assert_fits_the_phone(page)
    screenshot(page, "04-after-three-deals-zh")

    # The rules page, linked from an explanation line, in Chinese too.
    page.locator("#deal-1 .line-false_lead a.rule").click()
    expect(page).to_have_url(re.compile(r"/rules/zhao-pengyou/#false-lead$"))
    expect(page.locator("#false-lead h3")).to_contain_text("甩牌失败")
    assert_fits_the_phone(page)
    screenshot(page, "05-rules-zh", full_page=False)
    game = Game.objects.get()
    assert [d.facts for d in Deal.objects.filter(game=game).order_by("number")] == DEALS_8


# ---- 12 players: the board on a phone ------------------------------------------------------------


def test_twelve_players_fit_the_phone(page: Page, live_server, factory, screenshot):
    names = ["Grandma Li", "Bo", "Chen", "Dara", "Esha", "Femi", "Gus", "Hana", "Ivo", "Jun",
             "Kofi", "Lia"]  # fmt: skip
    owner = factory.make_user("bigtable")
    game = factory.make_game(owner, game="zhao-pengyou", players=names, first_dealer=3)
    # Four packs: 85 is from 80 but under 160, one level; a team of 2 of 6 is 4 short: × 5.
    factory.record(game, trump_maker=3, team=[3, 5], defender_points=85)
    log_in(page, live_server.url, "bigtable", game)
    expect(page.get_by_role("button", name="Record deal 2")).to_be_visible()
    expect(page.locator(".zp-player")).to_have_count(12)
    expect_levels(page, ["2", "2", "2", "7", "2", "7", "2", "2", "2", "2", "2", "2"])
    expect(page.get_by_test_id("player-3")).to_have_class(re.compile(r"\bmade-trumps\b"))
    expect(page.get_by_test_id("player-5")).to_have_class(re.compile(r"\bon-team\b"))
    assert_fits_the_phone(page)
    screenshot(page, "01-board", full_page=False)
    page.get_by_test_id("what-it-takes").locator("summary").tap()
    expect(page.get_by_test_id("what-it-takes").locator("thead th")).to_have_count(8)
    assert_fits_the_phone(page)
    screenshot(page, "02-what-it-takes")


def test_changing_the_trump_maker_previews_what_is_saved(page: Page, live_server, factory):
    """The old trump maker leaves the team before the preview is asked for, not after it."""
    names = ["Ann", "Bo", "Cat", "Dan", "Eve"]
    owner = factory.make_user("zp-maker")
    game = factory.make_game(owner, game="zhao-pengyou", players=names)
    log_in(page, live_server.url, "zp-maker", game)
    tap_team(page, 0, [0, 3])  # Ann makes trumps with Dan
    tap_points(page, "defender_points", 50)
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Ann made trumps")
    chip(page, "trump_maker", 2).tap()  # no: Cat made trumps, with Dan
    expect(page.locator("#deal-form input[name=team][value='0']")).not_to_be_checked()
    expect(preview).to_contain_text("Cat made trumps with Dan: a team of 2")
    previewed = preview.locator("li").first.inner_text()
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator("#deal-1")).to_contain_text(previewed)
    assert Deal.objects.get(game=game).facts["team"] == [2, 3]


# ---- trump maker by result: no first starter; deals without trumps on the board ----------------


def test_by_result_asks_no_first_starter_and_the_board_says_when_nobody_made_trumps(
    page: Page, live_server
):
    names = ["Ann", "Bo", "Cy", "Di", "Ed"]
    base = live_server.url
    sign_up(page, base, "zpbyresult")
    page.goto(f"{base}/games/new/?game=zhao-pengyou")
    for i, name in enumerate(names):
        page.fill(f"#id_player_{i}", name)
    question = page.locator("form.new-game fieldset:has(.dealer-chips)")
    expect(question).to_be_visible()  # the standard rule: the first deal's starter is drawn
    page.locator("details.house-rules summary").tap()
    page.select_option("#id_rule_starter", "by-result")
    expect(question).to_be_hidden()  # by result nobody is due to start
    page.select_option("#id_rule_starter", "rotate")
    expect(question).to_be_visible()  # passes to the right from the first starter
    page.select_option("#id_rule_starter", "by-result")
    expect(question).to_be_hidden()
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_test_id("dealer-open")).to_have_text("anyone may make trumps")
    expect(page.get_by_test_id("dealer")).to_have_count(0)
    expect(page.get_by_test_id("starts")).to_have_count(0)

    nothing = page.get_by_test_id("no-trumps-last")
    legend = page.get_by_test_id("legend")
    enter_deal(page, {"no_trumps": True})
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator("#deal-1")).to_contain_text("Nobody made trumps")
    expect(nothing).to_have_text("Last deal: nobody made trumps.")
    expect(legend).to_have_count(0)
    expect(page.locator(".zp-player.made-trumps")).to_have_count(0)

    # Cy makes trumps with Ed; the defenders take 30 of 200: the trump makers +2, and Ed, Cy's
    # nearest partner in order of play, makes trumps next.
    enter_deal(page, {"trump_maker": 2, "team": [2, 4], "defender_points": 30})
    page.get_by_role("button", name="Record deal 2").click()
    expect(page.locator("#deal-2")).to_be_attached()
    expect(nothing).to_have_count(0)
    expect(legend).to_contain_text("Last deal:")
    expect(page.get_by_test_id("player-2")).to_have_class(re.compile(r"\bmade-trumps\b"))
    expect(page.get_by_test_id("player-4")).to_have_class(re.compile(r"\bon-team\b"))
    expect(page.get_by_test_id("dealer-open")).to_have_text("Ed makes trumps")
    expect_levels(page, ["2", "2", "4", "2", "4"])

    # Nobody made trumps again: the board says so, and its marks are deal 2's, named as such.
    enter_deal(page, {"no_trumps": True})
    page.get_by_role("button", name="Record deal 3").click()
    expect(page.locator("#deal-3")).to_be_attached()
    expect(nothing).to_have_text("Last deal: nobody made trumps.")
    expect(legend).to_contain_text("Deal 2:")
    expect(legend).not_to_contain_text("Last deal")
    expect(page.get_by_test_id("player-2")).to_have_class(re.compile(r"\bmade-trumps\b"))
    expect(page.get_by_test_id("dealer-open")).to_have_text("Ed makes trumps")
    assert_fits_the_phone(page)
    assert [d.facts for d in Deal.objects.order_by("number")] == [
        {"no_trumps": True},
        {"trump_maker": 2, "team": [2, 4], "defender_points": 30},
        {"no_trumps": True},
    ]
