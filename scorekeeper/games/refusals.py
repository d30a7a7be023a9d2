"""A rules core's refusals in the reader's language, for every game alike.

A refusal is data (scorekeeper/core/errors.py): its code, its values and the English template it
was written from. It is said as an explanation line is, by the one function that says those
(`say`, scorekeeper/games/templatetags/say.py): the template translated, the values put in,
words among them (a list of names) said the same way. The shell's own words (a plain str,
already said in the reader's language) are shown as they are.
"""

from __future__ import annotations

from django.utils.translation import gettext

from scorekeeper.core.errors import FactError

from .templatetags.say import say


def each(error: FactError) -> list[FactError]:
    """The refusals one error holds: itself, or each of several (InvalidFacts)."""
    return list(getattr(error, "errors", (error,)))


def said(error: FactError) -> str:
    """One refusal in the reader's language."""
    return str(say(error.message))


def in_full(error: FactError) -> str:
    """Every refusal of an error with its field, and the deal of a log it came from, in the
    reader's language: in English exactly `str(error)` ("deal 3, tricks: …")."""
    refused = " ".join(f"{e.field}: {said(e)}" for e in each(error))
    if error.deal is None:
        return refused
    # Translators: a game log refused at one of its deals, "deal 3, tricks: The tricks add up…".
    return gettext("deal %(number)s, %(refused)s") % {"number": error.deal, "refused": refused}
