"""What scoring one deal gives back, the same shape in every game: the facts, the outcome, and
the state before and after. Each game has its own facts, outcome and state types, and names
this result of them: `DealResult[DealFacts, Outcome, GameState]`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .explain import Line

FactsT = TypeVar("FactsT", covariant=True)
OutcomeT = TypeVar("OutcomeT", covariant=True)
StateT = TypeVar("StateT", covariant=True)


@dataclass(frozen=True)
class DealResult(Generic[FactsT, OutcomeT, StateT]):
    facts: FactsT
    outcome: OutcomeT  # the game's Outcome: `dealer`, `lines`, `warnings` and its own numbers
    before: StateT  # the game's state before the deal
    after: StateT  # and after it


class Explained:
    """An outcome explained by its `lines`: the explanation is their sentences."""

    lines: tuple[Line, ...]

    @property
    def explanation(self) -> list[str]:
        return [line.text for line in self.lines]
