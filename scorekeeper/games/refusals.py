"""A game core's refusals said again in the reader's language.

The rules cores write their FactError messages in English. A game lists those a phone can meet
as (pattern, template) pairs: the pattern matches the core's message and names its values, the
template (marked for translation) says it again with them. In English the result is the shell's
`friendly()` form of the message; a message not listed is shown that way too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from django.utils.translation import gettext, gettext_noop

from scorekeeper.core.errors import FactError

from .deal_forms import friendly

# Every game's core refuses a deal after the end in the same words.
GAME_OVER = (
    r"the game is over: no deal can be recorded after it",
    gettext_noop("The game is over: no deal can be recorded after it."),
)


class Refusals:
    def __init__(
        self,
        pairs: Iterable[tuple[str, str]],
        values: Callable[[dict[str, str]], dict[str, str]] | None = None,
    ) -> None:
        """`values` may say a matched value again before it goes in (a list of names)."""
        self.patterns: tuple[tuple[re.Pattern[str], str], ...] = tuple(
            (re.compile(pattern), template) for pattern, template in pairs
        )
        self.values = values

    def template_for(self, message: str) -> tuple[str, dict[str, str]] | None:
        """The template that says this core message, with its values; None for one not known."""
        for pattern, template in self.patterns:
            match = pattern.fullmatch(message)
            if match:
                return template, match.groupdict()
        return None

    def say(self, error: FactError) -> str:
        """One refusal, in the reader's language."""
        found = self.template_for(error.message)
        if found is None:
            return friendly(error.message)
        template, values = found
        if self.values is not None:
            values = self.values(values)
        text = gettext(template).format(**values)
        return text[:1].upper() + text[1:]  # as friendly() does: "asha bid…" → "Asha bid…"
