"""A body bigger than the app takes is refused by its declared size before any of it is read."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def temporary_files() -> set[str]:
    return {p.name for p in Path(tempfile.gettempdir()).iterdir() if p.suffix == ".upload"}


def test_a_gigabyte_declared_to_the_import_page_is_refused_before_it_is_read(settings):
    before = temporary_files()
    body = b'--x\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n'
    body += b"{" * (3 * 1024 * 1024) + b"\r\n--x--\r\n"  # more than Django keeps in memory
    page = Client().generic(
        "POST",
        reverse("game_import"),
        body,
        content_type="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(1024**3),
    )
    assert page.status_code == 413
    assert "nothing of it was kept" in page.content.decode()
    assert temporary_files() == before


def test_a_file_within_the_limit_still_reaches_the_form(settings):
    settings.MAX_REQUEST_BYTES = 4 * 1024 * 1024
    page = Client().post(reverse("game_import"), {"text": "not json"})
    assert page.status_code == 200
    assert "Refused, nothing was stored" in page.content.decode()
