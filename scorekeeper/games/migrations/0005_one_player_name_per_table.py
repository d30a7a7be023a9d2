"""The constraints of 0004's seating: one name per group, and per scorekeeper for their own
games. A migration of its own: PostgreSQL builds no index in the transaction that moved the
seats (it still holds their deferred foreign-key checks)."""

import django.db.models.functions.text
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0004_players_at_the_groups_table")]

    operations = [
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("name"),
                models.F("owner"),
                condition=models.Q(("group__isnull", True)),
                name="player_name_unique_per_owner",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("name"),
                models.F("group"),
                condition=models.Q(("group__isnull", False)),
                name="player_name_unique_per_group",
            ),
        ),
    ]
