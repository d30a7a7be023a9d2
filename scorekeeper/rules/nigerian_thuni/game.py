"""Nigerian Thuni behind the games' one interface (`scorekeeper.core.game.GameRules`).

When a tie for the next deal is left to a draw that has not been recorded, the state's
`next_dealer` is None (and `computed.state.next_dealer` null, as when the game is over) while
`GameState.draw` names the players who must draw. The next deal then needs its `dealer`: the
winner of the draw, which must be one of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.core.game import Opening, gettext_noop
from scorekeeper.core.tricks.game import PartnersGame

from .facts import DealFacts, check_forced_bid, parse_deal, parse_opening
from .scoring import Result, count_team, score_deal, this_dealer
from .setup import CONCESSION_POINTS, HOUSE_RULES, SEATS, Setup
from .state import GameState
from .words import Words, headline


class NigerianThuni(PartnersGame[Setup, GameState, DealFacts, Result]):
    key = "nigerian-thuni"
    name = "Nigerian Thuni"
    house_rules = HOUSE_RULES
    opening_fields = ("bids", "conceded")
    fact_labels = PartnersGame.fact_labels | {
        "conceded": gettext_noop("conceded"),
        "next_dealer": gettext_noop("won the draw to deal next"),
    }
    seat_facts = frozenset({"next_dealer"})

    computed_deal_fields = ("points", "contracts", "made")
    computed_state_fields = ("points",)

    setup_type = Setup
    state_type = GameState
    parse_deal = staticmethod(parse_deal)
    score_deal = staticmethod(score_deal)

    def fact_text(self, setup: Setup, key: str, value: Any) -> str | None:
        return setup.team_name(value) if key == "conceded" and value in (0, 1) else None

    def deal_to_log(self, facts: DealFacts) -> dict[str, Any]:
        """The facts in log form, without the dealer unless a draw chose the dealer (then the
        rules do not give it, and it is kept so the log replays)."""
        data = facts.to_dict()
        if not facts.dealer_by_draw:
            data.pop("dealer", None)
        return data

    def open_deal(self, data: Mapping[str, Any], state: GameState, setup: Setup) -> Opening:
        """Check the bids (or a concession) before the hand is played; the board shows who
        chooses trumps and each team's contract."""
        facts = parse_opening(data, setup)
        dealer, _ = this_dealer(facts, state, setup)
        words = Words(setup)
        if facts.conceded is not None:
            line = words.conceded(facts.conceded, CONCESSION_POINTS)
            return Opening(facts.to_dict(), (line,))
        check_forced_bid(facts, dealer, setup)
        bids = facts.bids or ()
        chooser = max(facts.bidders, key=lambda s: bids[s] or 0)
        zero_tricks = (0,) * SEATS
        contracts = (
            count_team(0, bids, zero_tricks).contract,
            count_team(1, bids, zero_tricks).contract,
        )
        lines = (
            words.trumps(chooser, bids[chooser] or 0, opening=True),
            words.contracts(contracts, opening=True),
        )
        return Opening(facts.to_dict(), lines)

    # ---- what is shown and exported ---------------------------------------------------------

    def headline(self, setup: Setup, result: Result) -> str:
        return headline(result.outcome.points, result.outcome.kind)


GAME = NigerianThuni()
replay = GAME.replay
