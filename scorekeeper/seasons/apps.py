from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "scorekeeper.seasons"
    verbose_name = "Seasons"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (a deleted game's ratings are worked out again)
