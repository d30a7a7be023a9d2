"""The backup file: a versioned JSON document (docs/game-logs-and-backups.md, describes it).

    {"format": "scorekeeper-backup", "version": 1, "made_at": "2026-11-25T03:00:00+00:00",
     "database": "sqlite", "counts": {"users": 3, ...},
     "tables": {"users": [{"id": 1, "username": "asha", ...}, ...], "groups": [...], ...}}

Values are JSON: times in ISO 8601 with their offset, days as YYYY-MM-DD, a foreign key as the
referred row's id (or null), JSON columns as they are. A file whose name ends in `.gz` is
gzip-compressed; a restore tells by its first bytes.
"""

from __future__ import annotations

import datetime
import gzip
import uuid
from typing import IO, Any

FORMAT = "scorekeeper-backup"
VERSION = 1
GZIP_MAGIC = b"\x1f\x8b"


def to_json(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def open_for_writing(name: str, path: str) -> IO[bytes]:
    """`path` opened for the backup to be called `name` (gzip-compressed if it ends in .gz)."""
    if name.endswith(".gz"):
        return gzip.open(path, "wb", compresslevel=6)
    return open(path, "wb")


def read_bytes(stream: IO[bytes]) -> bytes:
    """The file's JSON bytes, unpacked if it is gzip-compressed."""
    data = stream.read()
    if data[:2] == GZIP_MAGIC:
        data = gzip.decompress(data)
    return data
