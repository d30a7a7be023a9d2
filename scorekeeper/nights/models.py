"""A game night of a group: who is here, its rounds of seats, and its tables (ordinary games).

The seats are drawn by seating.py (pure); a round's tables become games of the group through the
games' services when the organiser starts the round. A table's keep-score link is a share link
of the games (kind "table"): the games' access layer checks it on every request; ending the night
revokes every one.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models


def new_token() -> str:
    """192 random bits, as the games' share links."""
    return secrets.token_urlsafe(24)


class Night(models.Model):
    UNTIL_WE_STOP = None
    DRAW = "draw"
    SWISS = "swiss"
    SEATINGS = [(DRAW, "draw"), (SWISS, "swiss")]

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="nights")
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    played_on = models.DateField()
    kind = models.CharField(max_length=20)  # a key of the games registry
    mode = models.CharField(max_length=20, blank=True)
    house_rules = models.JSONField(default=dict, blank=True)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)  # None: until we stop
    seating = models.CharField(max_length=5, choices=SEATINGS, default=DRAW)
    seed = models.CharField(max_length=32, default=new_token)
    watch_token = models.CharField(max_length=43, unique=True, default=new_token)
    # The big screen's link revoked by the organiser (its screen answers 404); renewing it
    # gives a new token and clears this.
    watch_revoked_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Moved by every change of the night itself (a round drawn, a swap, the end): the big
    # screen's stamp, with its tables' versions.
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-played_on", "-pk"]

    def __str__(self) -> str:
        return f"night {self.pk} of {self.group_id}"


class Attendee(models.Model):
    """Someone here tonight: a player of the group (a guest becomes one, by name)."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="attendees")
    player = models.ForeignKey("games.Player", on_delete=models.PROTECT, related_name="+")
    order = models.PositiveSmallIntegerField()  # the night's fixed order (the round-robin's)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="attendee_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} at night {self.night_id}"


class Round(models.Model):
    """One round's seats (names in seat order per table, and who sits out). Drawn, it may still
    be changed by a swap; started, its tables are games."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()  # 1-based
    tables = models.JSONField()  # [[name, ...], ...]
    sitting_out = models.JSONField(default=list)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="night_round_unique"),
        ]

    def __str__(self) -> str:
        return f"round {self.number} of night {self.night_id}"


class Table(models.Model):
    """A table of a started round: its game (an ordinary game of the group)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="table_set")
    number = models.PositiveSmallIntegerField()  # 1-based
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="night_table")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="night_table_unique"),
        ]

    def __str__(self) -> str:
        return f"table {self.number} of round {self.round_id}"


class TableLink(models.Model):
    """The keep-score link of a table number for the whole night: it opens that table's game of
    the current round. Revoked (or the night ended): refused."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="links")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=43, unique=True, default=new_token)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["night", "number"],
                condition=models.Q(revoked_at__isnull=True),
                name="table_link_one_live",
            ),
        ]

    def __str__(self) -> str:
        return f"link of table {self.number} of night {self.night_id}"
