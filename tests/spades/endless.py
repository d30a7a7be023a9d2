"""Spades for ever (tests/bench/tables.py): a target nobody reaches."""

from tests.bench.tables import FOUR, Endless, bids_then_tricks

ENDLESS = Endless({"target": 1_000_000}, FOUR, bids_then_tricks([3, 3, 3, 3], [4, 3, 3, 3]))
