"""The Spades core's refusals that a phone can meet, said in the reader's language.

The core writes its FactError messages in English. Each one the deal form can meet is matched
here and said again from a template marked for translation, with the names and numbers the
message carries; anything else is shown as the shell's `friendly()` says it. In English the
result is exactly `friendly()` of the core's message (the tests check it).
"""

from __future__ import annotations

import re

from django.utils.translation import gettext, gettext_noop

from scorekeeper.core.errors import FactError
from scorekeeper.games.deal_forms import friendly

_ERRORS: tuple[tuple[str, str], ...] = (
    (
        r"(?P<name>.+) bid (?P<bid>\d+): a blind nil is a bid of 0",
        gettext_noop("{name} bid {bid}: a blind nil is a bid of 0."),
    ),
    (
        r"blind nil is not played in this game \(it is off in the house rules\)",
        gettext_noop("Blind nil is not played in this game (it is off in the house rules)."),
    ),
    (
        r"the tricks add up to (?P<total>\d+); a hand has (?P<tricks>\d+)",
        gettext_noop("The tricks add up to {total}; a hand has {tricks}."),
    ),
    (
        r"the game is over: no deal can be recorded after it",
        gettext_noop("The game is over: no deal can be recorded after it."),
    ),
    (
        r"it is (?P<name>.+)'s deal \(seat (?P<seat>\d+)\), not (?P<other>.+)'s",
        gettext_noop("It is {name}'s deal (seat {seat}), not {other}'s."),
    ),
)
ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), template) for pattern, template in _ERRORS
)


def say_error(error: FactError) -> str:
    """One refusal, in the reader's language (as `friendly()` says it if it is not known)."""
    for pattern, template in ERRORS:
        match = pattern.fullmatch(error.message)
        if match:
            return gettext(template).format(**match.groupdict())
    return friendly(error.message)
