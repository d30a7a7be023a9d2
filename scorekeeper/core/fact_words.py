"""A deal's facts as a person reads them: "trump maker: Bongani", "tricks: Asha 3, Bo 4, …".

For the audit trail (what an edit changed, what an undone deal held) and for entries another
phone overtook. The game log writes seats as numbers from 0; a person thinks in names, so every
seat becomes its player's name. A game says which of its fields hold a seat, a list of seats or
one value per player (`GameRules.seat_facts` and friends) and how each field is called
(`fact_labels`, English templates the shell translates); the rest is shown as the log has it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .explain import LIST_SEMICOLON, Said, gettext_noop, listed

YES = gettext_noop("yes")
NO = gettext_noop("no")
NOT_SAID = "—"
SEAT_VALUE = "{name} {value}"  # "Asha 3"; the same in every language (not in the catalogue)

SEAT_KEYS = frozenset({"seat"})  # inside a nested fact ({"seat": 1, "reason": …})


@dataclass(frozen=True)
class FactWord:
    key: str  # the log's field name
    label: str  # how a person calls it: an English template, translatable
    text: str  # the value in words (a `Said` where it holds words to translate)


@dataclass(frozen=True)
class FactShapes:
    """Which of a game's deal fields hold seats, and what each is called."""

    labels: Mapping[str, str]
    seat: frozenset[str]  # one seat: "dealer", "trump_maker"
    seats: frozenset[str]  # a list of seats: Zhao Pengyou's "team"
    per_seat: frozenset[str]  # one value per player, in seat order: "bids", "tricks"


def fact_words(
    facts: Mapping[str, Any],
    names: Sequence[str],
    shapes: FactShapes,
    own: Callable[[str, Any], str | None] = lambda key, value: None,
) -> list[FactWord]:
    """Each field of `facts`, in their order, labelled and in words (`own(key, value)` first:
    the game's own words for a value, or None)."""
    return [
        FactWord(key, _label(key, shapes), own(key, v) or _value(key, v, names, shapes))
        for key, v in facts.items()
    ]


def _label(key: str, shapes: FactShapes) -> str:
    return shapes.labels.get(key, key.replace("_", " "))


def _value(key: str, value: Any, names: Sequence[str], shapes: FactShapes) -> str:
    if key in shapes.seat or key in SEAT_KEYS:
        return _name(value, names)
    if key in shapes.seats and isinstance(value, list):
        return listed([_name(seat, names) for seat in value]) or NOT_SAID
    if key in shapes.per_seat and isinstance(value, list) and len(value) == len(names):
        return listed(
            [
                Said(SEAT_VALUE, name=name, value=_plain(v))
                for name, v in zip(names, value, strict=True)
            ]
        )
    if isinstance(value, Mapping):  # a nested fact: its values, seats as names
        return listed([_value(k, v, names, shapes) for k, v in value.items() if v is not None])
    if isinstance(value, list):
        items = [_value(key, v, names, shapes) for v in value]
        if any(isinstance(v, Mapping) for v in value):  # "Bongani, 20; Chetan, 40"
            return listed(items, last=LIST_SEMICOLON, sep=LIST_SEMICOLON) or NOT_SAID
        return listed(items) or NOT_SAID
    return _plain(value)


def _name(seat: Any, names: Sequence[str]) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return _plain(seat)


def _plain(value: Any) -> str:
    if value is True:
        return Said(YES)
    if value is False:
        return Said(NO)
    if value is None:
        return NOT_SAID
    return str(value)
