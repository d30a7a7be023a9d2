"""Finding 8: `manage.py restore` unpacks no more than its cap: a gzip bomb (a small file that
inflates to gigabytes) is refused after the cap, with the cap said, and without the memory."""

from __future__ import annotations

import gzip
import io
import tracemalloc

import pytest
from django.core.management import CommandError, call_command

from scorekeeper.backups.fileformat import MAX_UNPACKED_MB, TooBig, read_bytes

MB = 1024 * 1024


def bomb(unpacked_mb: int) -> bytes:
    """A gzip file of `unpacked_mb` MB of spaces (valid JSON whitespace), made a MB at a time."""
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9) as f:
        chunk = b" " * MB
        for _ in range(unpacked_mb):
            f.write(chunk)
    return out.getvalue()


def test_a_gzip_bomb_is_refused_at_the_cap_without_unpacking_it():
    small = bomb(64)  # some 64 KB that would be 64 MB
    assert len(small) < MB // 4
    tracemalloc.start()
    try:
        with pytest.raises(TooBig) as refused:
            read_bytes(io.BytesIO(small), max_mb=8)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3 * 8 * MB  # what the cap allows, not what the file would unpack to
    assert "8 MB" in str(refused.value)


def test_a_plain_file_past_the_cap_is_refused_too():
    with pytest.raises(TooBig):
        read_bytes(io.BytesIO(b" " * (2 * MB + 1)), max_mb=2)


def test_a_file_under_the_cap_is_read_whole():
    doc = b'{"format": "scorekeeper-backup"}'
    assert read_bytes(io.BytesIO(gzip.compress(doc)), max_mb=1) == doc
    assert read_bytes(io.BytesIO(doc), max_mb=1) == doc


def test_the_default_cap_is_said_and_bounded():
    assert 16 <= MAX_UNPACKED_MB <= 1024


@pytest.mark.django_db
def test_the_restore_command_says_the_cap_and_restores_nothing(tmp_path):
    path = tmp_path / "bomb.json.gz"
    path.write_bytes(bomb(3))
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path), "--max-mb", "2", stdout=io.StringIO())
    said = str(refused.value)
    assert "2 MB" in said and "--max-mb" in said and "nothing" in said


@pytest.mark.django_db
def test_a_damaged_gzip_file_is_a_message_not_a_traceback(tmp_path):
    path = tmp_path / "broken.json.gz"
    path.write_bytes(gzip.compress(b"{}" * 1000)[:-20])
    with pytest.raises(CommandError) as refused:  # it ends early: said, nothing restored
        call_command("restore", str(path), stdout=io.StringIO())
    assert "cannot read" in str(refused.value)


def many_rows_gzipped(table: str, count: int, row) -> bytes:
    """A backup whose `table` holds `count` rows, gzip-compressed, made a row at a time."""
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=6) as f:
        f.write(
            b'{"format": "scorekeeper-backup", "version": 1, "tables": {"%s": [' % table.encode()
        )
        for i in range(count):
            f.write((b"," if i else b"") + row(i))
        f.write(b"]}}")
    return out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_restore_streams_a_big_table_holding_a_batch_of_rows_at_a_time(tmp_path):
    """8,000 rows are restored with the memory of a batch (1,000 rows), not of the whole file:
    a 572 KB file that unpacked to hundreds of MB once took gigabytes, read whole first."""
    from django.contrib.auth import get_user_model

    def user(i: int) -> bytes:
        return (
            b'{"id": %d, "username": "player%d", "password": "!", "email": "", "first_name": "",'
            b' "last_name": "", "is_active": true, "is_staff": false, "is_superuser": false,'
            b' "last_login": null, "date_joined": "2026-01-01T00:00:00+00:00"}' % (i + 1, i)
        )

    path = tmp_path / "big.json.gz"
    path.write_bytes(many_rows_gzipped("users", 8_000, user))
    tracemalloc.start()
    try:
        call_command("restore", str(path), stdout=io.StringIO())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert get_user_model().objects.count() == 8_000
    assert peak < 6 * MB  # json.loads of the whole file's rows alone takes more


@pytest.mark.django_db
def test_a_table_this_app_does_not_know_is_refused_before_its_rows_are_read():
    from scorekeeper.backups.fileformat import Unpacked
    from scorekeeper.backups.load import Refused, restore_backup

    data = many_rows_gzipped("junk", 200_000, lambda i: b'{"a": %d}' % i)
    stream = io.BytesIO(data)
    with pytest.raises(Refused, match="does not know: junk"):
        restore_backup(io.BufferedReader(Unpacked(stream, max_mb=64)))
    assert stream.tell() < len(data) // 4  # the file was not read to its end first
