"""Invariants over many random Pottle deals: only FactError is ever raised, no chip appears or
vanishes, and the pot goes to the one player with the highest bid made exactly."""

from __future__ import annotations

import random

from scorekeeper.core.errors import FactError
from scorekeeper.rules.pottle import GAME, GameState, ledger, replay, settle_up

from .support import make_setup


def random_tricks(rng: random.Random, n: int) -> list[int]:
    tricks = [0] * n
    for _ in range(7):
        tricks[rng.randrange(n)] += 1
    return tricks


def random_deal(rng: random.Random, n: int) -> dict:
    deal: dict = {"bids": [rng.randint(0, 7) for _ in range(n)], "tricks": random_tricks(rng, n)}
    if rng.random() < 0.3:
        deal["tricks"][rng.randrange(n)] = rng.choice([8, -1, None, "2"])
    if rng.random() < 0.3:
        deal["chips_bought"] = [rng.choice([0, 0, 0, 3, 10]) for _ in range(n)]
    if rng.random() < 0.3:
        deal["trumps"] = rng.choice(["hearts", "spades", "no-trumps", "stars"])
    if rng.random() < 0.5:
        # Bids that often make their number, so that pots are won.
        deal["bids"] = (
            list(deal["tricks"])
            if all(isinstance(t, int) for t in deal["tricks"])
            else deal["bids"]
        )
    return deal


def test_random_games_keep_every_chip():
    rng = random.Random(2024)
    for _ in range(300):
        n = rng.randint(3, 7)
        rules = {
            "ante": rng.choice([1, 2]),
            "starting_chips": rng.choice([0, 3, 10]),
            "no_winner_dealer": rng.choice(["same", "left"]),
            "same_bid_limit": rng.choice([2, "none"]),
            "chip_value": rng.choice([1, 5]),
        }
        setup = make_setup(n, dealer=rng.randrange(n), **rules)
        state = GameState.initial(setup)
        total = sum(state.chips)
        bought = 0
        results = []
        for _ in range(rng.randint(1, 8)):
            deal = random_deal(rng, n)
            try:
                facts = GAME.parse_deal(deal, setup)
                result = GAME.score_deal(facts, state, setup)
            except FactError:
                continue
            out = result.outcome
            bought += sum(out.bought)
            after = result.after
            assert sum(after.chips) + after.pot == total + bought
            assert all(c >= 0 for c in after.chips)
            bids = facts.bids
            assert out.made == tuple(s for s in range(n) if facts.tricks[s] == bids[s])
            if out.winner is not None:
                assert out.winner in out.made
                top = max(bids[s] for s in out.made)
                assert [s for s in out.made if bids[s] == top] == [out.winner]
                assert out.pot_won == out.pot and after.pot == 0
                assert after.dealer == out.winner
            else:
                assert out.pot_won == 0 and after.pot == out.pot
            assert bids[out.trump_chooser] == max(bids)
            results.append(result)
            state = after
        s = settle_up(setup, state)
        assert s.unaccounted == 0
        assert sum(b.net_chips for b in s.balances) == -state.pot
        assert len(s.payments) <= n  # at most one fewer than the parties (players and the pot)
        rows = ledger(results)
        for seat in range(n):
            change = sum(r.change for r in rows if r.seat == seat)
            assert change == state.chips[seat] - setup.rules.starting_chips


def test_a_random_game_replays_the_same_from_its_log():
    rng = random.Random(99)
    setup = make_setup(5)
    state = GameState.initial(setup)
    log = []
    while len(log) < 20:
        deal = random_deal(rng, 5)
        try:
            result = GAME.score_deal(GAME.parse_deal(deal, setup), state, setup)
        except FactError:
            continue
        log.append(GAME.deal_to_log(result.facts))
        state = result.after
    _, replayed_state = replay(setup, log)
    assert replayed_state == state
