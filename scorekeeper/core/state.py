"""A game's state between deals: its own cache form (`GameRules.state_to_cache`), and who won a
game that a team wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any, Protocol, Self


class StateData:
    """For a frozen dataclass of plain values (numbers, None, tuples of them): JSON-ready data,
    tuples as lists, and back. A field missing from older cached data takes its default."""

    def to_dict(self) -> dict[str, Any]:
        return {
            key: list(value) if isinstance(value, tuple) else value
            for key, value in asdict(self).items()  # type: ignore[call-overload]
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        return cls(
            **{
                key: tuple(value) if isinstance(value, list) else value
                for key, value in data.items()
                if key in names
            }
        )


class TeamsSetup(Protocol):
    """A setup whose seats play in teams (`scorekeeper.core.table.FixedPartners`)."""

    @property
    def seats(self) -> int: ...
    def team_of(self, seat: int) -> int: ...


class WonByTeam:
    """For the state of a game that a team wins (`winning_team`, None until one has): the seats
    that won, by the setup's `team_of`."""

    winning_team: int | None

    def winners(self, setup: TeamsSetup) -> tuple[int, ...]:
        if self.winning_team is None:
            return ()
        return tuple(s for s in range(setup.seats) if setup.team_of(s) == self.winning_team)
