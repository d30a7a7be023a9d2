"""`{{ line|said }}`: an explanation line (or a short sentence) in the reader's language.

Generic for every game. A game's core may keep, with what it says, the English template it was
written from: `data["template"]` with the values in `data` (a Line's data, or the `data` of a
str that carries one). Then the template is translated with gettext and formatted with the same
data, names, numbers and level names going in as they are; a value that carries a template of
its own (a list of names, a clause) is said the same way first. Anything else is shown as it was
written (a Line's `text`, or the value itself).
"""

from __future__ import annotations

import functools
import html
from collections.abc import Mapping
from typing import Any

from django import template
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

register = template.Library()


# What carries no template of its own: said as it is, without two failing attribute lookups
# (an exception each) for `data` and `text`. A lazy translation is a Promise.
_PLAIN = frozenset({str, int, float, bool, type(None)})


class _Said(dict):
    """Each English template said in one language, asked of gettext once per process (the
    catalogues do not change while it runs): a log row says some fifteen."""

    def __missing__(self, template: str) -> str:
        said = self[template] = gettext(template)
        return said


@functools.cache
def _said_in(language: str | None) -> _Said:
    return _Said()


def said_now() -> _Said:
    """The templates said in the active language; look them up while it is active."""
    return _said_in(get_language())


def say(value: Any, said: _Said | None = None) -> Any:
    if type(value) in _PLAIN or isinstance(value, Promise):
        return value
    data = getattr(value, "data", None)
    if isinstance(data, Mapping) and isinstance(data.get("template"), str):
        said = said_now() if said is None else said
        try:
            return said[data["template"]].format(**{k: say(v, said) for k, v in data.items()})
        except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder
            pass
    return getattr(value, "text", value)


register.filter("said", say)


@functools.cache
def _rule_words(language: str | None) -> tuple[str, str, str]:
    """The rule link's title, label and word in `language` (the active one), escaped."""
    return (
        html.escape(gettext("The rule this applied")),
        html.escape(gettext("Rule")),
        html.escape(gettext("rule")),
    )


@register.simple_tag(takes_context=True)
def explanation_lines(context: Any, lines: Any) -> SafeString:
    """`<ul class="lines">`: each line said, with its link to the rule it applied. One pass in
    Python: the log row, the preview and the bids so far each print five lines or so, and as
    template nodes each line cost a dozen lookups (the record answer sends a new log row)."""
    language = get_language()
    said = _said_in(language)
    title, label, word = _rule_words(language)
    rules_url = context.get("rules_url") or reverse("rules", args=[context["entry"].key])
    url = html.escape(str(rules_url))  # once per call, not per line
    items = []
    for line in lines:
        rule = html.escape(str(line.rule))
        items.append(
            f'<li class="line-{html.escape(str(line.code))}">{conditional_escape(say(line, said))}'
            f' <a class="rule" href="{url}#{rule}" title="{title}" aria-label="{label}: {rule}">'
            f"{word}</a></li>"
        )
    items = "".join(items)
    return mark_safe(f'<ul class="lines">{items}</ul>')
