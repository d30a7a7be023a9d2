"""Who goes up, and how far, for the defenders' card points: the one place that knows it.

`promotion()` is the rules text's promotion table (and, with active/passive scoring, its game
points). Scoring uses it for each deal, and `what_it_takes()` (state.py) lists it for the
coming deal by asking it about every possible total, so the two can never disagree.

Thresholds are per pack, for any number of packs: with `p` packs the rows change at 20p, 40p,
60p, 80p and 100p card points (2 packs: 40, 80, 120, 160, 200), exactly as the text's table
does for 2, 3 and 4 packs. A total of 0 or less (penalties can take it below zero) is the
"no points" row.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .table import POINTS_PER_PACK

TRUMP_MAKERS = "trump_makers"
DEFENDERS = "defenders"
LEVELS = "levels"
ACTIVE_PASSIVE = "active-passive"


@dataclass(frozen=True)
class Promotion:
    """One row of the promotion table, for one shortness of the trump maker's team.

    Unpacks as `side, levels = promotion(...)`. `levels` is levels (or, with active/passive
    scoring, game points) for every member of `side`; it is `base` times `factor`, the factor
    being 1 plus the players the trump maker's team is short (1 when the defenders win).
    `low`..`high` are the defenders' totals of the row, None where it has no bound.
    """

    side: str | None
    levels: int
    base: int
    factor: int
    row: str  # "no_points", "trump_makers", "nobody" or "defenders"
    low: int | None
    high: int | None

    def __iter__(self) -> Iterator[str | int | None]:
        return iter((self.side, self.levels))

    @property
    def below(self) -> int | None:
        """The first total past this row (the threshold the defenders stayed under)."""
        return None if self.high is None else self.high + 5


def promotion(defenders_total: int, packs: int, short: int = 0, scoring: str = LEVELS) -> Promotion:
    """The row of the promotion table for the defenders' total (after the kitty and penalties).

    `short`: how many players the trump maker's team lacks of its largest size. Levels scoring
    (the main rules): under 20/pack the trump makers +2, under 40/pack +1, under 60/pack nobody,
    then the defenders +1, +2 from 80/pack and +3 from 100/pack; no points at all +3; the trump
    makers' levels are multiplied by 1 + short. Active/passive scoring: no middle zone, the
    defenders win from 40/pack (1, 2 from 80/pack, 3 from 100/pack game points); otherwise the
    trump makers win 1 game point plus 1 per player short, 2 plus 2 per player short if the
    defenders took no points.
    """
    unit = POINTS_PER_PACK // 5  # 20 card points per pack
    u = packs * unit
    factor = 1 + short
    if scoring == ACTIVE_PASSIVE:
        if defenders_total <= 0:
            return Promotion(TRUMP_MAKERS, 2 * factor, 2, factor, "no_points", None, 0)
        if defenders_total < 2 * u:
            return Promotion(TRUMP_MAKERS, factor, 1, factor, "trump_makers", 5, 2 * u - 5)
    else:
        if defenders_total <= 0:
            return Promotion(TRUMP_MAKERS, 3 * factor, 3, factor, "no_points", None, 0)
        if defenders_total < u:
            return Promotion(TRUMP_MAKERS, 2 * factor, 2, factor, "trump_makers", 5, u - 5)
        if defenders_total < 2 * u:
            return Promotion(TRUMP_MAKERS, factor, 1, factor, "trump_makers", u, 2 * u - 5)
        if defenders_total < 3 * u:
            return Promotion(None, 0, 0, 1, "nobody", 2 * u, 3 * u - 5)
    low = 2 * u if scoring == ACTIVE_PASSIVE else 3 * u
    if defenders_total < 4 * u:
        return Promotion(DEFENDERS, 1, 1, 1, "defenders", low, 4 * u - 5)
    if defenders_total < 5 * u:
        return Promotion(DEFENDERS, 2, 2, 1, "defenders", 4 * u, 5 * u - 5)
    return Promotion(DEFENDERS, 3, 3, 1, "defenders", 5 * u, None)


def promotion_table(packs: int, short: int = 0, scoring: str = LEVELS) -> tuple[Promotion, ...]:
    """Every row of the table, lowest totals first: `promotion()` asked about each total."""
    rows: list[Promotion] = []
    for total in range(0, packs * POINTS_PER_PACK + 5, 5):
        row = promotion(total, packs, short, scoring)
        if not rows or rows[-1] != row:
            rows.append(row)
    return tuple(rows)
