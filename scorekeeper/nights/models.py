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
    # How the standings rank people who played different numbers of tables (services.standings).
    TOTALS = "totals"  # tables won, then the game's figure, added up
    PER_TABLE = "per_table"  # the share of tables won, then the figure per table
    BYE = "bye"  # a round sat out counts as a table won, at the player's own figure per table
    RANKINGS = [(TOTALS, "totals"), (PER_TABLE, "per table"), (BYE, "bye credit")]

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
    ranking = models.CharField(max_length=9, choices=RANKINGS, default=PER_TABLE)
    # The table sizes the organiser chose within the game's own ([]: every size it allows), and
    # the game's other modes mixed in where they keep fewer people out (4- and 6-player tables).
    sizes = models.JSONField(default=list, blank=True)
    mixed_modes = models.JSONField(default=list, blank=True)
    round_minutes = models.PositiveSmallIntegerField(null=True, blank=True)  # None: no clock
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
    from_round = models.PositiveSmallIntegerField(default=1)  # a late arrival: drawn from here
    left_at = models.DateTimeField(null=True, blank=True)  # gone home: never drawn again

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
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)  # its clock, from the start

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


class LateDeal(models.Model):
    """An entry a table phone kept offline that reached the server after its round had ended
    (static/js/offline.js hands it over): the organiser adds it to the table's game with one
    tap, or discards it. The phone keeps it until then, and is told which."""

    WAITING = "waiting"
    ADDED = "added"
    DISCARDED = "discarded"
    STATES = [(WAITING, "waiting"), (ADDED, "added"), (DISCARDED, "discarded")]
    KINDS = [("deals", "a deal"), ("open", "a deal's bids")]

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="late_deals")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="late_deals")
    kind = models.CharField(max_length=5, choices=KINDS)
    number = models.PositiveIntegerField()  # the deal number the phone entered it as
    fields = models.JSONField()  # the form's fields as the phone sent them: [[name, value], ...]
    summary = models.CharField(max_length=300, blank=True)  # what was entered, in the form's words
    token = models.CharField(max_length=64)  # the form's token: a repeat is the same entry
    by_name = models.CharField(max_length=40, blank=True)  # the phone's name
    received_at = models.DateTimeField(auto_now_add=True)
    state = models.CharField(max_length=9, choices=STATES, default=WAITING)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["received_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["table", "token"], name="late_deal_once"),
        ]

    def __str__(self) -> str:
        return f"late deal {self.number} of table {self.table_id}"
