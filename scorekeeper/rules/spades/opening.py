"""The first step of a deal at a real table: the bids, checked before the hand is played, with the
lines the board shows while it is played ("Asha & Chetan bid 4 + 3 = 7", "Dev bids nil: …")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.core.explain import Line
from scorekeeper.core.game import Opening

from .facts import Bids, parse_bids
from .scoring import check_turn
from .setup import Setup
from .state import GameState
from .words import Words


def bid_lines(bids: Bids, setup: Setup) -> tuple[Line, ...]:
    """Each team's contract, then each nil bidder in seat order."""
    words = Words(setup)
    lines = [words.team_bid(team, bids) for team in (0, 1)]
    lines += [words.nil_bid(s, bids.blind_nil[s]) for s in range(setup.seats) if bids.is_nil(s)]
    return tuple(lines)


def open_deal(data: Mapping[str, Any], state: GameState, setup: Setup) -> Opening:
    """Check the bids (and blind nils) of the deal about to be played.

    Raises GameOver after the end, NotThisDealer for a wrong `dealer`, FactError for bad bids.
    A `tricks` field, recorded once the hand is played, is not looked at here.
    """
    bids = parse_bids(data, setup)
    check_turn(bids.dealer, state, setup)
    facts = bids.to_dict()
    facts.pop("dealer", None)
    return Opening(facts, bid_lines(bids, setup))
