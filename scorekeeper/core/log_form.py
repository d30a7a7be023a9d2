"""A game's facts written back in game-log form: the fields that were recorded, as JSON data."""

from __future__ import annotations

from typing import Any


def log_form(facts: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    """The fields of `facts` that were recorded, in the order of `keys`, as JSON data: a field
    left at None, False or empty was not recorded; tuples become lists, and a part with a
    `to_dict` (a penalty, a special call) its own log form."""
    values = ((key, getattr(facts, key)) for key in keys)
    return {key: _data(value) for key, value in values if _recorded(value)}


def _recorded(value: Any) -> bool:
    return not (value is None or value is False or value == ())


def _data(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_data(item) for item in value]
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if to_dict is not None else value
