"""The secret key of a one-machine install: made once beside the SQLite file, mode 600, never
overwritten, and read by the settings when SECRET_KEY is not in the environment."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.hosting.secret import key_file, make_key, read_key

ROOT = Path(__file__).resolve().parents[2]


def test_the_key_file_sits_beside_the_sqlite_database(tmp_path):
    assert key_file(f"sqlite:///{tmp_path}/club.sqlite3", ROOT / "db.sqlite3") == (
        tmp_path / "club.sqlite3.secret_key"
    )
    assert key_file(None, tmp_path / "db.sqlite3") == tmp_path / "db.sqlite3.secret_key"


def test_a_database_server_has_no_key_file():
    assert key_file("postgres://u@127.0.0.1:5432/scores", ROOT / "db.sqlite3") is None


def test_a_made_key_is_long_private_and_never_overwritten(tmp_path):
    path = tmp_path / "db.sqlite3.secret_key"
    key = make_key(path)
    assert len(key) >= 50 and read_key(path) == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with pytest.raises(FileExistsError):
        make_key(path)
    assert read_key(path) == key
    assert make_key(tmp_path / "other.secret_key") != key


def test_the_gitignore_keeps_the_key_out_of_the_repository(tmp_path):
    probe = ROOT / "probe-only.secret_key"
    result = subprocess.run(
        ["git", "check-ignore", "-q", str(probe)], cwd=ROOT, capture_output=True, check=False
    )
    assert result.returncode == 0


def _settings_key(env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    clean.update(env, DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    return subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.SECRET_KEY)"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=False,
    )


def test_production_settings_read_the_key_kept_beside_the_database(tmp_path):
    env = {"DEBUG": "false", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    refused = _settings_key(env)
    assert refused.returncode != 0 and "Set SECRET_KEY" in refused.stderr
    key = make_key(tmp_path / "db.sqlite3.secret_key")
    assert _settings_key(env).stdout.strip() == key
    assert _settings_key({**env, "SECRET_KEY": "from-the-environment"}).stdout.strip() == (
        "from-the-environment"
    )
