from django.apps import AppConfig

from scorekeeper.registry import RegisteredGame, register
from scorekeeper.rules.thunee import GAME


class ThuneeConfig(AppConfig):
    """Thunee's app: when ready, it registers its rules core, deal form and board
    (the shell imports nothing of this package; it finds the game in the registry)."""

    name = "scorekeeper.thunee"
    verbose_name = "Thunee"

    def ready(self) -> None:
        # Its forms and views import the shell's models: only once the apps are loaded.
        from .board import board
        from .forms import ThuneeDealForm

        register(
            RegisteredGame(
                GAME,
                ThuneeDealForm,
                board,
                scripts=("js/calls.js", "js/card-counter.js"),
            )
        )
