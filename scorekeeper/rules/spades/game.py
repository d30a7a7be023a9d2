"""Spades behind the games' one interface (`scorekeeper.core.game.GameRules`)."""

from __future__ import annotations

from scorekeeper.core.game import ReplayedDeal, gettext_noop
from scorekeeper.core.tricks.game import PartnersGame

from .facts import DealFacts, parse_deal
from .opening import open_deal
from .scoring import Result, score_deal
from .setup import HOUSE_RULES, Setup
from .state import GameState


class Spades(PartnersGame[Setup, GameState, DealFacts, Result]):
    key = "spades"
    name = "Spades"
    house_rules = HOUSE_RULES
    opening_fields = ("bids", "blind_nil")
    season_columns = (
        ("points", gettext_noop("Points")),
        ("points_against", gettext_noop("Points against")),
        ("bags", gettext_noop("Bags")),
        ("nils_made", gettext_noop("Nils made")),
    )
    fact_labels = PartnersGame.fact_labels | {"blind_nil": gettext_noop("blind nil")}
    per_seat_facts = PartnersGame.per_seat_facts | {"blind_nil"}

    computed_deal_fields = (
        "points",
        "bags_earned",
        "bag_penalty",
        "contracts",
        "made",
        "nil",
    )
    computed_state_fields = ("points", "bags")

    setup_type = Setup
    state_type = GameState
    parse_deal = staticmethod(parse_deal)
    score_deal = staticmethod(score_deal)
    open_deal = staticmethod(open_deal)

    # ---- what is shown and exported ---------------------------------------------------------

    def team_figures(self, setup: Setup, state: GameState, team: int) -> dict[str, int]:
        return {
            "points": state.points[team],
            "points_against": state.points[1 - team],
            "bags": state.bags[team],
            "nils_made": state.nils_made[team],
        }

    def headline(self, setup: Setup, result: Result) -> str:
        a, b = result.outcome.change  # in the board's order, as Euchre and Nigerian Thuni say it
        return f"{_signed(a)} / {_signed(b)}"

    def season_figures(
        self, setup: Setup, deals: list[ReplayedDeal[Result]], state: GameState
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
