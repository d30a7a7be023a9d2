"""How a Pottle game is set up: the players, the house rules and the chips at the start.

House rules (game-log keys, standard value first): `ante` (1, or a number), `starting_chips`
(10, or a number), `no_winner_dealer` ("same", "left"), `same_bid_limit` (2, "none"), and this
app's ADDITIVE `chip_value`: what one chip is worth, as a whole number of the smallest coin
(cents, pence, …), standard 1. It only matters to the settle-up; it never changes a deal.

`start` (when the app takes over a game begun on paper): `{"chips": [per seat], "pot": n}`, and
the ADDITIVE `"bought": [per seat]`, the chips each player had bought on paper beyond the
starting chips (zeros if left out), so that the settle-up can still be right.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.core.errors import SHARED, FactError, Refusals, raise_all
from scorekeeper.core.house_rules import HouseRule, HouseRuleValues, rule
from scorekeeper.core.reader import MOST, is_int
from scorekeeper.core.tricks.setup import TricksSetup

REFUSE = Refusals(__package__)  # Pottle's refusals: its words.toml
GAME_NAME = "Pottle"
SEAT_COUNTS: tuple[int, ...] = (3, 4, 5, 6, 7)
TRICKS = 7  # seven cards each, so seven tricks
HIGHEST_BID = 7


# Each house rule: rule(standard, *others, numbers=(low, high)); its words are in words.toml.
@dataclass(frozen=True)
class HouseRules(HouseRuleValues):
    game_name = GAME_NAME

    ante: int = rule(1, numbers=(1, 1_000))
    starting_chips: int = rule(10, numbers=(0, 1_000_000))
    no_winner_dealer: str = rule("same", "left")
    same_bid_limit: int | str = rule(2, "none")
    chip_value: int = rule(1, numbers=(1, 100_000))  # in the smallest coin


HOUSE_RULES: tuple[HouseRule, ...] = HouseRules.table


@dataclass(frozen=True)
class Setup(TricksSetup):
    game: ClassVar[str] = "pottle"  # the game-log key: a setup names its own game
    start_chips: tuple[int, ...]  # each player's chips before the first recorded deal
    start_pot: int = 0
    start_bought: tuple[int, ...] = ()  # chips bought on paper beyond the starting chips

    house_rules_type = HouseRules
    seat_counts = SEAT_COUNTS
    start_per_seat = True

    @staticmethod
    def read_start(
        start: Any, rules: HouseRules, seats: int
    ) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        """Chips per seat, the pot, chips bought on paper (each optional)."""
        return _read_start(start, seats, rules.starting_chips)

    @property
    def from_zero(self) -> bool:
        """True when the game began in the app, with nothing but the starting chips."""
        return (
            all(c == self.rules.starting_chips for c in self.start_chips)
            and self.start_pot == 0
            and not any(self.start_bought)
        )

    def start_to_dict(self) -> dict[str, Any]:
        """The chips at the start in game-log form; empty when the game began in the app."""
        if self.from_zero:
            return {}
        out: dict[str, Any] = {"chips": list(self.start_chips), "pot": self.start_pot}
        if any(self.start_bought):
            out["bought"] = list(self.start_bought)
        return out


def _read_start(
    start: Any, seats: int, starting_chips: int
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """`start` of an envelope: chips per seat, the pot, chips bought on paper (each optional)."""
    if start is None:
        return (starting_chips,) * seats, 0, (0,) * seats
    if not isinstance(start, Mapping):
        raise SHARED("start", "START_NOT_AN_OBJECT", form='{"chips": [per seat], "pot": n}')
    errors: list[FactError] = []
    for key in start:
        if key not in ("chips", "pot", "bought"):
            errors.append(SHARED(f"start.{key}", "NO_SUCH_FIELD"))

    def per_seat(key: str, default: int) -> tuple[int, ...]:
        value = start.get(key)
        if value is None:
            return (default,) * seats
        ok = isinstance(value, list | tuple) and len(value) == seats
        if not ok or not all(is_int(v) and 0 <= v <= MOST for v in value):
            errors.append(REFUSE(f"start.{key}", "START_CHIPS", count=seats, most=MOST))
            return (default,) * seats
        return tuple(value)

    chips = per_seat("chips", starting_chips)
    bought = per_seat("bought", 0)
    pot = start.get("pot", 0)
    if not is_int(pot) or not 0 <= pot <= MOST:
        errors.append(REFUSE("start.pot", "START_POT", most=MOST))
        pot = 0
    raise_all(errors)
    return chips, pot, bought
