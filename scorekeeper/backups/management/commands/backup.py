"""`manage.py backup [FILE|-]`: the whole site as one consistent JSON file
(docs/game-logs-and-backups.md)."""

from __future__ import annotations

import os
import sys

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.backups.dump import write_backup
from scorekeeper.backups.fileformat import open_for_writing


class Command(BaseCommand):
    help = (
        "Write every user, group, player, game (with its deal log and audit trail), share link "
        "and season to one JSON file, read in one transaction snapshot while the app serves. "
        "A FILE ending in .gz is gzip-compressed; - (the default) is standard output."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", default="-", help="where to write it, or -")

    def handle(self, *args, **options):
        path = options["file"]
        if path == "-":
            counts = write_backup(sys.stdout.buffer)
            sys.stdout.buffer.flush()
            return
        partial = f"{path}.partial"  # renamed when complete: never a half file under the name
        try:
            with open_for_writing(path, partial) as out:
                counts = write_backup(out)
            os.replace(partial, path)
        except OSError as e:
            raise CommandError(f"cannot write {path}: {e.strerror or e}") from None
        finally:
            if os.path.exists(partial):
                os.remove(partial)
        summary = ", ".join(f"{n} {name}" for name, n in counts.items())
        self.stderr.write(f"Backed up to {path}: {summary}.")
