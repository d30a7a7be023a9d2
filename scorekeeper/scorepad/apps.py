from scorekeeper.registry import GameApp, RegisteredGame
from scorekeeper.rules.scorepad import GAME


class ScorepadConfig(GameApp):
    name = "scorekeeper.scorepad"
    verbose_name = "Scorepad"

    def registered_game(self) -> RegisteredGame:
        from .board import board
        from .forms import ScorepadDealForm

        return RegisteredGame(
            GAME,
            ScorepadDealForm,
            board,
            scripts=("scorepad/scorepad.js",),
            styles=("scorepad/scorepad.css",),
        )
