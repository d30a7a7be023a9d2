"""What a game night does: who is here, each round's seats (seating.py), its tables as ordinary
games of the group (the games' services), table links, the end of a round and of the night, and
taking an end back. People coming and going: people.py; late deals: late.py; standings:
standings.py.

Nothing here asks which game it is: table sizes, modes and partners come from the game's rules
core through the registry.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from scorekeeper import registry
from scorekeeper.games import services as games
from scorekeeper.games.models import Game, Player, ShareLink

from . import seating
from .models import Attendee, Night, Round, Table, TableLink, new_token
from .shapes import as_seating, names_of, night_shape
from .standings import standings


def mode_for(night: Night, size: int) -> str | None:
    """The mode a table of this size plays: the night's own, or the mixed-in mode of that size."""
    if not night.mode:
        return None
    modes = {m.key: m for m in registry.game(night.kind).rules.modes}
    for key in (night.mode, *(night.mixed_modes or ())):
        if key in modes and modes[key].seats == size:
            return key
    return night.mode


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
    sizes: Sequence[int] = (),
    mixed_modes: Sequence[str] = (),
    round_minutes: int | None = None,
    ranking: str = Night.PER_TABLE,
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
        sizes=list(sizes),
        mixed_modes=list(mixed_modes),
        round_minutes=round_minutes,
        ranking=ranking,
    )
    for order, name in enumerate(dict.fromkeys(names)):
        player = group_player(group, organiser, name)
        Attendee.objects.get_or_create(night=night, player=player, defaults={"order": order})
    draw_next(night)
    return night


def present_for(night: Night, number: int) -> list[str]:
    """Who may be drawn in round `number`: here by then, and not gone home."""
    attendees = night.attendees.select_related("player").filter(
        left_at__isnull=True, from_round__lte=number
    )
    return [a.player.name for a in attendees]


def current_round(night: Night) -> Round | None:
    return night.round_set.order_by("-number").first()


def touch(night: Night) -> None:
    """The night itself changed: the big screen's and the organiser's pages fetch it again."""
    Night.objects.filter(pk=night.pk).update(updated_at=timezone.now())


def draw_next(night: Night) -> Round:
    """The next round's seats: drawn (fewest repeats), or by the night's standings (Swiss).
    Each table number has its link from now on, so its card can be printed before the start."""
    played = list(night.round_set.order_by("number"))
    earlier = [as_seating(r) for r in played if r.started_at is not None]
    number = played[-1].number + 1 if played else 1
    present = present_for(night, number)
    shape = night_shape(night)
    if night.seating == Night.SWISS and earlier:
        ranked = [row.name for row in standings(night) if row.name in present]
        ranked += [p for p in present if p not in ranked]
        drawn = seating.seat_by_standings(ranked, earlier, shape, night.seed)
    else:
        order = [n for n in names_of(night) if n in present]
        drawn = seating.draw_round(present, earlier, shape, night.seed, night_order=order)
    made = Round.objects.create(
        night=night,
        number=number,
        tables=[list(t) for t in drawn.tables],
        sitting_out=list(drawn.sitting_out),
    )
    make_links(night, len(drawn.tables))
    touch(night)
    return made


def make_links(night: Night, tables: int) -> None:
    """A live link for every table number up to `tables` (the ones already made stay)."""
    live = set(night.links.filter(revoked_at__isnull=True).values_list("number", flat=True))
    for number in range(1, tables + 1):
        if number not in live:
            TableLink.objects.create(night=night, number=number)


@transaction.atomic
def redraw(night: Night) -> Round | None:
    """The round drawn but not started, drawn again (someone came or went): None if the
    current round has started."""
    played = Round.objects.select_for_update().filter(night=night).order_by("-number").first()
    if played is None or played.started_at is not None or night.ended_at is not None:
        return None
    played.delete()
    return draw_next(night)


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
    touch(night)
    return played


@transaction.atomic
def start_round(night: Night) -> Round:
    """Each table of the drawn round becomes a game of the group (its mode by its size), its
    table link opens it; a repeat (double tap) starts nothing twice."""
    played = Round.objects.select_for_update().filter(night=night).order_by("-number").first()
    if played is None or played.started_at is not None or night.ended_at is not None:
        return played
    for number, names in enumerate(played.tables, start=1):
        game = games.create_game(
            owner=night.organiser,
            game=night.kind,
            mode=mode_for(night, len(names)),
            players=list(names),
            first_dealer=0,
            house_rules=night.house_rules,
            group=night.group,
        )
        Game.objects.filter(pk=game.pk).update(played_on=night.played_on)
        Table.objects.create(round=played, number=number, game=game)
        ShareLink.objects.create(game=game, kind=ShareLink.TABLE, created_by=night.organiser)
    make_links(night, len(played.tables))
    played.started_at = timezone.now()
    played.minutes = night.round_minutes
    played.save(update_fields=["started_at", "minutes"])
    touch(night)
    return played


