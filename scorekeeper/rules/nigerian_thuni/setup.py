"""How a Nigerian Thuni game is set up: four players in two fixed teams, the target, the start.

Seats are in the order of play, which goes clockwise (seat + 1 is on the left). Team 0 is the
even seats, team 1 the odd seats: partners face each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.core.house_rules import HouseRule, HouseRuleValues, rule
from scorekeeper.core.table import FixedPartners, read_start
from scorekeeper.core.tricks.setup import TricksSetup

GAME_NAME = "Nigerian Thuni"
SEATS = 4
TRICKS = 8  # eight cards each
HIGHEST_BID = 8
CAPTURE_POINTS = 10
CONCESSION_POINTS = 3


# Each house rule: rule(standard, *others, numbers=(low, high)); its words are in words.toml.
@dataclass(frozen=True)
class HouseRules(HouseRuleValues):
    game_name = GAME_NAME

    target: int = rule(16, numbers=(1, 1_000_000))


HOUSE_RULES: tuple[HouseRule, ...] = HouseRules.table


@dataclass(frozen=True)
class Setup(FixedPartners, TricksSetup):
    game: ClassVar[str] = "nigerian-thuni"  # the game-log key: a setup names its own game
    start_points: tuple[int, int] = (0, 0)

    house_rules_type = HouseRules
    seat_counts = (SEATS,)

    @staticmethod
    def read_start(start: Any, rules: HouseRules, seats: int) -> tuple[tuple[int, int]]:
        points = read_start(start, {"points": 2}, what='{"points": [team 0, team 1]}')["points"]
        return ((points[0], points[1]),)

    def start_to_dict(self) -> dict[str, Any]:
        """The start score in game-log form; empty when the game started from zero."""
        return {"points": list(self.start_points)} if any(self.start_points) else {}
