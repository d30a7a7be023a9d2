"""`manage.py export_game ID`: the game as a JSON game log on stdout."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.games.models import Game
from scorekeeper.games.services import export_game


class Command(BaseCommand):
    help = "Write a game as a JSON game log (with the computed scores) to stdout."

    def add_arguments(self, parser):
        parser.add_argument("id", type=int, help="the game's id")

    def handle(self, *args, **options):
        game = Game.objects.filter(pk=options["id"]).first()
        if game is None:
            raise CommandError(f"no game with id {options['id']}")
        self.stdout.write(json.dumps(export_game(game), indent=2, ensure_ascii=False))
