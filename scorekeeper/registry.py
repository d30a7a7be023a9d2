"""The one registry of games: each game's pure rules core and its pieces of the Django shell.

The shell (models, services, views, presenters, the game log) reaches a game only through
`game(key)`. Adding a game: its rules package (scorekeeper/rules/<game>/, listed in
scorekeeper/rules/__init__.py), its deal form and board (scorekeeper/<game>/), its templates
(templates/games/<key>/board.html and deal_fields.html, templates/rules/<key>.html), and one
entry below. Nothing else changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import Http404

from scorekeeper.core.game import GameRules
from scorekeeper.games.deal_forms import BaseDealForm
from scorekeeper.rules import rules_for
from scorekeeper.spades.board import board as spades_board
from scorekeeper.spades.forms import SpadesDealForm
from scorekeeper.thunee.board import board as thunee_board
from scorekeeper.thunee.forms import ThuneeDealForm


@dataclass(frozen=True)
class RegisteredGame:
    rules: GameRules
    deal_form: type[BaseDealForm]
    board: Callable[[Any, Any], dict[str, Any]]  # (setup, state) -> the board template's context
    scripts: tuple[str, ...] = ()  # static files loaded on this game's pages only
    styles: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return self.rules.key

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def board_template(self) -> str:
        return f"games/{self.key}/board.html"

    @property
    def deal_fields_template(self) -> str:
        return f"games/{self.key}/deal_fields.html"

    @property
    def fresh_template(self) -> str:
        """What of the deal form follows the game after a recorded deal, when the browser keeps
        the form and resets it (see BaseDealForm.keeps_between_deals)."""
        return f"games/{self.key}/deal_fields.html#fresh"

    @property
    def rules_template(self) -> str:
        return f"rules/{self.key}.html"


GAMES: dict[str, RegisteredGame] = {
    entry.key: entry
    for entry in (
        RegisteredGame(
            rules_for("thunee"),
            ThuneeDealForm,
            thunee_board,
            scripts=("js/calls.js", "js/card-counter.js"),
        ),
        RegisteredGame(
            rules_for("spades"), SpadesDealForm, spades_board, scripts=("js/number-pad.js",)
        ),
    )
}


def game(key: str) -> RegisteredGame:
    """The registered game with that key; KeyError for one this app does not keep."""
    return GAMES[key]


def game_or_404(key: str) -> RegisteredGame:
    try:
        return GAMES[key]
    except KeyError:
        raise Http404(f"no game {key!r}") from None
