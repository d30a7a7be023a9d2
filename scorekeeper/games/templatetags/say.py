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
from django.utils.translation import gettext

register = template.Library()


def say(value: Any) -> Any:
    data = getattr(value, "data", None)
    if isinstance(data, Mapping) and isinstance(data.get("template"), str):
        try:
            return gettext(data["template"]).format(**{k: say(v) for k, v in data.items()})
        except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder
            pass
    return getattr(value, "text", value)


register.filter("said", say)
