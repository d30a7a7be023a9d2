"""Reading the fields of a bids-and-tricks deal.

A deal is recorded in two steps: its opening (the bids, and what else the table records before
the play) and then the tricks. The same reader checks both, refusing at the opening what is only
known once the hand has been played.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.errors import SHARED, Refusals
from scorekeeper.core.explain import Said
from scorekeeper.core.reader import FactReader, deal_object

REFUSE = Refusals(__package__)  # the family's refusals: scorekeeper/core/tricks/words.toml


def deal_reader(
    data: Any,
    seats: int,
    keys: frozenset[str],
    opening_keys: frozenset[str] | None = None,
) -> FactReader:
    """A reader for one deal, every unknown key noted; with `opening_keys`, the deal's opening,
    and the keys recorded after the play are refused too."""
    deal_object(data)
    r = FactReader(data, seats)
    for key in data:
        if key not in keys:
            r.fail(key, SHARED.why("DEAL_HAS_NO_FIELD"))
        elif opening_keys is not None and key not in opening_keys:
            r.fail(key, REFUSE.why("PLAYED"))
    return r


def required_count(r: FactReader, value: Any, field: str, high: int | None, what: Said) -> Any:
    """One seat's whole number from 0 to `high` (None: up to reader.MOST) that must be given;
    `what` says what it is ("a bid", a game's `REFUSE.part`)."""
    if value is None:
        r.fail(field, REFUSE.why("ENTER_ONE", what=what))
        return None
    return r.count(value, field, 0, high, what)


def read_tricks(r: FactReader, hand: int) -> tuple[int, ...] | None:
    """Each player's tricks, which add up to the `hand` (as many as the cards each holds)."""
    what = REFUSE.part("TRICKS")
    tricks = r.per_seat(
        r.required("tricks", REFUSE.why("ENTER_TRICKS")),
        "tricks",
        lambda v, f: required_count(r, v, f, hand, what),
    )
    if tricks is not None and sum(tricks) != hand:
        r.fail("tricks", REFUSE.why("TRICKS_ADD_UP", total=sum(tricks), hand=hand))
    return tricks
