"""Random games and deals for the property tests (and the rules-page anchors)."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.rules.spades import Setup

from .support import NAMES


def random_rules(rng: random.Random) -> dict[str, Any]:
    choices: dict[str, list[Any]] = {
        "target": [500, 500, 250, 300, 1000],
        "bag_limit": [10, 10, 5, 3, 1],
        "bag_penalty": [100, 100, 50, 0],
        "nil_bonus": [100, 100, 50, 0],
        "blind_nil": [False, True],
        "lose_at": [None, None, -200, -500, -1],
        "nil_tricks": ["team", "exclude"],
    }
    return {k: rng.choice(v) for k, v in choices.items() if rng.random() < 0.5}


def random_setup(rng: random.Random) -> Setup:
    rules = random_rules(rng)
    limit = rules.get("bag_limit", 10)
    while True:
        start = None
        if rng.random() < 0.3:
            start = {
                "points": [rng.randrange(-150, 450), rng.randrange(-150, 450)],
                "bags": [rng.randrange(limit), rng.randrange(limit)],
            }
        try:
            return Setup.create(
                players=NAMES,
                first_dealer=rng.randrange(4),
                house_rules=rules,
                start=start,
            )
        except ValueError:
            continue  # a start score that has already ended the game


def random_tricks(rng: random.Random) -> list[int]:
    """Four numbers adding up to 13, from thirteen tricks each won by a random player."""
    tricks = [0, 0, 0, 0]
    weights = [rng.random() + 0.05 for _ in range(4)]
    for _ in range(13):
        tricks[rng.choices(range(4), weights)[0]] += 1
    return tricks


def random_deal(rng: random.Random, setup: Setup) -> dict[str, Any]:
    """A plausible deal: bids near the tricks, now and then a nil or a blind nil."""
    tricks = random_tricks(rng)
    bids = [max(1, min(13, t + rng.choice([-2, -1, -1, 0, 0, 0, 1, 2]))) for t in tricks]
    for seat in range(4):
        if rng.random() < (0.5 if tricks[seat] == 0 else 0.04):
            bids[seat] = 0
    data: dict[str, Any] = {"bids": bids, "tricks": tricks}
    if setup.rules.blind_nil and rng.random() < 0.3:
        data["blind_nil"] = [b == 0 and rng.random() < 0.5 for b in bids]
    return data


def mangled_deal(rng: random.Random, setup: Setup) -> dict[str, Any]:
    """A deal with random damage: it must be scored or refused with a FactError, nothing else."""
    data = random_deal(rng, setup)
    damage = rng.randrange(8)
    if damage == 0:
        data["tricks"][rng.randrange(4)] += rng.choice([-1, 1])
    elif damage == 1:
        data["bids"][rng.randrange(4)] = rng.choice([14, -1, "3", None, 2.0, True])
    elif damage == 2:
        data["blind_nil"] = [rng.random() < 0.5 for _ in range(4)]
    elif damage == 3:
        data["dealer"] = rng.choice([0, 1, 2, 3, 4, "0"])
    elif damage == 4:
        data[rng.choice(["trumps", "nil", "bags"])] = 1
    elif damage == 5:
        del data[rng.choice(["bids", "tricks"])]
    elif damage == 6:
        data["tricks"] = data["tricks"][: rng.randrange(5)]
    return data
