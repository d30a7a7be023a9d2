"""Spades, Pottle and Nigerian Thuni say their explanation lines and log headlines in the reader's
language, as Zhao Pengyou does: each line keeps the English template it was written from, with
its values, and the shell translates the template (and any list or clause inside it that keeps a
template of its own). The English stays exactly as it was."""

from __future__ import annotations

import functools
import random
import re
import uuid
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper.core.errors import FactError
from scorekeeper.core.explain import LIST, LIST_AND, LIST_SEMICOLON, Said, line, listed
from scorekeeper.core.sentences import sentences
from scorekeeper.games.templatetags.say import say
from scorekeeper.rules.nigerian_thuni import GAME as THUNI
from scorekeeper.rules.nigerian_thuni import words as thuni_words
from scorekeeper.rules.pottle import GAME as POTTLE
from scorekeeper.rules.pottle import words as pottle_words
from scorekeeper.rules.spades import GAME as SPADES
from scorekeeper.rules.spades import words as spades_words
from tests.spades.randoms import random_deal as random_spades_deal
from tests.spades.randoms import random_setup as random_spades_setup
from tests.support.forms import seat_fields

from .test_i18n import HAN, MESSAGES, ZH

NAMES = ["Asha", "Bongani", "Chetan", "Dev", "Esther", "Farouk", "Gita"]
HTMX = {"HTTP_HX_REQUEST": "true"}
WORDS = {SPADES.key: spades_words, POTTLE.key: pottle_words, THUNI.key: thuni_words}


def templates_of(module) -> set[str]:
    """Every sentence a words module can write: its game's catalogue (words.toml) but for the
    house rules' words, the labels of season columns and deal fields and its refusals (tested in
    tests/games/test_refusals.py), and the sentences it takes from the family, its upper-case
    string constants (not anchors)."""
    catalogue = sentences(module.__package__).entries()
    labels = ("HOUSE_RULES.", "SEASON_COLUMNS.", "FACT_LABELS.", "REFUSALS.", "PARTS.")
    return {e.text for e in catalogue if not e.name.startswith(labels)} | {
        value
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str) and not name.startswith("RULE_")
    }


def english_left(said: str, names: list[str]) -> list[str]:
    """The words of two or more Latin letters left once the players' names are taken out."""
    for name in sorted(names, key=len, reverse=True):
        said = said.replace(name, "")
    return re.findall(r"[A-Za-z]{2,}", said)


# ---- every line of many random games ------------------------------------------------------------


def random_pottle(rng: random.Random, setup, state) -> dict[str, Any]:
    seats = len(setup.players)
    tricks = [0] * seats
    for _ in range(7):
        tricks[rng.randrange(seats)] += 1
    bids = [t if rng.random() < 0.5 else rng.randrange(8) for t in tricks]
    deal: dict[str, Any] = {"bids": bids, "tricks": tricks}
    if rng.random() < 0.8:
        deal["trumps"] = rng.choice(["hearts", "clubs", "diamonds", "spades", "no-trumps"])
    buys = [
        rng.choice([1, 2, 5]) if state.chips[s] < 3 or rng.random() < 0.05 else 0
        for s in range(seats)
    ]
    if any(buys):
        deal["chips_bought"] = buys
    return deal


def random_thuni(rng: random.Random, setup, state) -> dict[str, Any]:
    if rng.random() < 0.05:
        return {"conceded": rng.randrange(2)}
    tricks = [0] * 4
    for _ in range(8):
        tricks[rng.choice([0, 1, 2, 3, rng.choice([0, 2])])] += 1
    bids: list[int | None] = [None] * 4
    for seat in rng.sample(range(4), rng.randrange(1, 5)):
        bids[seat] = rng.randrange(1, 9)
    deal: dict[str, Any] = {"bids": bids, "tricks": tricks}
    if rng.random() < 0.5:
        deal["next_dealer"] = rng.randrange(4)
    return deal


def random_spades(rng: random.Random, setup, state) -> dict[str, Any]:
    return random_spades_deal(rng, setup)


RANDOM_DEALS = {SPADES: random_spades, POTTLE: random_pottle, THUNI: random_thuni}

