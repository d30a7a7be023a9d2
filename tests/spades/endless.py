"""Spades for ever (tests/bench/tables.py): a target nobody reaches."""

from tests.bench.tables import FOUR, BidsThenTricks, Endless

ENDLESS = Endless({"target": 1_000_000}, FOUR, BidsThenTricks([3, 3, 3, 3], [4, 3, 3, 3]))
