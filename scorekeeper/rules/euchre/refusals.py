"""What Euchre refuses, in one place: each refusal is a code, the field it is said at, and the
values its English template (`REFUSALS.<code>` in words.toml) is filled with. The refusals the
shared core's reader says (a seat out of range, a field missing) are its own."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.errors import FactError
from scorekeeper.core.sentences import sentences

W = sentences(__package__)  # this game's sentences (words.toml)


def refusal(field: str, code: str, **values: Any) -> FactError:
    """The FactError for refusal `code` at `field`, its template filled with `values`."""
    return FactError(field, W.REFUSALS[code].format(**values))
