"""A deal's facts in words: the audit trail says names where the log says seat numbers."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper import registry
from scorekeeper.games.presenters import fact_words

NAMES = ("Asha", "Bongani", "Chetan", "Dev")


def words(key: str, facts: dict, players=NAMES, **envelope) -> dict[str, tuple[str, str]]:
    rules = registry.game(key).rules
    setup = rules.setup({"game": key, "players": list(players), "first_dealer": 0, **envelope})
    with translation.override("en"):
        return {field: (label, text) for field, label, text in fact_words(rules, setup, facts)}


def test_thunee_seats_are_names_and_nested_facts_read_as_a_list():
    said = words(
        "thunee",
        {
            "dealer": 0,
            "trump_maker": 1,
            "call": 20,
            "last_trick": 0,
            "counting_points": 100,
            "jodies": [{"seat": 1, "value": 20}, {"seat": 2, "value": 40}],
            "penalty": {"seat": 3, "reason": "played out of turn"},
            "forfeited": True,
        },
        mode="4p",
    )
    assert said["dealer"] == ("dealer", "Asha")
    assert said["trump_maker"] == ("trump maker", "Bongani")  # seat 1 is the second player
    assert said["last_trick"] == ("last trick", "Asha")
    assert said["call"] == ("call", "20") and said["counting_points"][1] == "100"
    assert words("thunee", {"call": 0}, mode="4p")["call"] == ("call", "no call")
    assert said["jodies"] == ("Jodies", "Bongani, 20; Chetan, 40")
    assert said["penalty"] == ("penalty", "Dev, played out of turn")
    assert said["forfeited"] == ("balls forfeited", "yes")


def test_per_seat_lists_pair_each_player_with_their_value():
    said = words("spades", {"dealer": 3, "bids": [0, 4, 3, 2], "tricks": [1, 4, 5, 3]})
    assert said["dealer"] == ("dealer", "Dev")
    assert said["bids"] == ("bids", "Asha 0, Bongani 4, Chetan 3, Dev 2")
    assert said["tricks"] == ("tricks", "Asha 1, Bongani 4, Chetan 5, Dev 3")


def test_nigerian_thuni_names_a_passed_player_and_the_team_that_conceded():
    said = words("nigerian-thuni", {"dealer": 0, "bids": [None, 2, 3, 4], "next_dealer": 2})
    assert said["bids"][1] == "Asha —, Bongani 2, Chetan 3, Dev 4"
    assert said["next_dealer"][1] == "Chetan"
    conceded = words("nigerian-thuni", {"dealer": 0, "conceded": 1})["conceded"]
    assert conceded == ("conceded", "Bongani & Dev")


def test_zhao_pengyou_team_is_a_list_of_names():
    players = ("Asha", "Bo", "Chen", "Dara", "Esha", "Femi")
    said = words(
        "zhao-pengyou",
        {
            "starter": 2,
            "trump_maker": 2,
            "team": [2, 4, 5],
            "trump": {"rank": "2", "suit": "hearts"},
        },
        players=players,
    )
    assert said["starter"] == ("starter", "Chen")
    assert said["team"] == ("trump maker's team", "Chen, Esha, Femi")
    assert said["trump"][1] == "2, hearts"


def test_labels_and_words_are_said_in_the_readers_language():
    rules = registry.game("thunee").rules
    setup = rules.setup({"game": "thunee", "mode": "4p", "players": list(NAMES), "first_dealer": 0})
    with translation.override("zh-hans"):
        said = {
            f: (label, text)
            for f, label, text in fact_words(rules, setup, {"trump_maker": 1, "forfeited": False})
        }
    assert said["trump_maker"][1] == "Bongani"
    assert said["trump_maker"][0] == "庄家" and said["forfeited"][1] == "否"


@pytest.mark.django_db
def test_the_history_of_an_edit_says_who_made_trumps_by_name(client_in, factory, keeper):
    game = factory.make_game(keeper)
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)
    edited = {
        "kind": "normal",
        "call": 20,  # Dev called, so Dev made trumps
        "token": str(uuid.uuid4()),
        "trump_maker": 3,
        "last_trick": 3,
        "counting_points": 130,
    }
    response = client_in.post(reverse("deal_edit", args=[game.pk, 1]), edited)
    assert response.status_code == 302
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    history = html[html.index('id="history"') :]
    assert "trump maker:</span> <del>Bongani</del> → <ins>Dev</ins>" in history
    assert "last trick:</span> <del>Bongani</del> → <ins>Dev</ins>" in history
    assert "call:</span> <del>no call</del> → <ins>20</ins>" in history

    client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 1})
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    history = html[html.index('id="history"') :]
    assert "trump maker <del>Dev</del>" in history  # the undone deal's facts, by name
