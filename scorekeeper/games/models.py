"""Games and their deal logs. The log of deals is the source of truth; everything else is derived.

`Game.state_cache` holds the state after the last deal so that recording a deal does not replay
the whole log. It is rebuilt from the log after any undo, edit or import.

Besides its owner and its group's members, a game has its own people (GameRole: scorekeepers and
spectators) and share links (ShareLink); scorekeeper/games/access.py decides from them.
"""

from __future__ import annotations

import secrets
import uuid
from datetime import date

from django.conf import settings
from django.db import models


class Player(models.Model):
    """A person at the table, kept per scorekeeper so that seasons can follow them."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    # The group whose table this player sits at (None: the owner's own, before groups).
    group = models.ForeignKey(
        "groups.Group", null=True, blank=True, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(max_length=40)
    # A player may be linked to an account, but need not be.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="as_players",
    )

    class Meta:
        # One Asha per table: a group's players are the group's, whoever named them first;
        # a scorekeeper's own games (no group) have the scorekeeper's own players.
        constraints = [
            models.UniqueConstraint(
                models.functions.Lower("name"),
                "owner",
                condition=models.Q(group__isnull=True),
                name="player_name_unique_per_owner",
            ),
            models.UniqueConstraint(
                models.functions.Lower("name"),
                "group",
                condition=models.Q(group__isnull=False),
                name="player_name_unique_per_group",
            ),
        ]
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class GameQuerySet(models.QuerySet):
    def owned_by(self, user) -> GameQuerySet:
        return self.filter(owner=user)

    def in_progress(self) -> GameQuerySet:
        return self.filter(finished=False)


class PublishedGames(models.Manager.from_queryset(GameQuerySet)):
    """Every game but those of an import still being written (imports.py): the default, so
    every list, page, season and group leaves them out; `Game.everything` has them too."""

    def get_queryset(self) -> GameQuerySet:
        return super().get_queryset().filter(staged_import__isnull=True)


class Game(models.Model):
    """One game of any registered kind. Its setup is built only by the game's own rules core."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    group = models.ForeignKey(
        "groups.Group", null=True, blank=True, on_delete=models.CASCADE, related_name="games"
    )
    played_on = models.DateField(default=date.today)  # which season it falls in
    friendly = models.BooleanField(default=False)  # not counted in season standings
    kind = models.CharField(max_length=20)  # a key of the games registry
    # The game-log envelope's setup part, as the game's core wrote it: players, first_dealer,
    # and where they apply mode, house_rules (the non-standard ones) and start.
    setup = models.JSONField(default=dict)
    players = models.ManyToManyField(Player, through="Seat", related_name="games")

    # Derived from the log, cached for speed; rebuilt by services.rebuild().
    state_cache = models.JSONField(default=dict, blank=True)
    finished = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=0)  # bumped on every change of the log
    # Facts of the coming deal recorded before its hand is played (Spades' bids); {} if none.
    opening = models.JSONField(default=dict, blank=True)
    # Someone took over a seat during the game (a game night's substitute), each kept as it was
    # made: {"seat", "name", "from_deal", "at", "by"}; the game log says it on the deals they
    # played (gamelog.SeatChange, `substitutes`). The setup's players are who sat down first.
    seat_changes = models.JSONField(default=list, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # An import still being written: its games are seen by nobody until it publishes them all
    # at once, and are removed if it fails (scorekeeper/transfer/imports.py). None: a game.
    staged_import = models.UUIDField(null=True, blank=True, db_index=True)

    objects = PublishedGames()
    everything = models.Manager.from_queryset(GameQuerySet)()

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT)
    position = models.PositiveSmallIntegerField()  # order of play, 0-based

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique"),
        ]

    def __str__(self) -> str:
        return f"seat {self.position}: {self.player}"


