"""Invariants over many random deals: only FactError is raised, and the numbers agree."""

from __future__ import annotations

import random

import pytest

from scorekeeper.core.errors import FactError
from scorekeeper.rules.thunee import HOUSE_RULE_CHOICES, GameState, Setup, parse_deal, score_deal
from scorekeeper.rules.thunee.facts import RESULTS, SPECIAL_CALLS

SEATS = {"4p": 4, "6p": 6, "2p-two-deal": 2, "2p-open-face": 2}


def random_game(rng: random.Random) -> tuple[Setup, GameState]:
    mode = rng.choice(list(SEATS))
    n = SEATS[mode]
    rules = {k: rng.choice(v) for k, v in HOUSE_RULE_CHOICES.items() if rng.random() < 0.5}
    setup = Setup.create(
        mode=mode,
        players=[f"P{i}" for i in range(n)],
        first_dealer=rng.randrange(n),
        house_rules=rules,
        start_balls=(rng.randrange(12), rng.randrange(12)),
    )
    return setup, GameState.initial(setup)


def random_deal(rng: random.Random, n: int) -> dict:
    deal: dict = {}
    if rng.random() < 0.03:
        deal["cancelled"] = "no trumps"
    if rng.random() < 0.03:
        deal["penalty"] = {"seat": rng.randrange(n)}
    if rng.random() < 0.95:
        deal["trump_maker"] = rng.randrange(n)
    if rng.random() < 0.7:
        deal["call"] = rng.choice([0, 0, 0, 10, 20, 30, 60, 104])
    else:
        deal["calls"] = [
            rng.choice(["single", "single", "both"]) for _ in range(rng.randrange(1, 5))
        ]
    if rng.random() < 0.3:
        deal["jodies"] = [
            {"seat": rng.randrange(n), "value": rng.choice([20, 30, 40, 50])}
            for _ in range(rng.randrange(1, 4))
        ]
    deal["last_trick"] = rng.randrange(n)
    deal["counting_points"] = rng.randrange(305)
    if rng.random() < 0.3:
        special = {"call": rng.choice(SPECIAL_CALLS), "seat": rng.randrange(n)}
        if rng.random() < 0.5:
            special["result"] = rng.choice(RESULTS)
        deal["special"] = special
    if rng.random() < 0.03:
        deal["forfeited"] = True
    return deal


@pytest.mark.parametrize("seed", range(5))
def test_random_deals(seed):
    rng = random.Random(seed)
    scored = 0
    for _ in range(2000):
        setup, state = random_game(rng)
        if state.finished:
            continue
        deal = random_deal(rng, setup.seats)
        try:
            res = score_deal(parse_deal(deal, setup), state, setup)
        except FactError as error:
            assert error.field
            continue
        scored += 1
        out, after = res.outcome, res.after
        dealer = state.dealer
        assert out.dealer == dealer
        # One team at most opens balls, in one of the amounts the rules know.
        assert min(out.balls) == 0
        opened = max(out.balls)
        if out.kind == "cancelled" or deal.get("forfeited"):
            assert opened == 0
        else:
            assert opened in (1, 2, 3, 4, 6, 8)
            assert out.balls[out.winning_team] == opened
        # The balls move by what was opened (or reset to zero, two to clear).
        moved = (state.balls[0] + out.balls[0], state.balls[1] + out.balls[1])
        assert after.balls == moved or (after.deuce and after.balls == (0, 0))
        assert after.deals == state.deals + 1
        if after.finished:
            assert after.dealer is None
            assert after.balls[after.winning_team] > after.balls[1 - after.winning_team]
        else:
            assert after.dealer in (dealer, setup.after(dealer))
        if out.kind == "normal":
            adjustment = out.counting_total - deal["counting_points"]
            assert out.cards_needed == setup.mode.needed - adjustment
            counting_won = out.counting_total >= setup.mode.needed
            assert out.winning_team == (
                out.counting_team if counting_won else 1 - out.counting_team
            )
        assert out.explanation and all(isinstance(line, str) and line for line in out.explanation)
    assert scored > 200
