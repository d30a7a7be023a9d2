"""The scorepad behind the games' one interface (`scorekeeper.core.game.GameRules`): every
player for themselves, one number each per deal, recorded in one step."""

from __future__ import annotations

from scorekeeper.core.game import JSON, GameRules, Lead, Match, Standing, gettext_noop

from .facts import DealFacts, parse_deal
from .scoring import Result, score_deal
from .setup import HOUSE_RULES, SEAT_COUNTS, Setup
from .state import GameState
from .words import headline, named_table, totals_summary


class Scorepad(GameRules[Setup, GameState, DealFacts, Result]):
    key = "scorepad"
    name = "Scorepad"
    seat_counts = SEAT_COUNTS
    night_seat_counts = (3, 4, 5, 6)
    house_rules = HOUSE_RULES
    progress_measure = gettext_noop("points")
    season_columns = (("points", gettext_noop("Points")),)
    seating = gettext_noop(
        "Names in order of play: each next player sits on the left of the one before, and deals "
        "after them."
    )
    fact_labels = {
        "dealer": gettext_noop("dealer"),
        "points": gettext_noop("points"),
        "last": gettext_noop("last deal"),
    }
    per_seat_facts = frozenset({"points"})

    computed_deal_fields = ("points", "totals", "leaders")
    computed_state_fields = ("totals", "deals_played")

    setup_type = Setup
    state_type = GameState
    parse_deal = staticmethod(parse_deal)
    score_deal = staticmethod(score_deal)

    def mode_label(self, setup: Setup) -> str:
        """The header names the table and, when it has one, the game's own name: "Hearts · 4
        players" (the registry's name stays "Scorepad")."""
        if not setup.rules.name:
            return super().mode_label(setup)
        return named_table(setup.rules.name, len(setup.players))

    def season_name(self, setup: Setup) -> str | None:
        """Each name the table gives the game is its own standings: Hearts apart from Rummy."""
        return setup.rules.name or None

    def computed_state(self, setup: Setup, state: GameState) -> dict[str, JSON]:
        """The spec's winners are null until the game is over."""
        out = super().computed_state(setup, state)
        if not state.finished:
            out["winners"] = None
        return out

    def target(self, setup: Setup, state: GameState) -> int | str | None:
        return setup.rules.target

    def standings(self, setup: Setup, state: GameState) -> list[Standing]:
        return [
            Standing(
                seats=(seat,),
                name=setup.players[seat],
                score=state.totals[seat],
                won=seat in state.won,
                figures={"points": state.totals[seat]},
            )
            for seat in range(setup.seats)
        ]

    def summary(self, setup: Setup, state: GameState) -> str:
        return totals_summary(state.totals)

    def headline(self, setup: Setup, result: Result) -> str:
        return headline(result.outcome.points)

    def leads(self, setup: Setup, state: GameState) -> list[Lead]:
        """More is further ahead: under `lowest` the fewest points lead."""
        sign = -1 if setup.rules.lowest_wins else 1
        return [Lead(lead.seats, sign * lead.figure) for lead in super().leads(setup, state)]

    def ranking(self, setup: Setup, state: GameState) -> Match:
        """Every player for themselves, placed by total (the fewest first under `lowest`)."""
        sign = -1 if setup.rules.lowest_wins else 1
        seats = tuple((seat,) for seat in range(setup.seats))
        return Match.by_score(seats, [sign * total for total in state.totals])


GAME = Scorepad()
replay = GAME.replay
