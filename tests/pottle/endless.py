"""Pottle for ever (tests/bench/tables.py): Asha makes 2 exactly and wins the pot every deal;
nobody runs out of chips."""

from tests.bench.tables import FOUR, BidsThenTricks, Endless

ENDLESS = Endless({"starting_chips": 1_000_000}, FOUR, BidsThenTricks([2, 2, 1, 1], [2, 1, 3, 1]))
