"""Seasons of a group, and what seasons keep of each game: derived from the games' logs.

A `Season` is the only thing people enter here. Everything else is a cache worked out from the
games through the games' interface (`GameRules.ranking`, `season_figures`, `rating_matches`) by
`sync.py`, never while a deal is recorded: `GameRecord` (one per game of a group: whether and
how it counts), `Result` (one per player of a counted game: the row standings add up, with the
player's rating before and after the game) and `Stale` (ratings to work out again from a game on).
"""

from __future__ import annotations

from datetime import date

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

# A game's own figures are kept in numbered columns, in the order of its `season_columns`, so
# that standings are one aggregate query. No game has more than this many.
FIGURE_SLOTS = 8
FIGURES = tuple(f"f{i}" for i in range(FIGURE_SLOTS))
RUNNING = tuple(f"c{i}" for i in range(FIGURE_SLOTS))  # the same, added up in game order


class Season(models.Model):
    """A stretch of dates of a group's table: every counted game played in it falls in it."""

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=80)
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))

    class Meta:
        ordering = ["-start"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end__gte=F("start")), name="season_ends_after_it_starts"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def contains(self, day: date) -> bool:
        return self.start <= day <= self.end


class GameRecord(models.Model):
    """What seasons know of one game of a group, as of the game's `version` and `updated_at`."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, primary_key=True, related_name="season_record"
    )
    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=60)  # kinds.LONGEST
    played_on = models.DateField()
    friendly = models.BooleanField(default=False)
    counted = models.BooleanField(default=False)  # finished (or open-ended) and not friendly
    game_version = models.PositiveIntegerField()
    game_updated_at = models.DateTimeField()
    deals = models.PositiveIntegerField(default=0)
    summary = models.CharField(max_length=200, blank=True)  # the rules' summary: "13–11"
    # The same summary as its translatable template and values (core.explain.said_data), so
    # that a page says it in the reader's language; empty for a summary without words.
    summary_said = models.JSONField(default=dict, blank=True)
    winners = models.CharField(max_length=300, blank=True)  # names, "Asha & Chetan"
    # The contests the ratings learn from: [[[seats of a team], …], [place of each team]], …
    matches = models.JSONField(default=list, blank=True)

    class Meta:
        indexes = [models.Index(fields=["group", "played_on"], name="record_group_day")]

    def __str__(self) -> str:
        return f"season record of game {self.game_id}"


class Result(models.Model):
    """One player's result in one counted game: the row that standings add up."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=60)  # kinds.LONGEST
    played_on = models.DateField()
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    team = models.PositiveSmallIntegerField()  # which of the game's standings (team or player)
    team_size = models.PositiveSmallIntegerField()  # 2 or more: partners (partnership tables)
    place = models.PositiveSmallIntegerField()  # 1 the best, in the game's final ranking
    won = models.BooleanField()
    f0 = models.IntegerField(default=0)
    f1 = models.IntegerField(default=0)
    f2 = models.IntegerField(default=0)
    f3 = models.IntegerField(default=0)
    f4 = models.IntegerField(default=0)
    f5 = models.IntegerField(default=0)
    f6 = models.IntegerField(default=0)
    f7 = models.IntegerField(default=0)
    # Worked out in game order (sync.rerate), from the player's first game of this kind at the
    # group's table up to and including this one: OpenSkill (Plackett-Luce) before and after
    # this game (None until worked out), and running totals. A season's standings are the
    # running totals at its last game less those before its first: two rows per player.
    mu_before = models.FloatField(null=True)
    sigma_before = models.FloatField(null=True)
    mu_after = models.FloatField(null=True)
    sigma_after = models.FloatField(null=True)
    n_played = models.PositiveIntegerField(default=0)
    n_won = models.PositiveIntegerField(default=0)
    c0 = models.IntegerField(default=0)
    c1 = models.IntegerField(default=0)
    c2 = models.IntegerField(default=0)
    c3 = models.IntegerField(default=0)
    c4 = models.IntegerField(default=0)
    c5 = models.IntegerField(default=0)
    c6 = models.IntegerField(default=0)
    c7 = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="result_once_per_player")
        ]
        indexes = [
            models.Index(fields=["group", "played_on"], name="result_group_day"),
            models.Index(fields=["group", "kind", "played_on", "game"], name="result_game_order"),
            models.Index(fields=["player", "kind", "played_on", "game"], name="result_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in game {self.game_id}"


class Roster(models.Model):
    """Who has played a game kind at a group's table: where standings start looking."""

    group = models.ForeignKey("groups.Group", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=60)  # kinds.LONGEST
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "kind", "player"], name="roster_once")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} plays {self.kind} in group {self.group_id}"


class SyncState(models.Model):
    """When the group's games were last compared with their records (see sync.py)."""

    group = models.OneToOneField(
        "groups.Group", on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    checked_at = models.DateTimeField(null=True)

    def __str__(self) -> str:
        return f"sync of group {self.group_id}"


class Stale(models.Model):
    """The ratings of one game kind at a group's table are to be worked out again, in game
    order, from this game on. Plain ids, not foreign keys: rows are written while a group's
    games are being deleted."""

    group_id = models.BigIntegerField(db_index=True)
    kind = models.CharField(max_length=60)  # kinds.LONGEST
    played_on = models.DateField()
    game_id = models.BigIntegerField()

    def __str__(self) -> str:
        return f"ratings of {self.kind} in group {self.group_id} from game {self.game_id}"
