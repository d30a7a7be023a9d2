"""Cheap widgets for the deal forms: each input built in one pass in Python instead of Django's
per-option widget templates, or a dozen template variables per box (the record answer sends the
next deal's form, so these run on every deal recorded). The HTML is what the partials of
templates/games/widgets.html and seat_numbers.html wrote before, attribute for attribute."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django import template
from django.forms import BoundField
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

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


def _attrs(pairs: Iterable[tuple[str, Any]]) -> str:
    """` name="value"` for each pair; a value of True is the bare attribute (` checked`)."""
    return "".join(
        f" {name}" if value is True else f' {name}="{conditional_escape(value)}"'
        for name, value in pairs
    )


def _invalid(field: BoundField) -> list[tuple[str, Any]]:
    """The attributes that tie a box to its error message (read by screen readers)."""
    if not field.errors:
        return []
    return [("aria-invalid", "true"), ("aria-describedby", f"{field.auto_id}_error")]


@register.simple_tag
def radio_input(radio: Any) -> SafeString:
    """One radio of a field's choices (a BoundWidget: `{% for radio in form.kind %}`)."""
    data = radio.data
    pairs = [
        ("type", "radio"),
        ("name", data["name"]),
        ("value", data["value"]),
        ("id", radio.id_for_label),
    ]
    if data["attrs"].get("required"):
        pairs.append(("required", True))
    if data["selected"]:
        pairs.append(("checked", True))
    return mark_safe(f"<input{_attrs(pairs)}>")


@register.simple_tag
def select_input(field: BoundField) -> SafeString:
    options = "".join(
        f"<option{_attrs([('value', o.data['value'])])}"
        f"{' selected' if o.data['selected'] else ''}>{conditional_escape(o.choice_label)}</option>"
        for o in field
    )
    pairs = [("name", field.html_name), ("id", field.auto_id), *_invalid(field)]
    return mark_safe(f"<select{_attrs(pairs)}>{options}</select>")


@register.simple_tag
def number_input(field: BoundField) -> SafeString:
    """A number box with the attributes its form field gives it (min, max, inputmode…)."""
    pairs = [
        ("type", "number"),
        ("name", field.html_name),
        *field.field.widget.attrs.items(),
        ("id", field.auto_id),
    ]
    value = field.value()
    if value is not None:
        pairs.append(("value", value))
    return mark_safe(f"<input{_attrs([*pairs, *_invalid(field)])}>")


@register.simple_tag
def seat_number_input(field: BoundField, numbers: Any) -> SafeString:
    """One seat's box in a list of per-seat numbers (bids, tricks), for the number pad."""
    pairs = [
        ("type", "number"),
        ("name", field.html_name),
        ("id", field.auto_id),
        ("inputmode", "numeric"),
        ("min", numbers.low),
        ("max", numbers.high),
        ("data-pad", numbers.prefix),
    ]
    if numbers.blank_label:
        pairs.append(("data-pad-blank", numbers.blank_label))
    value = field.value()
    if value is not None:
        pairs.append(("value", value))
    return mark_safe(f"<input{_attrs([*pairs, *_invalid(field)])}>")


@register.simple_tag
def seat_chips(field: BoundField, seats: int) -> SafeString:
    """A seat field's choices as one-tap chips, coloured by team (every other seat)."""
    labels = "".join(
        f'<label class="chip team-{"ab"[i % 2]}"><input type="radio"'
        f"{_attrs([('name', c.name), ('value', c.value), ('id', c.id)])}"
        f"{' checked' if c.checked else ''}><span>{conditional_escape(c.label)}</span></label>"
        for i, c in enumerate(chips(field))
    )
    return mark_safe(f'<div class="chips seats-{seats}">{labels}</div>')


@register.simple_tag
def seat_radio_chips(field: BoundField, barred: Any = ()) -> SafeString:
    """A seat field's choices as plain chips, those of `barred` seats dimmed: what
    `{% for radio in field %}<label class="chip…">{% radio_input radio %}…` wrote, without
    Django's per-option widget contexts (Zhao Pengyou's trump maker, sent with every deal)."""
    barred = {str(seat) for seat in barred}
    required = " required" if field.field.required and field.form.use_required_attribute else ""
    return mark_safe(
        "".join(
            f'<label class="chip{" barred" if c.value in barred else ""}"><input type="radio"'
            f"{_attrs([('name', c.name), ('value', c.value), ('id', c.id)])}{required}"
            f"{' checked' if c.checked else ''}><span>{conditional_escape(c.label)}</span></label>"
            for c in chips(field)
        )
    )
