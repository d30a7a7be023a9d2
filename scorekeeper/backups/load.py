"""Restoring a backup into an empty database: all of it in one transaction, or nothing.

The file is read as a stream (ijson), never whole: its head is checked before its first table,
a table this app does not know is refused when its name comes, and rows are written BATCH at a
time. So a restore holds at most one batch of rows in memory (about BATCH times a row's size),
whatever the file's size, and refuses a file that is not a backup after reading its first bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import ijson
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.core.validators import RegexValidator
from django.db import DataError, IntegrityError, connection, models, transaction

from scorekeeper.accounts.holders import STAND_IN_PREFIX

from .fileformat import FORMAT, VERSION
from .tables import Table, tables

BATCH = 1000


class Refused(Exception):
    """A backup that cannot be restored here; nothing was stored. The message says why."""


def restore_backup(data: bytes | str | IO[bytes]) -> dict[str, int]:
    """Restore a backup file's JSON (bytes, text or a binary stream of it) into this (empty)
    database; returns the rows per table."""
    if isinstance(data, str):
        data = data.encode()
    stream = io.BytesIO(data) if isinstance(data, bytes) else data
    by_name = {t.name: t for t in tables()}
    counts = {name: 0 for name in by_name}
    try:
        with transaction.atomic():
            _refuse_unless_empty()
            with _times_as_given(tables()):
                for name, rows in _batches(_rows(stream, by_name)):
                    table = by_name[name]
                    start = counts[name] + 1
                    table.model.objects.bulk_create(_objects(table, rows, start), batch_size=BATCH)
                    counts[name] += len(rows)
            _reset_sequences()
    except (IntegrityError, DataError) as e:  # a row referring to none, a repeated id
        raise Refused(f"The backup does not hold together, nothing was restored: {e}") from None
    return counts


def _batches(rows: Iterator[tuple[str, dict[str, Any]]]) -> Iterator[tuple[str, list]]:
    """The rows a table at a time, BATCH at the most."""
    name, batch = None, []
    for table, row in rows:
        if batch and (table != name or len(batch) >= BATCH):
            yield name, batch
            batch = []
        name = table
        batch.append(row)
    if batch:
        yield name, batch


def _rows(stream: IO[bytes], by_name: dict[str, Table]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each row of the file as (table, row), the head checked before the first table."""
    head: dict[str, Any] = {}
    seen_tables = False
    events = ijson.parse(stream, use_float=True)
    try:
        for prefix, event, value in events:
            if prefix == "" and event == "start_map":
                continue
            if prefix == "" and event == "map_key":
                if value == "tables":
                    _check_head(head)
                    seen_tables = True
                continue
            if prefix in ("format", "version") and event in ("string", "number", "null"):
                head[prefix] = value
            elif prefix == "tables":
                if event == "map_key":
                    if value not in by_name:
                        raise Refused(f"The backup has tables this app does not know: {value}.")
                elif event not in ("start_map", "end_map"):
                    raise Refused('The backup has no "tables".')
            elif prefix.startswith("tables.") and prefix.count(".") == 1:
                name = prefix.split(".", 1)[1]
                if event not in ("start_array", "end_array"):
                    raise Refused(f'The backup\'s "{name}" is not a list of rows.')
            elif (
                prefix.startswith("tables.") and prefix.endswith(".item") and prefix.count(".") == 2
            ):
                name = prefix.split(".")[1]
                if event != "start_map":
                    raise Refused(f'The backup\'s "{name}" is not a list of rows.')
                yield name, _object(events, prefix)
            elif prefix == "" and event == "end_map":
                break
    except ijson.JSONError as e:
        raise Refused(f"This is not a backup file: its JSON cannot be read ({e}).") from None
    if not seen_tables:
        _check_head(head)
        raise Refused('The backup has no "tables".')


def _is_row(prefix: str) -> bool:
    """A row of a table: tables.<name>.item."""
    return prefix.startswith("tables.") and prefix.count(".") == 2 and prefix.endswith(".item")


def _object(events: Iterator[tuple[str, str, Any]], prefix: str) -> dict[str, Any]:
    """The rest of the object that starts at `prefix` (its start_map read already)."""
    builder = ijson.ObjectBuilder()
    builder.event("start_map", None)
    depth = 1
    for _prefix, event, value in events:
        builder.event(event, value)
        depth += event in ("start_map", "start_array")
        depth -= event in ("end_map", "end_array")
        if depth == 0:
            return builder.value
    raise ijson.IncompleteJSONError(f"the file ends inside a row of {prefix}")


def _check_head(head: dict[str, Any]) -> None:
    if head.get("format") != FORMAT:
        raise Refused(f'This is not a backup file (its "format" is not "{FORMAT}").')
    version = head.get("version")
    if version != VERSION:
        raise Refused(f"This backup is version {version!r}; this app restores version {VERSION}.")


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
    it, which sign-up's rule for usernames refuses on purpose (a space: accounts/holders.py)."""
    stand_in = isinstance(value, str) and value.startswith(STAND_IN_PREFIX)
    if table.name == "users" and field.name == "username" and stand_in:
        for validate in field.validators:
            if not isinstance(validate, RegexValidator):
                validate(value)
    else:
        field.run_validators(value)


def _objects(table: Table, rows: list[dict[str, Any]], start: int = 1) -> Iterator[Any]:
    fields = table.model_fields()
    for i, row in enumerate(rows, start=start):
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
