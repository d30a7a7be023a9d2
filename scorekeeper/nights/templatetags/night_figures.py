"""How a night's standings write their figures: tables won with a draw as a half ("2½")."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def halves(value: float) -> str:
    """A number of tables won, a draw counting half: 2, 2½, ½."""
    whole, half = divmod(round(float(value) * 2), 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"
