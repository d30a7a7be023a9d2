"""The game night bench's search for the largest N that held (tests/bench/night.py): few
stages, and the answer within a tenth of the true one."""

from __future__ import annotations

import pytest

from tests.bench.night import largest_held


@pytest.mark.parametrize("limit", [0, 7, 10, 37, 99, 180, 1000, 4321])
def test_the_search_finds_the_largest_n_that_held_within_a_tenth(limit):
    asked: list[int] = []

    def measure(n: int) -> bool:
        asked.append(n)
        return n <= limit

    known = {n: n <= limit for n in (10, 100, 1000)}
    found = largest_held(measure, known)
    assert found <= limit and (limit - found) <= max(2, found * 0.1)
    assert len(asked) <= 8 and len(set(asked)) == len(asked)  # a handful of stages, none twice
