"""Writing a backup: every table of tables.py, read in one snapshot, streamed row by row."""

from __future__ import annotations

import json
from typing import IO

from django.db import connection
from django.utils import timezone

from .fileformat import FORMAT, VERSION, to_json
from .snapshot import read_snapshot
from .tables import tables

CHUNK = 2000  # rows fetched at a time: a big site is written without holding it in memory


def write_backup(out: IO[bytes]) -> dict[str, int]:
    """Write the whole site to `out` (bytes); returns the number of rows of each table."""
    counts: dict[str, int] = {}
    with read_snapshot():
        head = {
            "format": FORMAT,
            "version": VERSION,
            "made_at": timezone.now().isoformat(),
            "database": connection.vendor,
        }
        # The head's own fields first, its closing brace left off: the tables follow in it.
        out.write(json.dumps(head, ensure_ascii=False)[:-1].encode())
        out.write(b',\n "tables": {')
        for i, table in enumerate(tables()):
            attnames = [f.attname for f in table.model_fields()]
            # Every row, a game of an import being written too (its deals are in the file).
            rows = table.model._base_manager.order_by("pk").values_list(*attnames)
            out.write(b"," if i else b"")
            out.write(f"\n  {json.dumps(table.name)}: [".encode())
            n = 0
            for row in rows.iterator(chunk_size=CHUNK):
                record = {name: to_json(v) for name, v in zip(table.fields, row, strict=True)}
                out.write(b",\n   " if n else b"\n   ")
                out.write(json.dumps(record, ensure_ascii=False).encode())
                n += 1
            out.write(b"]")
            counts[table.name] = n
        out.write(b'},\n "counts": ' + json.dumps(counts).encode() + b"}\n")
    return counts
