from scorekeeper.registry import GameApp, RegisteredGame
from scorekeeper.rules.zhao_pengyou import GAME


class ZhaoPengyouConfig(GameApp):
    name = "scorekeeper.zhao_pengyou"
    verbose_name = "Zhao Pengyou"

    def registered_game(self) -> RegisteredGame:
        from .board import board
        from .forms import ZhaoPengyouDealForm

        return RegisteredGame(
            GAME,
            ZhaoPengyouDealForm,
            board,
            scripts=("js/number-pad.js", "zhao-pengyou/zhao-pengyou.js"),
            styles=("zhao-pengyou/zhao-pengyou.css",),
        )
