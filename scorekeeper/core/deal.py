"""What scoring one deal gives back, the same shape in every game: the facts, the outcome, and
the state before and after. Each game has its own facts, outcome and state types."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .explain import Line


@dataclass(frozen=True)
class DealResult:
    facts: Any
    outcome: Any  # the game's Outcome: `dealer`, `lines`, `warnings` and its own numbers
    before: Any  # the game's state before the deal
    after: Any  # and after it


class Explained:
    """An outcome explained by its `lines`: the explanation is their sentences."""

    lines: tuple[Line, ...]

    @property
    def explanation(self) -> list[str]:
        return [line.text for line in self.lines]