def more_rounds(night: Night, played: Round) -> bool:
    return night.rounds is None or played.number < night.rounds


def _close_links(played: Round, at) -> None:
    """The round's games are closed for the table links: the phones still see them, change
    nothing (an organiser ending the round early stops a table recording into it); the
    organiser may. A deal a phone kept offline comes to the organiser as a late deal."""
    ShareLink.objects.filter(
        game__night_table__round=played, kind=ShareLink.TABLE, revoked_at__isnull=True
    ).update(closed_at=at)


@transaction.atomic
def end_round(night: Night) -> Round | None:
    """The round ends (every table finished, or the organiser says so; a table unfinished is
    decided on the game's own measure): the next round is drawn, or after the last round the
    night ends. Returns the new round, if any."""
    played = Round.objects.select_for_update().filter(night=night).order_by("-number").first()
    if played is None or played.started_at is None or played.ended_at is not None:
        return None
    played.ended_at = timezone.now()
    played.save(update_fields=["ended_at"])
    _close_links(played, played.ended_at)
    if more_rounds(night, played):
        return draw_next(night)
    end_night(night, at=played.ended_at)
    return None


def unfinished_tables(played: Round) -> int:
    return Game.objects.filter(night_table__round=played, finished=False).count()


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
def end_night(night: Night, at=None) -> None:
    """The night ends: the round in play ends with it (its tables decided on the game's own
    measure) and its links close, as at the end of any round; the table links stop opening
    anything. A round drawn but not started stays, unshown: the end can be taken back."""
    now = at or timezone.now()
    Night.objects.filter(pk=night.pk, ended_at__isnull=True).update(ended_at=now, updated_at=now)
    for played in Round.objects.filter(
        night=night, started_at__isnull=False, ended_at__isnull=True
    ):
        played.ended_at = now
        played.save(update_fields=["ended_at"])
        _close_links(played, now)
    night.ended_at = now


# ---- taking an end back ----------------------------------------------------------------------

NIGHT, ROUND = "night", "round"


def end_to_take_back(night: Night) -> tuple[str, Round] | None:
    """What the organiser may take back, with the round it concerns: the end of the night
    (NIGHT, its latest round), or the end of a round while the next is drawn and not started
    (ROUND, the ended round). Not an end that every table's finish made: it would only come
    again."""
    rounds = list(night.round_set.order_by("-number")[:2])
    if not rounds:
        return None
    latest = rounds[0]
    if night.ended_at is not None:
        if latest.started_at is None:  # ended between rounds: the drawn round comes back
            return NIGHT, latest
        if latest.ended_at == night.ended_at and (
            unfinished_tables(latest) or more_rounds(night, latest)
        ):
            return NIGHT, latest
        return None
    if latest.started_at is None and len(rounds) > 1:
        ended = rounds[1]
        if ended.ended_at is not None and unfinished_tables(ended):
            return ROUND, ended
    return None


def _reopen(played: Round) -> None:
    """A round ended plays again: its links keep score again (those its end closed)."""
    ShareLink.objects.filter(
        game__night_table__round=played, kind=ShareLink.TABLE, closed_at=played.ended_at
    ).update(closed_at=None)
    played.ended_at = None
    played.save(update_fields=["ended_at"])


@transaction.atomic
def take_back_end(night: Night, shown: str | None = None) -> tuple[str, Round] | None:
    """The end of the night or of the last round undone, as they were: the round plays again
    and its links keep score again; a round drawn after it goes (it was not started), or, the
    night ended between rounds, the drawn round comes back. `shown`: what the organiser's
    page offered ("round-2"); nothing is done if the night has moved on from it."""
    Night.objects.select_for_update().filter(pk=night.pk).first()
    night.refresh_from_db()
    found = end_to_take_back(night)
    if found is None or (shown is not None and shown != f"{found[0]}-{found[1].number}"):
        return None
    what, played = found
    if what == NIGHT:
        if played.started_at is not None:
            _reopen(played)
        Night.objects.filter(pk=night.pk).update(ended_at=None)
        night.ended_at = None
    else:
        Round.objects.filter(
            night=night, number__gt=played.number, started_at__isnull=True
        ).delete()
        _reopen(played)
    touch(night)
    return what, played


# ---- table links -----------------------------------------------------------------------------


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
    played = night.round_set.filter(started_at__isnull=False).order_by("-number").first()
    table = played.table_set.filter(number=number).first() if played else None
    if table is not None:
        closed = played.ended_at
        ShareLink.objects.create(game=table.game, kind=ShareLink.TABLE, closed_at=closed)
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
