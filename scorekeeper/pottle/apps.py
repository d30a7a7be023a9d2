from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from scorekeeper.registry import GamePage, RegisteredGame, register
from scorekeeper.rules.pottle import GAME


class PottleConfig(AppConfig):
    """Pottle's app: when ready, it registers its rules core, deal form and board
    (the shell imports nothing of this package; it finds the game in the registry)."""

    name = "scorekeeper.pottle"
    verbose_name = "Pottle"

    def ready(self) -> None:
        # Its forms and views import the shell's models: only once the apps are loaded.
        from . import views
        from .board import board
        from .forms import PottleDealForm

        register(
            RegisteredGame(
                GAME,
                PottleDealForm,
                board,
                scripts=("js/number-pad.js",),
                styles=("css/pottle.css",),
                pages=(
                    GamePage("settle-up", _("Settle up"), views.settle_up),
                    GamePage("ledger", _("Chip ledger"), views.ledger),
                ),
            )
        )
