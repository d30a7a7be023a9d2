"""A whole backup as JSON, and an empty site to restore it into."""

from __future__ import annotations

import io
import json
from typing import Any

from django.contrib.auth import get_user_model

from scorekeeper.backups.dump import write_backup
from scorekeeper.games.models import Game, Player
from scorekeeper.groups.models import Group
from scorekeeper.nights.models import Night
from scorekeeper.seasons.models import Stale, SyncState


def backup_doc() -> dict[str, Any]:
    out = io.BytesIO()
    write_backup(out)
    return json.loads(out.getvalue())


def wipe() -> None:
    """Empty every table a backup fills (and the seasons' caches), as a new database is."""
    Night.objects.all().delete()  # its attendees hold their players (PROTECT)
    Game.objects.all().delete()
    Player.objects.all().delete()
    Group.objects.all().delete()
    get_user_model().objects.all().delete()
    Stale.objects.all().delete()
    SyncState.objects.all().delete()
