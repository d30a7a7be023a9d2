"""Properties of the scorepad core over many random games (Hypothesis): the totals are the start
plus every deal, the leaders are the best totals, the game ends exactly where the spec says,
and a game log gives the same game back."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import FactError, GameOver
from scorekeeper.rules.scorepad import GAME, Setup

POINTS = st.integers(-100_000, 100_000)


@st.composite
def games(draw):
    seats = draw(st.integers(2, 12))
    rules = {
        "winner": draw(st.sampled_from(["highest", "lowest"])),
        "target": draw(st.none() | st.integers(1, 1_000_000)),
        "deals": draw(st.none() | st.integers(1, 30)),
    }
    start = draw(st.lists(POINTS, min_size=seats, max_size=seats))
    setup = Setup.create(
        players=[f"P{i}" for i in range(seats)],
        first_dealer=draw(st.integers(0, seats - 1)),
        house_rules=rules,
        start={"totals": start},
    )
    deals = draw(
        st.lists(
            st.fixed_dictionaries(
                {"points": st.lists(POINTS, min_size=seats, max_size=seats)},
                optional={"last": st.booleans()},
            ),
            max_size=30,
        )
    )
    return setup, deals


def played(setup, deals):
    """Every deal until the game is over (the rest would be refused)."""
    state = GAME.initial_state(setup)
    results = []
    for deal in deals:
        if state.finished:
            try:
                GAME.score_deal(GAME.parse_deal(deal, setup), state, setup)
            except GameOver:
                break
            raise AssertionError("a deal was recorded after the end")
        result = GAME.score_deal(GAME.parse_deal(deal, setup), state, setup)
        results.append((deal, result))
        state = result.after
    return results, state


@settings(max_examples=150, deadline=None)
@given(games())
def test_totals_leaders_end_and_dealer(game):
    setup, deals = game
    results, state = played(setup, deals)
    rules = setup.rules
    pick = min if rules.lowest_wins else max
    totals = list(setup.start_totals)
    for n, (deal, result) in enumerate(results, start=1):
        totals = [t + p for t, p in zip(totals, deal["points"], strict=True)]
        assert list(result.outcome.totals) == totals
        best = pick(totals)
        assert list(result.outcome.leaders) == [i for i, t in enumerate(totals) if t == best]
        assert result.outcome.dealer == (setup.first_dealer + n - 1) % setup.seats
        over = (
            (rules.target is not None and max(totals) >= rules.target)
            or (rules.deals is not None and n >= rules.deals)
            or deal.get("last", False)
        )
        assert result.after.finished == over
        if over:
            assert GAME.winners(setup, result.after) == result.outcome.leaders
            assert GAME.next_dealer(result.after) is None
        else:
            assert GAME.winners(setup, result.after) == ()
    assert state.deals == len(results)


@settings(max_examples=60, deadline=None)
@given(games())
def test_zero_sum_takes_exactly_the_deals_that_add_up_to_zero(game):
    setup, deals = game
    zero = Setup.create(players=list(setup.players), house_rules={"zero_sum": True})
    for deal in deals:
        points = deal["points"]
        balanced = [*points[:-1], -sum(points[:-1])]
        if abs(balanced[-1]) <= 100_000:  # the last number is in range itself
            assert GAME.parse_deal({"points": balanced}, zero).points == tuple(balanced)
        if sum(points) != 0:
            with pytest.raises(FactError) as refused:
                GAME.parse_deal({"points": points}, zero)
            assert refused.value.field == "points"
            assert refused.value.code == "ZERO_SUM"
