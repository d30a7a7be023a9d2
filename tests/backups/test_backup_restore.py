"""manage.py backup and restore: everything comes back, with its ids, times and passwords."""

from __future__ import annotations

import gzip
import io
import json
import threading
import uuid

import pytest
from django.contrib.auth import authenticate
from django.core.management import CommandError, call_command

from scorekeeper.backups.dump import write_backup
from scorekeeper.backups.load import Refused, restore_backup
from scorekeeper.backups.tables import tables
from scorekeeper.games import services
from scorekeeper.games.models import Deal, DealChange, Game, ShareLink
from tests.support.backups import backup_doc, wipe
from tests.support.visitors import record, start_thunee

from .site import PASSWORD, build_site, fingerprint

pytestmark = pytest.mark.django_db(transaction=True)  # a backup opens its own transaction


def test_restore_gives_back_every_game_log_and_every_standings(tmp_path, client):
    site = build_site()
    before = fingerprint()
    path = tmp_path / "site.json.gz"
    call_command("backup", str(path), stderr=io.StringIO())
    doc = json.loads(gzip.decompress(path.read_bytes()))
    wipe()
    assert fingerprint() == {"logs": {}, "standings": {}}

    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    assert "Restored 3 users" in out.getvalue()
    assert fingerprint() == before
    # Every kept column came back as it was: ids, tokens, times, the audit trail.
    again = backup_doc()
    assert again["tables"] == doc["tables"]
    assert DealChange.objects.filter(action="undone").count() == 1
    assert DealChange.objects.filter(action="edited").count() == 1
    assert Game.objects.filter(opening__bids=[3, 4, 2, 3]).count() == 1
    # People log in with their passwords; a watch link still opens its game.
    assert authenticate(username="keeper", password=PASSWORD) is not None
    link = ShareLink.objects.get(kind="watch", revoked_at__isnull=True)
    assert client.get(f"/watch/{link.token}/").status_code == 200
    # New rows take fresh ids (PostgreSQL's sequences were moved on).
    newest = max(r["id"] for r in doc["tables"]["games"])
    fresh = services.import_game(services.export_game(site["going"]), owner=site["keeper"])
    assert fresh.pk > newest
    assert fresh.deals.first().pk > max(r["id"] for r in doc["tables"]["deals"])


def test_backup_to_standard_output_is_plain_json(capsysbinary):
    build_site()
    call_command("backup", "-")
    doc = json.loads(capsysbinary.readouterr().out)
    assert doc["format"] == "scorekeeper-backup" and doc["version"] == 1
    assert doc["counts"] == {t: len(rows) for t, rows in doc["tables"].items()}
    assert doc["counts"]["games"] == 8
    user = next(u for u in doc["tables"]["users"] if u["username"] == "keeper")
    assert user["password"].startswith("md5$")  # the hash, never the password


def test_a_backup_that_fails_leaves_no_file_behind(tmp_path, monkeypatch):
    build_site()

    def broken(out):
        out.write(b'{"format": "scorekeeper-backup", "tables": {')
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("scorekeeper.backups.management.commands.backup.write_backup", broken)
    with pytest.raises(CommandError, match="cannot write .*No space left"):
        call_command("backup", str(tmp_path / "site.json.gz"), stderr=io.StringIO())
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(CommandError, match="cannot write"):
        call_command("backup", str(tmp_path / "no" / "site.json"), stderr=io.StringIO())


def test_restore_refuses_a_database_that_is_not_empty(tmp_path):
    build_site()
    path = tmp_path / "site.json"
    call_command("backup", str(path), stderr=io.StringIO())
    games = Game.objects.count()
    with pytest.raises(CommandError, match="not empty .*Nothing was changed"):
        call_command("restore", str(path), stdout=io.StringIO())
    assert Game.objects.count() == games


def test_a_backup_that_does_not_hold_together_restores_nothing():
    build_site()
    doc = backup_doc()
    wipe()
    doc["tables"]["deals"][-1]["game"] = 999_999  # a deal of a game that is not there
    with pytest.raises(Refused, match="does not hold together"):
        restore_backup(json.dumps(doc))
    assert not any(t.model.objects.exists() for t in tables())