# Deals that random games seldom play: the rarer endings, ties and nils.
SCENARIOS = [
    (SPADES, {"house_rules": {"lose_at": -200}, "start": {"points": [-150, -180]}},
     [{"bids": [5, 5, 5, 5], "tricks": [3, 3, 4, 3]}]),
    (SPADES, {"house_rules": {"lose_at": -200}, "start": {"points": [-150, -150]}},
     [{"bids": [5, 5, 5, 5], "tricks": [3, 3, 4, 3]}]),
    (SPADES, {"start": {"points": [490, 480]}}, [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}]),
    (SPADES, {"start": {"points": [490, 495]}}, [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}]),
    (SPADES, {"house_rules": {"blind_nil": True}}, [
        {"bids": [0, 3, 5, 4], "blind_nil": [True, False, False, False], "tricks": [1, 3, 5, 4]},
        {"bids": [0, 5, 0, 6], "tricks": [1, 6, 0, 6]},
    ]),
    (POTTLE, {"house_rules": {"same_bid_limit": "none"}},
     [{"bids": [2, 2, 2, 0], "tricks": [2, 2, 2, 1]}]),
    (THUNI, {}, [{"bids": [None, 2, 3, 4], "tricks": [0, 4, 0, 4]}]),
    (THUNI, {"start": {"points": [12, 12]}},
     [{"bids": [2, 3, None, None], "tricks": [3, 3, 1, 1]}]),
    (THUNI, {"start": {"points": [12, 13]}},
     [{"bids": [2, 3, None, None], "tricks": [3, 3, 1, 1]}]),
    (THUNI, {"house_rules": {"target": 30}}, [
        {"bids": [2, 3, None, None], "tricks": [3, 3, 1, 1]},
        {"dealer": 0, "bids": [None, 2, 3, 4], "tricks": [2, 2, 2, 2], "next_dealer": 1},
    ]),
]  # fmt: skip


def play(rules, setup, next_deal: Callable[[Any], dict[str, Any]], deals: int):
    """Every line (the opening's too), headline and score summary of the deals that fit."""
    lines: list[Any] = []
    said: list[Any] = []
    state = rules.initial_state(setup)
    for _ in range(deals):
        if rules.is_finished(state) or state.deals >= 30:
            break
        deal = next_deal(state)
        try:
            result = rules.score_deal(rules.parse_deal(deal, setup), state, setup)
        except FactError:
            continue
        opening = {k: v for k, v in deal.items() if k not in ("tricks", "next_dealer")}
        lines += rules.open_deal(opening, state, setup).lines
        lines += result.outcome.lines
        said += [rules.headline(setup, result), rules.summary(setup, result.after)]
        state = result.after
    return rules, setup, lines, said


def random_setup(rng: random.Random, rules):
    if rules is SPADES:
        return random_spades_setup(rng)
    if rules is POTTLE:
        house = {"ante": rng.choice([1, 2]), "no_winner_dealer": rng.choice(["same", "left"])}
        players = NAMES[: rng.randrange(3, 8)]
        return rules.setup({"players": players, "first_dealer": 0, "house_rules": house})
    return rules.setup({"players": NAMES[:4], "house_rules": {"target": rng.choice([16, 8])}})


def played_games(seed: int = 7, games: int = 40):
    """(game, setup, lines, short sentences: headlines and summaries) of the scenarios and of
    random games."""
    out = []
    for rules, envelope, deals in SCENARIOS:
        setup = rules.setup({"players": NAMES[:4], **envelope})
        scenario = iter(deals)
        out.append(play(rules, setup, lambda state, scenario=scenario: next(scenario), len(deals)))
    rng = random.Random(seed)
    for _ in range(games):
        for rules, random_deal in RANDOM_DEALS.items():
            setup = random_setup(rng, rules)
            out.append(play(rules, setup, partial(random_deal, rng, setup), 400))
    return out


@functools.cache
def played_once():
    """Played at the first test that reads it, not at collection (by every xdist worker)."""
    return played_games()


def every_said(value: Any):
    """A line or sentence and every sentence inside it that keeps a template."""
    yield value
    for inner in value.data.values():
        if isinstance(inner, Said):
            yield from every_said(inner)


def test_every_line_is_its_template_formatted_with_its_data():
    count = 0
    for rules, _, lines, short in played_once():
        marked = templates_of(WORDS[rules.key])
        for said in [*lines, *(s for s in short if isinstance(s, Said))]:
            for part in every_said(said):
                template = part.data["template"]
                assert getattr(part, "text", part) == template.format(**part.data)
                assert template in marked or template in {LIST, LIST_AND, LIST_SEMICOLON}
                count += 1
    assert count > 5000


