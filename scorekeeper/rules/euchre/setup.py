"""How a Euchre game is set up: four players in two partnerships, the house rules, the start.

Seats are in the order of play, which goes to the left (clockwise): seat i+1 sits on seat i's
left, and the deal passes to it. Team 0 is the even seats, team 1 the odd seats: partners face
each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.core.errors import Refusals
from scorekeeper.core.house_rules import HouseRule, HouseRuleValues, rule
from scorekeeper.core.table import FixedPartners, read_start
from scorekeeper.core.tricks.setup import TricksSetup

REFUSE = Refusals(__package__)  # Euchre's refusals: its words.toml
GAME_NAME = "Euchre"
SEATS = 4
TRICKS = 5  # five cards each


# Each house rule: rule(standard, *others, numbers=(low, high)); its words are in words.toml.
@dataclass(frozen=True)
class HouseRules(HouseRuleValues):
    game_name = GAME_NAME

    target: int = rule(10, numbers=(1, 1_000_000))
    defend_alone: bool = rule(False, True)
    stick_the_dealer: bool = rule(False, True)


HOUSE_RULES: tuple[HouseRule, ...] = HouseRules.table


@dataclass(frozen=True)
class Setup(FixedPartners, TricksSetup):
    game: ClassVar[str] = "euchre"  # the game-log key: a setup names its own game
    start_points: tuple[int, int] = (0, 0)

    house_rules_type = HouseRules
    seat_counts = (SEATS,)

    @staticmethod
    def read_start(start: Any, rules: HouseRules, seats: int) -> tuple[tuple[int, int]]:
        """Points per team, taken over from a game begun on paper: one that nobody has won yet
        (a game already won has nothing left to keep)."""
        points = read_start(start, {"points": 2}, what='{"points": [team 0, team 1]}')["points"]
        if max(points) >= rules.target:
            raise REFUSE("start.points", "START_WON", points=max(points), target=rules.target)
        return ((points[0], points[1]),)

    def start_to_dict(self) -> dict[str, Any]:
        """The start score in game-log form; empty when the game started from zero."""
        return {"points": list(self.start_points)} if any(self.start_points) else {}
