"""The Pottle core tests' own setup; scoring and reading errors: tests/support/cores.py."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.pottle import GAME, Setup
from tests.support.cores import CoreKit, fields_of, text  # noqa: F401 - the core tests' helpers

NAMES = ["Asha", "Bongani", "Chetan", "Dev", "Esther", "Farouk", "Gita"]


def make_setup(
    seats: int = 4, *, dealer: int = 0, start: dict[str, Any] | None = None, **house_rules: Any
) -> Setup:
    return Setup.create(
        players=NAMES[:seats], first_dealer=dealer, house_rules=house_rules, start=start
    )


score, play, refused = CoreKit(GAME, make_setup).bound()
