"""Cheap widgets for the deal forms: radio chips built from a bound field's choices in one pass,
instead of Django's per-option widget rendering (the record response renders some of them)."""

from __future__ import annotations

from dataclasses import dataclass

from django import template
from django.forms import BoundField

register = template.Library()


@dataclass(frozen=True)
class Chip:
    id: str
    name: str
    value: str
    label: str
    checked: bool


@register.filter
def chips(field: BoundField) -> list[Chip]:
    """One chip per choice of a radio field (the blank choice left out), the current one checked."""
    current = field.value()
    current = "" if current is None else str(current)
    out = []
    for i, (value, label) in enumerate(field.field.choices):
        if value == "":
            continue
        out.append(
            Chip(
                f"{field.auto_id}_{i}",
                field.html_name,
                str(value),
                str(label),
                str(value) == current,
            )
        )
    return out
