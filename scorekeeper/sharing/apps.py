from django.apps import AppConfig


class SharingConfig(AppConfig):
    """The pages of sharing a table: a group's page and its members, a game shared with a
    person, the spectators' and co-keepers' links and what they open."""

    name = "scorekeeper.sharing"
    label = "sharing"
    verbose_name = "Groups and sharing"
