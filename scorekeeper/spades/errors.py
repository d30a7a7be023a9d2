"""The Spades core's refusals that a phone can meet, said in the reader's language.

The core writes its FactError messages in English. Each one the deal form can meet is matched
here and said again from a template marked for translation, with the names and numbers the
message carries; anything else is shown as the shell's `friendly()` says it. In English the
result is exactly `friendly()` of the core's message (the tests check it).
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

from scorekeeper.games.refusals import GAME_OVER, Refusals

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
    GAME_OVER,
    (
        r"it is (?P<name>.+)'s deal \(seat (?P<seat>\d+)\), not (?P<other>.+)'s",
        gettext_noop("It is {name}'s deal (seat {seat}), not {other}'s."),
    ),
)

REFUSALS = Refusals(_ERRORS)
ERRORS = REFUSALS.patterns
template_for = REFUSALS.template_for
say_error = REFUSALS.say
