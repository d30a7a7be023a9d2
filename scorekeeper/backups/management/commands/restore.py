"""`manage.py restore FILE`: a backup into an empty database, all of it or nothing."""

from __future__ import annotations

import io
import sys

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.backups.fileformat import MAX_UNPACKED_MB, TooBig, Unpacked
from scorekeeper.backups.load import Refused, restore_backup


class Command(BaseCommand):
    help = (
        "Restore a backup (JSON, or gzip-compressed JSON) into an empty database made with "
        "`manage.py migrate`. One transaction: a refused backup restores nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file, or - for standard input")
        parser.add_argument(
            "--max-mb",
            type=int,
            default=MAX_UNPACKED_MB,
            help=f"the most JSON a backup may hold, unpacked (default {MAX_UNPACKED_MB} MB)",
        )

    def handle(self, *args, **options):
        path, max_mb = options["file"], options["max_mb"]
        try:
            if path == "-":
                counts = restore_backup(io.BufferedReader(Unpacked(sys.stdin.buffer, max_mb)))
            else:
                with open(path, "rb") as f:
                    counts = restore_backup(io.BufferedReader(Unpacked(f, max_mb)))
        except TooBig as e:
            raise CommandError(
                f"refused, nothing was restored: {e}. A real backup that big: --max-mb with "
                "a larger number."
            ) from None
        except (OSError, EOFError) as e:
            raise CommandError(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
        except Refused as e:
            raise CommandError(f"refused: {e}") from None
        summary = ", ".join(f"{n} {name}" for name, n in counts.items())
        self.stdout.write(f"Restored {summary}.")
        self.stdout.write(
            "Season standings and ratings are worked out again on the first read of a seasons "
            "page (or now: manage.py recompute_seasons)."
        )
