"""How a scorepad game is set up: 2 to 12 players in order of play, the house rules (the whole
game: its name, who wins, when it ends, whether each deal adds up to 0), and the totals taken
over from a game begun on paper.

Seats are in the order of play, which goes to the left: seat i+1 deals after seat i.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.core.errors import Refusals
from scorekeeper.core.house_rules import HouseRule, HouseRuleValues, rule
from scorekeeper.core.table import read_start
from scorekeeper.core.tricks.setup import TricksSetup

REFUSE = Refusals(__package__)  # the scorepad's refusals: its words.toml
GAME_NAME = "Scorepad"
SEAT_COUNTS: tuple[int, ...] = tuple(range(2, 13))
MOST_POINTS = 100_000  # the most points a seat scores in one deal, or holds at the start
NAME_LENGTH = 40


# Each house rule: rule(standard, *others, numbers=(low, high)); its words are in words.toml.
@dataclass(frozen=True)
class HouseRules(HouseRuleValues):
    game_name = GAME_NAME

    name: str = rule("", text=NAME_LENGTH)  # "": shown as "Scorepad"
    winner: str = rule("highest", "lowest")
    target: int | None = rule(None, numbers=(1, 1_000_000))
    deals: int | None = rule(None, numbers=(1, 1_000))
    zero_sum: bool = rule(False, True)

    @property
    def lowest_wins(self) -> bool:
        return self.winner == "lowest"


HOUSE_RULES: tuple[HouseRule, ...] = HouseRules.table


@dataclass(frozen=True)
class Setup(TricksSetup):
    game: ClassVar[str] = "scorepad"  # the game-log key: a setup names its own game
    rules: HouseRules
    start_totals: tuple[int, ...] = ()  # each seat's total before the first recorded deal

    house_rules_type = HouseRules
    seat_counts = SEAT_COUNTS
    start_per_seat = True

    @staticmethod
    def read_start(start: Any, rules: HouseRules, seats: int) -> tuple[tuple[int, ...]]:
        """Totals per seat from a game begun on paper, each in the range a deal's points take."""
        totals = read_start(start, {"totals": seats}, what='{"totals": [per seat]}', minimum=None)
        if any(abs(t) > MOST_POINTS for t in totals["totals"]):
            raise REFUSE("start.totals", "START_RANGE", low=-MOST_POINTS, high=MOST_POINTS)
        return (totals["totals"],)

    @property
    def title(self) -> str:
        """The game's name as the table calls it ("Hearts"), or "Scorepad"."""
        return self.rules.name or GAME_NAME

    def start_to_dict(self) -> dict[str, Any]:
        """The totals at the start in game-log form; empty when the game started from zero."""
        return {"totals": list(self.start_totals)} if any(self.start_totals) else {}
