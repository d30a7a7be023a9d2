"""Who sits at the table: reading `players` and `first_dealer` of an envelope, and fixed teams.

Seats are numbered in the order of play; in fixed-partner games the even seats are team 0 and
the odd seats team 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import SHARED, FactError, Refusal, raise_all
from .names import LONGEST, name_key, read_name
from .reader import MOST, is_int, not_a_seat

NAME_LENGTH = LONGEST  # the most characters of a player's name


def same_names(players: Sequence[Any]) -> list[FactError]:
    """A name said again (whatever its case), refused at the seat where it comes again."""
    seen: set[str] = set()
    errors = []
    for i, name in enumerate(players):
        if isinstance(name, str) and name.strip():
            key = name_key(name)
            if key in seen:
                errors.append(SHARED(f"players.{i}", "SAME_NAME"))
            seen.add(key)
    return errors


def read_table(
    envelope: Mapping[str, Any], seat_counts: tuple[int, ...], *, first_field: str = "first_dealer"
) -> tuple[tuple[str, ...], int]:
    """The players' names and the first dealer's seat, every problem named by its field."""
    players = envelope.get("players")
    if not isinstance(players, list | tuple) or len(players) not in seat_counts:
        raise FactError("players", players_needed(seat_counts))
    errors: list[FactError] = []
    names: list[str] = []
    for i, name in enumerate(players):
        try:
            names.append(read_name(name, f"players.{i}"))
        except FactError as e:
            errors.append(e)
    errors += same_names(players)
    first = envelope.get(first_field, 0)
    if not is_int(first) or not 0 <= first < len(players):
        errors.append(FactError(first_field, not_a_seat(first, len(players))))
    raise_all(errors)
    return tuple(names), first


def players_needed(seat_counts: tuple[int, ...]) -> Refusal:
    """How many names a table of one of `seat_counts` seats needs."""
    if len(seat_counts) == 1:
        return SHARED.why("PLAYERS_EXACTLY", count=seat_counts[0])
    if len(seat_counts) == 2:
        return SHARED.why("PLAYERS_EITHER", a=seat_counts[0], b=seat_counts[1])
    return SHARED.why("PLAYERS_BETWEEN", low=seat_counts[0], high=seat_counts[-1])


def read_start(
    start: Any, fields: Mapping[str, int], *, what: str, minimum: int | None = 0
) -> dict[str, tuple[int, ...]]:
    """`start` of an envelope: each field a list of whole numbers of the given length, from
    `minimum` (None: -MOST) to MOST.

    `fields` maps each allowed key to its length (2 for per team, the seat count per seat);
    `what` shows the object as JSON. Missing keys are zeros. Raises FactError naming "start" or
    "start.<key>".
    """
    low = -MOST if minimum is None else minimum
    start = {} if start is None else start
    if not isinstance(start, Mapping):
        raise SHARED("start", "START_NOT_AN_OBJECT", form=what)
    errors: list[FactError] = []
    out: dict[str, tuple[int, ...]] = {}
    for key in start:
        if key not in fields:
            errors.append(SHARED(f"start.{key}", "NO_SUCH_FIELD"))
    for key, length in fields.items():
        value = start.get(key, [0] * length)
        ok = isinstance(value, list | tuple) and len(value) == length
        ok = ok and all(is_int(v) and low <= v <= MOST for v in value)
        if not ok:
            errors.append(
                SHARED(f"start.{key}", "START_NUMBERS_BETWEEN", count=length, low=low, high=MOST)
            )
            value = [0] * length
        out[key] = tuple(value)
    raise_all(errors)
    return out


def team_of(seat: int) -> int:
    return seat % 2


def team_seats(seats: int, team: int) -> tuple[int, ...]:
    return tuple(s for s in range(seats) if s % 2 == team)


def team_name(players: tuple[str, ...], team: int) -> str:
    return " & ".join(players[s] for s in team_seats(len(players), team))


class Seats:
    """Seat helpers for a game's setup, seats in order of play. The setup provides `players`."""

    players: tuple[str, ...]

    @property
    def seats(self) -> int:
        return len(self.players)

    def after(self, seat: int) -> int:
        """The next seat in the order of play."""
        return (seat + 1) % self.seats

    def bidding_order(self, dealer: int) -> tuple[int, ...]:
        """The seats in the order they bid (or play): from the dealer's next round to the dealer."""
        return tuple((dealer + 1 + i) % self.seats for i in range(self.seats))


class FixedPartners(Seats):
    """Seat and team helpers for a game's setup with fixed partners (even seats team 0, odd seats
    team 1), seats in order of play."""

    def team_of(self, seat: int) -> int:
        return team_of(seat)

    def team_seats(self, team: int) -> tuple[int, ...]:
        return team_seats(self.seats, team)

    def team_name(self, team: int) -> str:
        return team_name(self.players, team)
