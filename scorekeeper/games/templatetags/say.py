"""`{{ line|said }}`: an explanation line (or a short sentence) in the reader's language.

Generic for every game. A game's core may keep, with what it says, the English template it was
written from: `data["template"]` with the values in `data` (a Line's data, or the `data` of a
str that carries one). Then the template is translated with gettext and formatted with the same
data, names, numbers and level names going in as they are; a value that carries a template of
its own (a list of names, a clause) is said the same way first. Anything else is shown as it was
written (a Line's `text`, or the value itself).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()


# What carries no template of its own: said as it is, without two failing attribute lookups
# (an exception each) for `data` and `text`. A lazy translation is a Promise.
_PLAIN = frozenset({str, int, float, bool, type(None)})


def say(value: Any) -> Any:
    if type(value) in _PLAIN or isinstance(value, Promise):
        return value
    data = getattr(value, "data", None)
    if isinstance(data, Mapping) and isinstance(data.get("template"), str):
        try:
            return gettext(data["template"]).format(**{k: say(v) for k, v in data.items()})
        except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder
            pass
    return getattr(value, "text", value)


register.filter("said", say)


@register.simple_tag(takes_context=True)
def explanation_lines(context: Any, lines: Any) -> SafeString:
    """`<ul class="lines">`: each line said, with its link to the rule it applied. One pass in
    Python: the log row, the preview and the bids so far each print five lines or so, and as
    template nodes each line cost a dozen lookups (the record answer sends a new log row)."""
    rules_url = context.get("rules_url") or reverse("rules", args=[context["entry"].key])
    title, label, word = gettext("The rule this applied"), gettext("Rule"), gettext("rule")
    items = "".join(
        f'<li class="line-{escape(line.code)}">{conditional_escape(say(line))} <a class="rule" '
        f'href="{escape(rules_url)}#{escape(line.rule)}" title="{escape(title)}" '
        f'aria-label="{escape(label)}: {escape(line.rule)}">{escape(word)}</a></li>'
        for line in lines
    )
    return mark_safe(f'<ul class="lines">{items}</ul>')
