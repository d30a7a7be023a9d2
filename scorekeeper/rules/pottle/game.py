"""Pottle behind the games' one interface (`scorekeeper.core.game.GameRules`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.core.errors import FactError, raise_all
from scorekeeper.core.game import Match, Opening, Standing, gettext_noop
from scorekeeper.core.tricks.game import TricksGame
from scorekeeper.core.tricks.turn import check_dealer

from .facts import DealFacts, parse_deal, parse_opening
from .scoring import (
    Result,
    after_purchases_and_antes,
    score_deal,
    trump_chooser,
)
from .setup import HOUSE_RULES, SEAT_COUNTS, Setup
from .state import GameState
from .words import Words, chips_summary, headline_carried


class Pottle(TricksGame[Setup, GameState, DealFacts, Result]):
    key = "pottle"
    name = "Pottle"
    seat_counts = SEAT_COUNTS
    house_rules = HOUSE_RULES
    opening_fields = ("bids", "trumps", "chips_bought")
    progress_measure = gettext_noop("chips")
    season_columns = (("net", gettext_noop("Chips won (net)")),)
    fact_labels = TricksGame.fact_labels | {
        "trumps": gettext_noop("trumps"),
        "chips_bought": gettext_noop("chips bought"),
    }
    per_seat_facts = TricksGame.per_seat_facts | {"chips_bought"}

    computed_deal_fields = ("trump_chooser", "made", "winner", "pot_won")
    computed_state_fields = ("chips", "pot")

    setup_type = Setup
    state_type = GameState
    parse_deal = staticmethod(parse_deal)
    score_deal = staticmethod(score_deal)

    # ---- no set end: play stops when the table likes ------------------------------------------

    def next_dealer(self, state: GameState) -> int | None:
        return state.dealer

    def is_finished(self, state: GameState) -> bool:
        return False

    def winners(self, setup: Setup, state: GameState) -> tuple[int, ...]:
        return ()

    def open_ended(self, setup: Setup) -> bool:
        return True

    def open_deal(self, data: Mapping[str, Any], state: GameState, setup: Setup) -> Opening:
        """Check the bids (and any purchases and trumps) before the hand is played; the board
        shows who chooses trumps and what the pot is after the antes."""
        facts = parse_opening(data, setup)
        dealer = check_dealer(facts.dealer, state.dealer, setup.players)
        errors: list[FactError] = []
        pot = state.pot
        try:
            _, _, pot = after_purchases_and_antes(facts, state, setup)
        except FactError as e:
            errors.extend(getattr(e, "errors", (e,)))
        raise_all(errors)
        words = Words(setup)
        lines = []
        if facts.chips_bought is not None:
            lines.append(words.bought(facts.chips_bought, setup.bidding_order(dealer)))
        chooser = trump_chooser(facts.bids, dealer, setup)
        lines.append(words.opening_trumps(chooser, facts.bids, facts.trumps))
        lines.append(words.opening_pot(pot, state.pot))
        return Opening(self.deal_to_log(facts), tuple(lines))

    # ---- what is shown and exported ---------------------------------------------------------

    def standings(self, setup: Setup, state: GameState) -> list[Standing]:
        start = setup.rules.starting_chips
        return [
            Standing(
                seats=(seat,),
                name=setup.players[seat],
                score=state.chips[seat],
                figures={
                    "chips": state.chips[seat],
                    "bought": state.bought[seat],
                    "net": state.chips[seat] - start - state.bought[seat],
                },
            )
            for seat in range(setup.seats)
        ]

    def summary(self, setup: Setup, state: GameState) -> str:
        return chips_summary(state.chips, state.pot)

    def headline(self, setup: Setup, result: Result) -> str:
        o = result.outcome
        if o.winner is not None:
            return f"{setup.players[o.winner]} +{o.pot_won}"
        return headline_carried(o.pot)

    def ranking(self, setup: Setup, state: GameState) -> Match:
        """Every player for themselves, placed by chips won net (bought chips do not count)."""
        rows = self.standings(setup, state)
        net = [row.figures["net"] for row in rows]
        return Match.by_score(tuple(row.seats for row in rows), net)


GAME = Pottle()
replay = GAME.replay
