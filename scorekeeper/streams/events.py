"""The stream's wire format (server-sent events): what a page's script reads (static/js/stream.js).

- `swap`: data's first line is the followed poll's number on the page, the rest the poll's
  changed answer, which the page swaps in as htmx would;
- `changed`: "<number> <stamp>": ask that poll now (its answer is the page's own);
- `gone`: "<number>": that poll can no longer be followed (its poll says why);
- a comment (": ") every HEARTBEAT seconds keeps proxies and the page sure the line is alive.
Each event's `id` holds the stamps the page has, one per poll, "|" between them: a reconnect
sends it back (Last-Event-ID) and gets what changed since.
"""

from __future__ import annotations

HEARTBEAT = b": \n\n"


def body_lines(body: bytes) -> bytes:
    """An answer as `data:` lines (SSE ends a line at CR, LF or CRLF)."""
    text = body.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return b"".join(b"data: " + line + b"\n" for line in text.split(b"\n"))


def swap(ids: str, number: int, lines: bytes) -> bytes:
    return f"id: {ids}\nevent: swap\ndata: {number}\n".encode() + lines + b"\n"


def changed(ids: str, number: int, stamp: str) -> bytes:
    return f"id: {ids}\nevent: changed\ndata: {number} {stamp}\n\n".encode()


def gone(number: int) -> bytes:
    return f"event: gone\ndata: {number}\n\n".encode()


def retry(milliseconds: int) -> bytes:
    return f"retry: {milliseconds}\n\n".encode()


def last_ids(header: str, count: int) -> list[str]:
    """The stamps a reconnecting page had (Last-Event-ID), one per poll ("" if unknown)."""
    parts = header.split("|") if header else []
    return [(parts[i] if i < len(parts) else "")[:100] for i in range(count)]