def test_the_games_here_write_every_template():
    """So that the checks here see every sentence the three cores can write."""
    for rules, words in WORDS.items():
        used = set()
        for game, _, lines, short in played_once():
            if game.key == rules:
                for said in [*lines, *(s for s in short if isinstance(s, Said))]:
                    used |= {part.data["template"] for part in every_said(said)}
        assert templates_of(words) - used == set(), rules


def test_every_sentence_of_the_three_cores_is_in_the_catalogue():
    catalogue = {e["msgid"] for e in MESSAGES}
    for words in WORDS.values():
        assert templates_of(words) - catalogue == set()


def test_every_line_and_headline_is_said_in_chinese_and_unchanged_in_english():
    for rules, setup, lines, short in played_once():
        for said in [*lines, *short]:
            with translation.override("en"):
                assert say(said) == getattr(said, "text", said)
            with translation.override("zh-hans"):
                chinese = say(said)
            assert english_left(chinese, list(setup.players)) == [], (rules.key, chinese)
            if isinstance(said, Said) or hasattr(said, "text"):
                assert HAN.search(chinese), (rules.key, chinese)


def test_lists_and_clauses_inside_a_line_are_said_too():
    names = listed(["Ann", "Bo", "Cy"], last=LIST_AND)
    clause = Said(thuni_words.W.TIE_OPPONENTS, names=names, top=3)
    said = line("dealer", thuni_words.W.DEALER_DRAW, "dealing", tie=clause)
    assert (
        said.text
        == "Ann, Bo and Cy tied with the most tricks (3): they draw cards to decide who deals next."
    )
    with translation.override("zh-hans"):
        assert say(said) == "Ann、Bo和Cy以最多的墩数（3墩）打平：他们抽牌决定下一局谁发牌。"
    with translation.override("en"):
        assert say(said) == said.text


# ---- the game page in Chinese -------------------------------------------------------------------

pytestmark = pytest.mark.django_db


def log_lines(html: str) -> list[str]:
    """The explanation lines of the log, without their rule links."""
    lines = re.findall(r'<li class="line-[a-z_]+">(.*?) <a class="rule"', html)
    return [re.sub(r"<[^>]+>", "", line) for line in lines]


def check_page(client, game, chinese: list[str], english: list[str]) -> None:
    url = reverse("game", args=[game.pk])
    html = client.get(url, **ZH).content.decode()
    lines = log_lines(html)
    for said in chinese:
        assert said in html, (said, lines)
    assert lines
    for said in lines:
        assert english_left(said.replace("&amp;", "&"), NAMES) == [], said
    html = client.get(url).content.decode()
    for said in english:
        assert said in html, said


def test_a_spades_deal_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper, game="spades")
    factory.record(game, bids=[3, 4, 3, 0], tricks=[3, 5, 4, 1])
    check_page(
        client_in,
        game,
        [
            "Asha &amp; Chetan叫3 + 3 = 6，拿到7墩：60 + 1个超墩 = 61。",
            "Bongani &amp; Dev叫4（Dev零墩），拿到6墩：40 + 2个超墩 = 42。",
            "Dev零墩失败，拿了1墩：-100。",
            "Asha &amp; Chetan的超墩：0 + 1 = 1。",
            "比分：Asha &amp; Chetan 61（+61），Bongani &amp; Dev -58（-58）。",
            "发牌轮到Bongani。",
        ],
        [
            "Asha &amp; Chetan bid 3 + 3 = 6, took 7: 60 + 1 bag = 61.",
            "Dev&#x27;s nil failed, 1 trick taken: -100.",
            "The deal passes to Bongani.",
        ],
    )


def test_spades_bids_on_the_board_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper, game="spades")
    data = {"token": str(uuid.uuid4()), **seat_fields("bid", [4, 5, 3, 0])}
    client_in.post(reverse("deal_open", args=[game.pk]), data, **HTMX)
    html = client_in.get(reverse("game", args=[game.pk]), **ZH).content.decode()
    for said in [
        "Asha &amp; Chetan叫4 + 3 = 7。",
        "Bongani &amp; Dev叫5（Dev零墩）。",
        "Dev叫零墩：Dev一墩不拿则+100，拿到任何一墩则-100。",
    ]:
        assert said in html, said


