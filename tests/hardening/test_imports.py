"""Finding 1: an import cannot crowd out the table. It holds at most so many games and deals
(said on the import pages), it is written a chunk at a time in short transactions, and it is
still all or nothing for the person importing: its games are staged, seen by nobody, and
published at once, or removed. (tests/processes/test_import_beside_phones.py runs a 20 MB
import beside two phones saving.)"""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.core.errors import FactError
from scorekeeper.gamelog import load_log
from scorekeeper.games import services
from scorekeeper.games.models import Deal, DealChange, Game, Player, Seat
from scorekeeper.seasons.models import Season
from scorekeeper.transfer import imports
from scorekeeper.transfer.imports import MAX_DEALS, MAX_GAMES, StagedImport
from tests.support.groups import make_group
from tests.support.logs import log_with, make_log

pytestmark = pytest.mark.django_db

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def bundle(logs: list[dict], day: str = "2026-03-05") -> dict:
    games = [{"played_on": day, "friendly": False, "log": log} for log in logs]
    return {"format": "scorekeeper-game-logs", "version": 1, "games": games}


def thunee_logs(count: int) -> list[dict]:
    return [log_with("thunee", NAMES) for _ in range(count)]


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post_file(client: Client, doc: dict, url: str | None = None):
    text = json.dumps(doc).encode()
    upload = SimpleUploadedFile("games.json", text, content_type="application/json")
    return client.post(url or reverse("game_import"), {"file": upload})


def nothing_stored() -> bool:
    return not (
        Game.everything.exists()
        or Deal.objects.exists()
        or DealChange.objects.exists()
        or Seat.objects.exists()
        or Player.objects.exists()
    )


def test_the_import_pages_say_the_limits_in_both_languages(keeper):
    group = make_group(keeper)
    for url in (reverse("game_import"), reverse("seasons:import", args=[group.pk])):
        page = logged_in(keeper).get(url).content.decode()
        assert f"{MAX_GAMES:,} games and {MAX_DEALS:,} deals" in page, url
        client = Client(headers={"accept-language": "zh-hans"})
        client.force_login(keeper)
        chinese = client.get(url).content.decode()
        limits = chinese.split('data-testid="import-limits">')[1].split("</p>")[0]
        assert any("\u4e00" <= c <= "\u9fff" for c in limits), url
        assert str(MAX_DEALS)[:2] in limits.replace(",", "")


def test_a_file_of_more_games_than_the_limit_is_refused_before_anything_is_read(keeper):
    tiny = {"format": "scorekeeper-game-log", "version": 1, "game": "spades", "deals": []}
    response = post_file(logged_in(keeper), bundle([tiny] * (MAX_GAMES + 1)))
    said = response.context["form"].errors["file"][0]
    assert f"holds {MAX_GAMES + 1} games; one import takes at most {MAX_GAMES}" in said
    assert nothing_stored()


