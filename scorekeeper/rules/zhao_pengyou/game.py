"""Zhao Pengyou behind the games' one interface (`scorekeeper.core.game.GameRules`)."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.explain import Said, gettext_noop, listed
from scorekeeper.core.game import (
    GameRules,
    Lead,
    Match,
    Progression,
    ReplayedDeal,
    Series,
    Standing,
)

from . import words
from .facts import DealFacts, parse_deal
from .levels import ACE
from .promotion import DEFENDERS, TRUMP_MAKERS
from .scoring import Result, score_deal
from .setup import HOUSE_RULES, Setup
from .state import GameState
from .table import SEAT_COUNTS


class ZhaoPengyou(GameRules[Setup, GameState, DealFacts, Result]):
    key = "zhao-pengyou"
    name = gettext_noop("Zhao Pengyou")
    modes = ()
    seat_counts = SEAT_COUNTS
    house_rules = HOUSE_RULES
    dealer_field = "starter"
    fixed_teams = False
    progress_measure = gettext_noop("levels")
    # What the board's season columns and the deal's facts are called: words.toml.
    season_columns = tuple(words.W.SEASON_COLUMNS.items())
    fact_labels = words.W.FACT_LABELS
    seat_facts = frozenset({"trump_maker", "last_trick"})
    seats_facts = frozenset({"team"})
    seating = gettext_noop(
        "Names in order of play: each next player sits on the right of the one before "
        "(play goes counterclockwise)."
    )

    setup_type = Setup
    state_type = GameState
    parse_deal = staticmethod(parse_deal)
    score_deal = staticmethod(score_deal)

    def mode_label(self, setup: Setup) -> str:
        return Said(words.W.HEADLINE_PLAYERS, players=setup.seats)

    def next_dealer(self, state: GameState) -> int | None:
        return None if state.finished else state.starter

    def winners(self, setup: Setup, state: GameState) -> tuple[int, ...]:
        return state.winners

    # ---- what is shown and exported ---------------------------------------------------------

    def computed_deal(self, result: Result) -> dict[str, Any]:
        o = result.outcome
        return {
            "starter": o.dealer,
            "defenders_total": o.defenders_total,
            "side": o.side,
            "levels_gained": list(o.levels_gained),
            "explanation": o.explanation,
        }

    def computed_state(self, setup: Setup, state: GameState) -> dict[str, Any]:
        out: dict[str, Any] = {
            "levels": [setup.level_name(step) for step in state.levels],
            "next_starter": self.next_dealer(state),
            "finished": state.finished,
            "winners": list(state.winners),
        }
        if setup.rules.active_passive:
            out["active"] = list(state.active)
        if setup.rules.by_result:
            out["next_trump_maker"] = None if state.finished else state.trump_maker
        return out

    def standings(self, setup: Setup, state: GameState) -> list[Standing]:
        return [
            Standing(
                seats=(seat,),
                name=setup.players[seat],
                score=setup.level_name(state.levels[seat]),
                won=seat in state.winners,
                figures={
                    "levels_gained": state.gained[seat],
                    "times_trump_maker": state.times_trump_maker[seat],
                    "won": int(seat in state.winners),
                },
            )
            for seat in range(setup.seats)
        ]

    def summary(self, setup: Setup, state: GameState) -> str:
        """Every level in order of play, "2 · 5 · past A · …": a `Said`, whose level names the
        shell can say in the reader's language."""
        names = [setup.level_name(step) for step in state.levels]
        return listed(names, words.W.LEVELS_JOINED, words.W.LEVELS_JOINED)

    def headline(self, setup: Setup, result: Result) -> str:
        o = result.outcome
        levels = o.promotion.levels if o.promotion is not None else 0
        return words.headline(o.side, levels, o.kind == "no_trumps")

    # ---- seasons (see GameRules) --------------------------------------------------------------

    def open_ended(self, setup: Setup) -> bool:
        return setup.rules.laps  # with laps nobody wins by level: play as long as you like

    def leads(self, setup: Setup, state: GameState) -> list[Lead]:
        """A player's level as the number its rank says ("2" is 2, "10" is 10, then J 11 … A 14,
        past A 15): the figure the table shows, and the higher the further ahead."""
        return [Lead((seat,), step + 2) for seat, step in enumerate(state.levels)]

    def target(self, setup: Setup, state: GameState) -> str | None:
        """Beyond Ace wins; with laps nobody wins by level."""
        return None if setup.rules.laps else setup.level_name(ACE + 1)

    def ranking(self, setup: Setup, state: GameState) -> Match:
        """The players past Ace first; in a game with laps (nobody wins), by level."""
        teams = tuple((seat,) for seat in range(setup.seats))
        if state.winners:
            return Match(teams, tuple(1 if s in state.winners else 2 for s in range(setup.seats)))
        return Match.by_score(teams, list(state.levels))

    def rating_matches(
        self, setup: Setup, deals: list[ReplayedDeal[Result]], state: GameState
    ) -> list[Match]:
        """Ratings learn from every deal in which trumps were made: the trump maker's team
        against the defenders, as the deal's result placed them (teams change every deal)."""
        out = []
        for deal in deals:
            o = deal.result.outcome
            team = tuple(sorted(o.team))
            defenders = tuple(s for s in range(setup.seats) if s not in team)
            if o.kind != "played" or not team or not defenders:
                continue
            by_side: dict[str | None, tuple[int, int]] = {TRUMP_MAKERS: (1, 2), DEFENDERS: (2, 1)}
            places = by_side.get(o.side, (1, 1))
            out.append(Match((team, defenders), places))
        return out

    def progression(self, setup: Setup, deals: list[ReplayedDeal[Result]]) -> Progression:
        """Each player's level (steps up from "2") before the first deal and after each."""
        states = [self.initial_state(setup), *(deal.result.after for deal in deals)]
        top = max(max(state.levels) for state in states)
        return Progression(
            self.progress_measure,
            tuple(
                Series(name, tuple(state.levels[seat] for state in states))
                for seat, name in enumerate(setup.players)
            ),
            tuple((step, setup.level_name(step)) for step in range(top + 1)),
        )


GAME = ZhaoPengyou()
replay = GAME.replay
