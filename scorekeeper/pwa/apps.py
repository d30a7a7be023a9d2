from django.apps import AppConfig


class PwaConfig(AppConfig):
    """The installable app: its manifest, its service worker and the deal forms it keeps."""

    name = "scorekeeper.pwa"
    label = "pwa"
    verbose_name = "Installable app"
