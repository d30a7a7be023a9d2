"""What a board repeats, written once: a ball card's pips, a bag meter's marks. As template
loops each mark was a node or three; the board is sent with every recorded deal."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def pips(sign: str, count: int) -> SafeString:
    """`<i>♣</i>` `count` times."""
    return mark_safe(f"<i>{conditional_escape(sign)}</i>" * int(count))


@register.filter
def marks(full: Iterable[bool]) -> SafeString:
    """One `<i>` per mark, `class="full"` on those filled."""
    return mark_safe("".join('<i class="full"></i>' if f else "<i></i>" for f in full))
