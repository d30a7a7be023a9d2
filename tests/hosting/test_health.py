"""/healthz: 200 from one query when the database answers, 503 when it does not; no session,
no cookie, any Host, never redirected to HTTPS."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client, override_settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_healthz_answers_200_from_exactly_one_query(client, django_assert_num_queries):
    with django_assert_num_queries(1) as queries:
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert "SELECT 1" in queries.captured_queries[0]["sql"]
    assert response.cookies == {}  # no session, no CSRF cookie
    assert response["Cache-Control"] == "no-store"
    assert "Vary" not in response  # nothing read from the request: no language, no cookie


@pytest.mark.django_db
def test_healthz_reads_no_session_even_for_a_logged_in_person(client, keeper):
    client.force_login(keeper)
    before = client.cookies["sessionid"].value
    response = client.get("/healthz")
    assert response.status_code == 200 and response.cookies == {}
    assert client.cookies["sessionid"].value == before


@pytest.mark.django_db
def test_healthz_answers_a_checker_that_names_the_server_by_its_address(client):
    assert client.get("/healthz", HTTP_HOST="10.1.2.3:8000").status_code == 200
    assert client.get("/", HTTP_HOST="10.1.2.3:8000").status_code == 400  # the app does not


@pytest.mark.django_db
def test_healthz_answers_head_and_is_not_a_page_for_anything_else(client):
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code != 200
    assert client.get("/healthz/").status_code == 404


@pytest.mark.django_db
@override_settings(
    SECURE_SSL_REDIRECT=True,
    SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
)
def test_behind_https_a_plain_health_check_is_not_redirected():
    client = Client()  # built after the override: its security middleware redirects
    assert client.get("/", HTTP_HOST="127.0.0.1").status_code == 301
    assert client.get("/healthz", HTTP_HOST="127.0.0.1").status_code == 200


def test_healthz_is_503_when_the_database_does_not_answer(tmp_path):
    """For real, in its own process: a database file that cannot be opened."""
    script = (
        "import django; django.setup();"
        "from django.test import Client;"
        "r = Client().get('/healthz');"
        "print(r.status_code, r.content.decode().strip())"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "REDIS_URL")}
    env.update(
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DEBUG="false",
        SECRET_KEY="health-check-test-key-" + "h" * 40,
        DATABASE_URL=f"sqlite:///{tmp_path / 'no-such-folder' / 'db.sqlite3'}",
        LOG_LEVEL="CRITICAL",
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["503", "database", "unavailable"]