@pytest.mark.parametrize(
    ("table", "row", "field", "value", "said"),
    [
        ("games", 1, "played_on", "the 3rd of May", "games, row 2, played_on"),
        # A person's username as sign-up checks it (a visitor's stand-in is the app's own).
        ("users", 0, "username", "two words", "users, row 1, username: Enter a valid username"),
    ],
)
def test_a_bad_value_is_named_by_table_row_and_field(table, row, field, value, said):
    build_site()
    doc = backup_doc()
    wipe()
    doc["tables"][table][row][field] = value
    with pytest.raises(Refused, match=said):
        restore_backup(json.dumps(doc))
    assert not any(t.model.objects.exists() for t in tables())


def test_a_value_too_long_for_its_column_is_refused_on_either_database():
    build_site()
    doc = backup_doc()
    wipe()
    doc["tables"]["players"][0]["name"] = "A" * 41
    with pytest.raises(Refused, match="players, row 1, name: .*at most 40 characters"):
        restore_backup(json.dumps(doc))
    assert not any(t.model.objects.exists() for t in tables())


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{", "JSON cannot be read"),
        ('{"format": "scorekeeper-game-log", "version": 1}', "not a backup file"),
        ('{"format": "scorekeeper-backup", "version": 2, "tables": {}}', "version 2"),
        ('{"format": "scorekeeper-backup", "version": 1, "tables": {"x": []}}', "does not know: x"),
        ('{"format": "scorekeeper-backup", "version": 1, "tables": {"users": 3}}', "not a list"),
    ],
)
def test_not_a_backup_is_refused(text, why):
    with pytest.raises(Refused, match=why):
        restore_backup(text)


def test_restore_command_says_why_it_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"format": "scorekeeper-game-log", "version": 1}')
    with pytest.raises(CommandError, match="refused: This is not a backup file"):
        call_command("restore", str(path), stdout=io.StringIO())
    with pytest.raises(CommandError, match="cannot read"):
        call_command("restore", str(tmp_path / "missing.json"), stdout=io.StringIO())


def test_the_backup_is_one_snapshot_while_a_phone_records(monkeypatch):
    """A deal recorded (on another connection) while the backup is half written is in neither
    the game's row nor the deals: the backup is the site as it was when it began."""
    site = build_site()
    game = Game.objects.get(pk=site["going"].pk)
    deals_before = game.deals.count()

    class Out(io.BytesIO):
        recorded = False

        def write(self, data):
            if not self.recorded and b'"deals"' in data:  # games written, deals not yet
                self.recorded = True
                thread = threading.Thread(target=record_elsewhere)
                thread.start()
                thread.join()
            return super().write(data)

    def record_elsewhere():
        from django.db import connection

        try:
            fresh = Game.objects.get(pk=game.pk)
            maker = (fresh.state_cache["dealer"] + 1) % 4
            facts = {"trump_maker": maker, "call": 0, "last_trick": maker, "counting_points": 100}
            services.record_deal(fresh, facts, user=site["keeper"], token=uuid.uuid4())
        finally:
            connection.close()

    out = Out()
    write_backup(out)
    assert out.recorded and game.deals.count() == deals_before + 1  # it was recorded…
    doc = json.loads(out.getvalue())
    kept = [d for d in doc["tables"]["deals"] if d["game"] == game.pk]
    row = next(g for g in doc["tables"]["games"] if g["id"] == game.pk)
    assert len(kept) == deals_before  # …after the backup's snapshot
    assert row["version"] == game.version
    assert Deal.objects.filter(game=game).count() == deals_before + 1


def test_a_visitors_games_come_back_and_their_browser_still_opens_them(tmp_path, client):
    """A visitor's stand-in account has a username sign-up refuses (on purpose): the restore
    takes it as the app made it, and the browser's cookie opens its game again."""
    game = start_thunee(client)
    record(client, game)
    stand_in = game.owner.username
    log = services.export_game(game)
    path = tmp_path / "site.json.gz"
    call_command("backup", str(path), stderr=io.StringIO())
    wipe()

    call_command("restore", str(path), stdout=io.StringIO())
    restored = Game.objects.get(pk=game.pk)
    assert restored.owner.username == stand_in and not restored.owner.is_active
    assert services.export_game(restored) == log
    assert client.get(f"/games/{game.pk}/").status_code == 200  # the same browser, its cookie
