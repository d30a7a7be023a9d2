"""One setup column for every game: mode, house rules, first dealer and start move into
`Game.setup` (with the players' names), as the game-log envelope writes them."""

from django.db import migrations, models


def fold_setup(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    for game in Game.objects.all():
        names = [
            seat.player.name
            for seat in Seat.objects.filter(game=game).select_related("player").order_by("position")
        ]
        setup = {
            "mode": game.mode,
            "house_rules": game.house_rules or {},
            "players": names,
            "first_dealer": game.first_dealer,
        }
        if game.start:
            setup["start"] = game.start
        game.setup = setup
        game.save(update_fields=["setup"])


def unfold_setup(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.all():
        setup = game.setup or {}
        game.mode = setup.get("mode", "4p")
        game.house_rules = setup.get("house_rules", {})
        game.first_dealer = setup.get("first_dealer", 0)
        game.start = setup.get("start", {})
        game.save(update_fields=["mode", "house_rules", "first_dealer", "start"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="setup",
            field=models.JSONField(default=dict),
        ),
        migrations.AddField(
            model_name="game",
            name="opening",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(fold_setup, unfold_setup),
        migrations.RemoveField(model_name="game", name="first_dealer"),
        migrations.RemoveField(model_name="game", name="house_rules"),
        migrations.RemoveField(model_name="game", name="mode"),
        migrations.RemoveField(model_name="game", name="start"),
        migrations.AlterField(
            model_name="dealchange",
            name="action",
            field=models.CharField(
                choices=[
                    ("recorded", "recorded"),
                    ("edited", "edited"),
                    ("undone", "undone"),
                    ("opened", "opened"),
                ],
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="kind",
            field=models.CharField(default="thunee", max_length=20),
        ),
    ]
