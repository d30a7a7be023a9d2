"""Nigerian Thuni for ever (tests/bench/tables.py): a target nobody reaches."""

from tests.bench.tables import FOUR, Endless, bids_then_tricks

ENDLESS = Endless({"target": 1_000_000}, FOUR, bids_then_tricks([3, None, 2, None], [3, 2, 2, 1]))
