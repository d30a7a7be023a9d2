"""Finding 4: every number a game takes has bounds. A house rule's number (Spades' nil bonus),
a start and a deal's count: the new-game form, the import and the game log refuse one out of
bounds at its field, the form and the rules page say the bounds, and a game at the bounds has a
page, a chart, a watch link and (Pottle) a settle-up that work."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.formats import number_format

from scorekeeper import registry
from scorekeeper.core.errors import FactError
from scorekeeper.core.reader import MOST
from scorekeeper.gamelog import load_log
from scorekeeper.games import services
from scorekeeper.games.models import Game, ShareLink

pytestmark = pytest.mark.django_db

HUGE = int("9" * 400)  # the nil bonus of the finding
VERY_HUGE = "9" * 4300  # as many digits as Python turns into a number at all


def number_rules() -> list[tuple[str, Any]]:
    return [
        (key, rule)
        for key, entry in registry.GAMES.items()
        for rule in entry.rules.house_rules
        if rule.numbers is not None
    ]


def test_every_number_rule_has_both_bounds_and_none_is_huge():
    rules = number_rules()
    assert {key for key, _ in rules} >= {"spades", "pottle", "nigerian-thuni", "zhao-pengyou"}
    for key, rule in rules:
        low, high = rule.numbers
        assert low is not None and high is not None, (key, rule.key)
        assert -MOST <= low <= high <= MOST, (key, rule.key)


@pytest.mark.parametrize("value", [HUGE, MOST + 1, -1])
def test_a_huge_nil_bonus_is_refused_when_a_game_is_made(value):
    with pytest.raises(FactError) as refused:
        services.create_game(
            owner=None,
            game="spades",
            players=["A", "B", "C", "D"],
            house_rules={"nil_bonus": value},
        )
    assert refused.value.field == "house_rules.nil_bonus"
    assert "0 to 10000" in refused.value.message


def test_the_new_game_form_says_the_bounds_and_refuses_past_them_at_the_field(keeper):
    client = Client()
    client.force_login(keeper)
    page = client.get(reverse("game_new") + "?game=spades").content.decode()
    nil_box = re.search(r'<input[^>]*name="rule_nil_bonus"[^>]*>', page)[0]
    assert 'min="0"' in nil_box and 'max="10000"' in nil_box
    assert "A whole number from 0 to 10,000" in page
    data = {"game": "spades", "first_dealer": 0, "rule_nil_bonus": "9" * 400}
    data.update({f"player_{i}": name for i, name in enumerate(["Asha", "Bo", "Chen", "Dev"])})
    response = client.post(reverse("game_new"), data)
    assert response.status_code == 200
    said = response.content.decode()
    nil_field = said[said.index('name="rule_nil_bonus"') :]
    assert "a whole number (0 to 10000)" in nil_field[: nil_field.index("</ul>")]  # at the field
    assert 'value="Asha"' in said  # the rest kept
    assert not Game.objects.exists()


def test_the_bounds_are_said_in_chinese_on_the_new_game_form(keeper):
    client = Client(headers={"accept-language": "zh-hans"})
    client.force_login(keeper)
    page = client.get(reverse("game_new") + "?game=spades").content.decode()
    with translation.override("zh-hans"):  # numbers as Chinese readers group them
        high = number_format(10000, force_grouping=True)
    assert f"从 0 到 {high} 的整数" in page


def spades_log(**over: Any) -> dict[str, Any]:
    doc = {
        "format": "scorekeeper-game-log",
        "version": 1,
        "game": "spades",
        "players": ["Asha", "Bongani", "Chetan", "Dev"],
        "first_dealer": 0,
        "deals": [],
    }
    doc.update(over)
    return doc


@pytest.mark.parametrize(
    "over, field",
    [
        ({"house_rules": {"nil_bonus": HUGE}}, "house_rules.nil_bonus"),
        ({"house_rules": {"target": HUGE}}, "house_rules.target"),
        ({"house_rules": {"lose_at": -HUGE}}, "house_rules.lose_at"),
        ({"start": {"points": [HUGE, 0]}}, "start.points"),
    ],
)
def test_an_imported_log_with_huge_numbers_is_refused_at_the_field(over, field):
    with pytest.raises(FactError) as refused:
        load_log(spades_log(**over))
    assert refused.value.field == field


@pytest.mark.parametrize(
    "game, over, field",
    [
        ("thunee", {"mode": "4p", "start": {"balls": [HUGE, 0]}}, "start.balls"),
        ("nigerian-thuni", {"house_rules": {"target": HUGE}}, "house_rules.target"),
        ("pottle", {"house_rules": {"chip_value": HUGE}}, "house_rules.chip_value"),
        ("pottle", {"house_rules": {"starting_chips": HUGE}}, "house_rules.starting_chips"),
        ("pottle", {"start": {"chips": [HUGE, 0, 0, 0]}}, "start.chips"),
        ("pottle", {"start": {"pot": HUGE}}, "start.pot"),
    ],
)
def test_every_game_refuses_a_huge_setting_or_start(game, over, field):
    doc = spades_log(game=game, **over)
    with pytest.raises(FactError) as refused:
        load_log(doc)
    assert field in {e.field for e in getattr(refused.value, "errors", (refused.value,))}


def test_chips_bought_in_a_deal_are_bounded():
    deal = {"bids": [1, 2, 3, 1], "trumps": "hearts", "tricks": [1, 2, 3, 1]}
    deal["chips_bought"] = [HUGE, 0, 0, 0]
    with pytest.raises(FactError) as refused:
        load_log(spades_log(game="pottle", deals=[deal]))
    assert refused.value.deal == 1 and refused.value.field.startswith("chips_bought")


def test_a_4300_digit_number_in_an_import_is_a_message_not_a_server_error(keeper):
    client = Client()
    client.force_login(keeper)
    text = json.dumps(spades_log()).replace(
        '"deals": []', f'"house_rules": {{"nil_bonus": {VERY_HUGE}}}, "deals": []'
    )
    response = client.post(reverse("game_import"), {"text": text})
    assert response.status_code == 200
    assert "Refused, nothing was stored" in response.content.decode()
    assert not Game.objects.exists()


def test_a_game_at_the_bounds_has_a_page_a_chart_and_a_watch_link(keeper):
    rules = {"nil_bonus": 10000, "bag_penalty": 10000, "target": MOST, "bag_limit": 1}
    rules["lose_at"] = -10000
    # Nils made and failed, 13 bags at a limit of 1: the biggest swing the rules allow.
    deals = [{"bids": [0, 0, 0, 0], "tricks": [13, 0, 0, 0]}]
    doc = spades_log(house_rules=rules, start={"points": [9990, -9990]}, deals=deals)
    game = services.import_game(doc, owner=keeper)
    client = Client()
    client.force_login(keeper)
    assert client.get(reverse("game", args=[game.pk])).status_code == 200
    assert client.get(reverse("game_chart", args=[game.pk])).status_code == 200
    link = ShareLink.objects.create(game=game, kind=ShareLink.WATCH, created_by=keeper)
    assert Client().get(reverse("watch", args=[link.token])).status_code == 200


def test_a_pottle_game_at_the_bounds_settles_up(keeper):
    most = {
        rule.key: rule.numbers[1]
        for rule in registry.game("pottle").rules.house_rules
        if rule.numbers
    }
    doc = spades_log(game="pottle", house_rules=most, start={"chips": [MOST] * 4, "pot": MOST})
    deal = {"bids": [1, 2, 3, 1], "trumps": "hearts", "tricks": [1, 2, 3, 1]}
    deal["chips_bought"] = [MOST, 0, 0, 0]
    doc["deals"] = [deal]
    game = services.import_game(doc, owner=keeper)
    client = Client()
    client.force_login(keeper)
    for url in (reverse("game", args=[game.pk]), reverse("game_chart", args=[game.pk])):
        assert client.get(url).status_code == 200, url
    assert client.get(f"/games/{game.pk}/settle-up/").status_code == 200


def test_the_rules_pages_say_every_bound():
    for key, rule in number_rules():
        page = Client().get(reverse("rules", args=[key])).content.decode()
        row = re.search(rf'<tr data-house-rule="{rule.key}">(.*?)</tr>', page, re.S)
        assert row, (key, rule.key)
        text = re.sub(r"<[^>]+>", " ", row[1]).replace("&minus;", "-").replace("−", "-")
        text = text.replace(",", "")
        numbers = {int(n) for n in re.findall(r"-?\d+", text)}
        low, high = rule.numbers
        assert {low, high} <= numbers, (key, rule.key, text)
