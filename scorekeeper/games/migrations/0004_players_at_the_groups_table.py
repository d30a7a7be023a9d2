"""A group's games sit the group's players: one Asha per table, whoever keeps the score.

Before, a group game could take its scorekeeper's own player of that name, so a second keeper of
the same group made a second Asha and the group's seasons counted her twice. This moves every
seat of a group game to the group's player of that name (made from the old one if the group has
none), merges same-named players within a group, and drops the seasons' figures of the groups it
changed: they are derived from the games and worked out again on the next read (seasons/sync.py).
Nothing a user entered changes: names, deals and links to accounts stay."""

import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models


def carry_link(kept, other) -> None:
    """The account a player was linked to stays linked to who they now are."""
    if kept.user_id is None and other.user_id is not None:
        kept.user_id = other.user_id
        kept.save(update_fields=["user"])


def seat_group_games_with_group_players(apps, schema_editor):
    Player = apps.get_model("games", "Player")
    Seat = apps.get_model("games", "Seat")
    changed = set()

    keep: dict[tuple[int, str], object] = {}  # (group, lower name) -> the group's player
    for player in Player.objects.filter(group__isnull=False).order_by("pk"):
        key = (player.group_id, player.name.lower())
        kept = keep.setdefault(key, player)
        if kept.pk != player.pk:  # a same-named second: its seats go to the first
            Seat.objects.filter(player=player).update(player=kept)
            carry_link(kept, player)
            player.delete()
            changed.add(player.group_id)

    strays = (
        Seat.objects.filter(game__group__isnull=False)
        .exclude(player__group=models.F("game__group"))
        .select_related("player", "game")
    )
    for seat in strays:
        group_id, name = seat.game.group_id, seat.player.name
        target = keep.get((group_id, name.lower()))
        if target is None:
            target = Player.objects.create(
                owner_id=seat.game.owner_id,
                group_id=group_id,
                name=name,
                user_id=seat.player.user_id,
            )
            keep[(group_id, name.lower())] = target
        carry_link(target, seat.player)
        Seat.objects.filter(pk=seat.pk).update(player=target)
        changed.add(group_id)

    for model in ("Result", "Roster", "GameRecord", "Stale"):
        apps.get_model("seasons", model).objects.filter(group_id__in=changed).delete()
    apps.get_model("seasons", "SyncState").objects.filter(group_id__in=changed).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_groups_seasons_fields"),
        ("groups", "0001_groups_and_members"),
        ("seasons", "0001_seasons_results_ratings"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="player", name="player_name_unique_per_owner"),
        migrations.RunPython(seat_group_games_with_group_players, migrations.RunPython.noop),
    ]
