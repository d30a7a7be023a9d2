"""The scorepad's new-game form: the games to start from are offered above the house rules with
each one's settings, and a game started with a name, who wins and a target keeps them."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scorekeeper.games.models import Game
from scorekeeper.rules.scorepad import GAME

pytestmark = pytest.mark.django_db


def presets(html: str) -> dict[str, dict]:
    found = re.findall(r"data-preset='([^']*)'>\s*([^<]*?)\s*<", html)
    return {label: json.loads(values) for values, label in found}


def test_the_presets_are_the_house_rules_starting_values(client):
    page = client.get(reverse("game_new") + "?game=scorepad").content.decode()
    offered = presets(page)
    assert offered["Hearts"] == {
        "name": "Hearts",
        "winner": "lowest",
        "target": 100,
        "deals": "",
        "zero_sum": "false",
    }
    assert offered["Rummy"]["winner"] == "highest" and offered["Rummy"]["target"] == 500
    assert offered["Kalooki"]["target"] == 150
    assert offered["Crazy Eights"]["winner"] == "lowest"
    assert offered["A number of deals"]["deals"] == 10
    keys = {rule.key for rule in GAME.house_rules}
    for values in offered.values():  # every value names a house rule the form has
        assert set(values) - {"focus"} <= keys
        for key in set(values) - {"focus"}:
            assert f'name="rule_{key}"' in page


def test_a_game_started_with_a_name_keeps_it(client):
    data = {
        "game": "scorepad",
        "player_0": "Asha",
        "player_1": "Bongani",
        "player_2": "Chetan",
        "first_dealer": 0,
        "rule_name": "Hearts",
        "rule_winner": "lowest",
        "rule_target": 100,
        "rule_deals": "",
        "rule_zero_sum": "false",
    }
    client.post(reverse("game_new"), data)
    rules = Game.objects.get().setup["house_rules"]
    assert (rules["name"], rules["winner"], rules["target"]) == ("Hearts", "lowest", 100)


def test_a_name_past_40_characters_is_refused_at_its_field(client):
    data = {"game": "scorepad", "player_0": "A", "player_1": "B", "first_dealer": 0}
    response = client.post(reverse("game_new"), {**data, "rule_name": "x" * 41})
    assert not Game.objects.exists()
    assert "rule_name" in response.content.decode()
