"""How a Spades game is set up: four players in two partnerships, the house rules, the start score.

Seats are numbered in the order of play (clockwise): seat i+1 plays right after seat i, and the
deal passes to the left, which is the next seat. The even seats are team 0, the odd seats team 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from scorekeeper.core.errors import FactError, raise_all
from scorekeeper.core.explain import gettext_noop
from scorekeeper.core.house_rules import HouseRule, read_house_rules
from scorekeeper.core.table import (
    FixedPartners,
    read_start,
    read_table,
)

from .ending import judge_end

SEATS = 4
TRICKS = 13  # one per card in a hand

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "target",
        gettext_noop("Game to"),
        (500,),
        (gettext_noop("500 points (standard)"),),
        numbers=(1, None),
        help=gettext_noop("The first team to reach this many points wins."),
    ),
    HouseRule(
        "bag_limit",
        gettext_noop("Bags that cost a penalty"),
        (10,),
        (gettext_noop("10 bags (standard)"),),
        numbers=(1, None),
        help=gettext_noop("Every time a team's bags reach this many, it loses the bag penalty."),
    ),
    HouseRule(
        "bag_penalty",
        gettext_noop("Bag penalty"),
        (100,),
        (gettext_noop("100 points (standard)"),),
        numbers=(0, None),
        help=gettext_noop("Points lost each time a team's bags reach the limit."),
    ),
    HouseRule(
        "nil_bonus",
        gettext_noop("Nil bonus"),
        (100,),
        (gettext_noop("100 points (standard)"),),
        numbers=(0, None),
        help=gettext_noop("Won for a nil bid made, lost for a nil bid failed."),
    ),
    HouseRule(
        "blind_nil",
        gettext_noop("Blind nil"),
        (False, True),
        (gettext_noop("Off (standard)"), gettext_noop("On: worth twice the nil bonus")),
        help=gettext_noop("A nil bid made before looking at the cards."),
    ),
    HouseRule(
        "lose_at",
        gettext_noop("A team loses at"),
        (None,),
        (gettext_noop("Never (standard)"),),
        numbers=(None, -1),
        help=gettext_noop("A team whose score falls to this (e.g. -200) or below loses."),
    ),
    HouseRule(
        "nil_tricks",
        gettext_noop("A nil bidder's tricks"),
        ("team", "exclude"),
        (gettext_noop("Count for the team (standard)"), gettext_noop("Do not count for the team")),
        help=gettext_noop("Whether tricks taken by a nil bidder count toward the partner's bid."),
    ),
)


@dataclass(frozen=True)
class HouseRules:
    """Every house rule's value (the game log's keys and values)."""

    target: int = 500
    bag_limit: int = 10
    bag_penalty: int = 100
    nil_bonus: int = 100
    blind_nil: bool = False
    lose_at: int | None = None
    nil_tricks: str = "team"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> HouseRules:
        """The given settings checked, the rest standard. Raises FactError ("house_rules.<key>")."""
        return cls(**read_house_rules(HOUSE_RULES, data, "Spades"))

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def counts_nil_tricks(self) -> bool:
        return self.nil_tricks == "team"

    def nil_worth(self, blind: bool) -> int:
        return self.nil_bonus * 2 if blind else self.nil_bonus


@dataclass(frozen=True)
class Setup(FixedPartners):
    """Everything about a game that does not change from deal to deal."""

    game: ClassVar[str] = "spades"  # the game-log key: a setup names its own game
    players: tuple[str, ...]
    first_dealer: int
    rules: HouseRules
    start_points: tuple[int, int] = (0, 0)
    start_bags: tuple[int, int] = (0, 0)

    @classmethod
    def create(
        cls,
        *,
        players: list[str] | tuple[str, ...],
        first_dealer: int = 0,
        house_rules: Mapping[str, Any] | None = None,
        start: Mapping[str, Any] | None = None,
    ) -> Setup:
        """Check everything at once; raises FactError (InvalidFacts for several) by field."""
        errors: list[FactError] = []
        names: tuple[str, ...] = ()
        dealer = 0
        rules = HouseRules()
        try:
            names, dealer = read_table({"players": players, "first_dealer": first_dealer}, (SEATS,))
        except FactError as e:
            errors.extend(getattr(e, "errors", (e,)))
        try:
            rules = HouseRules.from_dict(house_rules)
        except FactError as e:
            errors.extend(getattr(e, "errors", (e,)))
        points, bags = (0, 0), (0, 0)
        try:
            read = read_start(
                start, {"points": 2, "bags": 2}, what='{"points": [..], "bags": [..]}', minimum=None
            )
            points, bags = _pair(read["points"]), _pair(read["bags"])
        except FactError as e:
            errors.extend(getattr(e, "errors", (e,)))
        else:
            if any(b < 0 or b >= rules.bag_limit for b in bags):
                errors.append(
                    FactError(
                        "start.bags",
                        f"each team's bags must be from 0 to {rules.bag_limit - 1}: "
                        f"reaching {rules.bag_limit} has already cost the penalty",
                    )
                )
            ended = _start_ends_game(points, rules)
            if ended:
                errors.append(FactError("start.points", ended))
        raise_all(errors)
        return cls(names, dealer, rules, points, bags)

    def start_to_dict(self) -> dict[str, Any]:
        """The start score in game-log form; empty when the game started from zero."""
        if not any(self.start_points) and not any(self.start_bags):
            return {}
        return {"points": list(self.start_points), "bags": list(self.start_bags)}


def _pair(values: tuple[int, ...]) -> tuple[int, int]:
    return values[0], values[1]


def _start_ends_game(points: tuple[int, int], rules: HouseRules) -> str | None:
    """Why a start score cannot be taken over (that game is already over), or None."""
    ending = judge_end(points, rules.target, rules.lose_at)
    if ending.reason == "target":
        return f"that game is already over: {max(points)} has reached the target of {rules.target}"
    if ending.reason == "lose_at":
        return f"that game is already over: {min(points)} is at or below {rules.lose_at}"
    return None
