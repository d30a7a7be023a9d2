"""What the night's pages show: each round's tables in the game's own terms (its standings and
summary through the registry), the night's standings, who partnered and met whom."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from scorekeeper import registry
from scorekeeper.games.models import Game

from . import services
from .models import Night


def _mode_label(night: Night) -> str:
    rules = registry.game(night.kind).rules
    return next((m.label for m in rules.modes if m.key == night.mode), "")


def _team(row: Any) -> str:
    """A side's team by its first seat's parity ("a" or "b"): partners sit at seats of the same
    parity in a partnership game (seating.partners_at), the big screen colours them alike."""
    return "ab"[row.seats[0] % 2] if row.seats else ""


def _tables_by_round(night: Night) -> tuple[dict[int, list[dict[str, Any]]], list]:
    rows = services.table_rows(night)
    out: dict[int, list[dict[str, Any]]] = {}
    for table, rules, setup, state in rows:
        out.setdefault(table.round_number, []).append(
            {
                "number": table.number,
                "game_pk": table.game_id,
                "names": list(setup.players),
                "summary": rules.summary(setup, state),
                "deals": state.deals,
                "finished": rules.is_finished(state),
                "sides": [
                    {"name": row.name, "score": row.score, "won": row.won, "team": _team(row)}
                    for row in rules.standings(setup, state)
                ],
            }
        )
    return out, rows


def night_context(night: Night, *, meetings: bool = False) -> dict[str, Any]:
    entry = registry.game(night.kind)
    by_round, rows = _tables_by_round(night)
    rounds = []
    for played in night.round_set.all():
        drawn = [{"number": i, "names": names} for i, names in enumerate(played.tables, start=1)]
        rounds.append(
            {"round": played, "tables": by_round.get(played.number) or drawn, "drawn": drawn}
        )
    context: dict[str, Any] = {
        "night": night,
        "game_entry": entry,
        "mode_label": _mode_label(night),
        "rounds": rounds,
        "round": rounds[-1]["round"] if rounds else None,
        "current": rounds[-1] if rounds else None,
        "standings": services.standings(night, rows),
        "measure": entry.rules.progress_measure,
        "attendees": services.names_of(night),
    }
    if meetings:
        met = services.meetings(night)
        names = context["attendees"]
        pairs = []
        for a, b in combinations(names, 2):
            key = services.seating.pair(a, b)
            if met.partnered[key] or met.opposed[key]:
                pairs.append(
                    {"a": a, "b": b, "partnered": met.partnered[key], "opposed": met.opposed[key]}
                )
        context["pairs"] = pairs
        context["fixed_teams"] = entry.rules.fixed_teams
    return context


SCREEN_STANDINGS = 16  # rows a room reads on one 1080p screen; the results page has every one


def screen_context(night: Night) -> dict[str, Any]:
    """The big screen: the current round's tables live, or the next round's seats once drawn,
    and the top of the night's standings. Each table's card is rendered once per version of
    its game (a night of many tables changes one table at a time)."""
    context = night_context(night)
    current = context["current"]
    context["playing"] = bool(current and current["round"].started_at)
    context["top"] = context["standings"][:SCREEN_STANDINGS]
    fixed_teams = context["game_entry"].rules.fixed_teams
    language = get_language()
    versions = (
        dict(
            Game.objects.filter(night_table__round=current["round"]).values_list("pk", "updated_at")
        )
        if current and current["round"].started_at
        else {}
    )
    cards = []
    for table in current["tables"] if current else []:
        changed = versions.get(table.get("game_pk"))
        key = (language, table.get("game_pk"))
        kept = _CARDS.get(key) if changed else None
        if kept is not None and kept[0] == changed:
            html = kept[1]
        else:
            html = render_to_string(
                "nights/screen_table.html", {"table": table, "fixed_teams": fixed_teams}
            )
            if changed:
                if len(_CARDS) > MAX_CARDS:
                    _CARDS.clear()
                _CARDS[key] = (changed, html)
        cards.append(mark_safe(html))  # noqa: S308 (our own template's output)
    context["cards"] = cards
    return context


# Each worker keeps the last card of every game it showed, with the game's change time: the
# big screen of a night of a thousand tables renders only the tables that changed.
_CARDS: dict[tuple[str, int], tuple[Any, str]] = {}
MAX_CARDS = 20_000
