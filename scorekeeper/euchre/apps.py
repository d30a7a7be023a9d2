from scorekeeper.registry import GameApp, RegisteredGame
from scorekeeper.rules.euchre import GAME


class EuchreConfig(GameApp):
    name = "scorekeeper.euchre"
    verbose_name = "Euchre"

    def registered_game(self) -> RegisteredGame:
        from .board import board
        from .forms import EuchreDealForm

        return RegisteredGame(GAME, EuchreDealForm, board, styles=("euchre/euchre.css",))
