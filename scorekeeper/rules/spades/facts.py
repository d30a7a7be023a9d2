"""The facts of one Spades deal as the scorekeeper recorded them, parsed from the game-log form.

A deal is recorded in two steps at a real table: the bids (and any blind nils) before the hand is
played, then the tricks each player took. `parse_bids` reads the first step alone, `parse_deal` a
whole deal. Each field is checked on its own and against the house rules; every problem is
reported at once, named by its field ("bids.2", "tricks", "blind_nil.3").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import Refusals
from scorekeeper.core.reader import FactReader, deal_object, is_int, json_word

from .setup import SEATS, TRICKS, Setup

REFUSE = Refusals(__package__)  # Spades' refusals: its words.toml

BID_FIELDS = frozenset({"bids", "blind_nil", "dealer"})
DEAL_FIELDS = BID_FIELDS | {"tricks"}
NO_BLIND_NILS: tuple[bool, ...] = (False,) * SEATS


@dataclass(frozen=True)
class Bids:
    """What was bid, before the hand is played. A bid of 0 is nil; `blind_nil` marks blind ones."""

    bids: tuple[int, ...]
    blind_nil: tuple[bool, ...] = NO_BLIND_NILS
    dealer: int | None = None

    def is_nil(self, seat: int) -> bool:
        return self.bids[seat] == 0

    def to_dict(self) -> dict[str, Any]:
        """The bids in game-log form; `blind_nil` only when somebody bid it."""
        out: dict[str, Any] = {}
        if self.dealer is not None:
            out["dealer"] = self.dealer
        out["bids"] = list(self.bids)
        if any(self.blind_nil):
            out["blind_nil"] = list(self.blind_nil)
        return out


@dataclass(frozen=True)
class DealFacts:
    """A whole deal: the bids and the tricks each player took."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    blind_nil: tuple[bool, ...] = NO_BLIND_NILS
    dealer: int | None = None

    @property
    def bidding(self) -> Bids:
        return Bids(self.bids, self.blind_nil, self.dealer)

    def to_dict(self) -> dict[str, Any]:
        """The deal in game-log form, with the dealer only when it was recorded."""
        out = self.bidding.to_dict()
        out["tricks"] = list(self.tricks)
        return out


def parse_bids(data: Mapping[str, Any], setup: Setup) -> Bids:
    """The bids recorded before the hand is played. `tricks`, recorded later, is left alone."""
    r = _reader(data, BID_FIELDS | {"tricks"})
    bids = _read_bids(r, setup)
    r.done()
    assert bids is not None
    return bids


def parse_deal(data: Mapping[str, Any], setup: Setup) -> DealFacts:
    """One deal of a game log (or a filled-in form) to DealFacts, or raise FactError."""
    r = _reader(data, DEAL_FIELDS)
    bids = _read_bids(r, setup)
    tricks = _read_tricks(r, setup)
    r.done()
    assert bids is not None and tricks is not None
    return DealFacts(bids.bids, tricks, bids.blind_nil, bids.dealer)


def _reader(data: Any, allowed: frozenset[str]) -> FactReader:
    deal_object(data)
    r = FactReader(data, SEATS)
    r.only_keys(allowed)
    return r


def _read_bids(r: FactReader, setup: Setup) -> Bids | None:
    names = setup.players

    def bid(value: Any, field: str) -> int | None:
        seat = _seat_of(field)
        if not is_int(value) or not 0 <= value <= TRICKS:
            r.fail(field, REFUSE.why("BID", name=names[seat], bid=json_word(value), most=TRICKS))
            return None
        return value

    def blind(value: Any, field: str) -> bool | None:
        if not isinstance(value, bool):
            seat = _seat_of(field)
            r.fail(field, REFUSE.why("BLIND_NIL_FLAG", name=names[seat]))
            return None
        return value

    value = r.required("bids", REFUSE.why("ENTER_BIDS"))
    bids = r.per_seat(value, "bids", bid)
    blind_nil = NO_BLIND_NILS
    if r.data.get("blind_nil") is not None:
        read = r.per_seat(r.data["blind_nil"], "blind_nil", blind)
        if read is not None:
            blind_nil = read
    if any(blind_nil) and not setup.rules.blind_nil:
        r.fail("blind_nil", REFUSE.why("BLIND_NIL_OFF"))
    elif bids is not None:
        for seat, is_blind in enumerate(blind_nil):
            if is_blind and bids[seat] != 0:
                why = REFUSE.why("BLIND_NIL_BID", name=names[seat], bid=bids[seat])
                r.fail(f"blind_nil.{seat}", why)
    dealer = r.seat(r.data.get("dealer"), "dealer")
    if bids is None:
        return None
    return Bids(bids, blind_nil, dealer)


def _read_tricks(r: FactReader, setup: Setup) -> tuple[int, ...] | None:
    names = setup.players

    def took(value: Any, field: str) -> int | None:
        seat = _seat_of(field)
        if not is_int(value) or not 0 <= value <= TRICKS:
            r.fail(
                field, REFUSE.why("TOOK", name=names[seat], tricks=json_word(value), most=TRICKS)
            )
            return None
        return value

    value = r.required("tricks", REFUSE.why("ENTER_TRICKS"))
    tricks = r.per_seat(value, "tricks", took)
    if tricks is not None and sum(tricks) != TRICKS:
        r.fail("tricks", REFUSE.why("TRICKS_ADD_UP", total=sum(tricks), tricks=TRICKS))
        return None
    return tricks


def _seat_of(field: str) -> int:
    return int(field.rsplit(".", 1)[1])
