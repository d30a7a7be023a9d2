"""When a Spades game ends, and who wins: a pure function of the two scores and the house rules.

The game ends once a team has reached the target, or (with `lose_at`) a team has fallen to that
score or below. Then the team with more points wins. Both over the target: the higher wins; a team
at or below `lose_at`: the other team is higher, so it wins; both at or below: the higher wins. If
the two scores are equal the game is not decided and play goes on.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ending:
    """What the scores say about the end. `reason`: "target", "lose_at", "tie" or None."""

    winning_team: int | None
    reason: str | None

    @property
    def finished(self) -> bool:
        return self.winning_team is not None


def judge_end(points: tuple[int, int], target: int, lose_at: int | None) -> Ending:
    reached = any(p >= target for p in points)
    fell = lose_at is not None and any(p <= lose_at for p in points)
    if not reached and not fell:
        return Ending(None, None)
    if points[0] == points[1]:
        return Ending(None, "tie")
    winner = 0 if points[0] > points[1] else 1
    return Ending(winner, "target" if points[winner] >= target else "lose_at")
