"""A group and its members. A person can belong to several groups."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models


class Group(models.Model):
    name = models.CharField(max_length=80)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="play_groups"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    ROLES = [("admin", "admin"), ("member", "member")]

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=ROLES, default="member")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "user"], name="membership_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.group}"


def new_share_token() -> str:
    """32 URL-safe characters from 192 random bits: a share link cannot be guessed."""
    return secrets.token_urlsafe(24)


class GameRole(models.Model):
    """Someone other than the owner at one game: a scorekeeper (may record, undo and edit) or a
    spectator (sees it). The owner has no row here; a group's members see its games without one."""

    SCOREKEEPER = "scorekeeper"
    SPECTATOR = "spectator"
    ROLES = [(SCOREKEEPER, "scorekeeper"), (SPECTATOR, "spectator")]

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_roles"
    )
    role = models.CharField(max_length=12, choices=ROLES)
    added_at = models.DateTimeField(auto_now_add=True)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="game_role_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of game {self.game_id}"


class ShareLink(models.Model):
    """A link to one game by an unguessable token (never the game's id): "watch" shows the game
    read-only to anyone who has it, without an account; "keep" lets a logged-in person join as
    a scorekeeper. A revoked link answers 404. At most one live link of each kind per game."""

    WATCH = "watch"
    KEEP = "keep"
    KINDS = [(WATCH, "watch"), (KEEP, "keep score")]

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="share_links")
    kind = models.CharField(max_length=5, choices=KINDS)
    token = models.CharField(max_length=43, unique=True, default=new_share_token)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "kind"],
                condition=models.Q(revoked_at__isnull=True),
                name="share_link_one_live_per_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} link to game {self.game_id}"
