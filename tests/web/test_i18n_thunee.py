"""Thunee says its explanation lines, log headlines, what-if outcomes, modes and board in the
reader's language, as the other games do: each line keeps the English template it was written
from, with its values, and the shell translates it. The English stays exactly as it was (the
fixture logs' `computed` explanations check that)."""

from __future__ import annotations

import dataclasses
import functools
import random
import re
import uuid
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper.core.errors import FactError
from scorekeeper.core.explain import LIST, Said
from scorekeeper.games.refusals import said as said_refusal
from scorekeeper.games.templatetags.say import say
from scorekeeper.rules.thunee import GAME, parse_deal, score_deal
from scorekeeper.rules.thunee import words as thunee_words
from scorekeeper.thunee.forms import CANCEL_REASONS, PENALTY_REASONS
from tests.thunee.test_properties import random_deal, random_game

from .test_i18n import HAN, MESSAGES, ZH
from .test_i18n_lines import every_said, log_lines, templates_of

# Proper names of Thunee's calls, kept in Latin letters in Chinese (with a gloss where it helps),
# and the team letters of a headline.
FOUR = ["Asha", "Bongani", "Chetan", "Dev"]
PROPER_NAMES = {"Thunee", "Khanaak", "Jodi", "Royals", "Trips", "Moenie", "Double", "Marials"}


def english_left(said: str, names: list[str]) -> list[str]:
    for name in sorted(names, key=len, reverse=True):
        said = said.replace(name, "")
    return [w for w in re.findall(r"[A-Za-z]{2,}", said) if w not in PROPER_NAMES]


def marked() -> set[str]:
    return templates_of(thunee_words) | {
        s.data["template"]
        for table in (
            thunee_words.SPECIAL_NAMES,
            thunee_words.PENALTY_REASONS,
            thunee_words.CANCEL_REASONS,
        )
        for s in table.values()
        if isinstance(s, Said)
    }


def played(seed: int = 11, deals: int = 6000) -> list[tuple[Any, list[Any], list[Any]]]:
    """(setup, lines, short sentences: headlines and what-if outcomes) of random deals, each
    against a random game (every mode, house rules and start score), with the reasons the deal
    form offers."""
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        setup, state = random_game(rng)
        if state.finished:
            continue
        deal = random_deal(rng, setup.seats)
        if "cancelled" in deal:
            deal["cancelled"] = rng.choice(CANCEL_REASONS)[0]
        if "penalty" in deal and rng.random() < 0.7:
            deal["penalty"]["reason"] = rng.choice(PENALTY_REASONS)[0]
        try:
            result = score_deal(parse_deal(deal, setup), state, setup)
        except FactError:
            continue
        short = [GAME.headline(setup, result), GAME.outcome_text(setup, result)]
        out.append((setup, list(result.outcome.lines), short))
    return out


def team_wins(setup, state, team: int) -> dict[str, Any]:
    """A no-call deal that `team` wins: the counting team makes its count or falls short."""
    maker = setup.after(state.dealer)
    counting = 1 - setup.team_of(maker)
    return {
        "trump_maker": maker,
        "call": 0,
        "last_trick": maker,
        "counting_points": 200 if counting == team else 40,
    }


def scenarios() -> list[tuple[Any, list[Any], list[Any]]]:
    """What random deals seldom reach: a special call's result said without the play, and a
    game won by two clear balls after 11-11 (four players and two)."""
    out = []
    for result in ("success", "failed", "partner_catch"):
        setup = GAME.setup({"mode": "4p", "players": FOUR})
        deal = {"trump_maker": 1, "call": 0, "special": {"call": "double", "seat": 1}}
        deal["special"]["result"] = result
        result_ = GAME.score_deal(GAME.parse_deal(deal, setup), GAME.initial_state(setup), setup)
        out.append((setup, list(result_.outcome.lines), [GAME.headline(setup, result_)]))
    for mode, players in (("4p", FOUR), ("2p-open-face", FOUR[:2])):
        envelope = {"mode": mode, "players": players, "start": {"balls": [10, 11]}}
        setup = GAME.setup({**envelope, "house_rules": {"two_to_clear": "on"}})
        state = GAME.initial_state(setup)
        lines: list[Any] = []
        while not state.finished:
            deal = team_wins(setup, state, 0)
            result_ = GAME.score_deal(GAME.parse_deal(deal, setup), state, setup)
            lines += result_.outcome.lines
            state = result_.after
        out.append((setup, lines, []))
    return out


