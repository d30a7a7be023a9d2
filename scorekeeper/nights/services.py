"""What a game night does: who is here, each round's seats (seating.py), its tables as ordinary
games of the group (the games' services), table links, the end of a round and of the night.

Nothing here asks which game it is: table sizes and partners come from the game's rules core
through the registry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scorekeeper import registry
from scorekeeper.games import services as games
from scorekeeper.games.models import Game, Player, ShareLink

from . import seating
from .models import Attendee, Night, Round, Table, TableLink, new_token


def shape_of(kind: str, mode: str | None) -> seating.TableShape:
    """The tables a game is played at, from its rules core: a mode's seats, else its counts."""
    rules = registry.game(kind).rules
    modes = {m.key: m for m in rules.modes}
    sizes = (modes[mode].seats,) if mode in modes else tuple(rules.seat_counts)
    return seating.TableShape(sizes, fixed_teams=rules.fixed_teams)


def group_player(group, owner, name: str) -> Player:
    """The group's player of that name (any case), new if there is none: a guest joins so."""
    same = Player.objects.filter(group=group, name__iexact=name)
    found = same.first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Player.objects.create(owner=owner, group=group, name=name)
    except IntegrityError:
        return same.get()


@transaction.atomic
def create_night(
    *,
    group,
    organiser,
    played_on: date,
    kind: str,
    mode: str | None,
    house_rules: dict[str, Any],
    rounds: int | None,
    seating_method: str,
    names: Sequence[str],
) -> Night:
    night = Night.objects.create(
        group=group,
        organiser=organiser,
        played_on=played_on,
        kind=kind,
        mode=mode or "",
        house_rules=house_rules,
        rounds=rounds,
        seating=seating_method,
    )
    for order, name in enumerate(dict.fromkeys(names)):
        player = group_player(group, organiser, name)
        Attendee.objects.get_or_create(night=night, player=player, defaults={"order": order})
    draw_next(night)
    return night


def names_of(night: Night) -> list[str]:
    return [a.player.name for a in night.attendees.select_related("player")]


def as_seating(played: Round) -> seating.Round:
    return seating.Round(tuple(tuple(t) for t in played.tables), tuple(played.sitting_out))


def current_round(night: Night) -> Round | None:
    return night.round_set.order_by("-number").first()


def draw_next(night: Night) -> Round:
    """The next round's seats: drawn (fewest repeats), or by the night's standings (Swiss)."""
    earlier = [as_seating(r) for r in night.round_set.order_by("number")]
    present = names_of(night)
    shape = shape_of(night.kind, night.mode or None)
    if night.seating == Night.SWISS and earlier:
        ranked = [row.name for row in standings(night)]
        ranked += [p for p in present if p not in ranked]
        drawn = seating.seat_by_standings(ranked, earlier, shape, night.seed)
    else:
        drawn = seating.draw_round(present, earlier, shape, night.seed, night_order=present)
    made = Round.objects.create(
        night=night,
        number=len(earlier) + 1,
        tables=[list(t) for t in drawn.tables],
        sitting_out=list(drawn.sitting_out),
    )
    Night.objects.filter(pk=night.pk).update(updated_at=timezone.now())
    return made


@transaction.atomic
def swap(night: Night, a: str, b: str) -> Round:
    """The organiser's swap of two people in the round not yet started (ValueError if none)."""
    played = Round.objects.select_for_update().filter(night=night).order_by("-number").first()
    if played is None or played.started_at is not None:
        raise ValueError("the round has started")
    moved = seating.swap(as_seating(played), a, b)
    played.tables = [list(t) for t in moved.tables]
    played.sitting_out = list(moved.sitting_out)
    played.save(update_fields=["tables", "sitting_out"])
    Night.objects.filter(pk=night.pk).update(updated_at=timezone.now())
    return played


@transaction.atomic
def start_round(night: Night) -> Round:
    """Each table of the drawn round becomes a game of the group, with a table link that opens
    it; a repeat (double tap) starts nothing twice."""
    played = Round.objects.select_for_update().filter(night=night).order_by("-number").first()
    if played is None or played.started_at is not None or night.ended_at is not None:
        return played
    for number, names in enumerate(played.tables, start=1):
        game = games.create_game(
            owner=night.organiser,
            game=night.kind,
            mode=night.mode or None,
            players=list(names),
            first_dealer=0,
            house_rules=night.house_rules,
            group=night.group,
        )
        Game.objects.filter(pk=game.pk).update(played_on=night.played_on)
        Table.objects.create(round=played, number=number, game=game)
        ShareLink.objects.create(game=game, kind=ShareLink.TABLE, created_by=night.organiser)
        if not night.links.filter(number=number, revoked_at__isnull=True).exists():
            TableLink.objects.create(night=night, number=number)
    played.started_at = timezone.now()
    played.save(update_fields=["started_at"])
    Night.objects.filter(pk=night.pk).update(updated_at=timezone.now())
    return played


def more_rounds(night: Night, played: Round) -> bool:
    return night.rounds is None or played.number < night.rounds


