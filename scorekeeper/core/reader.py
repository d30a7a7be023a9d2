"""Reading the fields of a deal (or an envelope), collecting every problem instead of stopping.

Each game's `parse_deal` uses one `FactReader`: it checks types and ranges field by field, notes
each problem under the field's name, and `done()` raises them all at once (InvalidFacts).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeGuard

from .errors import SHARED, FactError, Refusal, raise_all
from .explain import Said

# The largest count any setting, start or deal holds (a score, a pot, chips bought): far past
# any real table, and small enough that every sum of a game's deals stays an ordinary number
# that a chart, a JSON file and a settle-up hold (no float overflow, no 4,300-digit text).
MOST = 1_000_000


def is_int(value: object) -> TypeGuard[int]:
    """A JSON whole number: true and false are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool)


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type: JSON true must not pass for 1, nor 12.0 for 12."""
    return type(a) is type(b) and a == b


def json_word(value: Any) -> str:
    """A value as the game log writes it, for messages."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def span(low: int | None, high: int | None) -> Said:
    """The whole numbers from `low` to `high` (either None: no bound), as a refusal says them."""
    if low is not None and high is not None:
        return SHARED.part("SPAN_BETWEEN", low=low, high=high)
    if low is not None:
        return SHARED.part("SPAN_FROM", low=low)
    if high is not None:
        return SHARED.part("SPAN_UP_TO", high=high)
    return SHARED.part("SPAN_ANY")


def choices_word(choices: tuple[Any, ...]) -> str:
    """The values allowed, as the game log writes them: 20, 30 or "single", "both"."""
    return ", ".join(json_word(c) for c in choices)


class FactReader:
    """Reads one deal's fields; each problem is noted as a Refusal at its field. `what` below
    is a `Said` (a game's `REFUSE.part(...)`): what a value must be, "a bid"."""

    def __init__(self, data: Mapping[str, Any], seats: int) -> None:
        self.data = data
        self.seats = seats
        self.errors: list[FactError] = []

    def fail(self, field: str, why: Refusal) -> None:
        self.errors.append(FactError(field, why))

    def done(self) -> None:
        """Raise every problem noted so far (nothing if there was none)."""
        raise_all(self.errors)

    def only_keys(self, allowed: set[str] | frozenset[str]) -> None:
        for key in self.data:
            if key not in allowed:
                self.fail(key, SHARED.why("DEAL_HAS_NO_FIELD"))

    def nested(
        self,
        value: Any,
        field: str,
        keys: tuple[str, ...],
        form: str,
        *,
        required: bool = False,
    ) -> Mapping[str, Any] | None:
        """An object inside the deal (`form` shows it, as JSON), each key it does not know
        noted; None when it is not given (noted if `required`), or not an object (noted)."""
        if value is None and not required:
            return None
        if not isinstance(value, Mapping):
            self.fail(field, SHARED.why("SHAPE", form=form))
            return None
        for key in value:
            if key not in keys:
                self.fail(f"{field}.{key}", SHARED.why("NO_SUCH_FIELD"))
        return value

    def objects(self, value: Any, field: str, form: str) -> list[tuple[int, Any]]:
        """A list of objects inside the deal, each with its index; [] when it is not given, or
        not a list (noted: `form` shows one object)."""
        if value is None:
            return []
        if not isinstance(value, list | tuple):
            self.fail(field, SHARED.why("LIST_OF_SHAPE", form=form))
            return []
        return list(enumerate(value))

    def required(self, key: str, why: Refusal) -> Any:
        """The value, or None with `why` (what to fill in) noted."""
        if key not in self.data or self.data[key] is None:
            self.fail(key, why)
            return None
        return self.data[key]

    def seat(self, value: Any, field: str) -> int | None:
        if value is None:
            return None
        if not is_int(value) or not 0 <= value < self.seats:
            self.fail(field, not_a_seat(value, self.seats))
            return None
        return value

    def count(self, value: Any, field: str, low: int, high: int | None, what: Said) -> int | None:
        """A whole number from `low` to `high` (MOST when None)."""
        if value is None:
            return None
        high = MOST if high is None else high
        if not is_int(value) or not low <= value <= high:
            why = SHARED.why(
                "OUT_OF_RANGE", value=json_word(value), what=what, span=span(low, high)
            )
            self.fail(field, why)
            return None
        return value

    def choice(self, value: Any, field: str, choices: tuple[Any, ...], what: Said) -> Any:
        if value is None:
            return None
        if not any(same_value(value, c) for c in choices):
            why = SHARED.why(
                "NOT_A_CHOICE", value=json_word(value), what=what, choices=choices_word(choices)
            )
            self.fail(field, why)
            return None
        return value

    def flag(self, value: Any, field: str) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            self.fail(field, SHARED.why("NOT_TRUE_OR_FALSE"))
            return False
        return value

    def text(self, value: Any, field: str) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            self.fail(field, SHARED.why("NOT_TEXT"))
            return None
        return value.strip()

    def per_seat(
        self, value: Any, field: str, item: Callable[[Any, str], Any]
    ) -> tuple[Any, ...] | None:
        """A list with one entry per seat; `item(value, "field.i")` reads each entry."""
        if value is None:
            return None
        if not isinstance(value, list | tuple) or len(value) != self.seats:
            self.fail(field, SHARED.why("NOT_ONE_PER_SEAT", seats=self.seats))
            return None
        before = len(self.errors)
        items = tuple(item(v, f"{field}.{i}") for i, v in enumerate(value))
        return None if len(self.errors) > before else items

    def per_team(
        self, value: Any, field: str, item: Callable[[Any, str], Any]
    ) -> tuple[Any, Any] | None:
        """A list of two entries, team 0 then team 1."""
        if value is None:
            return None
        if not isinstance(value, list | tuple) or len(value) != 2:
            self.fail(field, SHARED.why("NOT_ONE_PER_TEAM"))
            return None
        before = len(self.errors)
        items = tuple(item(v, f"{field}.{i}") for i, v in enumerate(value))
        return None if len(self.errors) > before else items


def not_a_seat(value: Any, seats: int) -> Refusal:
    """A value that names no seat of a table of `seats`."""
    return SHARED.why("NOT_A_SEAT", value=json_word(value), last=seats - 1)


def deal_object(data: Any) -> None:
    """Refuse a deal that is not an object of facts before anything else is read."""
    if not isinstance(data, Mapping):
        raise FactError("deal", SHARED.why("DEAL_NOT_AN_OBJECT"))
