"""Pottle's pot board: the pot, each player's chips, who deals, and (while the hand is played)
who chose trumps, which the board template reads from the bids recorded for the hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.games.presenters import TemplateView
from scorekeeper.rules.pottle import GameState, Setup


@dataclass(frozen=True)
class PlayerView(TemplateView):
    seat: int
    name: str
    chips: int
    bought: int  # beyond the starting chips
    net: int  # chips won (+) or lost (−) so far
    deals_now: bool
    short: bool  # fewer chips than the ante: must buy before the next deal

    @property
    def net_said(self) -> str:
        """The net so far as the board shows it: "+3", "−2" (a minus sign), nothing for 0."""
        return f"+{self.net}" if self.net > 0 else f"−{-self.net}" if self.net < 0 else ""


def board(setup: Setup, state: GameState) -> dict[str, Any]:
    start, ante = setup.rules.starting_chips, setup.rules.ante
    players = [
        PlayerView(
            seat=s,
            name=setup.players[s],
            chips=state.chips[s],
            bought=state.bought[s],
            net=state.chips[s] - start - state.bought[s],
            deals_now=state.dealer == s,
            short=state.chips[s] < ante,
        )
        for s in range(setup.seats)
    ]
    return {
        "players": players,
        "pot": state.pot,
        "ante": ante,
        "pot_after_ante": state.pot + ante * setup.seats,
        "chip_value": setup.rules.chip_value,
    }