@transaction.atomic
def end_round(night: Night) -> Round | None:
    """The round ends (every table finished, or the organiser says so): the next round is
    drawn, or after the last round the night ends. Returns the new round, if any."""
    played = Round.objects.select_for_update().filter(night=night).order_by("-number").first()
    if played is None or played.started_at is None or played.ended_at is not None:
        return None
    played.ended_at = timezone.now()
    played.save(update_fields=["ended_at"])
    # Its games are closed for the table links: the phones still see them, change nothing (an
    # organiser ending the round early stops a table recording into it); the organiser may.
    ShareLink.objects.filter(
        game__night_table__round=played, kind=ShareLink.TABLE, revoked_at__isnull=True
    ).update(closed_at=played.ended_at)
    if more_rounds(night, played):
        return draw_next(night)
    end_night(night)
    return None


def advance(night: Night) -> None:
    """When every table of the started round has finished, the round ends by itself."""
    played = current_round(night)
    if played is None or played.started_at is None or played.ended_at is not None:
        return
    if (
        night.ended_at is None
        and not Game.objects.filter(night_table__round=played, finished=False).exists()
    ):
        end_round(night)
        night.refresh_from_db()


@transaction.atomic
def end_night(night: Night) -> None:
    """The night ends: every table link stops working. A round drawn but not started goes."""
    now = timezone.now()
    Night.objects.filter(pk=night.pk, ended_at__isnull=True).update(ended_at=now, updated_at=now)
    Round.objects.filter(night=night, started_at__isnull=True).delete()
    Round.objects.filter(night=night, ended_at__isnull=True).update(ended_at=now)
    ShareLink.objects.filter(
        game__night_table__round__night=night, kind=ShareLink.TABLE, revoked_at__isnull=True
    ).update(revoked_at=now)
    night.links.filter(revoked_at__isnull=True).update(revoked_at=now)
    night.ended_at = now


@transaction.atomic
def revoke_screen(night: Night) -> None:
    """The big screen's link stops working (its screen is refused from its next request)."""
    Night.objects.filter(pk=night.pk).update(watch_revoked_at=timezone.now())


def renew_screen(night: Night) -> None:
    """A new link for the big screen; the old one no longer works."""
    Night.objects.filter(pk=night.pk).update(watch_token=new_token(), watch_revoked_at=None)


def renew_link(night: Night, number: int) -> TableLink:
    """Revoke a table's link (its phone is refused from its next request) and make a new one."""
    now = timezone.now()
    night.links.filter(number=number, revoked_at__isnull=True).update(revoked_at=now)
    ShareLink.objects.filter(
        game__night_table__round__night=night,
        game__night_table__number=number,
        kind=ShareLink.TABLE,
        revoked_at__isnull=True,
    ).update(revoked_at=now)
    played = current_round(night)
    table = played.table_set.filter(number=number).first() if played else None
    if table is not None:
        ShareLink.objects.create(game=table.game, kind=ShareLink.TABLE)
    return TableLink.objects.create(night=night, number=number)


def table_game_link(link: TableLink) -> ShareLink | None:
    """The live table share link of the game this table link opens now (the latest round's)."""
    return (
        ShareLink.objects.filter(
            game__night_table__round__night_id=link.night_id,
            game__night_table__number=link.number,
            kind=ShareLink.TABLE,
            revoked_at__isnull=True,
        )
        .order_by("-game__night_table__round__number")
        .first()
    )


# ---- the night's standings and meetings ----------------------------------------------------


@dataclass
class Standing:
    name: str
    played: int = 0
    won: int = 0
    figure: int = 0
    sat_out: int = 0
    partners: list[str] = field(default_factory=list)


def table_rows(night: Night) -> list[tuple[Table, Any, Any, Any]]:
    """Every started table of the night with its game's rules, setup and state (no replay)."""
    rows = []
    # The round's number only: its seats (a JSON list of every table) would be read per table.
    tables = Table.objects.filter(round__night=night).select_related("game")
    tables = tables.annotate(round_number=F("round__number"))
    for table in tables.order_by("round__number", "number"):
        rules = registry.game(table.game.kind).rules
        setup = rules.setup(table.game.setup)
        state = games.state_from_cache(table.game, setup)
        rows.append((table, rules, setup, state))
    return rows


def _number(score: Any) -> int:
    return score if isinstance(score, int) and not isinstance(score, bool) else 0


def standings(night: Night, rows: list | None = None) -> list[Standing]:
    """Each player's tables, wins (a finished table's winners) and the game's own figure (the
    headline score of their side: balls, points, chips…), best first: wins, then the figure."""
    out = {name: Standing(name) for name in names_of(night)}
    for _table, rules, setup, state in rows if rows is not None else table_rows(night):
        finished = rules.is_finished(state)
        for row in rules.standings(setup, state):
            for seat in row.seats:
                name = setup.players[seat]
                mine = out.setdefault(name, Standing(name))
                mine.played += 1
                mine.won += int(bool(finished and row.won))
                mine.figure += _number(row.score)
    for played in night.round_set.all():
        for name in played.sitting_out:
            if name in out and played.started_at is not None:
                out[name].sat_out += 1
    return sorted(out.values(), key=lambda s: (-s.won, -s.figure, s.name.lower()))


def meetings(night: Night) -> seating.Meetings:
    played = [as_seating(r) for r in night.round_set.filter(started_at__isnull=False)]
    return seating.Meetings.of(played, shape_of(night.kind, night.mode or None).fixed_teams)
