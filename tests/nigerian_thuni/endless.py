"""Nigerian Thuni for ever (tests/bench/tables.py): a target nobody reaches."""

from tests.bench.tables import FOUR, BidsThenTricks, Endless

ENDLESS = Endless({"target": 1_000_000}, FOUR, BidsThenTricks([3, None, 2, None], [3, 2, 2, 1]))
