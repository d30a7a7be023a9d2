"""Findings 5 and 9: a player's name is kept NFC-normalised; a lone surrogate (half of a
character pair) and invisible characters (zero-width, text-direction controls) are refused
with a message at the field, in the new-game form, a game night's form and an import alike,
never a server error or a traceback; a look-alike of a name does not become a second player."""

from __future__ import annotations

import io
import json
import unicodedata

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from scorekeeper.core.errors import FactError
from scorekeeper.core.names import read_name
from scorekeeper.games import services
from scorekeeper.games.models import Game, Player
from scorekeeper.groups.models import Group, Membership

pytestmark = pytest.mark.django_db

LOOK_ALIKES = [
    "As\u200bha",  # a zero-width space
    "\u202eahsA",  # right-to-left override: shows as "Asha"
    "Asha\u200e",  # left-to-right mark
    "A\u2066sha\u2069",  # an isolate
    "\ufeffAsha",  # a byte order mark
    "As\u00adha",  # a soft hyphen
    "Asha\u0000",  # a control character
    "\u3164",  # a Hangul filler: a letter that shows nothing
]


def log(players, **over):
    doc = {
        "format": "scorekeeper-game-log",
        "version": 1,
        "game": "spades",
        "players": players,
        "first_dealer": 0,
        "deals": [],
    }
    doc.update(over)
    return doc


def test_a_name_is_kept_nfc_normalised_and_its_spaces_tidied():
    decomposed = "Zine\u0301b"  # e and a combining acute accent
    assert read_name(decomposed, "players.0") == unicodedata.normalize("NFC", decomposed)
    assert read_name("  Asha   K.  ", "players.0") == "Asha K."


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_invisible_characters_are_refused_at_the_field(name):
    with pytest.raises(FactError) as refused:
        read_name(name, "players.2")
    assert refused.value.field == "players.2"
    assert "invisible" in refused.value.message


def test_a_lone_surrogate_is_refused_at_the_field():
    with pytest.raises(FactError) as refused:
        read_name("\ud800Asha", "players.0")
    assert refused.value.field == "players.0" and "broken" in refused.value.message


PERSIAN = "\u0645\u0647\u0631\u200c\u062f\u0627\u062f"  # a zero-width non-joiner in its spelling
FAMILY = "👨\u200d👩\u200d👧 Fam"  # an emoji sequence, joined


@pytest.mark.parametrize("name", [PERSIAN, "Zoë", "明华", FAMILY])
def test_real_names_stay_as_they_are(name):
    assert read_name(name, "players.0") == unicodedata.normalize("NFC", name)


def test_a_look_alike_of_a_player_never_becomes_a_second_player(keeper):
    services.create_game(owner=keeper, game="spades", players=["Asha", "Bo", "Chen", "Dev"])
    for name in LOOK_ALIKES[:2]:
        with pytest.raises(FactError):
            services.create_game(owner=keeper, game="spades", players=[name, "Bo", "Chen", "Dev"])
    # The same name typed decomposed is the same player.
    services.create_game(owner=keeper, game="spades", players=["Bo", "Asha", "Chen", "Dev"])
    assert Player.objects.filter(owner=keeper).count() == 4


@pytest.mark.parametrize("game, mode", [("thunee", "4p"), ("spades", None), ("pottle", None)])
def test_every_game_reads_names_the_same_way(game, mode, keeper):
    with pytest.raises(FactError) as refused:
        services.create_game(
            owner=keeper, game=game, mode=mode, players=["Asha", "Bo", "Ch\u200ben", "Dev"]
        )
    errors = getattr(refused.value, "errors", (refused.value,))
    assert "players.2" in {e.field for e in errors}


def new_game_post(names):
    data = {"game": "spades", "first_dealer": 0}
    data.update({f"player_{i}": name for i, name in enumerate(names)})
    return data


def test_the_new_game_form_refuses_an_invisible_character_at_its_seat(keeper):
    client = Client()
    client.force_login(keeper)
    response = client.post(reverse("game_new"), new_game_post(["Asha", "Bo\u202e", "Chen", "Dev"]))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["player_1"]
    assert "invisible" in errors["player_1"][0]
    assert 'value="Asha"' in response.content.decode()  # the rest kept
    assert not Game.objects.exists()


