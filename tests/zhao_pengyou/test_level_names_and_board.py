"""The level names that are words ("past A", "Joker") in the reader's language, and what the level
board says about the last deal, also when nobody made trumps in it.

The English stays exactly as the game log writes it; in Chinese the board, the explanation lines
and the trump rank say 过A and 王 (as the rules page does).
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper.core.explain import Said
from scorekeeper.games.templatetags.say import say
from scorekeeper.rules.zhao_pengyou import GAME, GameState, level_name, words
from scorekeeper.rules.zhao_pengyou.levels import rank_of
from scorekeeper.zhao_pengyou.board import board

from .support import NAMES, deal, make_setup, play, score

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
FIVE = NAMES[:5]


# ---- the names: English in the log, a template to say them by -----------------------------------


@pytest.mark.parametrize(
    ("step", "beyond", "english", "template", "laps"),
    [
        (13, "win", "past A", words.LEVEL_PAST_ACE, None),
        (13, "joker-laps", "Joker", words.LEVEL_JOKER, ""),
        (27, "joker-laps", "Joker+", words.LEVEL_JOKER, "+"),
        (25, "joker-laps-skip-low", "Joker++", words.LEVEL_JOKER, "++"),
    ],
)
def test_the_names_beyond_ace_are_said_from_a_template(step, beyond, english, template, laps):
    name = level_name(step, beyond)
    assert name == english and isinstance(name, Said)
    assert name.data["template"] == template
    assert name.data.get("laps") == laps
    assert rank_of(step, beyond) is None
    assert json.dumps(name) == json.dumps(english)  # the log writes it as it always did


def test_the_ranks_are_plain_and_the_same_in_every_language():
    for step in range(13):
        name = level_name(step, "joker-laps")
        assert type(name) is str and rank_of(step, "joker-laps") == name
    assert type(level_name(14, "joker-laps")) is str  # "2+"
    assert level_name(14, "joker-laps") == "2+"


def test_the_lines_carry_the_names_as_values_and_say_them_in_english():
    setup = make_setup(6, start={"levels": ["K", "2", "2", "2", "2", "2"]})
    result = score(deal(0, [0, 1, 2], 30), setup)  # +2: K -> past A
    moved = next(line for line in result.outcome.lines if line.data.get("seat") == 0)
    assert moved.text == "Asha: K → past A (+2)."
    assert isinstance(moved.data["after"], Said)
    with translation.override("en"):
        assert say(moved) == "Asha: K → past A (+2)."
        assert say(GAME.summary(setup, result.after)) == "past A · 4 · 4 · 2 · 2 · 2"
    assert GAME.summary(setup, result.after) == "past A · 4 · 4 · 2 · 2 · 2"
    assert GAME.computed_state(setup, result.after)["levels"][0] == "past A"


def test_chinese_lines_and_summary_say_past_ace_and_joker_in_chinese():
    """Needs the Chinese catalogue with this change's messages (/tmp/po/zp.po merged)."""
    setup = make_setup(6, start={"levels": ["K", "2", "2", "2", "2", "2"]})
    result = score(deal(0, [0, 1, 2], 30), setup)
    laps = make_setup(6, start={"levels": ["A", "K", "2", "2", "2", "2"]}, beyond_ace="joker-laps")
    lapped = score(deal(0, [0, 1, 2], 15), laps)  # +2: A -> 2+, K -> Joker
    with translation.override("zh-hans"):
        said = [say(line) for line in result.outcome.lines]
        assert "Asha：K → 过A（升2级）。" in said
        assert say(GAME.summary(setup, result.after)) == "过A · 4 · 4 · 2 · 2 · 2"
        assert "Bo：K → 王（升2级）。" in [say(line) for line in lapped.outcome.lines]
        assert say(level_name(27, "joker-laps")) == "王+"


# ---- the board ----------------------------------------------------------------------------------


def test_the_board_says_the_levels_and_the_joker_trump_rank_in_english():
    setup = make_setup(6, beyond_ace="joker-laps")
    state = dataclasses.replace(GameState.initial(setup), levels=(13, 27, 0, 0, 0, 0))
    with translation.override("en"):
        out = board(setup, state)
    assert [p.level for p in out["players"]][:3] == ["Joker", "Joker+", "2"]
    assert [p.long for p in out["players"]][:3] == [True, True, False]
    assert out["trump_ranks"] == ["2", "Joker"]


def test_the_board_says_past_ace_and_joker_in_chinese():
    """Needs the Chinese catalogue with this change's messages (/tmp/po/zp.po merged)."""
    setup = make_setup(6, beyond_ace="joker-laps")
    state = dataclasses.replace(GameState.initial(setup), levels=(13, 27, 0, 0, 0, 0))
    won = make_setup(6)
    over = dataclasses.replace(GameState.initial(won), levels=(13, 0, 0, 0, 0, 0))
    with translation.override("zh-hans"):
        out = board(setup, state)
        assert [p.level for p in out["players"]][:3] == ["王", "王+", "2"]
        assert out["trump_ranks"] == ["2", "王"]
        assert board(won, over)["players"][0].level == "过A"
    assert [p.long for p in out["players"]][:3] == [False, True, False]  # 王 fits the card


