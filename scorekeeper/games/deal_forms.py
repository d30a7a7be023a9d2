"""What every game's deal form has in common: the double-tap token, the deal number it expects,
the game it is for, and rules errors put back at the fields they name.

A game's deal form subclasses `BaseDealForm` and says how its fields become a deal in game-log
form (`deal_data`), which fact field each form field shows (`FIELD_OF`), and how recorded facts
fill the form again (`initial_from_facts`). Games that record a deal in two steps (Spades' bids
before the play, tricks after) get `stage`: "opening", "closing" or, for edits, "full".
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms

from scorekeeper.core.errors import FactError

STAGES = ("full", "opening", "closing")


class BaseDealForm(forms.Form):
    token = forms.UUIDField(widget=forms.HiddenInput)
    expected_number = forms.IntegerField(widget=forms.HiddenInput, required=False)

    # fact field (as FactError names it) -> form field; a prefix match covers "bids.2" -> "bids_2"
    FIELD_OF: dict[str, str] = {}

    def __init__(
        self,
        *args: Any,
        setup: Any,
        state: Any,
        rules: Any,
        stage: str = "full",
        opening: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        if stage not in STAGES:
            raise ValueError(f"unknown stage {stage!r}")
        self.setup = setup
        self.state = state
        self.rules = rules
        self.stage = stage
        self.opening = opening or {}
        if not self.is_bound:
            self.initial.setdefault("token", uuid.uuid4())

    # ---- what a game's form provides ---------------------------------------------------------

    def deal_data(self) -> dict[str, Any]:
        """The deal (or, at the opening stage, its opening facts) in game-log form."""
        raise NotImplementedError

    @classmethod
    def initial_from_facts(cls, facts: dict[str, Any]) -> dict[str, Any]:
        """Form values that show recorded facts again (for edits and undone deals)."""
        raise NotImplementedError

    def notes(self) -> list[str]:
        """What the rules allow or punish right now, said before anything is recorded."""
        return []

    def field_for(self, fact_field: str) -> str | None:
        """The form field that shows a fact field, or None for the top of the form."""
        if fact_field in self.FIELD_OF:
            return self.FIELD_OF[fact_field]
        parts = fact_field.split(".")
        for n in range(len(parts) - 1, 0, -1):
            head = ".".join(parts[:n])
            if head + ".*" in self.FIELD_OF:
                return self.FIELD_OF[head + ".*"].replace("*", parts[n])
            if head in self.FIELD_OF:
                return self.FIELD_OF[head]
        return None

    # ---- shared ----------------------------------------------------------------------------

    def add_rules_error(self, error: FactError) -> None:
        """Put each rules error on the form field it names; the rest go to the top of the form."""
        for e in getattr(error, "errors", (error,)):
            target = self.field_for(e.field)
            self.add_error(target if target in self.fields else None, friendly(e.message))

    def problems(self, error: FactError) -> list[str]:
        return [friendly(e.message) for e in getattr(error, "errors", (error,))]


def friendly(message: str) -> str:
    """'is missing: who won the last trick?' reads better at a field as the bare question."""
    message = message.removeprefix("is missing: ")
    message = message[0].upper() + message[1:]
    return message if message[-1] in ".?!" else message + "."


def without_none(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}
