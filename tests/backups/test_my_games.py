"""The account page's "Download all my games", and importing such a file (page and command)."""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Game, GameRole
from scorekeeper.transfer.bundle import FORMAT
from tests.support.groups import make_group, play
from tests.support.logs import log_with

pytestmark = pytest.mark.django_db

A, B, C, D = "Asha", "Bongani", "Chetan", "Dev"


@pytest.fixture
def games(factory, keeper):
    """Games the keeper keeps the score of, and games they only see or cannot see."""
    other = factory.make_user("other")
    admin_of = make_group(keeper, "Friday table")
    member_of = make_group(other, "Sunday table", members=[keeper])
    mine = services.import_game(log_with("spades", [A, B, C, D]), owner=keeper)
    Game.objects.filter(pk=mine.pk).update(played_on=date(2026, 3, 1), friendly=True)
    shared_to_keep = services.import_game(log_with("pottle", [A, B, C, D]), owner=other)
    GameRole.objects.create(game=shared_to_keep, user=keeper, role=GameRole.SCOREKEEPER)
    shared_to_watch = services.import_game(log_with("pottle", [D, C, B, A]), owner=other)
    GameRole.objects.create(game=shared_to_watch, user=keeper, role=GameRole.SPECTATOR)
    admins = play(admin_of, other, "thunee", [A, B, C, D], date(2026, 4, 2))
    members = play(member_of, other, "thunee", [A, B, C, D], date(2026, 4, 3))
    strangers = services.import_game(log_with("spades", [D, C, B, A]), owner=other)
    return {
        "kept": [mine, shared_to_keep, admins],
        "not kept": [shared_to_watch, members, strangers],
        "other": other,
    }


def download(client) -> dict:
    response = client.get(reverse("my_games"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="scorekeeper-games-')
    return json.loads(b"".join(response.streaming_content))


def test_the_account_page_is_reached_from_the_header_and_offers_the_download(client_in, games):
    home = client_in.get(reverse("home")).content.decode()
    assert f'href="{reverse("account")}"' in home
    page = client_in.get(reverse("account")).content.decode()
    assert f'href="{reverse("my_games")}"' in page
    assert "Download all my games" in page
    assert "keep the score of 3 games (1 of them yours" in page


def test_the_download_holds_every_game_the_person_keeps_the_score_of_and_no_other(client_in, games):
    doc = download(client_in)
    assert doc["format"] == FORMAT and doc["version"] == 1
    kept = [Game.objects.get(pk=g.pk) for g in games["kept"]]
    kept.sort(key=lambda g: (g.played_on, g.pk))
    assert [item["log"] for item in doc["games"]] == [services.export_game(g) for g in kept]
    assert [item["played_on"] for item in doc["games"]] == [g.played_on.isoformat() for g in kept]
    assert [item["friendly"] for item in doc["games"]] == [g.friendly for g in kept]


def test_only_your_own_games_and_only_logged_in(client, games):
    response = client.get(reverse("my_games"))
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert client.get(reverse("account")).status_code == 302
    client.force_login(games["other"])  # owns every game but keeper's own
    theirs = Game.objects.filter(owner=games["other"]).order_by("played_on", "pk")
    assert [item["log"] for item in download(client)["games"]] == [
        services.export_game(g) for g in theirs
    ]


def test_the_file_imports_back_on_the_import_page_all_at_once(client_in, games, factory):
    doc = download(client_in)
    newcomer = Client()
    newcomer.force_login(factory.make_user("newcomer"))
    upload = SimpleUploadedFile("all.json", json.dumps(doc).encode(), "application/json")
    response = newcomer.post(reverse("game_import"), {"file": upload}, follow=True)
    assert "3 games imported" in response.content.decode()
    theirs = Game.objects.filter(owner__username="newcomer").order_by("pk")
    assert [services.export_game(g) for g in theirs] == [item["log"] for item in doc["games"]]
    assert [(g.played_on.isoformat(), g.friendly) for g in theirs] == [
        (item["played_on"], item["friendly"]) for item in doc["games"]
    ]
    assert all(g.group_id is None for g in theirs)  # the importer's own games


def test_a_refused_game_stores_none_and_is_named_with_its_deal(client_in, games):
    doc = download(client_in)
    spades = next(i for i, item in enumerate(doc["games"]) if item["log"]["game"] == "spades")
    doc["games"][spades]["log"]["deals"][2]["tricks"] = [13, 13, 0, 0]
    before = Game.objects.count()
    text = json.dumps(doc)
    response = client_in.post(reverse("game_import"), {"text": text})
    page = response.content.decode()
    assert response.status_code == 200
    assert f"game {spades + 1} (Spades: Asha, Bongani, Chetan, Dev): deal 3, tricks" in page
    assert "Refused, nothing was stored" in page
    assert Game.objects.count() == before
    assert response.context["form"]["text"].value() == text  # the input is kept


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"version": 2}, "version: this app reads version 1"),
        ({"games": []}, "games: must be a list"),
        ({"games": [{"played_on": "2026-02-30", "log": {}}]}, "game 1: played_on: is not a date"),
        ({"games": [3]}, "game 1: log: is missing"),
    ],
)
def test_a_file_of_games_that_is_not_right_is_refused_at_its_field(client_in, games, change, why):
    doc = download(client_in) | change
    before = Game.objects.count()
    response = client_in.post(reverse("game_import"), {"text": json.dumps(doc)})
    assert why in response.content.decode()
    assert Game.objects.count() == before


def test_import_needs_the_csrf_token(games, keeper):
    client = Client(enforce_csrf_checks=True)
    client.force_login(keeper)
    response = client.post(reverse("game_import"), {"text": "{}"})
    assert response.status_code == 403


def test_import_game_command_takes_a_file_of_games(client_in, games, tmp_path):
    doc = download(client_in)
    path = tmp_path / "all.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    call_command("import_game", str(path), "--owner", "other", stdout=out)
    lines = out.getvalue().strip().splitlines()
    ids = [int(pk) for pk in lines[-1].split()]
    assert len(lines) == 4 and len(ids) == 3
    new = [Game.objects.get(pk=pk) for pk in ids]
    assert [services.export_game(g) for g in new] == [item["log"] for item in doc["games"]]
    doc["games"][1]["log"]["deals"][0] = {"nonsense": 1}
    path.write_text(json.dumps(doc))
    with pytest.raises(CommandError, match=r"nothing stored: game 2 \(Thunee: .*\): deal 1, "):
        call_command("import_game", str(path), stdout=io.StringIO())
    assert Game.objects.count() == 6 + 3
