"""How a Zhao Pengyou game is set up: the seats, the house rules and the cards, checked once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from scorekeeper.core.errors import SHARED, FactError, Problems, Refusals
from scorekeeper.core.game import JSON
from scorekeeper.core.house_rules import HouseRule, HouseRuleValues, rule
from scorekeeper.core.reader import json_word
from scorekeeper.core.table import read_table

from .levels import BEYOND_ACE, PAST_ACE, level_name, parse_level
from .table import POINTS_PER_PACK, SEAT_COUNTS, Deck, PlayerCount, deck, row_for

REFUSE = Refusals(__package__)  # Zhao Pengyou's refusals: its words.toml


# Each house rule: rule(standard, *others, numbers=(low, high)); its words are in words.toml.
@dataclass(frozen=True)
class HouseRules(HouseRuleValues):
    game_name = "Zhao Pengyou"

    scoring: str = rule("levels", "active-passive")
    starter: str = rule("trump-maker", "rotate", "by-result")
    beyond_ace: str = rule(*BEYOND_ACE)  # the standard "win", or the laps
    packs: int | str = rule("standard", numbers=(1, 8))
    kitty: int | str = rule("standard", numbers=(0, 20))

    @property
    def laps(self) -> bool:
        """Past Ace goes round again (Joker, 2+, …) and nobody wins by level."""
        return self.beyond_ace != "win"

    @property
    def active_passive(self) -> bool:
        return self.scoring == "active-passive"

    @property
    def by_result(self) -> bool:
        return self.starter == "by-result"


HOUSE_RULES: tuple[HouseRule, ...] = HouseRules.table


@dataclass(frozen=True)
class Setup:
    """Everything about a game that does not change from deal to deal.

    Levels are steps up from "2" (see levels.py). `start_active` is all True unless the game
    is scored active/passive and was begun on paper.
    """

    game: ClassVar[str] = "zhao-pengyou"
    players: tuple[str, ...]
    first_dealer: int  # the first deal's starter
    rules: HouseRules
    start_levels: tuple[int, ...]
    start_active: tuple[bool, ...]

    @classmethod
    def create(
        cls,
        *,
        players: JSON,
        first_dealer: JSON = 0,
        house_rules: JSON = None,
        start: JSON = None,
    ) -> Setup:
        """Check everything at once; raises FactError (InvalidFacts for several) per field."""
        problems = Problems()
        names, first = read_table({"players": players, "first_dealer": first_dealer}, SEAT_COUNTS)
        rules = problems.read(lambda: HouseRules.from_dict(house_rules), HouseRules())
        levels, active = _read_start(start, len(names), rules, problems.errors)
        problems.done()
        return cls(tuple(names), first, rules, levels, active)

    def start_to_dict(self) -> dict[str, Any]:
        """Levels and who is active at the start, in game-log form; empty when from zero."""
        start: dict[str, Any] = {}
        if any(self.start_levels) or not all(self.start_active):
            start["levels"] = [self.level_name(step) for step in self.start_levels]
        if not all(self.start_active):
            start["active"] = list(self.start_active)
        return start

    # ---- the table --------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def row(self) -> PlayerCount:
        return row_for(self.seats)

    @property
    def packs(self) -> int:
        packs = self.rules.packs
        return self.row.packs if packs == "standard" else int(packs)

    @property
    def kitty(self) -> int:
        kitty = self.rules.kitty
        return self.row.kitty if kitty == "standard" else int(kitty)

    @property
    def deck(self) -> Deck:
        return deck(self.seats, self.packs, self.kitty)

    @property
    def max_team(self) -> int:
        return self.row.max_team

    @property
    def min_defenders(self) -> int:
        return self.row.min_defenders

    @property
    def cards_called(self) -> int:
        return self.row.cards_called

    @property
    def card_points(self) -> int:
        """All the card points in play: 100 per pack."""
        return POINTS_PER_PACK * self.packs

    # ---- seats ------------------------------------------------------------------------------

    def after(self, seat: int) -> int:
        """The seat that plays after `seat`: on its right, the game going counterclockwise."""
        return (seat + 1) % self.seats

    def in_order_after(self, seat: int) -> list[int]:
        """Every other seat in order of play, starting with the one after `seat`."""
        return [(seat + k) % self.seats for k in range(1, self.seats)]

    def name(self, seat: int) -> str:
        return self.players[seat]

    def level_name(self, step: int) -> str:
        return level_name(step, self.rules.beyond_ace)


def _read_start(
    start: Any, seats: int, rules: HouseRules, errors: list[FactError]
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """`start`: {"levels": [names], "active": [true/false]} (active only with active/passive)."""
    levels: tuple[int, ...] = (0,) * seats
    active: tuple[bool, ...] = (True,) * seats
    if start is None:
        return levels, active
    if not isinstance(start, Mapping):
        form = '{"levels": [...], "active": [...]}'
        errors.append(SHARED("start", "START_NOT_AN_OBJECT", form=form))
        return levels, active
    allowed = ("levels", "active") if rules.active_passive else ("levels",)
    for key in start:
        if key not in allowed:
            errors.append(
                REFUSE(f"start.{key}", "ACTIVE_ONLY")
                if key == "active"
                else SHARED(f"start.{key}", "NO_SUCH_FIELD")
            )
    raw = start.get("levels")
    if raw is not None:
        if not isinstance(raw, list | tuple) or len(raw) != seats:
            errors.append(REFUSE("start.levels", "START_LEVELS", count=seats))
        else:
            read = []
            for i, value in enumerate(raw):
                step = parse_level(value, rules.beyond_ace)
                if step is None:
                    errors.append(
                        REFUSE(f"start.levels.{i}", "STILL_GOING", value=json_word(value))
                        if value == PAST_ACE
                        else REFUSE(
                            f"start.levels.{i}",
                            "NOT_A_LEVEL",
                            value=json_word(value),
                            levels=_level_names(rules),
                        )
                    )
                    step = 0
                read.append(step)
            levels = tuple(read)
    raw = start.get("active") if rules.active_passive else None
    if raw is not None:
        ok = isinstance(raw, list | tuple) and len(raw) == seats
        if not ok or not all(isinstance(v, bool) for v in raw):
            errors.append(REFUSE("start.active", "START_ACTIVE", count=seats))
        elif not any(raw):
            errors.append(REFUSE("start.active", "NOBODY_ACTIVE"))
        else:
            active = tuple(raw)
    return levels, active


def _level_names(rules: HouseRules) -> str:
    if rules.beyond_ace == "joker-laps":
        return '"2" … "A", "Joker", "2+" … "Joker+", "2++" …'
    if rules.beyond_ace == "joker-laps-skip-low":
        return '"2" … "A", "Joker", "10+" … "Joker+", "10++" …'
    return '"2" … "10", "J", "Q", "K", "A"'
