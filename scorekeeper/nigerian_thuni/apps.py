from scorekeeper.registry import GameApp, RegisteredGame
from scorekeeper.rules.nigerian_thuni import GAME


class NigerianThuniConfig(GameApp):
    name = "scorekeeper.nigerian_thuni"
    verbose_name = "Nigerian Thuni"

    def registered_game(self) -> RegisteredGame:
        from .board import board
        from .forms import NigerianThuniDealForm

        return RegisteredGame(
            GAME,
            NigerianThuniDealForm,
            board,
            scripts=("js/number-pad.js",),
            styles=("nigerian-thuni/nigerian-thuni.css",),
        )
