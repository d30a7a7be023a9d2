"""The game between deals: each seat's total, how many deals, who deals next, who won."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.state import StateData

from .setup import Setup


@dataclass(frozen=True)
class GameState(StateData):
    totals: tuple[int, ...]
    dealer: int | None  # who deals next; None once the game is over
    finished: bool = False
    won: tuple[int, ...] = ()  # the winners' seats, once the game is over
    deals: int = 0  # deals recorded so far

    @classmethod
    def initial(cls, setup: Setup) -> GameState:
        return cls(setup.start_totals, setup.first_dealer)

    @property
    def deals_played(self) -> int:
        return self.deals

    def winners(self, setup: Setup) -> tuple[int, ...]:
        return self.won


def best(totals: tuple[int, ...], lowest_wins: bool) -> tuple[int, ...]:
    """The seats with the best total (the highest, or the lowest), in seat order: equal totals
    share it."""
    top = min(totals) if lowest_wins else max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == top)
