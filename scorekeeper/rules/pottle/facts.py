"""The facts of one Pottle deal as the scorekeeper recorded them, parsed from the game-log form.

Parsing checks each field on its own (types, ranges, seats, the number cards available for the
bids, seven tricks in all). Whether a player has the chips for the ante depends on the game so
far, so that is checked when the deal is scored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import Refusals
from scorekeeper.core.explain import listed
from scorekeeper.core.log_form import log_form
from scorekeeper.core.reader import FactReader
from scorekeeper.core.tricks.facts import deal_reader, read_tricks, required_count

from .setup import HIGHEST_BID, TRICKS, Setup

REFUSE = Refusals(__package__)  # Pottle's refusals: its words.toml

TRUMPS: tuple[str, ...] = ("hearts", "clubs", "diamonds", "spades", "no-trumps")
DEAL_KEYS = frozenset({"bids", "trumps", "tricks", "chips_bought", "dealer"})
OPENING_KEYS = frozenset({"bids", "trumps", "chips_bought", "dealer"})


@dataclass(frozen=True)
class DealFacts:
    bids: tuple[int, ...]
    tricks: tuple[int, ...] | None  # None only while the hand is being played (an opening)
    trumps: str | None = None
    chips_bought: tuple[int, ...] | None = None  # None: nobody bought chips before this deal
    dealer: int | None = None

    def bought(self, seat: int) -> int:
        return 0 if self.chips_bought is None else self.chips_bought[seat]

    def to_dict(self) -> dict[str, Any]:
        """The deal in game-log form, with only the fields that were recorded."""
        return log_form(self, ("dealer", "chips_bought", "bids", "trumps", "tricks"))


def parse_opening(data: Mapping[str, Any], setup: Setup) -> DealFacts:
    """Only the facts recorded before the hand is played: bids, trumps, chips bought."""
    return parse_deal(data, setup, opening=True)


def parse_deal(data: Mapping[str, Any], setup: Setup, *, opening: bool = False) -> DealFacts:
    """One deal of a game log (or a filled-in form) as DealFacts, or raise FactError."""
    r = deal_reader(data, setup.seats, DEAL_KEYS, OPENING_KEYS if opening else None)
    bids_value = r.required("bids", REFUSE.why("ENTER_BIDS", most=HIGHEST_BID))
    bid = REFUSE.part("BID")
    bids = r.per_seat(bids_value, "bids", lambda v, f: required_count(r, v, f, HIGHEST_BID, bid))
    if bids is not None:
        check_bid_cards(r, bids, setup)

    tricks = None
    if not opening:
        tricks = read_tricks(r, TRICKS)

    trumps = r.choice(data.get("trumps"), "trumps", TRUMPS, REFUSE.part("TRUMPS"))
    chips = REFUSE.part("CHIPS")
    bought = r.per_seat(
        data.get("chips_bought"),
        "chips_bought",
        lambda v, f: required_count(r, v, f, None, chips),
    )
    dealer = r.seat(data.get("dealer"), "dealer")
    r.done()
    assert bids is not None
    if bought is not None and not any(bought):
        bought = None  # nobody bought: the same as leaving the field out
    return DealFacts(bids=bids, tricks=tricks, trumps=trumps, chips_bought=bought, dealer=dealer)


def check_bid_cards(r: FactReader, bids: tuple[int, ...], setup: Setup) -> None:
    """With two sets of number cards, at most two players can show the same number."""
    limit = setup.rules.same_bid_limit
    if limit == "none":
        return
    for number, times in sorted(Counter(bids).items()):
        if times > limit:
            who = listed([setup.players[s] for s, b in enumerate(bids) if b == number])
            why = REFUSE.why("SAME_BID", count=times, number=number, names=who, limit=limit)
            r.fail("bids", why)
