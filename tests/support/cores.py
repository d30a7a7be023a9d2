"""Scoring deals with a rules core in the core tests, through the one interface every core
offers (scorekeeper/core/game.py: GameRules), and reading what it refused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.core.game import GameRules


@dataclass(frozen=True)
class CoreKit:
    """A game's core and the setup its tests start from when they name none.

    In tests/<game>/support.py: `score, play, refused = CoreKit(GAME, make_setup).bound()`."""

    rules: GameRules
    make_setup: Callable[[], Any]

    def score(self, deal: Any, setup: Any = None, state: Any = None) -> Any:
        """Score one deal from its game-log form; returns the core's DealResult."""
        setup = setup or self.make_setup()
        state = state or self.rules.initial_state(setup)
        return self.rules.score_deal(self.rules.parse_deal(deal, setup), state, setup)

    def play(self, setup: Any, deals: list[dict[str, Any]]) -> tuple[list[Any], Any]:
        """Every deal in order: their results and the state after the last."""
        replayed, state = self.rules.replay(setup, deals)
        return [r.result for r in replayed], state

    def refused(self, deal: Any, setup: Any = None, state: Any = None) -> FactError:
        """Scoring the deal must raise FactError; returns it."""
        with pytest.raises(FactError) as info:
            self.score(deal, setup, state)
        return info.value

    def bound(self) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., FactError]]:
        return self.score, self.play, self.refused


def errors_of(error: FactError) -> list[FactError]:
    """The single errors a FactError stands for (an InvalidFacts holds several)."""
    return list(getattr(error, "errors", (error,)))


def fields_of(error: FactError) -> list[str]:
    """Every field a FactError (or InvalidFacts) names."""
    return [e.field for e in errors_of(error)]


def messages_of(error: FactError) -> list[str]:
    return [e.message for e in errors_of(error)]


def text(result: Any) -> str:
    """A scored deal's explanation, a line each."""
    return "\n".join(result.outcome.explanation)


def lines_of(result: Any, code: str) -> list[str]:
    """The explanation lines with this code."""
    return [line.text for line in result.outcome.lines if line.code == code]
