"""A site to time backups with: the seasons bench's 10,000 games and 20 players (seasons.py),
each deal with its audit-trail row as an import leaves it, in a SQLite file of its own.

    .venv/bin/python -m tests.bench.backup_site /tmp/bench-site.sqlite3   # SEASON_GAMES=10000

then time `manage.py backup` on it (docs/game-logs-and-backups.md).
"""

from __future__ import annotations

import os
import sys
from datetime import date


def main(path: str) -> None:
    if os.path.exists(path):
        sys.exit(f"{path} exists: give a new file")
    os.environ["DATABASE_URL"] = f"sqlite:///{os.path.abspath(path)}"
    from tests.bench.seasons import _setup_django, generate

    _setup_django()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from scorekeeper.games.models import Deal, DealChange
    from scorekeeper.groups.models import Group, Membership

    call_command("migrate", verbosity=0)
    owner = get_user_model().objects.create_user("bench-keeper", password="x")
    group = Group.objects.create(name="Bench table")
    Membership.objects.create(group=group, user=owner, role="admin")
    games = int(os.environ.get("SEASON_GAMES", "10000"))
    generate(owner, group, games=games, players=20, start=date(2026, 1, 1), days=365)
    DealChange.objects.bulk_create(
        (
            DealChange(game_id=g, number=n, action="recorded", facts_after=f, by=owner)
            for g, n, f in Deal.objects.values_list("game_id", "number", "facts").iterator()
        ),
        batch_size=2000,
    )
    print(f"{path}: {games} games, {Deal.objects.count()} deals")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "bench-site.sqlite3")
