"""The table links of rounds ended before links could be closed: closed now, as end_round
closes them (their phones still see the games, change nothing)."""

from django.db import migrations
from django.utils import timezone


def close(apps, schema_editor):
    ShareLink = apps.get_model("games", "ShareLink")
    ShareLink.objects.filter(
        kind="table",
        revoked_at__isnull=True,
        closed_at__isnull=True,
        game__night_table__round__ended_at__isnull=False,
    ).update(closed_at=timezone.now())


class Migration(migrations.Migration):
    dependencies = [
        ("nights", "0001_initial"),
        ("games", "0008_sharelink_closed_at"),
    ]

    operations = [migrations.RunPython(close, migrations.RunPython.noop)]
