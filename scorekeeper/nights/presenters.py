"""What the night's pages show: each round's tables in the game's own terms (its standings,
summary and target through the registry), the round's clock, the night's standings, who
partnered and met whom, late deals, and what the big screen shows at each moment."""

from __future__ import annotations

from datetime import timedelta
from itertools import combinations
from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext

from scorekeeper import registry

from . import services, shapes
from .models import LateDeal, Night, Round
from .standings import TableRow, meetings, standings, substitutes, table_rows

# How long the big screen shows a finished round's final scores before the next round's seats.
RESULTS_SECONDS = 45


def _mode_label(night: Night) -> str:
    rules = registry.game(night.kind).rules
    labels = {m.key: m.label for m in rules.modes}
    keys = [night.mode, *(night.mixed_modes or [])] if night.mode else []
    return " + ".join(gettext(labels[k]) for k in keys if k in labels)  # a game's label: English


def _team(seats: tuple[int, ...]) -> str:
    """A side's team by its first seat's parity ("a" or "b"): partners sit at seats of the same
    parity in a partnership game (seating.partners_at), the big screen colours them alike."""
    return "ab"[seats[0] % 2] if seats else ""


def table_card(row: TableRow) -> dict[str, Any]:
    rules, setup, state = row.rules, row.setup, row.state
    results = row.results() or {}
    sides = []
    for standing in rules.standings(setup, state):
        names = [row.seated[s] for s in standing.seats]
        result = results.get(standing.seats[0]) if standing.seats else None
        name = standing.name if names == [setup.players[s] for s in standing.seats] else None
        sides.append(
            {
                "name": name,
                "names": names,
                "score": standing.score,
                "won": result == "won",
                "result": result,
                "team": _team(standing.seats),
            }
        )
    return {
        "number": row.table.number,
        "game_pk": row.table.game_id,
        "names": row.seated,
        "summary": rules.summary(setup, state),
        "deals": state.deals,
        "deal_in_play": state.deals + 1,  # the phone's "Deal 4": the deal being played
        "finished": row.finished,
        "stopped": row.stopped,
        "on_time": row.on_time,
        "by_organiser": row.by_organiser,
        "decided": bool(results),
        "sides": sides,
        "substitutes": substitutes(list(setup.players), row.table.game.seat_changes or []),
        "target": rules.target(setup, state),
        "changed": row.table.game.updated_at,  # read with what the card shows: its cache key
    }


def _tables_by_round(rows: list[TableRow]) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        out.setdefault(row.table.round_number, []).append(table_card(row))
    return out


def clock(played: Round | None) -> dict[str, Any] | None:
    """The round's countdown: when it ends and how many seconds are left (never below 0)."""
    if played is None or not played.minutes or played.started_at is None or played.ended_at:
        return None
    ends = played.started_at + timedelta(minutes=played.minutes)
    left = max(0, int((ends - timezone.now()).total_seconds()))
    return {"ends": ends, "left": left, "minutes": played.minutes, "over": left == 0}


def night_context(night: Night, *, meetings_too: bool = False) -> dict[str, Any]:
    entry = registry.game(night.kind)
    rows = table_rows(night)
    by_round = _tables_by_round(rows)
    rounds = []
    for played in night.round_set.all():
        if night.ended_at is not None and played.started_at is None:
            continue  # drawn, never played: it comes back only if the end is taken back
        drawn = [{"number": i, "names": names} for i, names in enumerate(played.tables, start=1)]
        tables = by_round.get(played.number) or drawn
        rounds.append(
            {
                "round": played,
                "tables": tables,
                "drawn": drawn,
                "on_time": sum(1 for t in tables if t.get("on_time")),
            }
        )
    current = rounds[-1] if rounds else None
    ranked = standings(night, rows)
    context: dict[str, Any] = {
        "night": night,
        "game_entry": entry,
        "mode_label": _mode_label(night),
        "rounds": rounds,
        "round": current["round"] if current else None,
        "current": current,
        "previous": rounds[-2] if len(rounds) > 1 else None,
        "standings": ranked,
        "ranking": night.ranking,
        "drawn_standings": any(row.drawn for row in ranked),
        # Before the first round starts the standings would be a table of noughts, ranked.
        "started_any": any(r["round"].started_at is not None for r in rounds),
        "measure": entry.rules.progress_measure,
        "attendees": shapes.names_of(night),
        "clock": clock(current["round"]) if current else None,
        "target": _target(rows, night),
    }
    if meetings_too:
        met = meetings(night)
        pairs = []
        for a, b in combinations(context["attendees"], 2):
            key = services.seating.pair(a, b)
            if met.partnered[key] or met.opposed[key]:
                pairs.append(
                    {"a": a, "b": b, "partnered": met.partnered[key], "opposed": met.opposed[key]}
                )
        context["pairs"] = pairs
        context["fixed_teams"] = entry.rules.fixed_teams
    return context


def _target(rows: list[TableRow], night: Night) -> Any:
    """What the night's tables play to (its latest table's; else a fresh table's)."""
    if rows:
        row = rows[-1]
        return row.rules.target(row.setup, row.state)
    rules = registry.game(night.kind).rules
    shape = shapes.night_shape(night)
    envelope: dict[str, Any] = {
        "players": [f"Seat {i + 1}" for i in range(min(shape.sizes))],
        "first_dealer": 0,
        "house_rules": night.house_rules,
    }
    if night.mode:
        envelope["mode"] = night.mode
    setup = rules.setup(envelope)
    return rules.target(setup, rules.initial_state(setup))


def late_deals(night: Night) -> list[LateDeal]:
    """The late deals the organiser has yet to add or discard, oldest first."""
    return list(night.late_deals.filter(state=LateDeal.WAITING).select_related("table__round"))


SCREEN_STANDINGS = 12  # rows a room reads on one 1080p screen; the results page has every one
PLAYING, RESULTS, SEATS, OVER = "playing", "results", "seats", "over"


def screen_phase(night: Night, context: dict[str, Any]) -> str:
    """What the big screen shows now: the tables in play; a round's final scores for a while
    after it ended, then the next round's seats; the night's podium once it is over."""
    current, previous = context["current"], context["previous"]
    if night.ended_at is not None:
        return OVER
    if current is None or current["round"].started_at is not None:
        return PLAYING
    ended = previous["round"].ended_at if previous else None
    if ended is not None and timezone.now() - ended < timedelta(seconds=RESULTS_SECONDS):
        return RESULTS
    return SEATS


def screen_context(night: Night) -> dict[str, Any]:
    """The big screen: the current round's tables live; a finished round's final scores, then
    the next round's seats; the podium and standings once the night is over. Each table's
    card is rendered once per version of its game (a night of many tables changes one table at
    a time)."""
    context = night_context(night)
    phase = screen_phase(night, context)
    shown = context["previous"] if phase == RESULTS else context["current"]
    context["phase"] = phase
    context["shown"] = shown
    context["playing"] = phase == PLAYING
    context["top"] = context["standings"][:SCREEN_STANDINGS]
    context["podium"] = context["standings"][:3] if phase == OVER else []
    fixed_teams = context["game_entry"].rules.fixed_teams
    language = get_language()
    cards = []
    for table in shown["tables"] if shown and phase != OVER else []:
        changed = table.get("changed")  # a drawn table, not started: None, never kept
        key = (
            language,
            table.get("game_pk"),
            bool(table.get("on_time")),
            bool(table.get("by_organiser")),
        )
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
_CARDS: dict[tuple[str, int, bool, bool], tuple[Any, str]] = {}
MAX_CARDS = 20_000
