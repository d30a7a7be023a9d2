"""Card points: which totals whole tricks can hold."""

from __future__ import annotations

from functools import cache

# Rank: (label, points). Four of each in the 24-card pack.
RANKS: tuple[tuple[str, int], ...] = (
    ("J", 30),
    ("9", 20),
    ("A", 11),
    ("10", 10),
    ("K", 3),
    ("Q", 2),
)
SUITS: tuple[str, ...] = ("spades", "hearts", "clubs", "diamonds")
PACK_POINTS = 4 * sum(points for _, points in RANKS)  # 304


@cache
def totals_by_card_count() -> tuple[frozenset[int], ...]:
    """totals[n] = every card-point total that some n cards of the pack can make."""
    # reachable[n] grows one rank at a time, taking 0..4 cards of that rank.
    reachable: list[set[int]] = [set() for _ in range(25)]
    reachable[0].add(0)
    for _, points in RANKS:
        nxt: list[set[int]] = [set() for _ in range(25)]
        for n, sums in enumerate(reachable):
            for total in sums:
                for take in range(5):
                    if n + take <= 24:
                        nxt[n + take].add(total + take * points)
        reachable = nxt
    return tuple(frozenset(s) for s in reachable)


def possible_totals(tricks: range, cards_per_trick: int) -> frozenset[int]:
    """Totals the counting team's tricks can hold when it won a number of tricks in `tricks`."""
    table = totals_by_card_count()
    out: set[int] = set()
    for k in tricks:
        out |= table[k * cards_per_trick]
    return frozenset(out)


def nearest(total: int, allowed: frozenset[int]) -> list[int]:
    """The allowed totals closest to `total` (below and above), for a helpful message."""
    below = [t for t in allowed if t < total]
    above = [t for t in allowed if t > total]
    return [x for x in (max(below, default=None), min(above, default=None)) if x is not None]