class Deal(models.Model):
    """One deal as recorded: the facts in game-log form, plus who recorded or edited it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()  # 1-based order in the log
    facts = models.JSONField()
    token = models.UUIDField(default=uuid.uuid4)  # one submission of the form: a double tap
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    edited_at = models.DateTimeField(null=True, blank=True)
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="deal_number_unique"),
            models.UniqueConstraint(fields=["game", "token"], name="deal_token_unique"),
        ]

    def __str__(self) -> str:
        return f"deal {self.number} of game {self.game_id}"


class DealChange(models.Model):
    """The audit trail: every recorded, edited or undone deal, with the facts before and after.

    Nothing a scorekeeper entered is ever lost: an undone deal lives on here.
    """

    ACTIONS = [
        ("recorded", "recorded"),
        ("edited", "edited"),
        ("undone", "undone"),
        ("opened", "opened"),  # the opening facts (bids) of the coming deal, before its play
    ]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=ACTIONS)
    facts_before = models.JSONField(null=True, blank=True)
    facts_after = models.JSONField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Who, when no account: the name a table link's phone gave (access.grant_table).
    by_name = models.CharField(max_length=40, blank=True, default="")

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"deal {self.number} {self.action}"


# ---- who else may see or keep a game (access.py) ----------------------------------------------


def new_share_token() -> str:
    """32 URL-safe characters from 192 random bits: a share link cannot be guessed."""
    return secrets.token_urlsafe(24)


class GameRole(models.Model):
    """Someone other than the owner at one game: a scorekeeper (may record, undo and edit) or a
    spectator (sees it). The owner has no row here; a group's members see its games without one."""

    SCOREKEEPER = "scorekeeper"
    SPECTATOR = "spectator"
    ROLES = [(SCOREKEEPER, "scorekeeper"), (SPECTATOR, "spectator")]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_roles"
    )
    role = models.CharField(max_length=12, choices=ROLES)
    added_at = models.DateTimeField(auto_now_add=True)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The share link this role came by (None: the owner added the person by name), so revoking
    # the link takes it back; and, for a spectator a keep link made a scorekeeper, the role and
    # link they had before, which revoking the keep link gives back (share_links.py).
    via_link = models.ForeignKey(
        "ShareLink", null=True, blank=True, on_delete=models.SET_NULL, related_name="granted"
    )
    role_before = models.CharField(max_length=12, choices=ROLES, blank=True, default="")
    via_before = models.ForeignKey(
        "ShareLink", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="game_role_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of game {self.game_id}"


class ShareLink(models.Model):
    """A link to one game by an unguessable token (never the game's id): "watch" shows the game
    read-only to anyone who has it, without an account; "keep" lets a logged-in person join as
    a scorekeeper. A revoked link answers 404. At most one live link of each kind per game."""

    WATCH = "watch"
    KEEP = "keep"
    # Keeps score of this game without an account, from the session that opened it (a game
    # night's table: access.grant_table); checked on every request.
    TABLE = "table"
    KINDS = [(WATCH, "watch"), (KEEP, "keep score"), (TABLE, "keep score without an account")]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="share_links")
    kind = models.CharField(max_length=5, choices=KINDS)
    token = models.CharField(max_length=43, unique=True, default=new_share_token)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)
    # A table link whose round has ended: its session still sees the game, changes nothing
    # (the game's owner and the group's admins still correct it).
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "kind"],
                condition=models.Q(revoked_at__isnull=True),
                name="share_link_one_live_per_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} link to game {self.game_id}"


# ---- a browser that keeps games without an account (holders.py) -------------------------------


class Holder(models.Model):
    """A browser that keeps games without an account: its visitor. The browser holds an
    unguessable token in a long-lived cookie (not the session's); only the token's hash is kept
    here, and the hash of the private link's token that lets another browser hold the same
    games. Its games and players belong to `account`, a stand-in that cannot log in (no
    password, inactive), until its visitor signs up or logs in: then every game moves to that
    person's account in one transaction, kept below (who, when, which games)."""

    token_hash = models.CharField(max_length=64, unique=True)
    link_hash = models.CharField(max_length=64, unique=True)
    account = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="holder"
    )
    # Where it was made from, as a keyed hash (never the address): new holders are limited
    # per address and hour (holders.py).
    made_from = models.CharField(max_length=32, blank=True, default="", db_index=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # The audit of the move to an account: who took the games, when, how, and which games.
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="claimed_holders",
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    claimed_how = models.CharField(max_length=10, blank=True, default="")  # signup, login, link
    claimed_games = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"holder {self.pk}"
