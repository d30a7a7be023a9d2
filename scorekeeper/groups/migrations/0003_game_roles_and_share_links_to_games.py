"""GameRole and ShareLink are the games app's now (games 0006 takes them over, rows and all)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("groups", "0002_roles_and_share_links"),
        ("games", "0006_game_roles_and_share_links"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="GameRole"),
                migrations.DeleteModel(name="ShareLink"),
            ],
        ),
    ]
