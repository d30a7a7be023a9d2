"""Every CSV the app writes goes through here: a cell a spreadsheet would take for a formula
(a player named `=HYPERLINK(...)`, `+1+2`, `@SUM(1,1)`) is written with a leading quote, which
spreadsheets show as text (OWASP's advice on CSV injection). Numbers stay numbers.
"""

from __future__ import annotations

import csv
import re
from typing import Any

# What starts a formula: = + - @ (and their full-width forms, which some spreadsheets read
# alike), and a tab or a carriage return before one.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")
NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def is_number(text: str) -> bool:
    """A plain number such as -3 or +1.20: a spreadsheet reads it as the number it is."""
    return NUMBER.fullmatch(text) is not None


def cell(value: Any) -> Any:
    """A value as a safe cell: text that would start a formula gets a leading quote."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not is_number(value):
        return "'" + value
    return value


class _Writer:
    def __init__(self, out: Any) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: list[Any]) -> Any:
        return self._writer.writerow([cell(value) for value in row])


def writer(out: Any) -> _Writer:
    """csv.writer(out) whose every cell is guarded."""
    return _Writer(out)
