"""One read-only transaction snapshot, so that a backup made while the app serves is consistent:
every table as it was at one moment, never a game without the deal recorded a moment later.

- PostgreSQL: REPEATABLE READ, READ ONLY (a snapshot from the first query; writers go on).
- SQLite: one deferred read transaction. In WAL mode (as the settings ask) it sees the database
  as of its first read while phones go on writing. Django's own atomic() is not used there: the
  settings make its transactions IMMEDIATE, which would take the write lock and hold every
  phone's save up for the whole backup.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction


@contextmanager
def read_snapshot() -> Iterator[None]:
    if connection.vendor == "postgresql":
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield
        return
    if connection.vendor != "sqlite":
        raise NotImplementedError(f"backups know SQLite and PostgreSQL, not {connection.vendor}")
    if connection.in_atomic_block:
        raise RuntimeError("a backup needs its own transaction: call it outside atomic()")
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("BEGIN DEFERRED")  # autocommit mode: Python's sqlite3 leaves BEGIN to us
        try:
            yield
        finally:
            cursor.execute("ROLLBACK")  # it only read
