from django.apps import AppConfig

from scorekeeper.registry import RegisteredGame, register
from scorekeeper.rules.zhao_pengyou import GAME


class ZhaoPengyouConfig(AppConfig):
    """Zhao Pengyou's app: when ready, it registers its rules core, deal form and board
    (the shell imports nothing of this package; it finds the game in the registry)."""

    name = "scorekeeper.zhao_pengyou"
    verbose_name = "Zhao Pengyou"

    def ready(self) -> None:
        # Its forms and views import the shell's models: only once the apps are loaded.
        from .board import board
        from .forms import ZhaoPengyouDealForm

        register(
            RegisteredGame(
                GAME,
                ZhaoPengyouDealForm,
                board,
                scripts=("js/number-pad.js", "js/zhao-pengyou.js"),
                styles=("css/zhao-pengyou.css",),
            )
        )
