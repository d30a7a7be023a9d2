"""What templates need from a scoreboard, worked out once here instead of in template logic."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .forms import HOUSE_RULE_LABELS, rule_value_label
from .services import Scoreboard

# Each team keeps score with two Sixes: one team clubs and hearts, the other spades and diamonds.
TEAM_SUITS = (("♣", "♥"), ("♠", "♦"))
RED = {"♥", "♦"}


@dataclass(frozen=True)
class BallCard:
    suit: str
    opened: int  # pips showing, 0..6

    @property
    def red(self) -> bool:
        return self.suit in RED

    @property
    def pips(self) -> list[bool]:
        return [i < self.opened for i in range(6)]


@dataclass(frozen=True)
class TeamView:
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


@dataclass(frozen=True)
class LogRow:
    number: int
    dealer: str
    kind: str
    balls: tuple[int, int]
    lines: list[Any]
    edited: bool
    is_last: bool
    score_after: tuple[int, int]


def board_context(board: Scoreboard, form: Any) -> dict[str, Any]:
    setup, state = board.setup, board.state
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
    rows = [
        LogRow(
            number=d.number,
            dealer=setup.players[d.result.outcome.dealer],
            kind=d.result.outcome.kind,
            balls=d.result.outcome.balls,
            lines=list(d.result.outcome.lines),
            edited=row.edited_at is not None,
            is_last=d.number == len(board.deals),
            score_after=d.result.after.balls,
        )
        for d, row in zip(board.deals, board.deal_rows, strict=True)
    ]
    rows.reverse()
    house_rules = [
        f"{HOUSE_RULE_LABELS[key]}: {rule_value_label(key, value)}"
        for key, value in setup.rules.to_dict(only_changed=True).items()
    ]  # newest first: the deal just recorded is where the eye is
    return {
        "game": board.game,
        "setup": setup,
        "state": state,
        "teams": teams,
        "dealer_name": setup.players[state.dealer] if state.dealer is not None else None,
        "next_number": board.next_number,
        "rows": rows,
        "form": form,
        "house_rules": house_rules,
        "winners": setup.team_name(state.winning_team) if state.winning_team is not None else "",
        "win_verb": "wins" if setup.mode.teams_of_one else "win",
    }
