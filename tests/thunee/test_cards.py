"""Card points: the pack, and which totals the counting team's whole tricks can hold."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from scorekeeper.rules.thunee.cards import (
    PACK_POINTS,
    RANKS,
    nearest,
    possible_totals,
    totals_by_card_count,
)

POINTS = [points for _, points in RANKS]
PACK = [points for points in POINTS for _ in range(4)]


def brute_totals(cards: int) -> set[int]:
    """Every total of `cards` cards, counting how many of each rank (0..4) are taken."""
    out = set()
    for counts in product(range(5), repeat=len(POINTS)):
        if sum(counts) == cards:
            out.add(sum(c * p for c, p in zip(counts, POINTS, strict=True)))
    return out


def test_card_values_and_pack_total():
    assert dict(RANKS) == {"J": 30, "9": 20, "A": 11, "10": 10, "K": 3, "Q": 2}
    assert len(PACK) == 24
    assert PACK_POINTS == sum(PACK) == 304


def test_totals_by_card_count_agree_with_counting_every_hand():
    table = totals_by_card_count()
    assert len(table) == 25
    for n in range(25):
        assert table[n] == brute_totals(n), n


def test_four_card_totals_agree_with_every_set_of_four_cards():
    assert totals_by_card_count()[4] == {sum(c) for c in combinations(PACK, 4)}


def test_ends_of_the_table():
    table = totals_by_card_count()
    assert table[0] == {0}
    assert table[1] == {2, 3, 10, 11, 20, 30}
    assert table[24] == {304}
    assert min(table[4]) == 8  # four Queens
    assert max(table[4]) == 120  # four Jacks


@pytest.mark.parametrize("n", range(25))
def test_what_one_team_holds_the_other_does_not(n):
    table = totals_by_card_count()
    assert {PACK_POINTS - t for t in table[n]} == table[24 - n]


def test_four_player_whole_tricks():
    allowed = possible_totals(range(0, 7), 4)
    assert {0, 8, 9, 296, 304} <= allowed
    for impossible in (1, 2, 7, 13, 15, 21, 23, 30, 31, 273, 290, 297, 303):
        assert impossible not in allowed, impossible
    assert len([t for t in range(305) if t not in allowed]) == 30


def test_six_player_whole_tricks():
    allowed = possible_totals(range(0, 5), 6)
    assert min(allowed - {0}) == 14
    assert max(allowed - {304}) == 290
    assert 8 not in allowed
    assert 20 not in allowed
    assert 35 not in allowed
    assert 36 in allowed


def test_two_player_whole_tricks():
    allowed = possible_totals(range(0, 13), 2)
    assert [t for t in range(305) if t not in allowed] == [1, 2, 3, 7, 297, 301, 302, 303]


def test_tricks_range_limits_the_totals():
    some = possible_totals(range(1, 6), 4)
    assert 0 not in some
    assert 304 not in some
    assert 8 in some
    assert 296 in some
    assert possible_totals(range(0, 1), 4) == {0}
    assert possible_totals(range(6, 7), 4) == {304}


def test_nearest():
    allowed = possible_totals(range(0, 7), 4)
    assert nearest(303, allowed) == [296, 304]
    assert nearest(30, allowed) == [29, 32]
    assert nearest(-5, allowed) == [0]
    assert nearest(400, allowed) == [304]
