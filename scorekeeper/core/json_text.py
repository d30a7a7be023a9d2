"""JSON text from a person (a pasted or uploaded game log, a season bundle, a hidden form field)
read without a server error: every failure is a ValueError.

json.loads raises RecursionError, not ValueError, on lists in lists thousands deep (a few KB
of "[" does it), and it accepts NaN and Infinity, which are not JSON and no score is. It also
reads "\ud800" as a lone surrogate, half of a character pair, which no database, page or
terminal can write: such text is refused where it stands (BrokenText names the place).
"""

from __future__ import annotations

import json
import re
from typing import Any

from .names import BROKEN


class TooDeep(ValueError):
    """Lists or objects nested deeper than json.loads manages."""


class BrokenText(ValueError):
    """A string of the JSON holds a lone surrogate; `where` is its place ("games.1.log.game")."""

    def __init__(self, where: str) -> None:
        super().__init__(f"{where}: {BROKEN}")
        self.where = where


# Where a lone surrogate could come from: an escape of one. Text without any is read at once.
_ESCAPE = r"\\u[dD][89a-fA-F]"
_ESCAPE_IN_TEXT, _ESCAPE_IN_BYTES = re.compile(_ESCAPE), re.compile(_ESCAPE.encode())


def loads(text: str | bytes) -> Any:
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise TooDeep("it is nested too deeply") from None
    escape = _ESCAPE_IN_TEXT if isinstance(text, str) else _ESCAPE_IN_BYTES
    if escape.search(text):
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
            if _broken(value):
                return at or "file"
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                if _broken(key):
                    return at or "file"
                stack.append((item, f"{at}.{key}" if at else key))
        elif isinstance(value, list):
            for i in reversed(range(len(value))):
                stack.append((value[i], f"{at}.{i}" if at else str(i)))
    return None


def _broken(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")
