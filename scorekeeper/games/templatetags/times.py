"""`{{ at|iso_time }}` and `{{ at|hour_minute }}`: what `|date:'c'` and `|date:"H:i"` write, in
the current time zone, without dateformat's own formatting (which costs more than the rest of
the who-and-when line that every record answer sends)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template
from django.utils import dateformat
from django.utils.timezone import template_localtime

register = template.Library()


@register.filter
def iso_time(value: Any) -> str:
    if not value:
        return ""
    at = template_localtime(value)
    return at.isoformat() if isinstance(at, datetime) else dateformat.format(at, "c")


@register.filter
def hour_minute(value: Any) -> str:
    if not value:
        return ""
    at = template_localtime(value)
    if isinstance(at, datetime):
        return f"{at.hour:02d}:{at.minute:02d}"
    return dateformat.format(at, "H:i")
