"""The error types for facts the rules cannot accept. Every one is a FactError naming its field."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")


class FactError(ValueError):
    """A recorded fact the rules refuse. `field` names it ("counting_points", "jodies.2.value").

    `deal` is the 1-based deal number when the fact came from a game log.
    """

    def __init__(self, field: str, message: str, *, deal: int | None = None) -> None:
        self.field = field
        self.message = message
        self.deal = deal
        super().__init__(self._describe())

    def _describe(self) -> str:
        where = f"deal {self.deal}, " if self.deal is not None else ""
        return f"{where}{self.field}: {self.message}"

    def at_deal(self, deal: int) -> FactError:
        """The same error (same type), saying which deal of a log it came from."""
        located = type(self).__new__(type(self))
        located.__dict__.update(self.__dict__)
        located.deal = deal
        located.args = (located._describe(),)
        return located


class InvalidFacts(FactError):
    """Several facts are wrong at once; `errors` holds each, the first one names the field."""

    def __init__(self, errors: Iterable[FactError], *, deal: int | None = None) -> None:
        self.errors = tuple(errors)
        if not self.errors:
            raise ValueError("InvalidFacts needs at least one error")
        first = self.errors[0]
        super().__init__(first.field, first.message, deal=deal)

    def _describe(self) -> str:
        where = f"deal {self.deal}, " if self.deal is not None else ""
        return where + "; ".join(f"{e.field}: {e.message}" for e in self.errors)


class GameOver(FactError):
    """A deal recorded after the game has ended (the live table tells this apart)."""

    def __init__(self, message: str = "the game is over: no deal can be recorded after it") -> None:
        super().__init__("deal", message)


class NotThisDealer(FactError):
    """A deal naming a dealer (or starter) other than the one the rules give."""


def raise_all(errors: list[FactError]) -> None:
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InvalidFacts(errors)


class Problems:
    """The problems of several checks that do not depend on each other, raised all at once, so
    that a setup (or a deal) is refused with every wrong field named, not only the first."""

    def __init__(self) -> None:
        self.errors: list[FactError] = []

    def read(self, read: Callable[[], T], default: T) -> T:
        """What `read` gives, or `default` with its FactError (or each of several) noted."""
        try:
            return read()
        except FactError as e:
            self.errors.extend(getattr(e, "errors", (e,)))
            return default

    def add(self, error: FactError) -> None:
        self.errors.append(error)

    def done(self) -> None:
        """Raise every problem noted so far (nothing if there was none)."""
        raise_all(self.errors)
