from django.apps import AppConfig


class NightsConfig(AppConfig):
    name = "scorekeeper.nights"
    label = "nights"
    default_auto_field = "django.db.models.BigAutoField"
