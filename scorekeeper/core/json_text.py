"""JSON text from a person (a pasted or uploaded game log, a season bundle, a hidden form field)
read without a server error: every failure is a ValueError.

json.loads raises RecursionError, not ValueError, on lists in lists thousands deep (a few KB
of "[" does it), and it accepts NaN and Infinity, which are not JSON and no score is.
"""

from __future__ import annotations

import json
from typing import Any


class TooDeep(ValueError):
    """Lists or objects nested deeper than json.loads manages."""


def loads(text: str | bytes) -> Any:
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise TooDeep("it is nested too deeply") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")
