"""The scorepad's board: each player's running total, the leaders (the best total, the highest
or the lowest as the house rules say), who deals next, and the winners."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.scorepad import GameState, Setup, best


@dataclass(frozen=True)
class PlayerView:
    index: int
    name: str
    total: int
    leads: bool
    won: bool
    deals_now: bool


def board(setup: Setup, state: GameState) -> dict[str, Any]:
    leaders = best(state.totals, setup.rules.lowest_wins) if state.deals else ()
    players = [
        PlayerView(
            index=seat,
            name=name,
            total=state.totals[seat],
            leads=seat in leaders and len(leaders) < setup.seats,
            won=seat in state.won,
            deals_now=state.dealer == seat,
        )
        for seat, name in enumerate(setup.players)
    ]
    return {
        "players": players,
        "title": setup.title,
        "lowest_wins": setup.rules.lowest_wins,
        "target": setup.rules.target,
        "deals": setup.rules.deals,
        "deals_played": state.deals,
    }
