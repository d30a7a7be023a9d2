"""Production settings (DEBUG off, a real key, HTTPS=true as behind a proxy that terminates
HTTPS) pass Django's deployment checks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "HTTPS", "SECRET_KEY", "ALLOWED_HOSTS", "HOST")
    }
    clean.update(env, DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_settings_pass_check_deploy(tmp_path):
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="false",
        HTTPS="true",
        SECRET_KEY="p" * 30 + "-a-long-random-production-secret-key-" + "q" * 20,
        ALLOWED_HOSTS="scores.example.org",
        DATABASE_URL=f"sqlite:///{tmp_path / 'prod.sqlite3'}",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_without_a_secret_key_production_refuses_to_start(tmp_path):
    result = run_manage("check", DEBUG="false", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def test_with_a_database_server_there_is_no_key_file_to_fall_back_on(tmp_path):
    result = run_manage("check", DEBUG="false", DATABASE_URL="postgres://nobody@127.0.0.1:1/none")
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr
