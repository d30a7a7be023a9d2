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
from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.functional import Promise
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


@register.filter
def said_lines(lines: Any) -> list[dict[str, Any]]:
    """Explanation lines as a template draws them: each one's `code`, `rule` and `text` said in
    the reader's language (one pass, rather than a filter and a failed index per line)."""
    said = said_now()
    return [{"code": line.code, "rule": line.rule, "text": say(line, said)} for line in lines]
