"""A choice field's choices as chips a template draws (games/widgets.html#seat-chips, a game's
own chips): plain dicts, which a template reads at once. Iterating a BoundField builds each
option's widget context instead, and a seat's chips go with every recorded deal."""

from __future__ import annotations

from typing import Any

from django.forms import BoundField


def chips(field: BoundField) -> list[dict[str, Any]]:
    """One chip per choice (the blank choice left out): its box's id, name and value, its label,
    whether it is the current value, and whether the form asks for one (`required`)."""
    current = field.value()
    current = "" if current is None else str(current)
    required = field.field.required and field.form.use_required_attribute
    return [
        {
            "id": f"{field.auto_id}_{i}",
            "name": field.html_name,
            "value": str(value),
            "label": str(label),
            "checked": str(value) == current,
            "required": required,
        }
        for i, (value, label) in enumerate(field.field.choices)
        if value != ""
    ]
