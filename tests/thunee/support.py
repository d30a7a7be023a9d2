"""The Thunee core tests' own setups and deals (scoring: tests/support/cores.py)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.thunee import GAME, Setup
from tests.support.cores import CoreKit, fields_of, text  # noqa: F401 - the core tests' helpers

NAMES = {
    "4p": ["Asha", "Bongani", "Chetan", "Dev"],
    "6p": ["Asha", "Bongani", "Chetan", "Dev", "Esther", "Farouk"],
    "2p-two-deal": ["Asha", "Bongani"],
    "2p-open-face": ["Asha", "Bongani"],
}


def make_setup(
    mode: str = "4p",
    *,
    dealer: int = 0,
    balls: tuple[int, int] = (0, 0),
    **house_rules: Any,
) -> Setup:
    return Setup.create(
        mode=mode,
        players=NAMES[mode],
        first_dealer=dealer,
        house_rules=house_rules,
        start_balls=balls,
    )


# No-call deals of a 4-player game dealt by seat `dealer`: the player after the dealer makes trumps,
# so the dealer's team counts. One ball goes to the dealer's team, or to the other team.
def dealer_team_wins(dealer: int) -> dict[str, Any]:
    return {
        "trump_maker": (dealer + 1) % 4,
        "call": 0,
        "last_trick": dealer,
        "counting_points": 120,
    }


def dealer_team_loses(dealer: int) -> dict[str, Any]:
    return {
        "trump_maker": (dealer + 1) % 4,
        "call": 0,
        "last_trick": (dealer + 1) % 4,
        "counting_points": 60,
    }


score, play, refused = CoreKit(GAME, make_setup).bound()
