"""Thunee's board: each team's score as its two ball cards (the Sixes), corner house, who deals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from scorekeeper.games.presenters import TemplateView
from scorekeeper.rules.thunee import GameState, Setup

# Each team keeps score with two Sixes: one team clubs and hearts, the other spades and diamonds.
TEAM_SUITS = (("♣", "♥"), ("♠", "♦"))
# The suit's name: the ball card's class, by which thunee.css draws its pips and colour.
SUIT_NAMES = {"♣": "clubs", "♥": "hearts", "♠": "spades", "♦": "diamonds"}


@dataclass(frozen=True)
class BallCard(TemplateView):
    suit: str
    opened: int  # pips showing, 0..6

    @property
    def suit_name(self) -> str:
        return SUIT_NAMES[self.suit]


@dataclass(frozen=True)
class TeamView(TemplateView):
    index: int
    name: str
    members: list[str]
    balls: int
    cards: tuple[BallCard, BallCard]
    corner_house: bool
    deals_now: bool
    won: bool


def ball_cards(team: int, balls: int) -> tuple[BallCard, BallCard]:
    first, second = TEAM_SUITS[team]
    return BallCard(first, min(balls, 6)), BallCard(second, max(0, min(balls - 6, 6)))


def board(setup: Setup, state: GameState) -> dict[str, Any]:
    dealer_team = setup.team_of(state.dealer) if state.dealer is not None else None
    teams = [
        TeamView(
            index=t,
            name=setup.team_name(t),
            members=[setup.players[s] for s in range(setup.seats) if setup.team_of(s) == t],
            balls=state.balls[t],
            cards=ball_cards(t, state.balls[t]),
            corner_house=not state.finished and state.on_corner_house(t),
            deals_now=dealer_team == t,
            won=state.winning_team == t,
        )
        for t in (0, 1)
    ]
    return {
        "teams": teams,
        "dealer_note": _("two to clear: a two-ball lead wins") if state.deuce else "",
        "win_verb": "wins" if setup.mode.teams_of_one else "win",
    }
