"""Invariants over many random games: scores move only by the amounts the lines explain, bags stay
below the limit, the deal goes round, and bad input only ever raises FactError."""

from __future__ import annotations

import json
import random

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.spades import GAME, RULE_ANCHORS, GameState, parse_deal, score_deal

from .randoms import mangled_deal, random_deal, random_setup

SCORING_CODES = {"contract", "nil", "bags"}


def check_deal(res, setup) -> None:
    before, after, out, facts = res.before, res.after, res.outcome, res.facts
    rules = setup.rules
    # Every point is explained: the lines' points, team by team, are the change in the score.
    explained = [0, 0]
    for line in out.lines:
        assert line.text and line.rule in RULE_ANCHORS
        if line.code in SCORING_CODES:
            explained[line.data["team"]] += line.points
    assert tuple(explained) == out.change
    assert after.points == (before.points[0] + out.change[0], before.points[1] + out.change[1])
    assert out.explanation[len(out.lines) - 1] == out.lines[-1].text
    for team in (0, 1):
        seats = setup.team_seats(team)
        # Contracts: the sum of the bids; made scores 10 a trick bid plus the bags, failed -10.
        assert out.contracts[team] == sum(facts.bids[s] for s in seats)
        nils = sum(
            (1 if n == "made" else -1) * rules.nil_worth(facts.blind_nil[s])
            for s in seats
            if (n := out.nil[s]) is not None
        )
        contract_points = out.points[team] - nils
        if out.made[team]:
            assert contract_points == 10 * out.contracts[team] + out.bags_earned[team]
        else:
            assert contract_points == -10 * out.contracts[team]
            assert out.bags_earned[team] == 0
        # Bags stay below the limit; every full limit cost the penalty.
        assert 0 <= after.bags[team] < rules.bag_limit
        times, left = divmod(before.bags[team] + out.bags_earned[team], rules.bag_limit)
        assert after.bags[team] == left
        assert out.bag_penalty[team] == -times * rules.bag_penalty <= 0
        assert after.nils_made[team] - before.nils_made[team] == sum(
            1 for s in seats if out.nil[s] == "made"
        )
    for seat in range(4):
        assert (out.nil[seat] is None) == (facts.bids[seat] != 0)
        if out.nil[seat] is not None:
            assert (out.nil[seat] == "made") == (facts.tricks[seat] == 0)
    # The deal goes to the left until the game is over.
    assert after.deals == before.deals + 1
    if after.finished:
        assert after.dealer is None and after.winning_team is not None
        winner = after.winning_team
        assert after.points[winner] > after.points[1 - winner]
        assert out.lines[-1].code == "game_over"
    else:
        assert after.dealer == (before.dealer + 1) % 4
        assert out.lines[-1].code == "dealer"
    # The state survives the cache as JSON; the facts survive the log.
    cached = json.loads(json.dumps(GAME.state_to_cache(after)))
    assert GAME.state_from_cache(cached, setup) == after
    logged = json.loads(json.dumps(GAME.deal_to_log(facts)))
    assert GAME.parse_deal(logged, setup) == facts.__class__(
        facts.bids, facts.tricks, facts.blind_nil
    )
    json.dumps(GAME.computed_deal(res))
    json.dumps(GAME.computed_state(setup, after))


@pytest.mark.parametrize("seed", range(8))
def test_long_random_games(seed):
    rng = random.Random(seed)
    finished = 0
    for _ in range(25):
        setup = random_setup(rng)
        state = GameState.initial(setup)
        for _ in range(200):
            res = score_deal(parse_deal(random_deal(rng, setup), setup), state, setup)
            check_deal(res, setup)
            state = res.after
            if state.finished:
                finished += 1
                break
    assert finished >= 20


@pytest.mark.parametrize("seed", range(4))
def test_random_bad_input_only_raises_fact_errors(seed):
    rng = random.Random(1000 + seed)
    scored = refused = 0
    for _ in range(1500):
        setup = random_setup(rng)
        state = GameState.initial(setup)
        try:
            res = score_deal(parse_deal(mangled_deal(rng, setup), setup), state, setup)
        except FactError as error:
            refused += 1
            for e in getattr(error, "errors", (error,)):
                assert e.field and e.message
            continue
        scored += 1
        check_deal(res, setup)
    assert scored > 100 and refused > 100
