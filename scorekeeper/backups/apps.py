from django.apps import AppConfig


class BackupsConfig(AppConfig):
    name = "scorekeeper.backups"
