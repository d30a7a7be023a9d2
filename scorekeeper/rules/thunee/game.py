"""South African Thunee behind the games' one interface (`scorekeeper.core.game.GameRules`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.core.errors import SHARED, FactError, Refusals, raise_all
from scorekeeper.core.explain import Said
from scorekeeper.core.game import Mode, ReplayedDeal, gettext_noop
from scorekeeper.core.teams import TeamsGame

from . import words
from .facts import DealFacts, parse_deal
from .scoring import DealResult, score_deal
from .setup import HOUSE_RULES, MODES, Setup
from .state import GameState

REFUSE = Refusals(__package__)  # Thunee's refusals: its words.toml
NO_CALL = gettext_noop("no call")  # a call of 0, in the audit trail


class Thunee(TeamsGame[Setup, GameState, DealFacts, DealResult]):
    key = "thunee"
    name = "Thunee"
    modes = tuple(Mode(m.key, m.label, m.seats) for m in MODES.values())
    seat_counts = tuple(sorted({m.seats for m in MODES.values()}))
    house_rules = HOUSE_RULES
    seating = gettext_noop(
        "Names in order of play: each next player sits on the right of the one before "
        "(play goes counterclockwise). Partners are every other seat."
    )
    progress_measure = gettext_noop("balls")
    # What the board's season columns and the deal's facts are called: words.toml.
    season_columns = tuple(words.W.SEASON_COLUMNS.items())
    fact_labels = words.W.FACT_LABELS
    seat_facts = frozenset({"trump_maker", "last_trick"})

    def fact_text(self, setup: Setup, key: str, value: Any) -> str | None:
        return Said(NO_CALL) if key == "call" and value == 0 else None  # nobody called

    computed_state_fields = ("balls", "target", "deuce")

    state_type = GameState
    parse_deal = staticmethod(parse_deal)
    score_deal = staticmethod(score_deal)

    def target(self, setup: Setup, state: GameState) -> int:
        return state.target  # 12 balls, or 13

    # ---- setup ------------------------------------------------------------------------------

    def setup(self, envelope: Mapping[str, Any]) -> Setup:
        if "mode" not in envelope or envelope["mode"] is None:
            raise REFUSE("mode", "MODE_MISSING", modes=", ".join(MODES))
        errors: list[FactError] = []
        house_rules = envelope.get("house_rules") or {}
        if not isinstance(house_rules, Mapping):
            errors.append(SHARED("house_rules", "RULES_NOT_AN_OBJECT"))
            house_rules = {}
        start = envelope.get("start") or {}
        balls: Any = (0, 0)
        if not isinstance(start, Mapping):
            errors.append(
                SHARED("start", "START_NOT_AN_OBJECT", form='{"balls": [team 0, team 1]}')
            )
        else:
            extra = [k for k in start if k != "balls"]
            errors += [SHARED(f"start.{k}", "NO_SUCH_FIELD") for k in extra]
            balls = start.get("balls", (0, 0))
        raise_all(errors)
        return Setup.create(
            mode=envelope["mode"],
            players=envelope.get("players"),  # type: ignore[arg-type]
            first_dealer=envelope.get("first_dealer", 0),
            house_rules=house_rules,
            start_balls=balls,
        )

    def mode_label(self, setup: Setup) -> str:
        return setup.mode.label

    # ---- what is shown and exported ---------------------------------------------------------

    def computed_deal(self, result: DealResult) -> dict[str, Any]:
        o = result.outcome
        out: dict[str, Any] = {
            "dealer": o.dealer,
            "kind": o.kind,
            "balls": list(o.balls),
            "winning_team": o.winning_team,
        }
        if o.kind == "normal":
            out["cards_needed"] = o.cards_needed
            out["counting_total"] = o.counting_total
        if o.kind == "special" and o.special is not None:
            out["special"] = {"call": o.special[0], "result": o.special[1]}
        out["explanation"] = o.explanation
        return out

    def team_scores(self, state: GameState) -> tuple[int, int]:
        return state.balls

    def team_figures(self, setup: Setup, state: GameState, team: int) -> dict[str, int]:
        return {"balls_for": state.balls[team], "balls_against": state.balls[1 - team]}

    def headline(self, setup: Setup, result: DealResult) -> str:
        return words.headline(result.outcome.balls)

    def outcome_text(self, setup: Setup, result: DealResult) -> str:
        return words.outcome(setup, result.outcome.balls)

    def season_figures(
        self, setup: Setup, deals: list[ReplayedDeal[DealResult]], state: GameState
    ) -> dict[int, dict[str, int]]:
        """Balls won in the game's deals (a start score is not), and each caller's Thunees
        (blind ones too) and Khanaaks (backward ones too), called and made."""
        balls = [0, 0]
        calls = {seat: dict.fromkeys(_CALL_FIGURES, 0) for seat in range(setup.seats)}
        for deal in deals:
            outcome = deal.result.outcome
            balls[0] += outcome.balls[0]
            balls[1] += outcome.balls[1]
            special = deal.result.facts.special
            kind = _CALL_KIND.get(special.call) if special is not None else None
            if special is not None and kind is not None and outcome.special is not None:
                calls[special.seat][f"{kind}s_called"] += 1
                calls[special.seat][f"{kind}s_made"] += outcome.special[1] == "success"
        return {
            seat: {
                "balls_for": balls[setup.team_of(seat)],
                "balls_against": balls[1 - setup.team_of(seat)],
                **calls[seat],
            }
            for seat in range(setup.seats)
        }


_CALL_KIND = {"thunee": "thunee", "blind_thunee": "thunee", "khanaak": "khanaak"}
_CALL_FIGURES = ("thunees_called", "thunees_made", "khanaaks_called", "khanaaks_made")

GAME = Thunee()
replay = GAME.replay
