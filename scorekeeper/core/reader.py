"""Reading the fields of a deal (or an envelope), collecting every problem instead of stopping.

Each game's `parse_deal` uses one `FactReader`: it checks types and ranges field by field, notes
each problem under the field's name, and `done()` raises them all at once (InvalidFacts).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import FactError, raise_all

# The largest count any setting, start or deal holds (a score, a pot, chips bought): far past
# any real table, and small enough that every sum of a game's deals stays an ordinary number
# that a chart, a JSON file and a settle-up hold (no float overflow, no 4,300-digit text).
MOST = 1_000_000


def is_int(value: Any) -> bool:
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


class FactReader:
    def __init__(self, data: Mapping[str, Any], seats: int) -> None:
        self.data = data
        self.seats = seats
        self.errors: list[FactError] = []

    def fail(self, field: str, message: str) -> None:
        self.errors.append(FactError(field, message))

    def done(self) -> None:
        """Raise every problem noted so far (nothing if there was none)."""
        raise_all(self.errors)

    def only_keys(self, allowed: set[str] | frozenset[str], what: str) -> None:
        for key in self.data:
            if key not in allowed:
                self.fail(key, f"is not a {what} field")

    def nested(
        self,
        value: Any,
        field: str,
        keys: tuple[str, ...],
        form: str,
        what: str,
        *,
        required: bool = False,
    ) -> Mapping[str, Any] | None:
        """An object inside the deal (`form` shows it), each key it does not know noted as "not
        a field of <what>"; None when it is not given (noted if `required`), or not an object
        (noted)."""
        if value is None and not required:
            return None
        if not isinstance(value, Mapping):
            self.fail(field, f"must be {form}")
            return None
        for key in value:
            if key not in keys:
                self.fail(f"{field}.{key}", f"is not a field of {what}")
        return value

    def objects(self, value: Any, field: str, form: str) -> list[tuple[int, Any]]:
        """A list of objects inside the deal, each with its index; [] when it is not given, or
        not a list (noted: `form` shows one object)."""
        if value is None:
            return []
        if not isinstance(value, list | tuple):
            self.fail(field, f"must be a list of {form}")
            return []
        return list(enumerate(value))

    def required(self, key: str, question: str) -> Any:
        """The value, or None with "is missing: <question>" noted."""
        if key not in self.data or self.data[key] is None:
            self.fail(key, f"is missing: {question}")
            return None
        return self.data[key]

    def seat(self, value: Any, field: str) -> int | None:
        if value is None:
            return None
        if not is_int(value) or not 0 <= value < self.seats:
            self.fail(field, f"{value!r} is not a seat (0..{self.seats - 1})")
            return None
        return value

    def count(self, value: Any, field: str, low: int, high: int | None, what: str) -> int | None:
        """A whole number from `low` to `high` (MOST when None)."""
        if value is None:
            return None
        high = MOST if high is None else high
        if not is_int(value) or not low <= value <= high:
            self.fail(field, f"{value!r} is not {what} ({low}..{high})")
            return None
        return value

    def choice(self, value: Any, field: str, choices: tuple[Any, ...], what: str) -> Any:
        if value is None:
            return None
        if not any(same_value(value, c) for c in choices):
            self.fail(field, f"{value!r} is not {what} ({', '.join(map(str, choices))})")
            return None
        return value

    def flag(self, value: Any, field: str) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            self.fail(field, "must be true or false")
            return False
        return value

    def text(self, value: Any, field: str) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            self.fail(field, "must be text")
            return None
        return value.strip()

    def per_seat(
        self, value: Any, field: str, item: Callable[[Any, str], Any], what: str
    ) -> tuple[Any, ...] | None:
        """A list with one entry per seat; `item(value, "field.i")` reads each entry."""
        if value is None:
            return None
        if not isinstance(value, list | tuple) or len(value) != self.seats:
            self.fail(field, f"must be a list of {self.seats} {what}, one per seat")
            return None
        before = len(self.errors)
        items = tuple(item(v, f"{field}.{i}") for i, v in enumerate(value))
        return None if len(self.errors) > before else items

    def per_team(
        self, value: Any, field: str, item: Callable[[Any, str], Any], what: str
    ) -> tuple[Any, Any] | None:
        """A list of two entries, team 0 then team 1."""
        if value is None:
            return None
        if not isinstance(value, list | tuple) or len(value) != 2:
            self.fail(field, f"must be a list of two {what}, team 0 then team 1")
            return None
        before = len(self.errors)
        items = tuple(item(v, f"{field}.{i}") for i, v in enumerate(value))
        return None if len(self.errors) > before else items  # type: ignore[return-value]