def test_a_pottle_deal_and_its_headline_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper, game="pottle", players=NAMES[:4])
    factory.record(game, bids=[2, 2, 1, 0], tricks=[2, 2, 3, 0], trumps="hearts")
    check_page(
        client_in,
        game,
        [
            "每人下底注1个筹码：底池为4。",
            "叫牌（从发牌人左手边起）：Bongani 2、Chetan 1、Dev 0、Asha 2。",
            "Bongani最先叫到最高的2，定红桃为王牌。",
            "没有打成：Chetan（叫1，拿到3）。",
            "Asha和Bongani都正好拿到所叫的2墩，是打成的最高叫牌：底池只能由一人赢得，"
            "所以底池的4个筹码留到下一局。",
            "没有人赢得底池：仍由Asha发牌。",
            '<span class="deal-balls">底池 4 留到下一局</span>',
            "→ 9–9–9–9，底池 4</span>",  # the score after the deal, in the log row
            "Pottle: 9–9–9–9，底池 4 · Scorekeeper</title>",
        ],
        [
            "Bongani was the first to bid 2, the highest bid, and chose trumps: hearts.",
            ">pot 4 carried</span>",
        ],
    )


def test_a_pottle_preview_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper, game="pottle", players=NAMES[:4])
    data = {"token": str(uuid.uuid4()), "trumps": "no-trumps", **seat_fields("bid", [1, 3, 2, 0])}
    data.update(seat_fields("buy", [2, 0, 0, 0]))
    client_in.post(reverse("deal_open", args=[game.pk]), data, **HTMX)
    html = client_in.get(reverse("game", args=[game.pk]), **ZH).content.decode()
    for said in ["下底注之前：Asha买2个筹码。", "Bongani叫3，定为无王牌", "下底注后底池为4"]:
        assert said in html, said
    data = {"token": str(uuid.uuid4()), **seat_fields("trick", [1, 3, 2, 1])}
    html = client_in.post(reverse("deal_preview", args=[game.pk]), data, **ZH).content.decode()
    lines = log_lines(html)
    for said in [
        "Bongani叫得最高（3），定为无王牌。",
        "正好打成所叫墩数：Bongani (3)、Chetan (2)、Asha (1)。",
        "没有打成：Dev（叫0，拿到1）。",
        "Bongani正好拿到所叫的3墩，是打成的最高叫牌，赢得底池：+4个筹码。",
    ]:
        assert said in lines, (said, lines)
    assert all(english_left(said, NAMES) == [] for said in lines), lines


def test_a_nigerian_thuni_deal_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper, game="nigerian-thuni")
    factory.record(game, bids=[None, 2, 3, 4], tricks=[2, 3, 1, 2])
    check_page(
        client_in,
        game,
        [
            "最高叫牌：Bongani 2、Chetan 3、Dev 4；Asha只叫过“不叫”。",
            "Dev叫得最高（4），定王牌并首先出牌。",
            "定约：Asha &amp; Chetan 3，Bongani &amp; Dev 4。",
            "Asha &amp; Chetan：Asha 2（只叫过“不叫”：只算1墩） + Chetan 1 = 2墩，定约3：失败，"
            "叫牌者的墩不算；Asha只叫过“不叫”，其一墩照算：得1分。",
            "Bongani &amp; Dev：Bongani 3 + Dev 2 = 5墩，定约4：完成，得5分。",
            "Bongani赢的墩最多（3墩），下一局由Bongani发牌。",
        ],
        [
            "Asha &amp; Chetan: Asha 2 (only passed: counts 1) + Chetan 1 = 2 tricks, contract 3: "
            "failed, so the bidders&#x27; tricks do not count; Asha&#x27;s trick as a player who "
            "only passed still does: 1 point.",
            "Bongani won the most tricks (3) and deals next.",
        ],
    )


def test_a_conceded_nigerian_thuni_deal_and_its_headline_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper, game="nigerian-thuni")
    factory.record(game, conceded=1)
    check_page(
        client_in,
        game,
        [
            "Bongani &amp; Dev在叫牌前认输：这手牌作废，Asha &amp; Chetan得3分。",
            '<span class="deal-balls">+3 / +0 认输</span>',
            "认输后谁都没有墩，所以四人打平；Asha &amp; Chetan的总分较高，剩下同队的Asha和Chetan",
        ],
        ['<span class="deal-balls">+3 / +0 conceded</span>'],
    )


def test_a_house_rule_in_the_header_is_said_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper, game="spades", house_rules={"target": 300})
    html = client_in.get(reverse("game", args=[game.pk]), **ZH).content.decode()
    assert "Spades · 4人 · 获胜分数：300</h1>" in html  # a Chinese colon between rule and value
    assert "Game to" not in html
