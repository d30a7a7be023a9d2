from django.apps import AppConfig


class PlayConfig(AppConfig):
    """A game's pages, where it is played and scored: home, a new game, the game's page with its
    deal form, undo, edit and what-if, the rules pages, the record answers and the live poll.
    They stand on the games' recording core (scorekeeper/games)."""

    name = "scorekeeper.play"
    label = "play"
    verbose_name = "Playing a game"
