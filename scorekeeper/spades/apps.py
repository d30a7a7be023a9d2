from django.apps import AppConfig

from scorekeeper.registry import RegisteredGame, register
from scorekeeper.rules.spades import GAME


class SpadesConfig(AppConfig):
    """Spades's app: when ready, it registers its rules core, deal form and board
    (the shell imports nothing of this package; it finds the game in the registry)."""

    name = "scorekeeper.spades"
    verbose_name = "Spades"

    def ready(self) -> None:
        # Its forms and views import the shell's models: only once the apps are loaded.
        from .board import board
        from .forms import SpadesDealForm

        register(
            RegisteredGame(
                GAME,
                SpadesDealForm,
                board,
                scripts=("js/number-pad.js",),
            )
        )
