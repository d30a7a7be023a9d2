"""How a Spades game is set up: four players in two partnerships, the house rules, the start score.

Seats are numbered in the order of play (clockwise): seat i+1 plays right after seat i, and the
deal passes to the left, which is the next seat. The even seats are team 0, the odd seats team 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.core.errors import FactError, Problems, Refusal, Refusals
from scorekeeper.core.house_rules import HouseRule, HouseRuleValues, rule
from scorekeeper.core.table import FixedPartners, read_start
from scorekeeper.core.tricks.setup import TricksSetup

from .ending import judge_end

REFUSE = Refusals(__package__)  # Spades' refusals: its words.toml

SEATS = 4
Pair = tuple[int, int]
TRICKS = 13  # one per card in a hand


# Each house rule: rule(standard, *others, numbers=(low, high)); its words are in words.toml.
@dataclass(frozen=True)
class HouseRules(HouseRuleValues):
    game_name = "Spades"

    target: int = rule(500, numbers=(1, 1_000_000))
    bag_limit: int = rule(10, numbers=(1, 100))
    bag_penalty: int = rule(100, numbers=(0, 10_000))
    nil_bonus: int = rule(100, numbers=(0, 10_000))
    blind_nil: bool = rule(False, True)
    lose_at: int | None = rule(None, numbers=(-10_000, -1))
    nil_tricks: str = rule("team", "exclude")

    @property
    def counts_nil_tricks(self) -> bool:
        return self.nil_tricks == "team"

    def nil_worth(self, blind: bool) -> int:
        return self.nil_bonus * 2 if blind else self.nil_bonus


HOUSE_RULES: tuple[HouseRule, ...] = HouseRules.table


@dataclass(frozen=True)
class Setup(FixedPartners, TricksSetup):
    game: ClassVar[str] = "spades"  # the game-log key: a setup names its own game
    start_points: tuple[int, int] = (0, 0)
    start_bags: tuple[int, int] = (0, 0)

    house_rules_type = HouseRules
    seat_counts = (SEATS,)

    @staticmethod
    def read_start(start: Any, rules: HouseRules, seats: int) -> tuple[Pair, Pair]:
        """Points and bags per team, taken over from a game under way: one that is not over,
        whose bags have not reached the limit."""
        read = read_start(
            start, {"points": 2, "bags": 2}, what='{"points": [..], "bags": [..]}', minimum=None
        )
        points, bags = _pair(read["points"]), _pair(read["bags"])
        problems = Problems()
        if any(b < 0 or b >= rules.bag_limit for b in bags):
            problems.add(
                REFUSE("start.bags", "START_BAGS", most=rules.bag_limit - 1, limit=rules.bag_limit)
            )
        ended = _start_ends_game(points, rules)
        if ended:
            problems.add(FactError("start.points", ended))
        problems.done()
        return points, bags

    def start_to_dict(self) -> dict[str, Any]:
        """The start score in game-log form; empty when the game started from zero."""
        if not any(self.start_points) and not any(self.start_bags):
            return {}
        return {"points": list(self.start_points), "bags": list(self.start_bags)}


def _pair(values: tuple[int, ...]) -> Pair:
    return values[0], values[1]


def _start_ends_game(points: tuple[int, int], rules: HouseRules) -> Refusal | None:
    """Why a start score cannot be taken over (that game is already over), or None."""
    ending = judge_end(points, rules.target, rules.lose_at)
    if ending.reason == "target":
        return REFUSE.why("START_WON", points=max(points), target=rules.target)
    if ending.reason == "lose_at":
        return REFUSE.why("START_LOST", points=min(points), lose_at=rules.lose_at)
    return None
