"""Deals a benchmark can record forever: each game's next deal from the game as it stands.

A game that ends cannot be benchmarked for long, so each game's test folder says how its game
goes on: tests/<game>/endless.py holds `ENDLESS`, the house rules that let it go on, the
players and the next deal's POST data (Thunee with two to clear: the team behind wins). The
games come from the registry: a registered game without that module fails here, loudly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any, NamedTuple

from scorekeeper import registry
from scorekeeper.games import services

FOUR = ["Asha", "Bongani", "Chetan", "Dev"]
SIX = [*FOUR, "Esha", "Farouk"]


class Endless(NamedTuple):
    house_rules: dict[str, Any]  # that let the game go on
    players: list[str]
    next_post: Callable[[Any], dict[str, Any]]  # the game -> its next deal's POST data


def endless(key: str) -> Endless:
    """The game's own endless play, from tests/<game>/endless.py, posted as the game's page
    posts it: a form the browser keeps between deals says so (its hidden `keeps`)."""
    module = f"tests.{key.replace('-', '_')}.endless"
    try:
        play = import_module(module).ENDLESS
    except ModuleNotFoundError as e:
        raise LookupError(f"{key}: no {module} says how a benchmark plays it forever") from e
    if not registry.game(key).deal_form.keeps_between_deals:
        return play
    return play._replace(next_post=KeptForm(play.next_post))


@dataclass(frozen=True)
class KeptForm:
    """A deal posted from a page whose deal form stays between deals (Thunee's): the hint the
    form carries (BaseDealForm.keeps), so the answer sends only what follows the game."""

    next_post: Callable[[Any], dict[str, Any]]

    def __call__(self, game) -> dict[str, Any]:
        return {**self.next_post(game), "keeps": "form"}


@dataclass(frozen=True)
class BidsThenTricks:
    """A two-step game's deal, the same each time: the bids are opened through the services
    (not timed), then the POST of the tricks is what the benchmark records. The browser tests
    tap the same numbers (tests/browser/test_two_step_answer.py)."""

    bids: list[int | None]  # None: a pass
    tricks: list[int]

    def __call__(self, game) -> dict[str, Any]:
        game.refresh_from_db()
        if not game.opening:
            services.open_deal(game, {"bids": self.bids}, user=game.owner)
            game.refresh_from_db()
        setup = services.setup_of(game)
        state = services.state_from_cache(game, setup)
        data = {f"trick_{seat}": n for seat, n in enumerate(self.tricks)}
        data["expected_number"] = state.deals + 1
        data["stage"] = "closing"
        # What a phone's page says once it keeps a fresh bids form (static/js/offline.js).
        data["keeps"] = "bids-form"
        return data


ENDLESS: dict[str, Endless] = {key: endless(key) for key in registry.GAMES}
