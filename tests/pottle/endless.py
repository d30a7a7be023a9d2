"""Pottle for ever (tests/bench/tables.py): Asha makes 2 exactly and wins the pot every deal;
nobody runs out of chips."""

from tests.bench.tables import FOUR, Endless, bids_then_tricks

ENDLESS = Endless({"starting_chips": 1_000_000}, FOUR, bids_then_tricks([2, 2, 1, 1], [2, 1, 3, 1]))
