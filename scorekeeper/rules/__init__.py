"""Every game's pure rules core, found by its game-log key. No Django here or below.

This is the one place that names the games' packages; everything else asks `rules_for(key)`.
Adding a game: its package below this folder, one line in `GAMES`, and its shell pieces in
`scorekeeper/<game>/apps.py` (its app, which registers them in `scorekeeper/registry.py`).
"""

from __future__ import annotations

from scorekeeper.core.errors import SHARED
from scorekeeper.core.game import GameRules
from scorekeeper.core.reader import json_word

from .nigerian_thuni import GAME as NIGERIAN_THUNI
from .pottle import GAME as POTTLE
from .spades import GAME as SPADES
from .thunee import GAME as THUNEE
from .zhao_pengyou import GAME as ZHAO_PENGYOU

GAMES: dict[str, GameRules] = {
    game.key: game for game in (THUNEE, SPADES, ZHAO_PENGYOU, POTTLE, NIGERIAN_THUNI)
}


def rules_for(key: str) -> GameRules:
    """The game with that key. Raises FactError naming `game` for a game this app lacks."""
    try:
        return GAMES[key]
    except (KeyError, TypeError):
        kept = ", ".join(GAMES)
        raise SHARED("game", "GAME_NOT_KEPT", game=json_word(key), kept=kept) from None
