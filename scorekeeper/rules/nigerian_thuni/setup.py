"""How a Nigerian Thuni game is set up: four players in two fixed teams, the target, the start.

Seats are in the order of play, which goes clockwise (seat + 1 is on the left). Team 0 is the
even seats, team 1 the odd seats: partners face each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.core.errors import FactError, raise_all
from scorekeeper.core.explain import gettext_noop
from scorekeeper.core.house_rules import HouseRule, read_house_rules
from scorekeeper.core.table import (
    FixedPartners,
    read_start,
    read_table,
)

GAME_NAME = "Nigerian Thuni"
SEATS = 4
TRICKS = 8  # eight cards each
HIGHEST_BID = 8
CAPTURE_POINTS = 10
CONCESSION_POINTS = 3

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "target",
        gettext_noop("Game to"),
        (16,),
        (gettext_noop("16 points (standard)"),),
        numbers=(1, None),
        help=gettext_noop("The first team to reach this many points wins."),
    ),
)


@dataclass(frozen=True)
class HouseRules:
    target: int = 16

    @classmethod
    def from_dict(cls, data: Any) -> HouseRules:
        return cls(**read_house_rules(HOUSE_RULES, data, GAME_NAME))

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target}


@dataclass(frozen=True)
class Setup(FixedPartners):
    """Everything about a game that does not change from deal to deal."""

    game: ClassVar[str] = "nigerian-thuni"  # the game-log key: a setup names its own game
    players: tuple[str, ...]
    first_dealer: int
    rules: HouseRules
    start_points: tuple[int, int] = (0, 0)

    @classmethod
    def create(
        cls,
        *,
        players: Any,
        first_dealer: Any = 0,
        house_rules: Any = None,
        start: Any = None,
    ) -> Setup:
        errors: list[FactError] = []
        names: tuple[str, ...] = ()
        first = 0
        rules = HouseRules()
        points: tuple[int, ...] = (0, 0)
        try:
            names, first = read_table({"players": players, "first_dealer": first_dealer}, (SEATS,))
        except FactError as e:
            errors.extend(getattr(e, "errors", (e,)))
        try:
            rules = HouseRules.from_dict(house_rules)
        except FactError as e:
            errors.extend(getattr(e, "errors", (e,)))
        try:
            points = read_start(start, {"points": 2}, what='{"points": [team 0, team 1]}')["points"]
        except FactError as e:
            errors.extend(getattr(e, "errors", (e,)))
        raise_all(errors)
        return cls(names, first, rules, (points[0], points[1]))

    def start_to_dict(self) -> dict[str, Any]:
        """The start score in game-log form; empty when the game started from zero."""
        return {"points": list(self.start_points)} if any(self.start_points) else {}

    def bidding_order(self, dealer: int) -> tuple[int, ...]:
        """From the dealer's left round to the dealer."""
        return tuple((dealer + 1 + i) % SEATS for i in range(SEATS))
