"""Explanation lines: data first (a code, the numbers, the rule it applied), words second."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Line:
    """One line of a deal's explanation.

    `code` says what kind of step it is, `rule` is the anchor of the rules section it applied,
    `points`/`balls` carry the numbers, and `text` is the sentence shown to players.
    """

    code: str
    text: str
    rule: str
    points: int | None = None
    balls: int | None = None
    data: dict = field(default_factory=dict, compare=False, hash=False)


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"
