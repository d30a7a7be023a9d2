from django.apps import AppConfig

from scorekeeper.registry import RegisteredGame, register
from scorekeeper.rules.nigerian_thuni import GAME


class NigerianThuniConfig(AppConfig):
    """Nigerian Thuni's app: when ready, it registers its rules core, deal form and board
    (the shell imports nothing of this package; it finds the game in the registry)."""

    name = "scorekeeper.nigerian_thuni"
    verbose_name = "Nigerian Thuni"

    def ready(self) -> None:
        # Its forms and views import the shell's models: only once the apps are loaded.
        from .board import board
        from .forms import NigerianThuniDealForm

        register(
            RegisteredGame(
                GAME,
                NigerianThuniDealForm,
                board,
                scripts=("js/number-pad.js",),
                styles=("css/nigerian-thuni.css",),
            )
        )
