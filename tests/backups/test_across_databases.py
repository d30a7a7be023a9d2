"""A backup made on SQLite restores on PostgreSQL and the other way round, giving back every game
log and every standings table. The other database is set up by a second process: on PostgreSQL
it is a new SQLite file; on SQLite it is the PostgreSQL database named by
BACKUP_OTHER_DATABASE_URL (the test is skipped without it)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from .site import build_site, fingerprint

ROOT = Path(__file__).resolve().parents[2]
FINGERPRINT = (
    "import django, json; django.setup(); "
    "from tests.backups.site import fingerprint; print(json.dumps(fingerprint()))"
)


def other_database(tmp_path: Path) -> str:
    if connection.vendor == "postgresql":
        return f"sqlite:///{tmp_path / 'other.sqlite3'}"
    url = os.environ.get("BACKUP_OTHER_DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("set BACKUP_OTHER_DATABASE_URL to an empty PostgreSQL database to try it")
    return url


def run(url: str, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "true"}
    env["DJANGO_SETTINGS_MODULE"] = "tests.settings"
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.django_db(transaction=True)
def test_a_backup_restores_on_the_other_database(tmp_path):
    url = other_database(tmp_path)
    build_site()
    before = fingerprint()
    path = tmp_path / "site.json.gz"
    call_command("backup", str(path), stderr=io.StringIO())

    run(url, "manage.py", "migrate", "--noinput", "-v0")
    run(url, "manage.py", "flush", "--noinput")  # a database left by an earlier run
    assert "Restored 3 users" in run(url, "manage.py", "restore", str(path))
    assert json.loads(run(url, "-c", FINGERPRINT)) == before
