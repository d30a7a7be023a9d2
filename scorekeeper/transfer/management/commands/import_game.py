"""`manage.py import_game FILE`: store a JSON game log as a new game; prints its id last.

FILE may be `-` for standard input: `manage.py export_game 3 | manage.py import_game -`. It may
also be a file of several games (transfer/bundle.py: "Download all my games"): all of them or
none, a line for each, and their ids on the last line.
"""

from __future__ import annotations

import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scorekeeper.core.errors import FactError
from scorekeeper.games import services
from scorekeeper.transfer.bundle import import_file

DEFAULT_OWNER = "scorekeeper"


class Command(BaseCommand):
    help = (
        "Import a JSON game log as a new game. Every deal is checked and rescored first; "
        "a refused log stores nothing. The new game's id is the last line printed."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "file", help="a game log or a file of games (JSON), or - for standard input"
        )
        parser.add_argument(
            "--owner",
            help="username of the game's owner (default: the first superuser, "
            f'else a user "{DEFAULT_OWNER}", created if missing)',
        )

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                data = sys.stdin.buffer.read()
            else:
                with open(path, "rb") as f:
                    data = f.read()
        except OSError as e:
            raise CommandError(f"cannot read {path}: {e.strerror or e}") from None
        # Not one transaction: the import writes a chunk at a time (transfer/imports.py), so that
        # the site's saves go on meanwhile. A refused log leaves no new owner behind either.
        user, made = _owner(options["owner"])
        try:
            games = import_file(data, owner=user)
        except BaseException as e:
            if made:
                user.delete()
            if isinstance(e, FactError):
                raise CommandError(f"refused, nothing stored: {e}") from None
            raise
        for game in games:
            setup = services.setup_of(game)
            score = services.rules_of(game).summary(setup, services.state_from_cache(game, setup))
            status = "finished" if game.finished else "in progress"
            deals = game.deals.count()
            self.stdout.write(f"Imported {game} for {user}: {deals} deals, {score}, {status}.")
        self.stdout.write(" ".join(str(game.pk) for game in games))


def _owner(username: str | None):
    """The games' owner, and whether it was made for them."""
    users = get_user_model()
    if username is not None:
        user = users.objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user named {username!r}")
        return user, False
    superuser = users.objects.filter(is_superuser=True).order_by("pk").first()
    if superuser is not None:
        return superuser, False
    user, created = users.objects.get_or_create(username=DEFAULT_OWNER)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user, created
