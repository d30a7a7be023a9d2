"""Restoring a backup into an empty database: all of it in one transaction, or nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.core.validators import RegexValidator
from django.db import DataError, IntegrityError, connection, models, transaction

from scorekeeper.games.holders import STAND_IN_PREFIX

from .fileformat import FORMAT, VERSION
from .tables import Table, tables

BATCH = 1000


class Refused(Exception):
    """A backup that cannot be restored here; nothing was stored. The message says why."""


def restore_backup(data: bytes | str) -> dict[str, int]:
    """Restore a backup file's JSON into this (empty) database; returns the rows per table."""
    doc = _parse(data)
    counts: dict[str, int] = {}
    try:
        with transaction.atomic():
            _refuse_unless_empty()
            with _times_as_given(tables()):
                for table in tables():
                    rows = doc["tables"].get(table.name, [])
                    table.model.objects.bulk_create(_objects(table, rows), batch_size=BATCH)
                    counts[table.name] = len(rows)
            _reset_sequences()
    except (IntegrityError, DataError) as e:  # a row referring to none, a repeated id
        raise Refused(f"The backup does not hold together, nothing was restored: {e}") from None
    return counts


def _parse(data: bytes | str) -> dict[str, Any]:
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError) as e:
        raise Refused(f"This is not a backup file: its JSON cannot be read ({e}).") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise Refused(f'This is not a backup file (its "format" is not "{FORMAT}").')
    if doc.get("version") != VERSION:
        raise Refused(
            f"This backup is version {doc.get('version')!r}; this app restores version {VERSION}."
        )
    if not isinstance(doc.get("tables"), dict):
        raise Refused('The backup has no "tables".')
    known = {t.name for t in tables()}
    unknown = sorted(set(doc["tables"]) - known)
    if unknown:
        raise Refused(f"The backup has tables this app does not know: {', '.join(unknown)}.")
    for table in tables():
        rows = doc["tables"].get(table.name, [])
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise Refused(f'The backup\'s "{table.name}" is not a list of rows.')
    return doc


def _refuse_unless_empty() -> None:
    full = [t.name for t in tables() if t.model._base_manager.exists()]
    if full:
        raise Refused(
            "The database is not empty (it has "
            + ", ".join(full)
            + "): a backup is restored only into a new database, made with `manage.py migrate`."
            " Nothing was changed."
        )


def _validate(table: Table, field: models.Field, value: Any) -> None:
    """The field's validators; but a visitor's stand-in account keeps the username the app gave
    it, which sign-up's rule for usernames refuses on purpose (a space: games/holders.py)."""
    stand_in = isinstance(value, str) and value.startswith(STAND_IN_PREFIX)
    if table.name == "users" and field.name == "username" and stand_in:
        for validate in field.validators:
            if not isinstance(validate, RegexValidator):
                validate(value)
    else:
        field.run_validators(value)


def _objects(table: Table, rows: list[dict[str, Any]]) -> Iterator[Any]:
    fields = table.model_fields()
    for i, row in enumerate(rows, start=1):
        values = {}
        for field in fields:
            value = row.get(field.name)
            try:
                if value is not None:  # a foreign key's id, checked by the database at commit
                    value = field.to_python(value)
                    _validate(table, field, value)  # lengths: SQLite would not check them
                values[field.attname] = value
            except ValidationError as e:
                where = f"{table.name}, row {i}, {field.name}"
                raise Refused(f"{where}: {' '.join(e.messages)}") from None
        yield table.model(**values)


@contextmanager
def _times_as_given(tables_: list[Table]) -> Iterator[None]:
    """Keep the stored created/updated times: auto_now(_add) would stamp every row with now."""
    stamped = [
        (f, f.auto_now, f.auto_now_add)
        for t in tables_
        for f in t.model_fields()
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    for f, _, _ in stamped:
        f.auto_now = f.auto_now_add = False
    try:
        yield
    finally:
        for f, now, now_add in stamped:
            f.auto_now, f.auto_now_add = now, now_add


def _reset_sequences() -> None:
    """PostgreSQL: new rows take ids after the restored ones (SQLite does so by itself)."""
    statements = connection.ops.sequence_reset_sql(no_style(), [t.model for t in tables()])
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)
