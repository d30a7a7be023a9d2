"""What a night's polling pages show, as a stamp in one query (the poll's 204 while it is the
same): the night's shape (its latest round, whether it started and ended, the night's end) before
the colon, then its contents (the night's own change, its tables' count, summed versions and
latest change). The organiser's page loads again when the shape changed, and swaps in its live
part when only the contents did; the big screen swaps its body either way."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Count, Max, OuterRef, Subquery, Sum
from django.utils import timezone

from .models import Night, Round
from .presenters import RESULTS_SECONDS


def _stamp(nights) -> tuple[str, bool] | None:
    latest = Round.objects.filter(night=OuterRef("pk")).order_by("-number")
    row = (
        nights.annotate(
            tables=Count("round_set__table_set"),
            versions=Sum("round_set__table_set__game__version"),
            changed=Max("round_set__table_set__game__updated_at"),
            last_end=Max("round_set__ended_at"),
            last_round=Max("round_set__number"),
            latest_start=Subquery(latest.values("started_at")[:1]),
            latest_end=Subquery(latest.values("ended_at")[:1]),
        )
        .values_list(
            "updated_at",
            "tables",
            "versions",
            "changed",
            "ended_at",
            "last_end",
            "last_round",
            "latest_start",
            "latest_end",
        )
        .first()
    )
    if row is None:
        return None
    night_at, tables, versions, changed, ended, last_end, rounds, start, end = row
    shape = ".".join(str(int(x)) for x in (rounds or 0, start is not None, end is not None))
    shape += f".{int(ended is not None)}"
    latest = changed.timestamp() if changed else 0
    contents = f"{night_at.timestamp():.6f}.{tables}.{versions or 0}.{latest:.6f}"
    fresh = last_end is not None and timezone.now() - last_end < timedelta(seconds=RESULTS_SECONDS)
    return f"{shape}:{contents}", fresh


def night_stamp(pk: int) -> str:
    found = _stamp(Night.objects.filter(pk=pk))
    return found[0] if found else ""


def screen_stamp(token: str) -> str | None:
    """The big screen's stamp (None: no such night), with whether a round's final scores are
    still on show (the screen turns to the next seats when that changes)."""
    found = _stamp(Night.objects.filter(watch_token=token, watch_revoked_at__isnull=True))
    if found is None:
        return None
    stamp, fresh = found
    return f"{stamp}.{int(fresh)}"