@pytest.mark.django_db
def test_a_chinese_game_page_has_no_english_level_names(client_in, factory, keeper):
    """The board and the explanation lines. (The summary after each deal and the chart's axis
    are the shell's: they say the level names once the shell says them with `said`.)"""
    game = factory.make_game(keeper, game="zhao-pengyou", players=FIVE)
    for _ in range(5):  # Asha and Bo, no points against them: +3 each time, past A at the 5th
        factory.record(game, trump_maker=0, team=[0, 1], defender_points=0)
    html = client_in.get(reverse("game", args=[game.pk]), **ZH).content.decode()
    board_html = html[html.index('<section id="board"') : html.index("</section>")]
    assert '<span class="zp-card long" data-testid="level-0">过A</span>' in board_html
    assert "past A" not in board_html
    lines = re.findall(r'<li class="line-[a-z_]+">([^<]*)', html)
    assert "Asha：A → 过A（升3级）。 " in lines
    assert not [line for line in lines if "past A" in line or "Joker" in line]


# ---- the last deal, with and without trumps -----------------------------------------------------


def _legend(setup, deals):
    _, state = play(setup, deals)
    out = board(setup, state)
    return out["had_trumps"], out["trumps_deal"], out["no_trumps_last"], state


def test_the_legend_names_the_deal_its_marks_are_from():
    setup = make_setup(6)
    assert _legend(setup, [])[:3] == (False, None, False)
    assert _legend(setup, [{"no_trumps": True}])[:3] == (False, None, True)
    assert _legend(setup, [deal(0, [0, 2], 30)])[:3] == (True, 1, False)
    had, number, nothing_last, state = _legend(
        setup, [{"no_trumps": True}, deal(0, [0, 2], 30), {"no_trumps": True}, {"no_trumps": True}]
    )
    assert (had, number, nothing_last) == (True, 2, True)
    assert state.last_trump_maker == 0 and state.last_team == (0, 2)


def test_a_state_cached_before_the_number_was_kept_reads_as_before():
    setup = make_setup(6)
    _, state = play(setup, [deal(0, [0, 2], 30), deal(0, [0, 1], 60)])
    cached = GAME.state_to_cache(state)
    assert cached["last_trumps_deal"] == 2
    del cached["last_trumps_deal"]
    assert GAME.state_from_cache(cached, setup) == state
    _, fresh = play(setup, [])
    cached = GAME.state_to_cache(fresh)
    del cached["last_trumps_deal"]
    assert GAME.state_from_cache(cached, setup).last_trumps_deal is None


@pytest.mark.django_db
def test_after_a_deal_without_trumps_the_board_says_so(client_in, factory, keeper):
    game = factory.make_game(keeper, game="zhao-pengyou", players=FIVE)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Last deal" not in page
    factory.record(game, trump_maker=2, team=[2, 4], defender_points=30)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Last deal: <span" in page and "nobody made trumps" not in page
    assert 'class="zp-player on-team made-trumps"' in page
    factory.record(game, no_trumps=True)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    said = '<p class="zp-legend" data-testid="no-trumps-last">Last deal: nobody made trumps.</p>'
    assert said in page
    # The marks stay, named as deal 1's, not the last deal's.
    assert "Deal 1: <span" in page and "Last deal: <span" not in page
    assert page.count('class="zp-player on-team made-trumps"') == 1


# ---- the deal form: who may make trumps ---------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rules", "dimmed"),
    [
        ({"scoring": "active-passive"}, ["Bo", "Dara", "Esha"]),  # the losers are passive now
        ({}, []),  # levels scoring: anyone may make trumps
        # By result, only Chen, Asha's nearest partner, may (even if passive).
        ({"starter": "by-result"}, ["Asha", "Bo", "Dara", "Esha"]),
        ({"scoring": "active-passive", "starter": "by-result"}, ["Asha", "Bo", "Dara", "Esha"]),
    ],
)
def test_who_may_not_make_trumps_is_dimmed(client_in, factory, keeper, rules, dimmed):
    game = factory.make_game(keeper, game="zhao-pengyou", players=FIVE, house_rules=rules)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert 'class="chip barred"' not in html  # anyone active may make trumps in the first deal
    factory.record(game, trump_maker=0, team=[0, 2], defender_points=30)  # Asha, Chen +
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    field = html[html.index('id="trump-maker-field"') : html.index("</fieldset>")]
    found = re.findall(
        r'<label class="chip barred"><input type="radio" name="trump_maker" value="\d+" '
        r'id="[^"]+"[^>]*><span>([^<]+)</span>',
        field,
    )
    assert found == dimmed