def test_a_game_log_of_more_deals_than_the_limit_is_refused(keeper):
    log = log_with("thunee", NAMES)
    log["deals"] = log["deals"] * (MAX_DEALS // len(log["deals"]) + 1)
    upload = SimpleUploadedFile("game.json", json.dumps(log).encode())
    response = logged_in(keeper).post(reverse("game_import"), {"file": upload})
    said = response.context["form"].errors["file"][0]
    assert f"one import takes at most {MAX_DEALS}" in said
    assert nothing_stored()


def test_deals_are_counted_over_the_whole_file(keeper, monkeypatch):
    monkeypatch.setattr(imports, "MAX_DEALS", 30)
    response = post_file(logged_in(keeper), bundle(thunee_logs(3)))  # 36 deals
    assert "holds 36 deals" in response.context["form"].errors["file"][0]
    assert nothing_stored()


def test_import_game_says_the_limit_without_a_traceback(tmp_path, monkeypatch):
    monkeypatch.setattr(imports, "MAX_GAMES", 2)
    path = tmp_path / "games.json"
    path.write_text(json.dumps(bundle(thunee_logs(3))), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_game", str(path), stdout=io.StringIO())
    assert "holds 3 games; one import takes at most 2" in str(refused.value)
    assert nothing_stored()


def test_a_big_file_is_written_in_short_transactions_and_published_at_once(keeper, monkeypatch):
    monkeypatch.setattr(imports, "CHUNK_DEALS", 10)  # every game (12 deals) its own writes
    writes: list[int] = []
    seen_while_staged: list[int] = []
    real_write = StagedImport._write

    def write(self):
        writes.append(self._waiting_deals)
        real_write(self)
        seen_while_staged.append(Game.objects.count())

    monkeypatch.setattr(StagedImport, "_write", write)
    response = post_file(logged_in(keeper), bundle(thunee_logs(6)))
    assert response.status_code == 302
    assert len([w for w in writes if w]) == 6 and max(writes) <= 12
    assert seen_while_staged and set(seen_while_staged) == {0}  # staged: nobody saw them
    assert Game.objects.filter(owner=keeper).count() == 6
    assert Deal.objects.count() == DealChange.objects.count() == 72
    assert not Game.everything.filter(staged_import__isnull=False).exists()


def test_a_staged_game_is_seen_by_nobody_not_even_its_importer(keeper, monkeypatch):
    group = make_group(keeper)
    owner = logged_in(keeper)
    checked = []
    real_publish = StagedImport.publish

    def publish(self, then=None):
        self._write()  # what waits for a full chunk
        staged = Game.everything.filter(staged_import=self.token)
        assert staged.count() == 2
        pk = staged.first().pk
        assert owner.get(reverse("game", args=[pk])).status_code == 404
        assert owner.get(reverse("game_export", args=[pk])).status_code == 404
        assert f'"/games/{pk}/"' not in owner.get(reverse("home")).content.decode()
        group_page = owner.get(reverse("group", args=[group.pk])).content.decode()
        assert f"/games/{pk}/" not in group_page
        assert not group.games.exists() and not Game.objects.filter(group=group).exists()
        checked.append(pk)
        return real_publish(self, then)

    monkeypatch.setattr(StagedImport, "publish", publish)
    season = {"name": "Spring", "start": "2026-03-01", "end": "2026-05-31"}
    doc = bundle(thunee_logs(2)) | {"format": "scorekeeper-season", "season": season}
    response = post_file(owner, doc, reverse("seasons:import", args=[group.pk]))
    assert response.status_code == 302 and checked
    assert group.games.count() == 2


def test_a_refusal_late_in_the_file_removes_everything_staged(keeper, monkeypatch):
    monkeypatch.setattr(imports, "CHUNK_DEALS", 10)
    logs = thunee_logs(5)
    logs[-1]["deals"][3]["counting_points"] = 999  # the last game's fourth deal is wrong
    response = post_file(logged_in(keeper), bundle(logs))
    said = response.context["form"].errors["file"][0]
    assert "game 5" in said and "deal 4" in said
    assert nothing_stored()


def test_an_error_while_writing_removes_everything_staged(keeper, monkeypatch):
    monkeypatch.setattr(imports, "CHUNK_DEALS", 10)
    calls = []
    real_write = StagedImport._write

    def write(self):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("the disk is full")
        real_write(self)

    monkeypatch.setattr(StagedImport, "_write", write)
    with pytest.raises(RuntimeError), StagedImport(keeper) as staged:
        for log in thunee_logs(4):
            staged.add(load_log(log))
        staged.publish()
    assert nothing_stored()


def test_a_player_the_table_had_stays_when_an_import_is_refused(keeper):
    keeper_game = log_with("thunee", NAMES)
    logged_in(keeper).post(reverse("game_import"), {"text": json.dumps(keeper_game)})
    players = set(Player.objects.values_list("pk", flat=True))
    logs = [log_with("thunee", ["Asha", "Esi", "Femi", "Gugu"]), log_with("thunee", NAMES)]
    logs[1]["deals"][0]["counting_points"] = 999
    post_file(logged_in(keeper), bundle(logs))
    assert set(Player.objects.values_list("pk", flat=True)) == players  # Esi & co. gone


def test_an_import_that_never_finished_is_removed_by_the_next(keeper):
    staged = StagedImport(keeper)
    staged.add(load_log(log_with("thunee", NAMES)))
    staged._write()  # a process killed before it published
    left = Game.everything.get()
    Game.everything.filter(pk=left.pk).update(
        created_at=timezone.now() - imports.STALE_AFTER - timedelta(minutes=1)
    )
    assert not Game.objects.exists()
    post_file(logged_in(keeper), bundle(thunee_logs(1)))
    assert not Game.everything.filter(pk=left.pk).exists()
    assert Game.everything.count() == 1 and Game.objects.count() == 1


def test_a_season_import_past_the_limits_is_refused_and_makes_no_season(keeper, monkeypatch):
    monkeypatch.setattr(imports, "MAX_GAMES", 1)
    group = make_group(keeper)
    season = {"name": "Spring", "start": "2026-03-01", "end": "2026-05-31"}
    doc = bundle(thunee_logs(2)) | {"format": "scorekeeper-season", "season": season}
    response = post_file(logged_in(keeper), doc, reverse("seasons:import", args=[group.pk]))
    assert "holds 2 games; one import takes at most 1" in response.content.decode()
    assert nothing_stored() and not Season.objects.exists()


def test_a_season_refused_late_leaves_no_season_and_no_game(keeper, monkeypatch):
    monkeypatch.setattr(imports, "CHUNK_DEALS", 10)
    group = make_group(keeper)
    logs = thunee_logs(3)
    logs[2]["deals"][0]["counting_points"] = 999
    season = {"name": "Spring", "start": "2026-03-01", "end": "2026-05-31"}
    doc = bundle(logs) | {"format": "scorekeeper-season", "season": season}
    response = post_file(logged_in(keeper), doc, reverse("seasons:import", args=[group.pk]))
    assert "game 3" in response.content.decode()
    assert nothing_stored() and not Season.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_neither_the_page_nor_the_command_wraps_the_chunks_in_one_transaction(
    keeper, tmp_path, monkeypatch
):
    monkeypatch.setattr(imports, "CHUNK_DEALS", 10)
    outside: list[bool] = []
    real_write = StagedImport._write

    def write(self):
        outside.append(not connection.in_atomic_block)  # each chunk its own transaction
        real_write(self)

    monkeypatch.setattr(StagedImport, "_write", write)
    assert post_file(logged_in(keeper), bundle(thunee_logs(2))).status_code == 302
    path = tmp_path / "games.json"
    path.write_text(json.dumps(bundle(thunee_logs(2))), encoding="utf-8")
    call_command("import_game", str(path), stdout=io.StringIO())
    assert len(outside) >= 4 and all(outside)
    assert Game.objects.count() == 4


@pytest.mark.django_db(transaction=True)
def test_a_refused_file_leaves_no_owner_made_for_it(tmp_path):
    logs = thunee_logs(2)
    logs[1]["deals"][0]["counting_points"] = 999
    path = tmp_path / "games.json"
    path.write_text(json.dumps(bundle(logs)), encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("import_game", str(path), stdout=io.StringIO())
    assert not get_user_model().objects.exists()
    assert nothing_stored()


def test_a_staged_import_keeps_who_took_over_a_seat_as_a_plain_import_does(keeper):
    deal = {"cancelled": "the counting team holds no trumps"}
    subs = [{"seat": 1, "name": "Zola"}]
    doc = make_log([deal, {**deal, "substitutes": subs}])
    post_file(logged_in(keeper), bundle([doc]))
    staged = Game.objects.get()
    plain = services.import_game(doc, owner=keeper)
    plain.refresh_from_db()
    assert staged.seat_changes == plain.seat_changes != []
    export = services.export_game(staged)
    assert export["deals"][1]["substitutes"] == subs


def test_a_substitutes_name_is_read_as_every_players_name():
    deal = {"cancelled": "the counting team holds no trumps"}
    doc = make_log([deal, {**deal, "substitutes": [{"seat": 1, "name": "Zo\u200bla"}]}])
    with pytest.raises(FactError) as refused:
        load_log(doc)
    assert refused.value.deal == 2 and refused.value.field == "substitutes.0.name"
    assert "invisible" in str(refused.value)
