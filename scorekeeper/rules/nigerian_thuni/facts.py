"""The facts of one Nigerian Thuni deal as the scorekeeper recorded them, parsed from the log.

`bids` holds each player's highest bid, or null for a player who only passed. Bids are 1..8 and
all different (each bid beats the one before). When the first three players pass the dealer is
forced to bid 1: that is recorded as the dealer's bid of 1 with the other three null, and a bid
by the dealer alone must be that 1 (checked when the deal is scored, which knows the dealer).
Nobody bidding at all is refused.

Parsing checks each field on its own; what depends on the game so far (the dealer, the tied
players for a draw) is checked when the deal is scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import Refusals
from scorekeeper.core.log_form import log_form
from scorekeeper.core.reader import FactReader
from scorekeeper.core.tricks.facts import deal_reader, read_tricks

from .setup import HIGHEST_BID, SEATS, TRICKS, Setup

REFUSE = Refusals(__package__)  # Nigerian Thuni's refusals: its words.toml

DEAL_KEYS = frozenset({"bids", "tricks", "conceded", "next_dealer", "dealer"})
OPENING_KEYS = frozenset({"bids", "conceded", "dealer"})


@dataclass(frozen=True)
class DealFacts:
    bids: tuple[int | None, ...] | None = None
    tricks: tuple[int, ...] | None = None
    conceded: int | None = None  # the team that conceded before the bidding
    next_dealer: int | None = None  # the winner of a draw for the next deal
    dealer: int | None = None
    # Set by scoring when this deal's dealer was the winner of a draw that the previous deal
    # left open: then `dealer` is a fact of the game, not given by the rules, and is kept.
    dealer_by_draw: bool = False

    @property
    def bidders(self) -> tuple[int, ...]:
        return tuple(s for s, b in enumerate(self.bids or ()) if b is not None)

    def to_dict(self) -> dict[str, Any]:
        """The deal in game-log form, with only the fields that were recorded."""
        return log_form(self, ("dealer", "conceded", "bids", "tricks", "next_dealer"))


def parse_opening(data: Mapping[str, Any], setup: Setup) -> DealFacts:
    """Only the facts recorded before the hand is played: the bids, or a concession."""
    return parse_deal(data, setup, opening=True)


def parse_deal(data: Mapping[str, Any], setup: Setup, *, opening: bool = False) -> DealFacts:
    """One deal of a game log (or a filled-in form) as DealFacts, or raise FactError."""
    r = deal_reader(data, SEATS, DEAL_KEYS, OPENING_KEYS if opening else None)

    conceded = r.choice(data.get("conceded"), "conceded", (0, 1), REFUSE.part("TEAM"))
    bids = tricks = None
    if data.get("conceded") is not None:
        for key in ("bids", "tricks"):
            if data.get(key) is not None:
                r.fail(key, REFUSE.why("CONCEDED"))
    else:
        bid = REFUSE.part("BID")
        bids = r.per_seat(
            r.required("bids", REFUSE.why("ENTER_BIDS")),
            "bids",
            lambda v, f: r.count(v, f, 1, HIGHEST_BID, bid),
        )
        if bids is not None:
            _check_bids(r, bids, setup)
        if not opening:
            tricks = read_tricks(r, TRICKS)
    next_dealer = r.seat(data.get("next_dealer"), "next_dealer")
    dealer = r.seat(data.get("dealer"), "dealer")
    r.done()
    return DealFacts(
        bids=bids, tricks=tricks, conceded=conceded, next_dealer=next_dealer, dealer=dealer
    )


def _check_bids(r: FactReader, bids: tuple[int | None, ...], setup: Setup) -> None:
    made = [(s, b) for s, b in enumerate(bids) if b is not None]
    if not made:
        r.fail("bids", REFUSE.why("NOBODY_BID"))
        return
    seen: dict[int, int] = {}
    for seat, bid in made:
        if bid in seen:
            first, second = setup.players[seen[bid]], setup.players[seat]
            r.fail("bids", REFUSE.why("SAME_BID", first=first, second=second, bid=bid))
        seen.setdefault(bid, seat)


def check_forced_bid(facts: DealFacts, dealer: int, setup: Setup) -> None:
    """A bid by the dealer alone is the forced 1 after the first three passed."""
    if facts.bids is None or facts.bidders != (dealer,):
        return
    bid = facts.bids[dealer]
    if bid != 1:
        raise REFUSE(f"bids.{dealer}", "FORCED_BID", name=setup.players[dealer], bid=bid)
