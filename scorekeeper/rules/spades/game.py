"""Spades behind the games' one interface (`scorekeeper.core.game.GameRules`)."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.game import GameRules, ReplayedDeal, Standing, gettext_noop

from .facts import parse_deal
from .opening import open_deal
from .scoring import DealResult, score_deal
from .setup import HOUSE_RULES, SEATS, Setup
from .state import GameState


class Spades(GameRules):
    key = "spades"
    name = "Spades"
    seat_counts = (SEATS,)
    fixed_teams = True
    seating = gettext_noop(
        "Names in order of play: each next player sits on the left of the one before (play "
        "goes clockwise). Partners sit opposite: seats 1 and 3 (team A) against seats 2 and 4 "
        "(team B)."
    )
    house_rules = HOUSE_RULES
    opening_fields = ("bids", "blind_nil")
    progress_measure = gettext_noop("points")
    season_columns = (
        ("points", gettext_noop("Points")),
        ("points_against", gettext_noop("Points against")),
        ("bags", gettext_noop("Bags")),
        ("nils_made", gettext_noop("Nils made")),
    )
    fact_labels = {
        "dealer": gettext_noop("dealer"),
        "bids": gettext_noop("bids"),
        "blind_nil": gettext_noop("blind nil"),
        "tricks": gettext_noop("tricks"),
    }
    per_seat_facts = frozenset({"bids", "blind_nil", "tricks"})

    setup_type = Setup
    state_type = GameState
    parse_deal = staticmethod(parse_deal)
    score_deal = staticmethod(score_deal)
    open_deal = staticmethod(open_deal)

    # ---- what is shown and exported ---------------------------------------------------------

    def computed_deal(self, result: DealResult) -> dict[str, Any]:
        o = result.outcome
        return {
            "dealer": o.dealer,
            "points": list(o.points),
            "bags_earned": list(o.bags_earned),
            "bag_penalty": list(o.bag_penalty),
            "contracts": list(o.contracts),
            "made": list(o.made),
            "nil": list(o.nil),
            "explanation": o.explanation,
        }

    def computed_state(self, setup: Setup, state: GameState) -> dict[str, Any]:
        return {
            "points": list(state.points),
            "bags": list(state.bags),
            "next_dealer": self.next_dealer(state),
            "finished": state.finished,
            "winners": list(state.winners(setup)),
        }

    def standings(self, setup: Setup, state: GameState) -> list[Standing]:
        return [
            Standing(
                seats=setup.team_seats(team),
                name=setup.team_name(team),
                score=state.points[team],
                won=state.winning_team == team,
                figures={
                    "points": state.points[team],
                    "points_against": state.points[1 - team],
                    "bags": state.bags[team],
                    "nils_made": state.nils_made[team],
                },
            )
            for team in (0, 1)
        ]

    def summary(self, setup: Setup, state: GameState) -> str:
        return f"{state.points[0]}–{state.points[1]}"

    def headline(self, setup: Setup, result: DealResult) -> str:
        a, b = result.outcome.change
        return f"A {_signed(a)} · B {_signed(b)}"

    def season_figures(
        self, setup: Setup, deals: list[ReplayedDeal], state: GameState
    ) -> dict[int, dict[str, int]]:
        """The team's points for and against, the bags it took in the game (before any bag
        penalty cleared them), and each player's own nils made."""
        bags = [0, 0]
        nils = [0] * setup.seats
        for deal in deals:
            outcome = deal.result.outcome
            bags[0] += outcome.bags_earned[0]
            bags[1] += outcome.bags_earned[1]
            for seat, nil in enumerate(outcome.nil):
                nils[seat] += nil == "made"
        return {
            seat: {
                "points": state.points[setup.team_of(seat)],
                "points_against": state.points[1 - setup.team_of(seat)],
                "bags": bags[setup.team_of(seat)],
                "nils_made": nils[seat],
            }
            for seat in range(setup.seats)
        }


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


GAME = Spades()
replay = GAME.replay
