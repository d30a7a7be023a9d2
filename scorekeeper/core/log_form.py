"""A game's facts written back in game-log form: the fields that were recorded, as JSON data."""

from __future__ import annotations

from typing import Any


def log_form(facts: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    """The fields of `facts` that were recorded (not None), in the order of `keys`, tuples as
    lists."""
    values = ((key, getattr(facts, key)) for key in keys)
    return {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in values
        if value is not None
    }
