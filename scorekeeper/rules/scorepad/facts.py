"""The facts of one scorepad deal as the scorekeeper recorded them, parsed from the log.

`points` is each seat's score for the deal, one whole number per seat, negative allowed (and
adding up to 0 under the `zero_sum` house rule); `last` says the table stopped after the deal.
Every field is checked here; what depends on the game so far (the dealer, the end) is checked
when the deal is scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import Refusals
from scorekeeper.core.log_form import log_form
from scorekeeper.core.reader import FactReader
from scorekeeper.core.tricks.facts import deal_reader

from .setup import MOST_POINTS, Setup

REFUSE = Refusals(__package__)  # the scorepad's refusals: its words.toml

DEAL_KEYS = frozenset({"dealer", "points", "last"})


@dataclass(frozen=True)
class DealFacts:
    points: tuple[int, ...]
    last: bool = False
    dealer: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The deal in game-log form: `points` always, `last` and the dealer when recorded."""
        out: dict[str, Any] = {} if self.dealer is None else {"dealer": self.dealer}
        out["points"] = list(self.points)
        return out | log_form(self, ("last",))


def parse_deal(data: Mapping[str, Any], setup: Setup) -> DealFacts:
    """One deal of a game log (or a filled-in form) as DealFacts, or raise FactError naming
    every wrong field."""
    r = deal_reader(data, setup.seats, DEAL_KEYS)
    dealer = r.seat(data.get("dealer"), "dealer")
    last = r.flag(data.get("last"), "last")
    points = r.per_seat(
        r.required("points", REFUSE.why("ENTER_POINTS")),
        "points",
        lambda v, f: _seat_points(r, v, f),
    )
    if points is not None and setup.rules.zero_sum and sum(points) != 0:
        r.fail("points", REFUSE.why("ZERO_SUM", total=sum(points)))
    r.done()
    return DealFacts(tuple(points or ()), last, dealer)


def _seat_points(r: FactReader, value: Any, field: str) -> int | None:
    """One seat's points: a whole number (true and false are not), -MOST_POINTS..MOST_POINTS."""
    if value is None:
        r.fail(field, REFUSE.why("ENTER_POINTS"))
        return None
    return r.count(value, field, -MOST_POINTS, MOST_POINTS, REFUSE.part("POINTS"))
