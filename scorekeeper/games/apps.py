from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "scorekeeper.games"
    label = "games"
    verbose_name = "Games"
