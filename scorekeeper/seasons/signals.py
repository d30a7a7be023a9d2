"""A deleted game takes its record and results with it (cascade); the ratings of the games
after it are then worked out again on the next read of the standings (see sync.py)."""

from __future__ import annotations

from django.db.models.signals import post_delete
from django.dispatch import receiver

from .models import GameRecord, Stale


@receiver(post_delete, sender=GameRecord)
def game_record_deleted(sender, instance: GameRecord, **kwargs) -> None:
    if instance.counted:
        Stale.objects.create(
            group_id=instance.group_id,
            kind=instance.kind,
            played_on=instance.played_on,
            game_id=instance.game_id,
        )
