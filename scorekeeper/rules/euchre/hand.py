"""What one played hand scores: the rules text's table, a pure function of the facts.

Only one partnership scores in a hand. Makers with 3 or 4 tricks score 1 (alone too); all 5
tricks (a march) score 2, or 4 for a lone maker. Makers with fewer than 3 are euchred: the
defenders score 2, or 4 when a lone defender euchred a lone maker.
"""

from __future__ import annotations

from dataclasses import dataclass

from .setup import TRICKS

TO_MAKE = 3  # the makers need 3 of the 5 tricks
MADE = 1
MARCH = 2
LONE_MARCH = 4
EUCHRE = 2
LONE_DEFENDER_EUCHRE = 4


@dataclass(frozen=True)
class Hand:
    makers: int  # the makers' team
    scorers: int  # the team that scores: the makers, or the defenders when euchred
    points: int
    march: bool
    euchred: bool

    @property
    def per_team(self) -> tuple[int, int]:
        return (self.points, 0) if self.scorers == 0 else (0, self.points)


def judge(makers: int, tricks: int, alone: bool, defender_alone: bool) -> Hand:
    """The score of a hand the `makers` played, winning `tricks` (`defender_alone`: a defender
    went alone against the lone maker)."""
    if tricks < TO_MAKE:
        points = LONE_DEFENDER_EUCHRE if alone and defender_alone else EUCHRE
        return Hand(makers, 1 - makers, points, march=False, euchred=True)
    if tricks == TRICKS:
        return Hand(makers, makers, LONE_MARCH if alone else MARCH, march=True, euchred=False)
    return Hand(makers, makers, MADE, march=False, euchred=False)
