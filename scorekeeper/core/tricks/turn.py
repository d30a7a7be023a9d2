"""Whose deal it is: a deal may name its dealer, and must then name the one the rules give."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.core.errors import SHARED, NotThisDealer


def check_dealer(given: int | None, dealer: int, players: Sequence[str]) -> int:
    """The seat dealing now. Raises NotThisDealer when the deal names somebody else."""
    if given is not None and given != dealer:
        why = SHARED.why("NOT_THIS_DEALER", name=players[dealer], seat=dealer, other=players[given])
        raise NotThisDealer("dealer", why)
    return dealer
