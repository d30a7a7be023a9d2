"""Reading the fields of a bids-and-tricks deal.

A deal is recorded in two steps: its opening (the bids, and what else the table records before
the play) and then the tricks. The same reader checks both, refusing at the opening what is only
known once the hand has been played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.core.errors import FactError
from scorekeeper.core.reader import FactReader

PLAYED = "is recorded once the hand has been played, not before"


def deal_reader(
    data: Any,
    seats: int,
    game_name: str,
    keys: frozenset[str],
    opening_keys: frozenset[str] | None = None,
) -> FactReader:
    """A reader for one deal, every unknown key noted; with `opening_keys`, the deal's opening,
    and the keys recorded after the play are refused too."""
    if not isinstance(data, Mapping):
        raise FactError("deal", "must be an object")
    r = FactReader(data, seats)
    for key in data:
        if key not in keys:
            r.fail(key, f"is not a {game_name} deal field")
        elif opening_keys is not None and key not in opening_keys:
            r.fail(key, PLAYED)
    return r


def required_count(r: FactReader, value: Any, field: str, high: int | None, what: str) -> Any:
    """One seat's whole number from 0 to `high` (None: up to reader.MOST) that must be given."""
    if value is None:
        r.fail(field, f"is missing: {what}")
        return None
    return r.count(value, field, 0, high, what)


def read_tricks(r: FactReader, hand: int, question: str, cards: str) -> tuple[int, ...] | None:
    """Each player's tricks, which add up to the `hand` (`cards` says why: "seven cards each")."""
    tricks = r.per_seat(
        r.required("tricks", question),
        "tricks",
        lambda v, f: required_count(r, v, f, hand, "a number of tricks"),
        "numbers of tricks",
    )
    if tricks is not None and sum(tricks) != hand:
        r.fail(
            "tricks",
            f"add up to {sum(tricks)}, but every deal has {hand} tricks ({cards}): check each "
            f"player's tricks",
        )
    return tricks
