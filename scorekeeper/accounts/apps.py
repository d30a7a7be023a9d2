from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Sign-up, login and the account page; a visitor's private link; games handed over."""

    name = "scorekeeper.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .handover import on_login

        # Whichever view logs a person in, the games their browser holds become theirs.
        user_logged_in.connect(on_login, dispatch_uid="scorekeeper.accounts.handover")
