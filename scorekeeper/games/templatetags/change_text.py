"""`{% change_text change %}`: who changed the game last, and when ("Deal 3 recorded by asha ·
12:40"), in one pass: every record answer sends it with the live status, and the history lists
one per edit or undo. The HTML is what the partial of templates/games/live.html wrote before
(tests/web/test_record_answer_cost.py compares them); the words are translated once per language.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template
from django.utils import dateformat
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import gettext

from .per_language import per_language

register = template.Library()


@per_language
def _words() -> dict[str, str]:
    """The words this module writes, in the active language."""
    return {
        "recorded": gettext("Deal %(number)s recorded by %(who)s"),
        "edited": gettext("Deal %(number)s edited by %(who)s"),
        "undone": gettext("Deal %(number)s undone by %(who)s"),
        "begun": gettext("Deal %(number)s begun by %(who)s"),
    }


def _when(value: Any) -> tuple[str, str]:
    """What `|date:'c'` and `|date:"H:i"` wrote: ISO 8601 and the hour and minute, in the
    current time zone (dateformat's own formatting costs more than the rest of the line)."""
    if not value:
        return "", ""
    at = template_localtime(value)
    if not isinstance(at, datetime):  # not a time of day: as the filter says it
        return dateformat.format(at, "c"), dateformat.format(at, "H:i")
    return at.isoformat(), f"{at.hour:02d}:{at.minute:02d}"


@register.simple_tag
def change_text(change: Any) -> SafeString:
    words = _words()
    said = words.get(change.action, words["begun"]) % {
        "number": conditional_escape(change.number),
        "who": conditional_escape(change.by),
    }
    iso, hour = _when(change.at)
    return mark_safe(f'{said} · <time datetime="{iso}">{hour}</time>')
