"""The one registry of games: each game's pure rules core and its pieces of the Django shell.

The shell (models, services, views, presenters, seasons) reaches a game only through `game(key)`
and `GAMES`, and imports no game's package. Each game is a Django app (scorekeeper/<game>/apps.py)
whose `ready()` registers its `RegisteredGame` here, as the admin's autodiscovery fills its site:
adding a game is adding its app to INSTALLED_APPS. The order of INSTALLED_APPS is the order of
GAMES (the new-game page lists them so).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.apps import AppConfig
from django.http import Http404

from scorekeeper.core.game import AnyGameRules


@dataclass(frozen=True)
class GamePage:
    """A page of one game beyond the shell's own (Pottle's settle-up), at games/<pk>/<slug>/,
    linked from the game page. `view` is a function (request, game, entry) -> response; the
    shell has already checked that the person may see the game (GET) or keep score of it (POST):
    scorekeeper/games/access.py."""

    slug: str
    label: str
    view: Callable[..., Any]


@dataclass(frozen=True)
class RegisteredGame:
    rules: AnyGameRules
    deal_form: type[forms.Form]  # a scorekeeper.games.deal_forms.BaseDealForm
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
    def score_strip_template(self) -> tuple[str, str]:
        """The score in the sticky strip under the page's top bar, in the game's own terms
        (games/<key>/score_strip.html); a game without one gets the shell's, its summary."""
        return (f"games/{self.key}/score_strip.html", "games/score_strip.html")

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

    @property
    def new_game_template(self) -> tuple[str, str]:
        """What the game adds to its new-game form above the house rules
        (games/<key>/new_game.html: ready-made settings to start from); most games add nothing."""
        return (f"games/{self.key}/new_game.html", "games/new_game_none.html")


GAMES: dict[str, RegisteredGame] = {}


def register(entry: RegisteredGame) -> None:
    """Called by a game's app when it is ready. A second game with the same key is a mistake in
    INSTALLED_APPS, not something to paper over."""
    if entry.key in GAMES:
        raise ValueError(f"a game {entry.key!r} is registered already")
    GAMES[entry.key] = entry


class GameApp(AppConfig):
    """A game's Django app (scorekeeper/<game>/apps.py): when the apps are loaded it registers
    the game its `registered_game` gives: the rules core, the deal form and the board (the shell
    imports nothing of the game's package; it finds the game here)."""

    # Django takes the one AppConfig of an apps.py not marked `default = False`: the game's own
    # config, not this base that the module imports too.
    default = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.default = True

    def ready(self) -> None:
        register(self.registered_game())

    def registered_game(self) -> RegisteredGame:
        """Called once the apps are loaded, so that it may import the game's forms and views
        (which import the shell's models)."""
        raise NotImplementedError


def game(key: str) -> RegisteredGame:
    """The registered game with that key; KeyError for one this app does not keep."""
    return GAMES[key]


def first() -> RegisteredGame:
    """The first game of INSTALLED_APPS, the new-game page's first choice."""
    return next(iter(GAMES.values()))


def game_or_404(key: str) -> RegisteredGame:
    try:
        return GAMES[key]
    except KeyError:
        raise Http404(f"no game {key!r}") from None