@functools.cache
def played_once():
    """Played at the first test that reads it, not at collection (by every xdist worker)."""
    return played() + scenarios()


def test_every_line_is_its_template_formatted_with_its_data():
    templates = marked() | {LIST, thunee_words.W.COUNT_PARTS}
    count = 0
    for _, lines, short in played_once():
        for said in [*lines, *short]:
            for part in every_said(said):
                template = part.data["template"]
                assert getattr(part, "text", part) == template.format(**part.data)
                assert template in templates
                count += 1
    assert count > 10000


def test_the_random_games_write_every_template():
    """So that the checks here see every sentence the core can write."""
    used = set()
    for _, lines, short in played_once():
        for said in [*lines, *short]:
            used |= {part.data["template"] for part in every_said(said)}
    assert marked() - used == set()


def test_every_sentence_is_in_the_catalogue():
    catalogue = {e["msgid"] for e in MESSAGES}
    assert marked() - catalogue == set()


def test_every_line_and_headline_is_said_in_chinese_and_unchanged_in_english():
    for setup, lines, short in played_once():
        for said in [*lines, *short]:
            with translation.override("en"):
                assert say(said) == getattr(said, "text", said)
            with translation.override("zh-hans"):
                chinese = say(said)
            assert english_left(chinese, list(setup.players)) == [], chinese
            assert HAN.search(chinese) or re.fullmatch(r".+ \+\d+", chinese), chinese


def test_a_few_lines_in_chinese_word_for_word():
    setup = GAME.setup({"mode": "4p", "players": ["Asha", "Bongani", "Chetan", "Dev"]})
    state = GAME.initial_state(setup)
    deal = {"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": 152}
    result = GAME.score_deal(GAME.parse_deal(deal, setup), state, setup)
    with translation.override("zh-hans"):
        said = [say(line) for line in result.outcome.lines]
        headline = say(GAME.headline(setup, result))
    assert said == [
        "无人叫分：由发牌人右手边的Bongani定王牌。由Asha & Chetan计分。",
        "计分方起点为差10分：最后一墩 -10；牌面需要115分。",
        "牌面152分，合计142分；需要105分：计分方赢。",
        "无人叫分：Asha & Chetan开1个球。",
        "发牌轮到Bongani。",
    ]
    assert headline == "+1 / +0"


# ---- the game page in Chinese -------------------------------------------------------------------


@pytest.mark.django_db
def test_a_thunee_game_page_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper)
    factory.record(game, trump_maker=1, call=30, last_trick=1, counting_points=100)
    factory.record(game, special={"call": "khanaak", "seat": 1}, trump_maker=1, call=20,
                   last_trick=1, counting_points=0, jodies=[{"seat": 3, "value": 40}])  # fmt: skip
    url = reverse("game", args=[game.pk])
    html = client_in.get(url, **ZH).content.decode()
    for said in [
        "Thunee · 4人 · 标准规则</h1>",
        "Bongani叫30，定王牌。由Asha &amp; Chetan计分。",
        "计分方打败了30的叫分：Asha &amp; Chetan开2个球。",
        "Bongani叫了Khanaak。",
        "Khanaak 计分：牌面 0 叫分 +20 叫牌者的 Jodi -40 最后一墩 -10 = -30，低于零。",
        "Khanaak失败：对手一墩也没赢。Asha &amp; Chetan开4个球。",
        '<span class="deal-balls">+2 / +0</span>',
        '<span class="deal-balls">+4 / +0</span>',
    ]:
        assert said in html, said
    lines = log_lines(html)
    assert len(lines) >= 8
    for line in lines:
        assert english_left(line.replace("&amp;", "&"), ["Asha", "Bongani", "Chetan", "Dev"]) == []
    english = client_in.get(url).content.decode()
    assert "Bongani called 30 and made trumps. Asha &amp; Chetan count." in english
    assert '<span class="deal-balls">+4 / +0</span>' in english
    assert "Thunee · 4 players · standard rules</h1>" in english


# ---- refusals at the fields ---------------------------------------------------------------------

