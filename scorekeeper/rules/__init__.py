"""Every game's pure rules core, found by its game-log key. No Django here or below.

A core is the package `scorekeeper.rules.<key with - as _>` whose `GAME` is the game's
`GameRules` (as python-chess finds a variant by its name): nothing lists the games. Which games
the app shows is INSTALLED_APPS' business (each game's app registers its core with the shell's
registry, `scorekeeper/registry.py`); the pure game log reads any core found here.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re

from scorekeeper.core.errors import SHARED
from scorekeeper.core.game import AnyGameRules, GameRules
from scorekeeper.core.reader import json_word

# A key is lower-case words joined by "-": nothing that could name a module elsewhere.
KEY = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def rules_for(key: str) -> AnyGameRules:
    """The game with that key. Raises FactError naming `game` for a key no core here has."""
    game = _core(key) if isinstance(key, str) and KEY.fullmatch(key) else None
    if game is None:
        raise SHARED("game", "GAME_UNKNOWN", got=json_word(key), games=_listed())
    return game


def keys() -> tuple[str, ...]:
    """The key of every core in this package, in alphabetical order of their folders."""
    found = (_core(name.replace("_", "-")) for name in _packages())
    return tuple(game.key for game in found if game is not None)


@functools.cache
def _core(key: str) -> AnyGameRules | None:
    """`GAME` of the core of `key`, if it is a core of that key; None otherwise."""
    name = f"{__name__}.{key.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:  # no such package: not a game
            return None
        raise  # a core that imports something missing is a bug, not an unknown game
    game = getattr(module, "GAME", None)
    return game if isinstance(game, GameRules) and game.key == key else None


def _packages() -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg)


def _listed() -> str:
    return ", ".join(keys())
