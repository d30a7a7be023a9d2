"""Bring every group's season results and ratings up to date with its games.

Pages do this for their group when they are read; this command is for a cron job, or after a
bulk change that bypassed `Game.updated_at`. `--full` compares every game with its record.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from scorekeeper.groups.models import Group
from scorekeeper.seasons.sync import sync_group


class Command(BaseCommand):
    help = "Work out season results and ratings again where games changed."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--full", action="store_true", help="compare every game, not only recent changes"
        )
        parser.add_argument(
            "--group", type=int, action="append", help="only this group (repeatable)"
        )

    def handle(self, *args, full: bool = False, group: list[int] | None = None, **options) -> None:
        groups = Group.objects.order_by("pk")
        if group:
            groups = groups.filter(pk__in=group)
        for pk, name in groups.values_list("pk", "name"):
            done = sync_group(pk, full=full)
            self.stdout.write(f"{name}: {done.games} games worked out, {done.rated} results rated")
