"""People coming and going during a night: a late arrival is drawn from the next round on, a
leaver is never drawn again (the tables they played stay theirs), and a substitute takes a seat
in the middle of a round (the table's game keeps who played which deals: games.change_seat).

A round drawn but not started is drawn again when someone comes or goes (nothing was played in
it); a round in play keeps its seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.games import services as games

from . import services
from .models import Attendee, Night, Round


class NotNow(ValueError):
    """What was asked cannot be done as the night now stands; the message says why, in the
    reader's language."""


@dataclass(frozen=True)
class Change:
    """What a coming or going did: who, from which round, and whether the drawn round was
    drawn again (`redrawn`: its number) or the person still sits at a table in play."""

    name: str
    from_round: int = 0
    redrawn: int | None = None
    at_table: int | None = None


def _attendee(night: Night, name: str) -> Attendee | None:
    return (
        night.attendees.select_related("player").filter(player__name__iexact=name.strip()).first()
    )


def _playing(night: Night) -> Round | None:
    played = services.current_round(night)
    if played is None or played.started_at is None or played.ended_at is not None:
        return None
    return played


@transaction.atomic
def arrive(night: Night, name: str, *, by) -> Change:
    """Someone came late (or came back): drawn from the next round. A round drawn and not
    started is drawn again with them."""
    if night.ended_at is not None:
        raise NotNow(_("the night is over"))
    latest = services.current_round(night)
    drawn = latest is not None and latest.started_at is None
    first = latest.number if drawn else (latest.number + 1 if latest else 1)
    here = _attendee(night, name)
    if here is not None:
        if here.left_at is None:
            raise NotNow(_("%(name)s is here already") % {"name": here.player.name})
        here.left_at = None
        here.from_round = first
        here.save(update_fields=["left_at", "from_round"])
        player = here.player
    else:
        player = services.group_player(night.group, by, name.strip())
        order = (night.attendees.aggregate(top=Max("order"))["top"] or 0) + 1
        Attendee.objects.create(night=night, player=player, order=order, from_round=first)
    redrawn = services.redraw(night) if drawn else None
    services.touch(night)
    return Change(player.name, first, redrawn.number if redrawn else None)


def seat_of(played: Round, name: str) -> tuple[int, int] | None:
    """(table number, seat) of a player in a round, or None."""
    wanted = name.casefold()
    for number, names in enumerate(played.tables, start=1):
        for seat, sitting in enumerate(names):
            if sitting.casefold() == wanted:
                return number, seat
    return None


@transaction.atomic
def leave(night: Night, name: str) -> Change:
    """Someone went home: never drawn again; the tables they played stay in their standings. A
    round drawn and not started is drawn again without them; at a table in play they stay
    seated (the table plays on, or a substitute takes the seat)."""
    if night.ended_at is not None:
        raise NotNow(_("the night is over"))
    here = _attendee(night, name)
    if here is None or here.left_at is not None:
        raise NotNow(_("%(name)s is not here") % {"name": name})
    here.left_at = timezone.now()
    here.save(update_fields=["left_at"])
    latest = services.current_round(night)
    redrawn = None
    in_drawn = latest is not None and latest.started_at is None
    if in_drawn and (seat_of(latest, here.player.name) or here.player.name in latest.sitting_out):
        redrawn = services.redraw(night)
    playing = _playing(night)
    at = seat_of(playing, here.player.name) if playing else None
    services.touch(night)
    return Change(
        here.player.name, redrawn=redrawn.number if redrawn else None, at_table=at and at[0]
    )


@transaction.atomic
def substitute(night: Night, out: str, into: str, *, by, leaves: bool) -> tuple[int, int, int]:
    """`into` takes `out`'s seat at a table in play from the coming deal on: the table's game
    keeps the change (who played which deals), the round's seats name `into` (it is they who
    meet the others there; no sit-out for them this round). `leaves`: `out` goes home.
    Returns (table, seat, the first deal `into` plays)."""
    played = _playing(night)
    if played is None:
        raise NotNow(_("no round is being played"))
    played = Round.objects.select_for_update().get(pk=played.pk)
    where = seat_of(played, out)
    if where is None:
        raise NotNow(_("%(name)s does not sit at a table of this round") % {"name": out})
    into = into.strip()
    if seat_of(played, into) is not None:
        raise NotNow(_("%(name)s sits at a table of this round already") % {"name": into})
    number, seat = where
    table = played.table_set.select_related("game").get(number=number)
    if table.game.finished:
        raise NotNow(_("table %(number)s has finished") % {"number": number})
    here = _attendee(night, into)
    if here is None:
        player = services.group_player(night.group, by, into)
        order = (night.attendees.aggregate(top=Max("order"))["top"] or 0) + 1
        Attendee.objects.create(night=night, player=player, order=order, from_round=played.number)
        into = player.name
    else:
        if here.left_at is not None:
            here.left_at = None
            here.save(update_fields=["left_at"])
        into = here.player.name
    setup = games.setup_of(table.game)
    first_deal = games.state_from_cache(table.game, setup).deals + 1
    games.change_seat(table.game, seat, into, user=by, from_deal=first_deal)
    tables = [list(names) for names in played.tables]
    gone = tables[number - 1][seat]
    tables[number - 1][seat] = into
    played.tables = tables
    played.sitting_out = [n for n in played.sitting_out if n.casefold() != into.casefold()]
    played.save(update_fields=["tables", "sitting_out"])
    if leaves:
        night.attendees.filter(player__name__iexact=gone, left_at__isnull=True).update(
            left_at=timezone.now()
        )
    services.touch(night)
    return number, seat, first_deal