def test_the_new_game_form_says_it_in_chinese(keeper):
    client = Client(headers={"accept-language": "zh-hans"})
    client.force_login(keeper)
    response = client.post(reverse("game_new"), new_game_post(["Asha", "Bo\u200b", "Chen", "Dev"]))
    said = response.context["form"].errors["player_1"][0]
    assert "invisible" not in said and any("\u4e00" <= c <= "\u9fff" for c in said)


def test_the_new_game_form_keeps_the_name_normalised(keeper):
    client = Client()
    client.force_login(keeper)
    client.post(reverse("game_new"), new_game_post(["Zine\u0301b", "Bo", "Chen", "Dev"]))
    assert Game.objects.get().setup["players"][0] == "Zin\u00e9b"


def test_a_game_nights_guests_and_a_phones_name_are_read_the_same_way(keeper):
    group = Group.objects.create(name="Friday")
    Membership.objects.create(group=group, user=keeper, role="admin")
    client = Client()
    client.force_login(keeper)
    data = {
        "game": "thunee",
        "mode": "4p",
        "played_on": "2026-11-24",
        "guests": "Asha\nBo\u200bng\nChen\nDev",
        "rounds": 1,
        "seating": "draw",
    }
    response = client.post(reverse("night_new", args=[group.pk]), data)
    assert response.status_code == 200
    assert "invisible" in response.context["form"].errors["guests"][0]
    assert not Player.objects.exists()


def test_an_imported_lone_surrogate_is_a_message_at_its_field(keeper):
    client = Client()
    client.force_login(keeper)
    text = json.dumps(log(["\ud800Asha", "Bo", "Chen", "Dev"]))  # "\ud800" in the JSON
    assert "\\ud800" in text
    response = client.post(reverse("game_import"), {"text": text})
    assert response.status_code == 200
    said = response.context["form"].errors["text"][0]
    assert "players.0" in said and "broken" in said
    assert not Game.objects.exists()


def test_a_lone_surrogate_anywhere_in_a_file_of_games_is_refused_where_it_is(keeper):
    bundle = {
        "format": "scorekeeper-game-logs",
        "version": 1,
        "games": [{"log": log(["Asha", "Bo", "Chen", "Dev"])}, {"log": log(["A"] * 4)}],
    }
    bundle["games"][1]["log"]["game"] = "spa\udc00des"
    client = Client()
    client.force_login(keeper)
    response = client.post(reverse("game_import"), {"text": json.dumps(bundle)})
    said = response.context["form"].errors["text"][0]
    assert "games.1.log.game" in said and "broken" in said
    assert not Game.objects.exists()


def test_an_imported_invisible_character_is_refused_at_its_field(keeper):
    client = Client()
    client.force_login(keeper)
    text = json.dumps(log(["Asha", "Bo", "\u202eChen", "Dev"]))
    said = client.post(reverse("game_import"), {"text": text}).context["form"].errors["text"][0]
    assert "players.2" in said and "invisible" in said


def test_import_game_says_a_lone_surrogate_without_a_traceback(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(log(["\ud800Asha", "Bo", "Chen", "Dev"])), encoding="utf-8")
    with pytest.raises(CommandError) as refused:  # a message, not a UnicodeEncodeError
        call_command("import_game", str(path), stdout=io.StringIO())
    said = str(refused.value)
    assert "players.0" in said and "broken" in said
    said.encode("utf-8")  # the message itself can be printed
    assert not Game.objects.exists()


def test_a_late_arrival_and_a_substitute_at_a_game_night_are_read_the_same_way():
    from scorekeeper.nights.forms import ArrivalForm, SubstituteForm

    arrival = ArrivalForm({"name": "Zo\u200bla"})
    assert not arrival.is_valid() and "invisible" in arrival.errors["name"][0]
    assert ArrivalForm({"name": "  Zine\u0301b "}).is_valid()
    form = SubstituteForm({"out": "Asha", "new_name": "\u202eZola"}, seated=["Asha"], free=[])
    assert not form.is_valid() and "invisible" in form.errors["new_name"][0]
