"""Invariants over many random Nigerian Thuni deals: only FactError is ever raised, and the
numbers agree with the rules whatever the bids and tricks."""

from __future__ import annotations

import random

from scorekeeper.core.errors import FactError
from scorekeeper.rules.nigerian_thuni import GAME, GameState, replay

from .support import make_setup


def random_deal(rng: random.Random, dealer: int | None, draw: tuple[int, ...]) -> dict:
    if rng.random() < 0.1:
        deal: dict = {"conceded": rng.choice([0, 1])}
    else:
        values = rng.sample(range(1, 9), 4)
        bids = [v if rng.random() < 0.5 else None for v in values]
        if rng.random() < 0.05:
            bids[rng.randrange(4)] = rng.choice([0, 9, 3])
        tricks = [0, 0, 0, 0]
        for _ in range(8):
            tricks[rng.randrange(4)] += 1
        if rng.random() < 0.2:
            tricks = [2, 2, 2, 2]
        deal = {"bids": bids, "tricks": tricks}
    if rng.random() < 0.3:
        deal["next_dealer"] = rng.randrange(4)
    if dealer is None and draw:
        deal["dealer"] = rng.choice(draw)
    return deal


def test_random_games():
    rng = random.Random(31)
    for _ in range(200):
        setup = make_setup(dealer=rng.randrange(4), target=rng.choice([16, 16, 8, 30]))
        state = GameState.initial(setup)
        log = []
        for _ in range(40):
            if state.finished:
                break
            deal = random_deal(rng, state.dealer, state.draw)
            try:
                result = GAME.score_deal(GAME.parse_deal(deal, setup), state, setup)
            except FactError:
                continue
            out = result.outcome
            a, b = out.points
            assert 0 <= a <= 10 and 0 <= b <= 10
            if out.kind == "capture":
                assert sorted(out.points) == [0, 10]
            elif out.kind == "conceded":
                assert sorted(out.points) == [0, 3]
                assert out.contracts == (None, None)
            else:
                assert a + b <= 8
                assert None not in out.made
            if out.kind != "normal":
                assert out.made == (None, None)
            after = result.after
            assert after.points == (state.points[0] + a, state.points[1] + b)
            if after.finished:
                assert after.dealer is None and after.draw == ()
                assert max(after.points) >= setup.rules.target
                assert after.points[after.winning_team] > after.points[1 - after.winning_team]
            elif after.dealer is None:
                assert len(after.draw) >= 2
            else:
                assert after.draw == ()
            log.append(GAME.deal_to_log(result.facts))
            state = after
        _, replayed = replay(setup, log)
        assert replayed == state
