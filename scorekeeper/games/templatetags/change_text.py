"""`{% change_text change %}`: who changed the game last, and when ("Deal 3 recorded by asha ·
12:40"), in one pass: every record answer sends it with the live status, and the history lists
one per edit or undo. The HTML is what the partial of templates/games/live.html wrote before
(tests/web/test_record_answer_cost.py compares them); the words are translated once per language.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import dateformat
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import get_language, gettext

register = template.Library()

_WORDS: dict[str | None, dict[str, str]] = {}


def _words() -> dict[str, str]:
    language = get_language()
    words = _WORDS.get(language)
    if words is None:
        words = _WORDS[language] = {
            "recorded": gettext("Deal %(number)s recorded by %(who)s"),
            "edited": gettext("Deal %(number)s edited by %(who)s"),
            "undone": gettext("Deal %(number)s undone by %(who)s"),
            "begun": gettext("Deal %(number)s begun by %(who)s"),
        }
    return words


def _date(value: Any, format_string: str) -> str:
    """The `date` filter's output (the current time zone's time, as the template showed it)."""
    if not value:
        return ""
    return conditional_escape(dateformat.format(template_localtime(value), format_string))


@register.simple_tag
def change_text(change: Any) -> SafeString:
    words = _words()
    said = words.get(change.action, words["begun"]) % {
        "number": conditional_escape(change.number),
        "who": conditional_escape(change.by),
    }
    at = change.at
    return mark_safe(f'{said} · <time datetime="{_date(at, "c")}">{_date(at, "H:i")}</time>')
