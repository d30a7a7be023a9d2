"""Replaying a whole log of deals: the log is the truth, the scores follow from it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import FactError

from .facts import DealFacts, parse_deal
from .scoring import DealResult, score_deal
from .setup import Setup
from .state import GameState


@dataclass(frozen=True)
class ReplayedDeal:
    number: int  # 1-based
    result: DealResult


def replay(
    setup: Setup, deals: Iterable[Mapping[str, Any] | DealFacts]
) -> tuple[list[ReplayedDeal], GameState]:
    """Score every deal in order. A bad deal raises FactError naming its number and field."""
    state = GameState.initial(setup)
    out: list[ReplayedDeal] = []
    for number, deal in enumerate(deals, start=1):
        try:
            facts = deal if isinstance(deal, DealFacts) else parse_deal(deal, setup)
            result = score_deal(facts, state, setup)
        except FactError as e:
            raise e.at_deal(number) from None
        out.append(ReplayedDeal(number, result))
        state = result.after
    return out, state
