"""The facts of one Euchre hand as the scorekeeper recorded them, parsed from the log.

`maker` is the seat that made trumps, or null for a hand thrown in (all four passed twice).
`alone` says the maker played alone; `defender_alone` is a defender who played alone against
the lone maker (house rule `defend_alone`); `tricks` is how many of the five tricks the makers
won. Every field is checked here, against the house rules too; what depends on the game so
far (the dealer, the end) is checked when the hand is scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import Refusals
from scorekeeper.core.log_form import log_form
from scorekeeper.core.reader import FactReader, is_int
from scorekeeper.core.tricks.facts import deal_reader

from .setup import SEATS, TRICKS, Setup

REFUSE = Refusals(__package__)  # Euchre's refusals: its words.toml

DEAL_KEYS = frozenset({"dealer", "maker", "alone", "defender_alone", "tricks"})


@dataclass(frozen=True)
class DealFacts:
    maker: int | None  # None: the hand was thrown in
    tricks: int | None = None  # the makers' tricks; None for a hand thrown in
    alone: bool = False
    defender_alone: int | None = None
    dealer: int | None = None

    @property
    def thrown_in(self) -> bool:
        return self.maker is None

    def to_dict(self) -> dict[str, Any]:
        """The hand in game-log form: `maker` always (null for a hand thrown in), the other
        fields only when they were recorded."""
        out: dict[str, Any] = {} if self.dealer is None else {"dealer": self.dealer}
        out["maker"] = self.maker
        return out | log_form(self, ("alone", "defender_alone", "tricks"))


def parse_deal(data: Mapping[str, Any], setup: Setup) -> DealFacts:
    """One hand of a game log (or a filled-in form) as DealFacts, or raise FactError naming
    every wrong field."""
    r = deal_reader(data, SEATS, DEAL_KEYS)
    dealer = r.seat(data.get("dealer"), "dealer")
    alone = r.flag(data.get("alone"), "alone")
    defender = r.seat(data.get("defender_alone"), "defender_alone")
    tricks = r.count(data.get("tricks"), "tricks", 0, TRICKS, REFUSE.part("TRICKS"))
    maker = None
    if "maker" not in data:
        r.fail("maker", REFUSE.why("WHO_MADE_TRUMPS"))
    elif data["maker"] is None:
        _check_thrown_in(r, data, setup)
    else:
        maker = r.seat(data["maker"], "maker")
        if data.get("tricks") is None:
            r.fail("tricks", REFUSE.why("ENTER_TRICKS"))
    if defender is not None:
        _check_lone_defender(r, setup, defender, data.get("maker"), alone)
    r.done()
    return DealFacts(maker, tricks, alone, defender, dealer)


def _check_thrown_in(r: FactReader, data: Mapping[str, Any], setup: Setup) -> None:
    """A hand thrown in was not played: no tricks, nobody alone; never under stick the dealer."""
    if setup.rules.stick_the_dealer:
        r.fail("maker", REFUSE.why("STICK_THE_DEALER"))
    if data.get("alone") is True:
        r.fail("alone", REFUSE.why("THROWN_IN_ALONE"))
    if data.get("tricks") is not None:
        r.fail("tricks", REFUSE.why("THROWN_IN_TRICKS"))


def _check_lone_defender(
    r: FactReader, setup: Setup, defender: int, maker: Any, alone: bool
) -> None:
    """A lone defender needs the house rule, a maker who went alone, and to be a defender.
    `maker` is as given (a wrong seat is said at `maker`)."""
    if not setup.rules.defend_alone:
        r.fail("defender_alone", REFUSE.why("DEFEND_ALONE_OFF"))
    elif not alone or maker is None:
        r.fail("defender_alone", REFUSE.why("DEFENDER_NEEDS_LONE_MAKER"))
    elif is_int(maker) and 0 <= maker < SEATS and setup.team_of(defender) == setup.team_of(maker):
        makers = setup.team_of(maker)
        why = REFUSE.why(
            "DEFENDER_IS_A_MAKER",
            name=setup.players[defender],
            makers=setup.team_name(makers),
            defenders=setup.team_name(1 - makers),
        )
        r.fail("defender_alone", why)
