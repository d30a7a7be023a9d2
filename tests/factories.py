"""A plain test factory: make_* methods that build real objects through the services."""

from __future__ import annotations

import itertools
from typing import Any

from django.contrib.auth import get_user_model

from scorekeeper import registry
from scorekeeper.games import services
from scorekeeper.games.models import Game

NAMES_4 = ["Asha", "Bongani", "Chetan", "Dev"]
_counter = itertools.count(1)


class Factory:
    def make_user(self, username: str | None = None, password: str = "pw-for-tests-1"):
        username = username or f"keeper{next(_counter)}"
        return get_user_model().objects.create_user(username=username, password=password)

    def make_game(
        self,
        owner=None,
        *,
        game: str = "thunee",
        mode: str | None = None,
        players: list[str] | None = None,
        first_dealer: int = 0,
        house_rules: dict[str, Any] | None = None,
    ) -> Game:
        modes = registry.game(game).rules.modes
        if modes and mode is None:
            mode = modes[0].key  # the game's first way to play
        return services.create_game(
            owner=owner or self.make_user(),
            game=game,
            mode=mode,
            players=players or NAMES_4,
            first_dealer=first_dealer,
            house_rules=house_rules,
        )

    def record(self, game: Game, **facts: Any):
        import uuid

        return services.record_deal(game, facts, user=game.owner, token=uuid.uuid4())

    def normal_deal(self, game: Game, *, counting_wins: bool = True) -> None:
        """A no-call deal in whoever's deal it is: the counting team wins or loses it."""
        game.refresh_from_db()
        dealer = game.state_cache["dealer"]
        seats = len(game.seats.all())
        maker = (dealer + 1) % seats
        points = 152 if counting_wins else 40
        self.record(game, trump_maker=maker, call=0, last_trick=maker, counting_points=points)
