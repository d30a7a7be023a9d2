from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "scorekeeper.games"
    label = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .handover import on_login

        # Whichever view logs a person in, the games their browser holds become theirs.
        user_logged_in.connect(on_login, dispatch_uid="scorekeeper.games.handover")
