"""The backup file: a versioned JSON document (docs/game-logs-and-backups.md, describes it).

    {"format": "scorekeeper-backup", "version": 1, "made_at": "2026-11-25T03:00:00+00:00",
     "database": "sqlite", "counts": {"users": 3, ...},
     "tables": {"users": [{"id": 1, "username": "asha", ...}, ...], "groups": [...], ...}}

Values are JSON: times in ISO 8601 with their offset, days as YYYY-MM-DD, a foreign key as the
referred row's id (or null), JSON columns as they are. A file whose name ends in `.gz` is
gzip-compressed; a restore tells by its first bytes.

A restore reads the file as a stream (backups/load.py), unpacking as it goes, and no more of
it than a cap (MAX_UNPACKED_MB, or `restore --max-mb`): a small gzip file that would unpack to
gigabytes (a gzip bomb) is refused once the cap is passed, having held no more than a chunk of
it at a time.
"""

from __future__ import annotations

import datetime
import gzip
import io
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
CHUNK = 64 * 1024


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


class Unpacked(io.RawIOBase):
    """A backup file's JSON bytes as a stream, unpacked as they are read if the file is
    gzip-compressed: TooBig once more than `max_mb` MB have come, EOFError for a cut gzip."""

    def __init__(self, stream: IO[bytes], max_mb: int = MAX_UNPACKED_MB) -> None:
        self.stream, self.max_mb, self.cap, self.given = stream, max_mb, max_mb * MB, 0
        first = stream.read(2)
        self.unpack = zlib.decompressobj(wbits=GZIP_WBITS) if first == GZIP_MAGIC else None
        self.waiting = self.unpack.decompress(first) if self.unpack else first

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self.waiting:
            if self.unpack is None:
                self.waiting = self.stream.read(CHUNK)
                if not self.waiting:
                    return 0
                continue
            # What zlib held back (past CHUNK) first, then more of the file.
            packed = self.unpack.unconsumed_tail or self.stream.read(CHUNK)
            if not packed:
                if not self.unpack.eof:
                    raise EOFError("the compressed file ended before its end")
                return 0
            try:
                self.waiting = self.unpack.decompress(packed, CHUNK)
            except zlib.error as e:
                raise EOFError(f"it is not a whole gzip file ({e})") from None
        size = min(len(buffer), len(self.waiting))
        buffer[:size] = self.waiting[:size]
        self.waiting = self.waiting[size:]
        self.given += size
        if self.given > self.cap:
            raise TooBig(
                f"the backup holds more than {self.max_mb} MB of JSON, the most a restore reads "
                "(a small file that unpacks to that much may be a gzip bomb)"
            )
        return size


def read_bytes(stream: IO[bytes], max_mb: int = MAX_UNPACKED_MB) -> bytes:
    """The file's JSON bytes, unpacked if it is gzip-compressed: at most `max_mb` MB of them
    (TooBig past that, before more is read or unpacked)."""
    return Unpacked(stream, max_mb).read()
