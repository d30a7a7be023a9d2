"""A game's state between deals as its own cache form (`GameRules.state_to_cache`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any


class StateData:
    """For a frozen dataclass of plain values (numbers, None, tuples of them): JSON-ready data,
    tuples as lists, and back. A field missing from older cached data takes its default."""

    def to_dict(self) -> dict[str, Any]:
        return {
            key: list(value) if isinstance(value, tuple) else value
            for key, value in asdict(self).items()  # type: ignore[call-overload]
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        return cls(
            **{
                key: tuple(value) if isinstance(value, list) else value
                for key, value in data.items()
                if key in names
            }
        )
