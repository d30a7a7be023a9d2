"""The Thunee core's refusals that a phone can meet, said in the reader's language.

The core writes its FactError messages in English. Each one the deal form can meet is matched
here and said again from a template marked for translation, with the names and numbers the
message carries; anything else is shown as the shell's `friendly()` says it. In English the
result is exactly `friendly()` of the core's message (tests/web/test_i18n_thunee.py checks it).
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from scorekeeper.games.refusals import GAME_OVER, Refusals

# Why the counting team's card points cannot be: the fewest tricks a side must have won.
_FEWEST = {
    ("the counting team", "it"): (
        gettext_noop(
            "{points} does not fit: the counting team won the last trick, so it won at least "
            "a trick."
        ),
        gettext_noop(
            "{points} does not fit: the counting team called a Jodie, so it won at least a trick."
        ),
        gettext_noop(
            "{points} does not fit: the counting team called a Jodie after its trick {n}, so it "
            "won at least {n} tricks."
        ),
    ),
    ("the trump makers", "they"): (
        gettext_noop(
            "{points} does not fit: the trump makers won the last trick, so they won at least "
            "a trick."
        ),
        gettext_noop(
            "{points} does not fit: the trump makers called a Jodie, so they won at least a trick."
        ),
        gettext_noop(
            "{points} does not fit: the trump makers called a Jodie after its trick {n}, so they "
            "won at least {n} tricks."
        ),
    ),
}


def _fewest() -> list[tuple[str, str]]:
    out = []
    for (side, they), (last, jodie, jodie_after) in _FEWEST.items():
        head = rf"(?P<points>\d+) does not fit: {side} "
        out += [
            (head + rf"won the last trick, so {they} won at least a trick", last),
            (head + rf"called a Jodie, so {they} won at least a trick", jodie),
            (
                head + rf"called a Jodie after its trick (?P<n>\d+), so {they} won at least "
                r"(?P=n) tricks",
                jodie_after,
            ),
        ]
    return out


_ERRORS: tuple[tuple[str, str], ...] = (
    GAME_OVER,
    (
        r"it is (?P<name>.+)'s deal \(seat (?P<seat>\d+)\), not (?P<other>.+)'s",
        gettext_noop("It is {name}'s deal (seat {seat}), not {other}'s."),
    ),
    (r"is missing: who made trumps\?", gettext_noop("Who made trumps?")),
    (
        r"with no call, (?P<right>.+) \(on the dealer's right\) makes trumps, not (?P<name>.+)",
        gettext_noop("With no call, {right} (on the dealer's right) makes trumps, not {name}."),
    ),
    (
        r"the last call came from (?P<team>.+), so (?P<name>.+) cannot make trumps",
        gettext_noop("The last call came from {team}, so {name} cannot make trumps."),
    ),
    (
        r"a call of 10 is the first call and comes from the dealer's team, not from (?P<name>.+)",
        gettext_noop(
            "A call of 10 is the first call and comes from the dealer's team, not from {name}."
        ),
    ),
    (r"is missing: who won the last trick\?", gettext_noop("Who won the last trick?")),
    (
        r"is missing: card points in the counting team's tricks",
        gettext_noop("Card points in the counting team's tricks."),
    ),
    (
        r"no set of whole tricks holds (?P<points>\d+) card points \(nearest possible: "
        r"(?P<a>\d+)\)",
        gettext_noop("No set of whole tricks holds {points} card points (nearest possible: {a})."),
    ),
    (
        r"no set of whole tricks holds (?P<points>\d+) card points \(nearest possible: "
        r"(?P<a>\d+) and (?P<b>\d+)\)",
        gettext_noop(
            "No set of whole tricks holds {points} card points (nearest possible: {a} and {b})."
        ),
    ),
    *_fewest(),
    (
        r"is missing: was it made, failed or a partner catch\?",
        gettext_noop("Was it made, failed or a partner catch?"),
    ),
    (
        r"is missing: which call was made: Thunee, Double, Khanaak …\?",
        gettext_noop("Which call was made: Thunee, Double, Khanaak …?"),
    ),
    (r"is missing: who made the call\?", gettext_noop("Who made the call?")),
    (r"is missing: who broke the rule\?", gettext_noop("Who broke the rule?")),
    (
        r"marials: a Jodie may only be called right after the team's 1st or 3rd trick; called "
        r"after its (?P<nth>\d+(?:st|nd|rd|th)) trick it does not count, so leave it out",
        gettext_noop(
            "Marials: a Jodie may only be called right after the team's 1st or 3rd trick; called "
            "after its {nth} trick it does not count, so leave it out."
        ),
    ),
    (
        r"at most three Jodies of 20 or 30 are possible: one of the four suits is trumps",
        gettext_noop(
            "At most three Jodies of 20 or 30 are possible: one of the four suits is trumps."
        ),
    ),
    (
        r"only one Jodie of 40 or 50 is possible: there is one King-Queen of trumps",
        gettext_noop("Only one Jodie of 40 or 50 is possible: there is one King-Queen of trumps."),
    ),
)

# "4th" as the reader says it ("第4"). Marials stops a Jodie after any trick but the 1st and
# the 3rd, of at most 12: so "2nd" and the "th"s.
SECOND = gettext_noop("{n}nd")
NTH = gettext_noop("{n}th")


def _values(values: dict[str, str]) -> dict[str, str]:
    if "nth" in values:
        n = int(values["nth"][:-2])
        values = {**values, "nth": gettext(SECOND if n == 2 else NTH).format(n=n)}
    return values


REFUSALS = Refusals(_ERRORS, values=_values)
ERRORS = REFUSALS.patterns
template_for = REFUSALS.template_for
say_error = REFUSALS.say
