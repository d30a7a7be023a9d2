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
from django.utils.translation import gettext_lazy as _

from scorekeeper.core.game import GameRules
from scorekeeper.games.deal_forms import BaseDealForm
from scorekeeper.nigerian_thuni.board import board as nigerian_thuni_board
from scorekeeper.nigerian_thuni.forms import NigerianThuniDealForm
from scorekeeper.pottle.board import board as pottle_board
from scorekeeper.pottle.forms import PottleDealForm
from scorekeeper.rules import rules_for
from scorekeeper.spades.board import board as spades_board
from scorekeeper.spades.forms import SpadesDealForm
from scorekeeper.thunee.board import board as thunee_board
from scorekeeper.thunee.forms import ThuneeDealForm
from scorekeeper.zhao_pengyou.board import board as zhao_pengyou_board
from scorekeeper.zhao_pengyou.forms import ZhaoPengyouDealForm


@dataclass(frozen=True)
class GamePage:
    """A page of one game beyond the shell's own (Pottle's settle-up), at games/<pk>/<slug>/,
    linked from the game page. `view` is the dotted path of a function (request, game, entry)
    -> response; the shell has already checked that the person may see the game (GET) or keep
    score of it (POST): scorekeeper/groups/access.py."""

    slug: str
    label: str
    view: str


@dataclass(frozen=True)
class RegisteredGame:
    rules: GameRules
    deal_form: type[BaseDealForm]
    board: Callable[[Any, Any], dict[str, Any]]  # (setup, state) -> the board template's context
    scripts: tuple[str, ...] = ()  # static files loaded on this game's pages only
    styles: tuple[str, ...] = ()
    pages: tuple[GamePage, ...] = ()  # the game's own pages (see GamePage)

    def page(self, slug: str) -> GamePage | None:
        return next((page for page in self.pages if page.slug == slug), None)

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
        RegisteredGame(
            rules_for("pottle"),
            PottleDealForm,
            pottle_board,
            scripts=("js/number-pad.js",),
            styles=("css/pottle.css",),
            pages=(
                GamePage("settle-up", _("Settle up"), "scorekeeper.pottle.views.settle_up"),
                GamePage("ledger", _("Chip ledger"), "scorekeeper.pottle.views.ledger"),
            ),
        ),
        RegisteredGame(
            rules_for("nigerian-thuni"),
            NigerianThuniDealForm,
            nigerian_thuni_board,
            scripts=("js/number-pad.js",),
            styles=("css/nigerian-thuni.css",),
        ),
        RegisteredGame(
            rules_for("zhao-pengyou"),
            ZhaoPengyouDealForm,
            zhao_pengyou_board,
            scripts=("js/number-pad.js", "js/zhao-pengyou.js"),
            styles=("css/zhao-pengyou.css",),
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
