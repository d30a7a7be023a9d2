"""A group and its members. A person can belong to several groups."""

from __future__ import annotations

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
