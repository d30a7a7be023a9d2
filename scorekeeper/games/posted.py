"""The bookkeeping values a deal page posts back outside its form's fields (the stage it was
rendered for, a deal number), read without trusting them: a tampered, truncated or repeated
value reads as absent (None) instead of raising, and each view says what that means for it."""

from __future__ import annotations

from typing import Any

from .deal_forms import STAGES

MOST_DIGITS = 9  # no game reaches a billion deals; more digits are not a deal number


def stage(data: Any, known: tuple[str, ...] = STAGES) -> str | None:
    """The stage the posted form was rendered for, or None if it names none of `known` (the
    stages that game's record form has)."""
    value = data.get("stage")
    return value if value in known else None


def number(value: Any) -> int | None:
    """A deal number (1 and up) written in plain digits, or None. ("²".isdigit() is true, and
    int() refuses it; int() also refuses more than 4,300 digits.)"""
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        return None
    if len(value) > MOST_DIGITS or int(value) < 1:
        return None
    return int(value)
