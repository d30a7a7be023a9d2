"""Refusals: the facts the rules cannot accept, as data. Every one is a FactError naming its field.

A refusal is data first and words second, as an explanation line is (scorekeeper/core/explain.py):
a code, its key in the `REFUSALS` table of a catalogue (a `words.toml`, scorekeeper/core/
sentences.py), the values that go into its English template, and the English text made from
them. A core raises one so:

    REFUSE = Refusals(__package__)  # the module's package's words.toml: its REFUSALS table
    raise REFUSE("trump_maker", "WHO_MADE_TRUMPS")  # a FactError at the field
    reader.fail("tricks", REFUSE.why("TRICKS_ADD_UP", total=12, hand=13))  # the why alone
    raise NotThisDealer("dealer", REFUSE.why(...))  # a kind of FactError

and writes the template in its catalogue, a sentence that says what to do where it can:

    REFUSALS.WHO_MADE_TRUMPS = "Choose who made trumps."

Names and numbers go in only as values; a value that is itself words (a list of names, what a
value must be) goes in as a `Said` (`REFUSE.part(name)` reads one from the `PARTS` table). The
shell says a refusal in the reader's language with the one function that says explanation lines
(the message keeps its template and values in `data`). The shared core's refusals are in
scorekeeper/core/words.toml, the bids-and-tricks family's in scorekeeper/core/tricks/words.toml;
a game's own in its words.toml. tests/games/test_refusals.py checks that every code a core
raises has its template and a Chinese translation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from typing import Any, Self, TypeVar

from .explain import Said
from .sentences import sentences

T = TypeVar("T")


class Refusal(Said):
    """Why a fact is refused: its English text (a str), its template and values in `data` (as a
    `Said` keeps them) and its `code`, the key of the template in its catalogue's REFUSALS."""

    code: str

    def __new__(cls, code: str, template: str, /, **values: Any) -> Self:
        refusal = super().__new__(cls, template, **values)
        refusal.code = code
        return refusal

    @property
    def values(self) -> dict[str, Any]:
        return {k: v for k, v in self.data.items() if k != "template"}


class Refusals:
    """The refusals of one package's catalogue (its words.toml), by code: `REFUSE(field, code,
    **values)` is a FactError, `REFUSE.why(code, **values)` the Refusal alone."""

    def __init__(self, package: str) -> None:
        self.package = package

    @cached_property
    def _catalogue(self) -> Any:
        return sentences(self.package)

    @property
    def templates(self) -> Mapping[str, str]:
        """Every refusal of the catalogue, its English template by its code."""
        return getattr(self._catalogue, "REFUSALS", {})

    @property
    def parts(self) -> Mapping[str, str]:
        """The words that go into refusals as values, by name."""
        return getattr(self._catalogue, "PARTS", {})

    def why(self, code: str, /, **values: Any) -> Refusal:
        return Refusal(code, self.templates[code], **values)

    def part(self, name: str, /, **values: Any) -> Said:
        """Words a refusal says as a value ("a bid", "from 1 to 8"), translated with it."""
        return Said(self.parts[name], **values)

    def __call__(self, field: str, code: str, /, **values: Any) -> FactError:
        return FactError(field, self.why(code, **values))


# The shared core's refusals (scorekeeper/core/words.toml); the game log's envelope uses them too.
SHARED = Refusals(__package__)


class FactError(ValueError):
    """A recorded fact the rules refuse. `field` names it ("counting_points", "jodies.2.value").

    `message` is the Refusal (its English text; `code` and `values` are its data). The shell may
    give words it has already said in the reader's language instead (a plain str, no code).
    `deal` is the 1-based deal number when the fact came from a game log.
    """

    def __init__(self, field: str, message: Refusal | str, *, deal: int | None = None) -> None:
        self.field = field
        self.message = message
        self.deal = deal
        super().__init__(self._describe())

    @property
    def code(self) -> str:
        """The refusal's key in its catalogue ("" for the shell's own words)."""
        return getattr(self.message, "code", "")

    @property
    def values(self) -> dict[str, Any]:
        """The values said in the refusal (names, numbers, and words as a `Said`)."""
        return getattr(self.message, "values", {})

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
        return where + " ".join(f"{e.field}: {e.message}" for e in self.errors)


class GameOver(FactError):
    """A deal recorded after the game has ended (the live table tells this apart)."""

    def __init__(self, message: Refusal | None = None) -> None:
        super().__init__("deal", message if message is not None else SHARED.why("GAME_OVER"))


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
