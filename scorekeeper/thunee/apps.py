from scorekeeper.registry import GameApp, RegisteredGame
from scorekeeper.rules.thunee import GAME


class ThuneeConfig(GameApp):
    name = "scorekeeper.thunee"
    verbose_name = "Thunee"

    def registered_game(self) -> RegisteredGame:
        from .board import board
        from .forms import ThuneeDealForm

        return RegisteredGame(
            GAME,
            ThuneeDealForm,
            board,
            scripts=("thunee/calls.js", "thunee/card-counter.js"),
            styles=("thunee/thunee.css",),
        )
