"""The kind a season counts a game under: its game's key, or the key and the season name the
game gives it (`GameRules.season_name`: a scorepad's "Hearts" and "Rummy" are kinds of their
own, each with its standings and ratings), "key:name"."""

from __future__ import annotations

from typing import Any

from scorekeeper import registry

SEASON_NAME = ":"  # between a game's key and its season name (no game's key holds it)
LONGEST = 60  # a kind's most characters: a key and a season name of up to 40


def season_kind(kind: str, setup: Any) -> str:
    """The kind a game of this key and setup counts under."""
    entry = registry.GAMES.get(kind)
    name = entry.rules.season_name(setup) if entry is not None and setup is not None else None
    return f"{kind}{SEASON_NAME}{name}"[:LONGEST] if name else kind


def game_key(kind: str) -> str:
    return kind.partition(SEASON_NAME)[0]


def entry_of(kind: str) -> registry.RegisteredGame | None:
    """The registered game of a kind (None for a game no longer installed)."""
    return registry.GAMES.get(game_key(kind))
