"""The game between deals: each player's chips, the chips each has bought, the pot, who deals.

Pottle has no set end: the state never finishes, and play stops whenever the table likes (the
settle-up in `money.py` then says who pays whom).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.state import StateData

from .setup import Setup


@dataclass(frozen=True)
class GameState(StateData):
    chips: tuple[int, ...]  # each player's chips in front of them
    bought: tuple[int, ...]  # chips each player has bought beyond the starting chips, in total
    pot: int  # chips in the pot between deals (carried over when nobody won it)
    dealer: int  # who deals next
    deals: int = 0  # deals recorded so far

    @classmethod
    def initial(cls, setup: Setup) -> GameState:
        bought = setup.start_bought or (0,) * setup.seats
        return cls(setup.start_chips, bought, setup.start_pot, setup.first_dealer)
