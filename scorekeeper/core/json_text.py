"""JSON text from a person (a pasted or uploaded game log, a season bundle, a hidden form field)
read without a server error: every failure is a ValueError.

json.loads raises RecursionError, not ValueError, on lists in lists thousands deep (a few KB
of "[" does it), and it accepts NaN and Infinity, which are not JSON and no score is. It also
reads "\\ud800" as a lone surrogate, half of a character pair, which no database, page or
terminal can write: such text is refused where it stands (BrokenText names the place).

And it reads a whole document in one call that holds Python's lock on the interpreter (the
GIL) throughout: 20 MB took 2.5 s on a busy server, during which the other threads of its
worker process (another person's save) stood still. So the outer levels of a document (its
objects and lists down to STEP_DEPTH: a file's games, a game's deals) are read a value at a
time, and only what lies below that in one call; between two calls the other threads run.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import SHARED, FactError
from .names import broken


class TooDeep(ValueError):
    """Lists or objects nested deeper than json.loads manages."""


class BrokenText(ValueError):
    """A string of the JSON holds a lone surrogate; `where` is its place ("games.1.log.game")."""

    def __init__(self, where: str) -> None:
        super().__init__(f"{where}: {SHARED.why('BROKEN_TEXT')}")
        self.where = where

    def refusal(self) -> FactError:
        """The refusal at its place, as the game log says its own (a FactError)."""
        return SHARED(self.where, "BROKEN_TEXT")


# Where a lone surrogate could come from: an escape of one. Text without any is read at once.
_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


STEP_DEPTH = 4  # a file > its games > a game > its log: a log's deals are read whole
_SPACE = re.compile(r"[ \t\n\r]*")


def _skip_space(text: str, at: int) -> int:
    """The place after the whitespace at `at` (the pattern also matches none)."""
    space = _SPACE.match(text, at)
    return at if space is None else space.end()


def loads(text: str | bytes) -> Any:
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
    try:
        doc = _in_steps(text)
    except RecursionError:
        raise TooDeep("it is nested too deeply") from None
    if _ESCAPE.search(text):
        where = broken_place(doc)
        if where is not None:
            raise BrokenText(where)
    return doc


def broken_place(doc: Any, where: str = "") -> str | None:
    """The place of the first string (or key) holding a lone surrogate, or None."""
    stack = [(doc, where)]
    while stack:
        value, at = stack.pop()
        if isinstance(value, str):
            if broken(value):
                return at or "file"
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                if broken(key):
                    return at or "file"
                stack.append((item, f"{at}.{key}" if at else key))
        elif isinstance(value, list):
            for i in reversed(range(len(value))):
                stack.append((value[i], f"{at}.{i}" if at else str(i)))
    return None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def _in_steps(text: str) -> Any:
    """json.loads(text), the outer levels a value at a time (see above)."""
    value, at = _value(text, 0, 0)
    at = _skip_space(text, at)
    if at != len(text):
        raise json.JSONDecodeError("Extra data", text, at)
    return value


def _value(text: str, at: int, depth: int) -> tuple[Any, int]:
    at = _skip_space(text, at)
    opening = text[at : at + 1]
    if depth >= STEP_DEPTH or opening not in ("[", "{"):
        return _DECODER.raw_decode(text, at)
    closing = "]" if opening == "[" else "}"
    items: list[Any] = []
    pairs: dict[str, Any] = {}
    at = _skip_space(text, at + 1)
    if text[at : at + 1] == closing:
        return (items if opening == "[" else pairs), at + 1
    while True:
        if opening == "{":
            if text[at : at + 1] != '"':
                raise json.JSONDecodeError(
                    "Expecting property name enclosed in double quotes", text, at
                )
            key, at = _DECODER.raw_decode(text, at)
            at = _skip_space(text, at)
            if text[at : at + 1] != ":":
                raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
            pairs[key], at = _value(text, at + 1, depth + 1)
        else:
            item, at = _value(text, at, depth + 1)
            items.append(item)
        at = _skip_space(text, at)
        found = text[at : at + 1]
        if found == closing:
            return (items if opening == "[" else pairs), at + 1
        if found != ",":
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
        at = _skip_space(text, at + 1)
