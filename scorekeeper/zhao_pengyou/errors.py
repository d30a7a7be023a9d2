"""The Zhao Pengyou core's refusals, said in the reader's language.

The core writes its FactError messages in English. Each one a phone can meet is matched here
and said again from a template marked for translation, with the names and numbers the message
carries; anything else is shown as the core wrote it. In English the result is exactly the
shell's `friendly()` form of the core's message (the tests check it), so nothing changes there.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

from scorekeeper.games.refusals import GAME_OVER, Refusals

_ERRORS: tuple[tuple[str, str], ...] = (
    (r"is missing: who made trumps\?", gettext_noop("Who made trumps?")),
    (
        r"is missing: who was on the trump maker's team\?",
        gettext_noop("Who was on the trump maker's team?"),
    ),
    (
        r"is missing: card points in the defenders' tricks\?",
        gettext_noop("Card points in the defenders' tricks?"),
    ),
    (
        r"is missing: who won the last trick\? \(the kitty counts for them\)",
        gettext_noop("Who won the last trick? (the kitty counts for them)."),
    ),
    (r"is missing: who led the false top cards\?", gettext_noop("Who led the false top cards?")),
    (r"is missing: how many cards went back\?", gettext_noop("How many cards went back?")),
    (
        r"(?P<value>.+) is not a number of card points \(0 or more\)",
        gettext_noop("{value} is not a number of card points (0 or more)."),
    ),
    (
        r"(?P<value>\S+) is not a multiple of 5: Kings and Tens are 10, Fives 5",
        gettext_noop("{value} is not a multiple of 5: Kings and Tens are 10, Fives 5."),
    ),
    (
        r"(?P<value>\d+) is more than the (?P<most>\d+) card points of the kitty",
        gettext_noop("{value} is more than the {most} card points of the kitty."),
    ),
    (
        r"(?P<value>\d+) is more than the (?P<most>\d+) card points of (?P<packs>\d+) packs",
        gettext_noop("{value} is more than the {most} card points of {packs} packs."),
    ),
    (
        r"(?P<points>\d+) in the defenders' tricks and (?P<kitty>\d+) in the kitty make "
        r"(?P<sum>\d+), more than the (?P<most>\d+) card points of (?P<packs>\d+) packs",
        gettext_noop(
            "{points} in the defenders' tricks and {kitty} in the kitty make {sum}, more than "
            "the {most} card points of {packs} packs."
        ),
    ),
    (
        r"(?P<players>\d+) players: the trump maker's team has at most (?P<most>\d+) players, "
        r"not (?P<size>\d+)",
        gettext_noop(
            "{players} players: the trump maker's team has at most {most} players, not {size}."
        ),
    ),
    (
        r"must include the trump maker, (?P<name>.+) \(seat (?P<seat>\d+)\)",
        gettext_noop("Must include the trump maker, {name} (seat {seat})."),
    ),
    (r"(?P<name>.+) is already on the team", gettext_noop("{name} is already on the team.")),
    (
        r"(?P<players>\d+) players: the trump maker calls (?P<calls>\d+), not (?P<given>\d+)",
        gettext_noop("{players} players: the trump maker calls {calls}, not {given}."),
    ),
    (r"needs the card called", gettext_noop("Needs the card called.")),
    (
        r"(?P<value>.+) is not a rank \((?P<ranks>.+)\)",
        gettext_noop("{value} is not a rank ({ranks})."),
    ),
    (
        r"(?P<value>.+) is not a suit \((?P<suits>.+)\)",
        gettext_noop("{value} is not a suit ({suits})."),
    ),
    (
        r"(?P<value>.+) is not a seat \(0\.\.(?P<last>\d+)\)",
        gettext_noop("{value} is not a seat (0..{last})."),
    ),
    (
        r"(?P<value>.+) is not a number of cards withdrawn \((?P<span>.+)\)",
        gettext_noop("{value} is not a number of cards withdrawn ({span})."),
    ),
    (
        r"by the last deal's result (?P<name>.+) \(seat (?P<seat>\d+)\) makes trumps, "
        r"not (?P<other>.+)",
        gettext_noop("By the last deal's result {name} (seat {seat}) makes trumps, not {other}."),
    ),
    (
        r"(?P<name>.+) is passive: only active players may make trumps",
        gettext_noop("{name} is passive: only active players may make trumps."),
    ),
    GAME_OVER,
    (
        r"it is (?P<name>.+)'s turn to start \(seat (?P<seat>\d+)\), not (?P<other>.+)'s",
        gettext_noop("It is {name}'s turn to start (seat {seat}), not {other}'s."),
    ),
)

REFUSALS = Refusals(_ERRORS)
ERRORS = REFUSALS.patterns
template_for = REFUSALS.template_for
say_error = REFUSALS.say
