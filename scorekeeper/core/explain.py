"""Explanation lines: data first (a code, the numbers, the rule it applied), words second.

The words are English, written from templates the shell can translate: a line (or a short
sentence, `Said`) keeps the exact English template it was written from in `data["template"]`,
with the values in `data`, and its text is `data["template"].format(**data)`. The shell says it
in the reader's language with `gettext(data["template"]).format(**data)`, saying any value that
is itself a `Said` (a list of names, a clause) the same way. Templates are marked with
`gettext_noop` so that makemessages finds them; names and numbers go in only as values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Self


@dataclass(frozen=True)
class Line:
    """One line of a deal's explanation.

    `code` says what kind of step it is, `rule` is the anchor of the rules section it applied,
    `points` is the step's one number where it has one, `data` holds its numbers (and names)
    by the names its sentence uses, and `text` is the sentence shown to players.
    """

    code: str
    text: str
    rule: str
    points: int | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def gettext_noop(s: str) -> str:
    """Marks a template for translation without translating it (makemessages looks for it)."""
    return s


class Said(str):
    """A short sentence (a headline, a label, a clause or a list inside a line) that is its
    English text and, like a Line, keeps its template in `data["template"]` with the values, so
    the shell can say it in the reader's language: `gettext(data["template"]).format(**data)`."""

    data: dict[str, Any]

    def __new__(cls, template: str, /, **values: Any) -> Self:
        data = {"template": template, **values}
        said = super().__new__(cls, template.format(**data))
        said.data = data
        return said

    @classmethod
    def of(cls, line: Line) -> Said:
        """A line's sentence on its own (a warning shown before saving)."""
        values = {k: v for k, v in line.data.items() if k != "template"}
        return cls(line.data["template"], **values)


def line(code: str, template: str, rule: str, points: int | None = None, /, **data: Any) -> Line:
    """One explanation line: the English text is the template formatted with `data`, and
    `data["template"]` keeps the template for the shell to translate."""
    data = {"template": template, **data}
    return Line(code, template.format(**data), rule, points=points, data=data)


def by_count(n: int, many: str, *, zero: str = "", one: str = "", two: str = "") -> str:
    """The template that says a count `n`: English says one in words of its own ("1 chip", not
    "1 chips"), and a sentence may say none or two its own way too ("twice"); `many` says the
    rest. Each is a whole template, so that a translation can say each case its own way."""
    own = {0: zero, 1: one, 2: two}.get(n, "")
    return own or many


# Translators: two items of a list, "Ann, Bo" (a longer list is built from these two at a time).
LIST = gettext_noop("{a}, {b}")
# Translators: the last two items of a list, "Ann and Bo", "Ann, Bo and Cy".
LIST_AND = gettext_noop("{a} and {b}")
# Translators: two items of a list of clauses, "Ann buys 2 chips; Bo buys 1 chip".
LIST_SEMICOLON = gettext_noop("{a}; {b}")


def listed(items: Sequence[str], last: str = LIST, sep: str = LIST) -> str:
    """The items as a sentence lists them, "Ann, Bo and Cy" (`last=LIST_AND`): one item as it
    is, more as a `Said` built from two-item templates, so each joint can be translated."""
    if not items:
        return ""
    said = items[0]
    for i, item in enumerate(items[1:], start=2):
        said = Said(last if i == len(items) else sep, a=said, b=item)
    return said


def said_data(value: Any) -> Any:
    """A `Said` (with the `Said`s inside it) as plain JSON data, to keep and say again later in
    whatever language the reader has then; anything else as its text (numbers as they are)."""
    data = getattr(value, "data", None)
    if isinstance(value, str) and isinstance(data, dict) and isinstance(data.get("template"), str):
        return {key: said_data(v) for key, v in data.items()}
    if value is None or isinstance(value, int | float):
        return value
    return str(value)


def said_from_data(data: Any) -> Any:
    """The `Said` that `said_data` kept (its text the same English as before)."""
    if isinstance(data, dict) and isinstance(data.get("template"), str):
        values = {key: said_from_data(v) for key, v in data.items() if key != "template"}
        return Said(data["template"], **values)
    return data
