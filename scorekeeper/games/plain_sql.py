"""The record path's writes as plain SQL statements, built once from the models' own fields.

Recording a deal writes three rows (the deal, its audit row, the game's cached state). Through
the ORM each write costs several times the statement itself (model signals, query compilation),
and the record request is measured against a bare insert (`make bench`). The SQL here is built
from `_meta` and every value goes through its field's `get_db_prep_save`, so it stays right for
SQLite and PostgreSQL and follows the models when they change. No signal is sent: nothing in the
project listens to these models' saves.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connection, models


@cache
def _insert_sql(model: type[models.Model], vendor: str) -> tuple[str, tuple[models.Field, ...]]:
    del vendor  # part of the cache key: quoting and RETURNING differ per database
    meta = model._meta
    fields = tuple(f for f in meta.local_concrete_fields if f is not meta.pk)
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)})"
        f" VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if connection.features.can_return_columns_from_insert:
        sql += f" RETURNING {quote(meta.pk.column)}"
    return sql, fields


def insert(cursor, instance: models.Model) -> None:
    """INSERT `instance` (a new row: auto_now fields are set as `save()` would) and set its pk."""
    sql, fields = _insert_sql(type(instance), connection.vendor)
    params = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
    cursor.execute(sql, params)
    if connection.features.can_return_columns_from_insert:
        instance.pk = cursor.fetchone()[0]
    else:
        instance.pk = cursor.lastrowid
    instance._state.adding = False
    instance._state.db = connection.alias


@cache
def _update_sql(model: type[models.Model], names: tuple[str, ...], bump: str, vendor: str) -> str:
    del vendor
    meta = model._meta
    quote = connection.ops.quote_name
    sets = [f"{quote(meta.get_field(n).column)} = %s" for n in names]
    column = quote(meta.get_field(bump).column)
    sets.append(f"{column} = {column} + 1")
    return (
        f"UPDATE {quote(meta.db_table)} SET {', '.join(sets)}"
        f" WHERE {quote(meta.pk.column)} = %s AND {column} = %s"
    )


def update_if_version(
    cursor, model: type[models.Model], pk: Any, version: int, values: dict[str, Any], *, bump: str
) -> bool:
    """UPDATE the row `pk` with `values` and `bump` + 1, only if `bump` still equals `version`
    (an optimistic lock: another phone's write in between makes this return False)."""
    names = tuple(values)
    sql = _update_sql(model, names, bump, connection.vendor)
    meta = model._meta
    params = [meta.get_field(n).get_db_prep_save(values[n], connection) for n in names]
    cursor.execute(sql, [*params, pk, version])
    return cursor.rowcount == 1


@cache
def _converters(model: type[models.Model], vendor: str) -> dict[str, tuple[str, Any, tuple]]:
    """By column: each concrete field's attribute name, its column, and the converters a query
    set applies to the column's values (the database's, then the field's `from_db_value`)."""
    del vendor
    meta = model._meta
    out = {}
    for field in meta.concrete_fields:
        col = field.get_col(meta.db_table)
        both = [*connection.ops.get_db_converters(col), *col.get_db_converters(connection)]
        out[field.column] = (field.attname, col, tuple(both))
    return out


def read_one(model: type[models.Model], sql: str, params: list[Any]) -> models.Model | None:
    """The first row of `sql` (every column of the model's table, and any others) as an
    instance with the other columns set on it by name, or None: what `raw()` does, without
    building a query set for one row (some 140 µs of the record request)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
        if row is None:
            return None
        names = [column[0] for column in cursor.description]
    fields = _converters(model, connection.vendor)
    values, extra = {}, {}
    for name, value in zip(names, row, strict=True):
        if name not in fields:
            extra[name] = value
            continue
        attname, col, converters = fields[name]
        for convert in converters:
            value = convert(value, col, connection)
        values[attname] = value
    if len(values) != len(fields):
        raise ValueError(f"{model.__name__}: the query must select every column of its table")
    names = [attname for attname, _, _ in fields.values()]
    instance = model.from_db(connection.alias, names, [values[n] for n in names])
    for name, value in extra.items():
        setattr(instance, name, value)
    return instance