NORMAL = {"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 120}
BAD_DEALS = [
    {"call": 0, "last_trick": 0, "counting_points": 120},
    {**NORMAL, "trump_maker": 2},  # with no call, seat 1 makes trumps
    {**NORMAL, "call": None, "calls": ["single"]},  # the dealer's team called last
    {**NORMAL, "call": 10},  # a first call of 10 from the other team
    {"trump_maker": 1, "call": 0, "counting_points": 120},
    {"trump_maker": 1, "call": 0, "last_trick": 0},
    {**NORMAL, "counting_points": 1},
    {**NORMAL, "counting_points": 14},
    {**NORMAL, "counting_points": 0},  # the counting team took the last trick
    {**NORMAL, "last_trick": 1, "counting_points": 0, "jodies": [{"seat": 0, "value": 20}]},
    {**NORMAL, "last_trick": 1, "counting_points": 0,
     "jodies": [{"seat": 2, "value": 20, "after_trick": 3}]},
    {**NORMAL, "last_trick": 1, "counting_points": 304},  # the trump makers took it
    {**NORMAL, "counting_points": 304, "jodies": [{"seat": 1, "value": 20}]},
    {**NORMAL, "counting_points": 304, "jodies": [{"seat": 3, "value": 20, "after_trick": 3}]},
    {"special": {"call": "thunee", "seat": 1}},
    {"special": {"seat": 1, "result": "success"}},
    {"special": {"call": "thunee", "result": "success"}},
    {"penalty": {"reason": "other"}},
    {**NORMAL, "jodies": [{"seat": 0, "value": 20, "after_trick": 2}]},
    {**NORMAL, "jodies": [{"seat": 0, "value": 20, "after_trick": 4}]},
    {**NORMAL, "jodies": [{"seat": s, "value": 20} for s in range(4)]},
    {**NORMAL, "jodies": [{"seat": 0, "value": 40}, {"seat": 1, "value": 50}]},
]  # fmt: skip


def refusals() -> list[FactError]:
    setup = GAME.setup({"mode": "4p", "players": FOUR})
    state = GAME.initial_state(setup)
    out: list[FactError] = []
    for deal in BAD_DEALS:
        deal = {k: v for k, v in deal.items() if v is not None}
        with pytest.raises(FactError) as caught:
            GAME.score_deal(GAME.parse_deal(deal, setup), state, setup)
        out += getattr(caught.value, "errors", (caught.value,))
    with pytest.raises(FactError) as caught:
        GAME.score_deal(GAME.parse_deal({**NORMAL, "dealer": 2}, setup), state, setup)
    out.append(caught.value)
    over = dataclasses.replace(state, finished=True)
    with pytest.raises(FactError) as caught:
        GAME.score_deal(GAME.parse_deal(NORMAL, setup), over, setup)
    return [*out, caught.value]


def test_every_refusal_a_phone_can_meet_is_said_in_both_languages():
    errors = refusals()
    for error in errors:
        with translation.override("en"):
            assert said_refusal(error) == error.message
        with translation.override("zh-hans"):
            chinese = said_refusal(error)
        assert HAN.search(chinese), chinese
        assert english_left(chinese, FOUR) == [], chinese
    assert len({e.code for e in errors}) >= 20


def test_marials_says_the_trick_in_chinese():
    setup = GAME.setup({"mode": "4p", "players": FOUR})
    deal = {**NORMAL, "jodies": [{"seat": 0, "value": 20, "after_trick": 4}]}
    with pytest.raises(FactError) as caught:
        GAME.parse_deal(deal, setup)
    (error,) = getattr(caught.value, "errors", (caught.value,))
    with translation.override("zh-hans"):
        assert "在本方第4墩之后叫的不算" in said_refusal(error)
    with translation.override("en"):
        assert "called after its 4th trick it does not count" in said_refusal(error)


@pytest.mark.django_db
def test_a_refusal_at_its_field_is_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper)
    data = {"kind": "normal", "trump_maker": "2", "call": "0", "last_trick": "0",
            "counting_points": "120", "token": str(uuid.uuid4())}  # fmt: skip
    html = client_in.post(
        reverse("deal_record", args=[game.pk]), data, HTTP_HX_REQUEST="true", **ZH
    ).content.decode()
    assert "无人叫分时由Bongani（发牌人右手边）定王牌，而不是Chetan。" in html
    assert 'value="120"' in html  # the rest of the input is kept
