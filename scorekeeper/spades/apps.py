from scorekeeper.registry import GameApp, RegisteredGame
from scorekeeper.rules.spades import GAME


class SpadesConfig(GameApp):
    name = "scorekeeper.spades"
    verbose_name = "Spades"

    def registered_game(self) -> RegisteredGame:
        from .board import board
        from .forms import SpadesDealForm

        return RegisteredGame(
            GAME,
            SpadesDealForm,
            board,
            scripts=("js/number-pad.js",),
            styles=("spades/spades.css",),
        )
