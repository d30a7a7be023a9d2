"""`{% deal_row row %}`: one deal of the game log (templates/games/game.html#log-row) in one pass.

Every record answer sends the new row and a game page prints one per deal; as template nodes a
row cost some forty lookups and five translation tags. The HTML is what the partial wrote before,
byte for byte (tests/web/test_record_answer_cost.py compares them); the words are translated
once per language, not per row.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from .per_language import per_language
from .say import explanation_lines, say

register = template.Library()


@per_language
def _words() -> dict[str, str]:
    """The words this module writes, in the active language."""
    return {
        "deal": gettext("Deal %(number)s"),
        "started": gettext("%(name)s started"),
        "dealt": gettext("%(name)s dealt"),
        "what_if": gettext("What if…"),
        "edit": gettext("Edit deal %(number)s"),
        "edited": gettext("(edited)"),
    }


@register.simple_tag(takes_context=True)
def deal_row(context: Any, row: Any) -> SafeString:
    words = _words()
    number = conditional_escape(row.number)
    read_only = context.get("read_only")
    dealer = ""
    if row.dealer:
        said = words["started"] if context.get("dealer_word") == "starts" else words["dealt"]
        dealer = f'<span class="muted">{said % {"name": conditional_escape(row.dealer)}}</span>'
    actions = ""
    if not context.get("via_link"):
        url = f"{conditional_escape(context.get('game_url', ''))}deals/{number}/"
        edit = ""
        if not read_only:
            edited = f" {words['edited']}" if row.edited else ""
            edit = f' · <a href="{url}edit/">{words["edit"] % {"number": number}}{edited}</a>'
        what_if = f'<a href="{url}what-if/">{words["what_if"]}</a>'
        actions = f'<p class="deal-actions small">{what_if}{edit}</p>'
    if read_only and row.edited:
        actions += f' <span class="small muted">{words["edited"]}</span>'
    return mark_safe(
        f'<li id="deal-{number}" class="deal">\n'
        '  <div class="deal-head">\n'
        f"    <strong>{words['deal'] % {'number': number}}</strong>\n"
        f"    {dealer}\n"
        f'    <span class="deal-balls">{conditional_escape(say(row.headline))}</span>\n'
        f'    <span class="muted">→ {conditional_escape(say(row.score_after))}</span>\n'
        "  </div>\n"
        f"  {explanation_lines(context, row.lines)}\n"
        f"  {actions}\n"
        "</li>"
    )
