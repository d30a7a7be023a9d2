"""The backup file: a versioned JSON document (docs/game-logs-and-backups.md, describes it).

    {"format": "scorekeeper-backup", "version": 1, "made_at": "2026-11-25T03:00:00+00:00",
     "database": "sqlite", "counts": {"users": 3, ...},
     "tables": {"users": [{"id": 1, "username": "asha", ...}, ...], "groups": [...], ...}}

Values are JSON: times in ISO 8601 with their offset, days as YYYY-MM-DD, a foreign key as the
referred row's id (or null), JSON columns as they are. A file whose name ends in `.gz` is
gzip-compressed; a restore tells by its first bytes.

A restore reads the whole file into memory before it writes, so it reads no more than a cap
(MAX_UNPACKED_MB, or `restore --max-mb`): a small gzip file that would unpack to gigabytes (a
gzip bomb) is refused once the cap is passed, having used no more memory than the cap.
"""

from __future__ import annotations

import datetime
import gzip
import uuid
import zlib
from typing import IO, Any

FORMAT = "scorekeeper-backup"
VERSION = 1
GZIP_MAGIC = b"\x1f\x8b"
GZIP_WBITS = 16 + zlib.MAX_WBITS  # zlib reads the gzip header and trailer
# What a backup may unpack to. The seasons bench's 10,000 games make 57 MB of JSON, which a
# restore reads with some 420 MB of memory (docs/game-logs-and-backups.md).
MAX_UNPACKED_MB = 256
MB = 1024 * 1024


class TooBig(ValueError):
    """The file holds (or unpacks to) more than the cap; nothing was read past it."""


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


def read_bytes(stream: IO[bytes], max_mb: int = MAX_UNPACKED_MB) -> bytes:
    """The file's JSON bytes, unpacked if it is gzip-compressed: at most `max_mb` MB of them
    (TooBig past that, before more is read or unpacked)."""
    cap = max_mb * MB
    data = stream.read(cap + 1)
    if data[:2] == GZIP_MAGIC:
        unpack = zlib.decompressobj(wbits=GZIP_WBITS)
        try:
            data = unpack.decompress(data, cap + 1)  # stops there: no more is unpacked
        except zlib.error as e:
            raise EOFError(f"it is not a whole gzip file ({e})") from None
        if len(data) <= cap and not unpack.eof:
            raise EOFError("the compressed file ended before its end")
    if len(data) > cap:
        raise TooBig(
            f"the backup holds more than {max_mb} MB of JSON, the most a restore reads "
            "(a small file that unpacks to that much may be a gzip bomb)"
        )
    return data
