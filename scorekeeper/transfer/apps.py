from django.apps import AppConfig


class TransferConfig(AppConfig):
    """Game logs in and out: import, export, a person's file of games, CSV cells."""

    name = "scorekeeper.transfer"
    label = "transfer"
    verbose_name = "Import and export"
