"""A bids-and-tricks game's setup, read from the game log's envelope: the table, the house rules
and the game's own start score, every wrong field named at once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from scorekeeper.core.errors import Problems
from scorekeeper.core.table import Seats, read_table


@dataclass(frozen=True)
class TricksSetup(Seats):
    """Everything about a game that does not change from deal to deal: the players in order of
    play, the first dealer, the house rules (a `house_rules_type`), and then the game's own
    fields of the start, which `read_start` gives back in their order. `create` reads it all."""

    players: tuple[str, ...]
    first_dealer: int
    rules: Any

    house_rules_type: ClassVar[Any]  # a HouseRuleValues
    seat_counts: ClassVar[tuple[int, ...]]
    start_per_seat: ClassVar[bool] = False  # a start per seat is only read once the table is right

    @staticmethod
    def read_start(start: Any, rules: Any, seats: int) -> tuple[Any, ...]:
        """The envelope's `start` as the setup's fields after the house rules, or FactError."""
        raise NotImplementedError

    @classmethod
    def create(
        cls,
        *,
        players: Any,
        first_dealer: Any = 0,
        house_rules: Any = None,
        start: Any = None,
    ) -> Self:
        """Check everything at once; raises FactError (InvalidFacts for several) by field."""
        problems = Problems()
        table = {"players": players, "first_dealer": first_dealer}
        nobody: tuple[tuple[str, ...], int] = ((), 0)
        names, first = problems.read(lambda: read_table(table, cls.seat_counts), nobody)
        rules_type = cls.house_rules_type
        rules = problems.read(lambda: rules_type.from_dict(house_rules), rules_type())
        began: tuple[Any, ...] = ()
        if names or not cls.start_per_seat:
            began = problems.read(lambda: cls.read_start(start, rules, len(names)), ())
        problems.done()
        return cls(names, first, rules, *began)
