"""The Nigerian Thuni core's refusals that a phone can meet, said in the reader's language.

The core writes its FactError messages in English. Each one the deal form can meet is matched
here and said again from a template marked for translation, with the names and numbers the
message carries (a list of names, "Bongani and Dev", is said as the reader's language lists
them); anything else is shown as the shell's `friendly()` says it. In English the result is
`friendly()` of the core's message (the tests check it), but for the tricks that do not add up,
which say what adds up.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

from scorekeeper.games.refusals import GAME_OVER, Refusals

from .board import and_list

_ERRORS: tuple[tuple[str, str], ...] = (
    (
        r"nobody bid: when the first three players pass, the dealer must bid 1, so record 1 for "
        r"the dealer",
        gettext_noop(
            "Nobody bid: when the first three players pass, the dealer must bid 1, so record 1 "
            "for the dealer."
        ),
    ),
    (
        r"(?P<first>.+) and (?P<second>.+) both bid (?P<bid>\d+): every bid must be higher than "
        r"the one before, so no two bids are the same",
        gettext_noop(
            "{first} and {second} both bid {bid}: every bid must be higher than the one before, "
            "so no two bids are the same."
        ),
    ),
    (
        r"only the dealer, (?P<name>.+), bid, which happens only when the first three pass: the "
        r"dealer then bids 1, not (?P<bid>\d+)",
        gettext_noop(
            "Only the dealer, {name}, bid, which happens only when the first three pass: the "
            "dealer then bids 1, not {bid}."
        ),
    ),
    (
        r"add up to (?P<total>\d+), but every deal has (?P<tricks>\d+) tricks \(eight cards "
        r"each\): check each player's tricks",
        gettext_noop(
            "The tricks add up to {total}, but every deal has {tricks} tricks (eight cards "
            "each): check each player's tricks."
        ),
    ),
    (
        r"is missing: (?P<names>.+) drew cards for this deal; who won the draw and deals\?",
        gettext_noop("{names} drew cards for this deal; who won the draw and deals?"),
    ),
    (
        r"(?P<name>.+) was not in the draw for this deal: only (?P<names>.+) were",
        gettext_noop("{name} was not in the draw for this deal: only {names} were."),
    ),
    (
        r"no draw is needed: the rules give the next deal to (?P<name>.+), not (?P<other>.+)",
        gettext_noop("No draw is needed: the rules give the next deal to {name}, not {other}."),
    ),
    (
        r"(?P<name>.+) was not in the draw: only (?P<names>.+) tied for the deal",
        gettext_noop("{name} was not in the draw: only {names} tied for the deal."),
    ),
    (
        r"the game is over with this deal: nobody deals next",
        gettext_noop("The game is over with this deal: nobody deals next."),
    ),
    GAME_OVER,
    (
        r"it is (?P<name>.+)'s deal \(seat (?P<seat>\d+)\), not (?P<other>.+)'s",
        gettext_noop("It is {name}'s deal (seat {seat}), not {other}'s."),
    ),
)


def _listed(values: dict[str, str]) -> dict[str, str]:
    """The core lists names with " and ": said as the reader's language lists them."""
    if "names" in values:
        values["names"] = str(and_list(values["names"].split(" and ")))
    return values


REFUSALS = Refusals(_ERRORS, values=_listed)
ERRORS = REFUSALS.patterns
template_for = REFUSALS.template_for
say_error = REFUSALS.say
