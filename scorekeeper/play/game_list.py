"""A list of games as the home page shows it: each game's kind, players, score (the rules
core's headline), how far it went, when it was last played, and whether it goes on or who won,
so that two games of the same four players are told apart at a glance. No query per game: the
cached state after the last deal is read through the game's rules core."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from scorekeeper import registry
from scorekeeper.games.models import Game
from scorekeeper.games.presenters import TemplateView
from scorekeeper.registry import RegisteredGame


@dataclass(frozen=True)
class GameRow(TemplateView):
    game: Game
    entry: RegisteredGame
    players: str
    summary: str  # the score in the game's own terms, a `Said` or text
    deals: int
    finished: bool
    winners: str  # names, "" while it goes on (or for a game that ends with nobody ahead)


def rows_of(games: Iterable[Game]) -> list[GameRow]:
    """The rows of games whose kind is registered (a game of a removed kind is skipped)."""
    out = []
    for game in games:
        entry = registry.GAMES.get(game.kind)
        if entry is not None:
            out.append(row_of(game, entry))
    return out


def row_of(game: Game, entry: RegisteredGame) -> GameRow:
    rules = entry.rules
    setup = rules.setup(game.setup)
    state = rules.state_from_cache(game.state_cache, setup) if game.state_cache else None
    if state is None:  # a game made before the cache existed: as it starts
        state = rules.initial_state(setup)
    finished = rules.is_finished(state)
    winners = rules.winners(setup, state) if finished else ()
    return GameRow(
        game=game,
        entry=entry,
        # Translators: between the names of a list ("Asha, Bongani"); 、 in Chinese.
        players=gettext(", ").join(_seated(game, setup)),
        summary=rules.summary(setup, state),
        deals=state.deals,
        finished=finished,
        winners=" & ".join(setup.players[s] for s in winners),
    )


def _seated(game: Game, setup: Any) -> list[str]:
    """The players' names as the game's seats say them (prefetched), else its setup's."""
    cache = getattr(game, "_prefetched_objects_cache", {})
    if "seats" in cache:
        return [seat.player.name for seat in cache["seats"]]
    return list(setup.players)
