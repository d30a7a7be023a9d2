"""manage.py import_game FILE and export_game ID."""

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from scorekeeper.games.models import Game
from scorekeeper.games.services import export_game
from tests.support.logs import fixture_path, full_game, without_computed

FIXTURE = fixture_path("thunee")

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def imported_id(output: str) -> int:
    return int(output.strip().splitlines()[-1])


def test_import_prints_the_new_id_last():
    game = Game.objects.get(pk=imported_id(run("import_game", str(FIXTURE))))
    assert game.finished
    assert game.deals.count() == 12


def test_default_owner_is_created_when_there_is_no_superuser():
    game = Game.objects.get(pk=imported_id(run("import_game", str(FIXTURE))))
    assert game.owner.username == "scorekeeper"
    assert not game.owner.has_usable_password()
    again = Game.objects.get(pk=imported_id(run("import_game", str(FIXTURE))))
    assert again.owner == game.owner


def test_default_owner_is_the_first_superuser(django_user_model):
    django_user_model.objects.create_user("someone")
    boss = django_user_model.objects.create_superuser("boss", password="x")
    django_user_model.objects.create_superuser("later", password="x")
    game = Game.objects.get(pk=imported_id(run("import_game", str(FIXTURE))))
    assert game.owner == boss


def test_owner_option(owner):
    game = Game.objects.get(pk=imported_id(run("import_game", str(FIXTURE), "--owner", "keeper")))
    assert game.owner == owner


def test_unknown_owner_is_refused():
    with pytest.raises(CommandError, match="no user named 'nobody'"):
        run("import_game", str(FIXTURE), "--owner", "nobody")
    assert not Game.objects.exists()


def test_refused_import_names_deal_and_field_and_stores_nothing(tmp_path):
    doc = full_game()
    del doc["deals"][1]["counting_points"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(
        CommandError, match=r"nothing stored: deal 2, counting_points: Enter the card points"
    ):
        run("import_game", str(path))
    assert not Game.objects.exists()
    assert not get_user_model().objects.exists()  # not even the default owner


def test_bad_json_file_is_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(CommandError, match="file: This is not JSON"):
        run("import_game", str(path))
    assert not Game.objects.exists()


def test_missing_file_is_refused(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        run("import_game", str(tmp_path / "nope.json"))


def test_export_writes_the_log_as_indented_json():
    game_id = imported_id(run("import_game", str(FIXTURE)))
    output = run("export_game", str(game_id))
    assert output.startswith('{\n  "format": "scorekeeper-game-log",')
    doc = json.loads(output)
    assert doc == export_game(Game.objects.get(pk=game_id))
    assert without_computed(doc) == without_computed(full_game())


def test_export_then_import_gives_the_same_export(tmp_path):
    first = run("export_game", str(imported_id(run("import_game", str(FIXTURE)))))
    path = tmp_path / "exported.json"
    path.write_text(first)
    second = run("export_game", str(imported_id(run("import_game", str(path)))))
    assert second == first


def test_export_of_an_unknown_game_is_refused():
    with pytest.raises(CommandError, match="no game with id 999"):
        run("export_game", "999")


def test_import_reads_standard_input_and_says_the_score_of_any_game(monkeypatch):
    spades = fixture_path("spades")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(spades.read_bytes())))
    output = run("import_game", "-")
    game = Game.objects.get(pk=imported_id(output))
    assert game.kind == "spades"
    first = output.splitlines()[0]
    assert ", , " not in first  # the score was missing for every game but Thunee
    assert f"deals, {game.state_cache['points'][0]}" in first


def test_a_log_nested_too_deeply_is_refused_not_a_traceback(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(
        CommandError, match="refused, nothing stored: file: This is nested too deeply"
    ):
        run("import_game", str(path))
    assert not Game.objects.exists()
