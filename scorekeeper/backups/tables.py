"""What a backup holds: every table whose rows people made, parents before children.

Each table is written with the fields named here (a foreign key by its field name, holding the
referred row's id), so a restore gives back the same ids that links, tokens and the seasons'
game order refer to. Left out, because they are rebuilt or not worth keeping: the seasons' caches
(records, results, ratings; worked out again on the first read of a seasons page or by
`manage.py recompute_seasons`), sessions (people log in again), django-axes' failed logins, and
Django's own content types and permissions (made by `migrate`; nobody is given any here).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import models

from scorekeeper.games.models import (
    Deal,
    DealChange,
    Game,
    GameRole,
    Holder,
    Player,
    Seat,
    ShareLink,
)
from scorekeeper.groups.models import Group, Membership
from scorekeeper.nights.models import Attendee, LateDeal, Night, Round, TableLink
from scorekeeper.nights.models import Table as NightTable
from scorekeeper.seasons.models import Season

# Models of the app's own that a backup leaves out: caches the seasons work out again.
LEFT_OUT = (
    "seasons.GameRecord",
    "seasons.Result",
    "seasons.Roster",
    "seasons.SyncState",
    "seasons.Stale",
)


@dataclass(frozen=True)
class Table:
    name: str  # the key in the backup file
    model: type[models.Model]
    fields: tuple[str, ...]

    def model_fields(self) -> list[models.Field]:
        return [self.model._meta.get_field(name) for name in self.fields]


def tables() -> list[Table]:
    return [
        Table(
            "users",
            get_user_model(),
            (
                "id",
                "username",
                "password",  # the hash, as stored: people log in with the same password
                "email",
                "first_name",
                "last_name",
                "is_active",
                "is_staff",
                "is_superuser",
                "last_login",
                "date_joined",
            ),
        ),
        # A browser's games without an account: its cookie's hash still opens them after a
        # restore, and a moved holder keeps the record of the move.
        Table(
            "holders",
            Holder,
            (
                "id",
                "token_hash",
                "link_hash",
                "account",
                "made_from",
                "created_at",
                "claimed_by",
                "claimed_at",
                "claimed_how",
                "claimed_games",
            ),
        ),
        Table("groups", Group, ("id", "name", "created_at")),
        Table("memberships", Membership, ("id", "group", "user", "role", "joined_at")),
        Table("players", Player, ("id", "owner", "group", "name", "user")),
        Table(
            "games",
            Game,
            (
                "id",
                "owner",
                "group",
                "played_on",
                "friendly",
                "kind",
                "setup",
                # The state after the last deal is derived from the log, but kept: a restore
                # then replays nothing, and the live poll's version goes on where it was.
                "state_cache",
                "finished",
                "version",
                "opening",
                "seat_changes",
                "created_at",
                "updated_at",
                "staged_import",  # an import being written: kept, and removed by the next one
            ),
        ),
        Table("seats", Seat, ("id", "game", "player", "position")),
        Table(
            "deals",
            Deal,
            (
                "id",
                "game",
                "number",
                "facts",
                "token",
                "created_at",
                "created_by",
                "edited_at",
                "edited_by",
            ),
        ),
        Table(
            "deal_changes",
            DealChange,
            (
                "id",
                "game",
                "number",
                "action",
                "facts_before",
                "facts_after",
                "at",
                "by",
                "by_name",
            ),
        ),
        Table(
            "share_links",
            ShareLink,
            ("id", "game", "kind", "token", "created_at", "created_by", "revoked_at", "closed_at"),
        ),
        Table(
            "game_roles",
            GameRole,
            (
                "id",
                "game",
                "user",
                "role",
                "added_at",
                "added_by",
                "via_link",  # the link it came by: revoking that link takes it back
                "role_before",
                "via_before",
            ),
        ),
        Table("seasons", Season, ("id", "group", "name", "start", "end")),
        Table(
            "nights",
            Night,
            (
                "id",
                "group",
                "organiser",
                "played_on",
                "kind",
                "mode",
                "house_rules",
                "rounds",
                "seating",
                "ranking",
                "sizes",
                "mixed_modes",
                "round_minutes",
                "seed",
                "watch_token",
                "watch_revoked_at",
                "ended_at",
                "created_at",
                "updated_at",
            ),
        ),
        Table(
            "night_attendees",
            Attendee,
            ("id", "night", "player", "order", "from_round", "left_at"),
        ),
        Table(
            "night_rounds",
            Round,
            (
                "id",
                "night",
                "number",
                "tables",
                "sitting_out",
                "started_at",
                "ended_at",
                "minutes",
            ),
        ),
        Table("night_tables", NightTable, ("id", "round", "number", "game")),
        Table("night_table_links", TableLink, ("id", "night", "number", "token", "revoked_at")),
        Table(
            "night_late_deals",
            LateDeal,
            (
                "id",
                "night",
                "table",
                "kind",
                "number",
                "fields",
                "summary",
                "token",
                "by_name",
                "received_at",
                "state",
                "decided_at",
                "decided_by",
            ),
        ),
    ]
