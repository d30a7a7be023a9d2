"""Export from the game page and import from a page: the same scores come back."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scorekeeper.games.models import Deal, Game

pytestmark = pytest.mark.django_db


def played_game(factory, owner):
    game = factory.make_game(owner)
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)
    factory.record(
        game,
        trump_maker=3,
        call=30,
        jodies=[{"seat": 3, "value": 40}],
        last_trick=3,
        counting_points=100,
    )
    return game


def test_export_downloads_the_log_with_computed_scores(client_in, factory, keeper):
    game = played_game(factory, keeper)
    response = client_in.get(reverse("game_export", args=[game.pk]))
    assert response["Content-Disposition"].startswith("attachment;")
    doc = json.loads(response.content)
    assert doc["format"] == "scorekeeper-game-log" and doc["players"][0] == "Asha"
    assert len(doc["deals"]) == 2
    assert doc["computed"]["state"]["balls"] == [1, 1]


def test_export_is_only_for_the_owner(client, factory):
    game = played_game(factory, factory.make_user())
    client.force_login(factory.make_user())
    assert client.get(reverse("game_export", args=[game.pk])).status_code == 404


def test_import_page_round_trips_an_export(client_in, factory, keeper):
    game = played_game(factory, keeper)
    exported = client_in.get(reverse("game_export", args=[game.pk])).content
    upload = SimpleUploadedFile("game.json", exported, content_type="application/json")
    response = client_in.post(reverse("game_import"), {"file": upload})
    imported = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == reverse("game", args=[imported.pk])
    again = json.loads(client_in.get(reverse("game_export", args=[imported.pk])).content)
    assert again["computed"] == json.loads(exported)["computed"]


def test_a_refused_import_names_deal_and_field_and_keeps_the_text(client_in):
    doc = {
        "format": "scorekeeper-game-log",
        "version": 1,
        "game": "thunee",
        "mode": "4p",
        "players": ["Asha", "Bongani", "Chetan", "Dev"],
        "first_dealer": 0,
        "deals": [{"trump_maker": 1, "call": 0, "last_trick": 1}],
    }
    text = json.dumps(doc)
    response = client_in.post(reverse("game_import"), {"text": text})
    assert response.status_code == 200
    errors = response.context["form"].errors["text"][0]
    assert "deal 1" in errors and "counting_points" in errors
    assert "&quot;counting_points&quot;" not in errors
    assert not Game.objects.exists() and not Deal.objects.exists()
    assert "trump_maker" in response.content.decode()  # the pasted JSON is still there


def test_import_needs_something(client_in):
    response = client_in.post(reverse("game_import"), {})
    assert response.context["form"].errors["file"] == ["Choose a game log file or paste its JSON."]


@pytest.mark.parametrize("source", ["text", "file"])
def test_a_log_nested_too_deeply_is_refused_at_its_field_not_a_server_error(client_in, source):
    deep = "[" * 100_000 + "]" * 100_000  # json.loads gives up with a RecursionError
    data = (
        {"text": deep}
        if source == "text"
        else {"file": SimpleUploadedFile("g.json", deep.encode())}
    )
    response = client_in.post(reverse("game_import"), data)
    assert response.status_code == 200
    [error] = response.context["form"].errors[source]
    assert error.startswith("Refused, nothing was stored:") and "nested too deeply" in error
    assert not Game.objects.exists()
