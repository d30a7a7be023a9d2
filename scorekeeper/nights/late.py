"""Late deals: an entry a table phone kept offline (static/js/offline.js) that reached the
server after its round had ended. The games refuse it (the phone's link is closed); the phone
hands it to the night instead, and keeps it until the organiser adds it to the table's game
with one tap (recorded through the games' services, in the game's audit trail as the
organiser's, with the phone named here) or discards it. Nothing is lost without a word.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper import registry
from scorekeeper.core.errors import FactError
from scorekeeper.games import posted, refusals
from scorekeeper.games import services as games

from .models import LateDeal, Night, Table

KINDS = ("deals", "open")  # a deal, a deal's bids (the first step of a two-step game)
MAX_FIELDS = 200  # a deal form has far fewer; more is not a form of ours
MAX_TEXT = 300
# Late entries waiting for the organiser, at most, from one table: far more than a round leaves
# unsent, and a phone cannot fill the organiser's page (a later one stays on the phone).
MAX_WAITING_PER_TABLE = 30


class Refused(ValueError):
    """The late deal does not go into the game as it now is; the message says why."""


class Full(Exception):
    """The table has MAX_WAITING_PER_TABLE late entries waiting already: this one is not kept."""


def clean_fields(raw: Any) -> list[list[str]] | None:
    """The phone's fields as [[name, value], …] of short strings, or None for anything else."""
    if not isinstance(raw, list) or len(raw) > MAX_FIELDS:
        return None
    out = []
    for pair in raw:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(part, str) and len(part) <= MAX_TEXT for part in pair)
        ):
            return None
        out.append([pair[0], pair[1]])
    return out


def receive(
    table: Table, *, kind: str, number: int, fields: list[list[str]], summary: str, by_name: str
) -> tuple[LateDeal, bool]:
    """Keep a late entry once (its form's token: a phone sending it again gets the same);
    whether it is new. Full when the table has as many waiting as it may."""
    token = next((value for name, value in fields if name == "token"), "")[:64]
    found = LateDeal.objects.filter(table=table, token=token).first()
    if found is not None:
        return found, False
    waiting = LateDeal.objects.filter(table=table, state=LateDeal.WAITING)
    if waiting.count() >= MAX_WAITING_PER_TABLE:
        raise Full
    try:
        with transaction.atomic():
            made = LateDeal.objects.create(
                night_id=table.round.night_id,
                table=table,
                kind=kind,
                number=number,
                fields=fields,
                summary=summary[:MAX_TEXT],
                token=token,
                by_name=by_name[:40],
            )
        return made, True
    except IntegrityError:
        return LateDeal.objects.get(table=table, token=token), False


def _form(late: LateDeal, game, setup, state):
    entry = registry.game(game.kind)
    data = QueryDict(mutable=True)
    for name, value in late.fields:
        data.appendlist(name, value)
    two_step = bool(entry.rules.opening_fields)
    if late.kind == "open":
        stage = "opening"
    else:
        stage = posted.stage(data, ("closing",) if two_step else ("full",))
        stage = stage or ("closing" if two_step else "full")
    return entry.deal_form(
        data, setup=setup, state=state, rules=entry.rules, stage=stage, opening=game.opening
    )


def _said(form) -> str:
    return " ".join(str(e) for errors in form.errors.values() for e in errors)


@transaction.atomic
def add(late: LateDeal, *, by) -> None:
    """Record the late entry into its table's game, as the phone entered it (the deal number it
    expected: a game that has moved on since refuses it, nothing is recorded twice)."""
    late = LateDeal.objects.select_for_update().select_related("table__game").get(pk=late.pk)
    if late.state != LateDeal.WAITING:
        return
    game = late.table.game
    setup = games.setup_of(game)
    state = games.state_from_cache(game, setup)
    form = _form(late, game, setup, state)
    if not form.is_valid():
        raise Refused(_said(form))
    try:
        if late.kind == "open":
            if late.number != state.deals + 1:
                raise Refused(
                    _("the game is at deal %(now)s, not %(number)s")
                    % {"now": state.deals + 1, "number": late.number}
                )
            games.open_deal(game, form.deal_data(), user=by)
        else:
            games.record_deal(
                game,
                form.deal_data(),
                user=by,
                token=form.cleaned_data["token"],
                expected_number=late.number,
                setup=setup,
            )
    except FactError as e:
        raise Refused(" ".join(refusals.said(each) for each in refusals.each(e))) from None
    except games.Conflict as e:
        raise Refused(str(e)) from None
    _decide(late, LateDeal.ADDED, by)


def discard(late: LateDeal, *, by) -> None:
    if late.state == LateDeal.WAITING:
        _decide(late, LateDeal.DISCARDED, by)


def _decide(late: LateDeal, state: str, by) -> None:
    late.state = state
    late.decided_at = timezone.now()
    late.decided_by = by if by is not None and by.is_authenticated else None
    late.save(update_fields=["state", "decided_at", "decided_by"])
    # The organiser's page and the phones' notes follow the night's own time.
    Night.objects.filter(pk=late.night_id).update(updated_at=late.decided_at)
