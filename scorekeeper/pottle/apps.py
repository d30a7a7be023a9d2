from django.utils.translation import gettext_lazy as _

from scorekeeper.registry import GameApp, GamePage, RegisteredGame
from scorekeeper.rules.pottle import GAME


class PottleConfig(GameApp):
    name = "scorekeeper.pottle"
    verbose_name = "Pottle"

    def registered_game(self) -> RegisteredGame:
        from . import views
        from .board import board
        from .forms import PottleDealForm

        return RegisteredGame(
            GAME,
            PottleDealForm,
            board,
            scripts=("js/number-pad.js",),
            styles=("pottle/pottle.css",),
            pages=(
                GamePage("settle-up", _("Settle up"), views.settle_up),
                GamePage("ledger", _("Chip ledger"), views.ledger),
            ),
        )
