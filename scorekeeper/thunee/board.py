"""Thunee's board: each team's score as its two ball cards (the Sixes), corner house, who deals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from scorekeeper.games.presenters import TemplateView
from scorekeeper.games.team_board import TeamView, team_views
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
class ThuneeTeam(TeamView):
    members: list[str]
    balls: int
    cards: tuple[BallCard, BallCard]
    corner_house: bool


def ball_cards(team: int, balls: int) -> tuple[BallCard, BallCard]:
    first, second = TEAM_SUITS[team]
    return BallCard(first, min(balls, 6)), BallCard(second, max(0, min(balls - 6, 6)))


def board(setup: Setup, state: GameState) -> dict[str, Any]:
    teams = team_views(
        setup,
        state,
        ThuneeTeam,
        members=lambda t: [setup.players[s] for s in range(setup.seats) if setup.team_of(s) == t],
        balls=lambda t: state.balls[t],
        cards=lambda t: ball_cards(t, state.balls[t]),
        corner_house=lambda t: not state.finished and state.on_corner_house(t),
    )
    return {
        "teams": teams,
        "dealer_note": _("two to clear: a two-ball lead wins") if state.deuce else "",
        "win_verb": "wins" if setup.mode.teams_of_one else "win",
    }
