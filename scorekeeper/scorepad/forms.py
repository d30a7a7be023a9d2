"""The scorepad's deal form, one step: one number per player, typed on the game's own keypad
(scorepad.js: digits and a minus, as points here go below zero, which the shared pad's one key
per number cannot), and "this was the last deal" as one chip. Under `zero_sum` the last
player's number is what the others leave: the keypad fills it in, and a form posted without it
(no script) has it filled in here.

Every rule stays in the core: the form turns what was typed into a deal in game-log form, and
the core's refusals come back at their fields (scorekeeper/games/refusals.py).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.deal_forms import BaseDealForm
from scorekeeper.rules.scorepad import Setup
from scorekeeper.rules.scorepad.setup import MOST_POINTS


def points_field(name: str, last: bool) -> forms.IntegerField:
    attrs: dict[str, Any] = {"inputmode": "numeric", "autocomplete": "off", "data-sp-points": ""}
    if last:
        attrs["data-sp-last"] = ""  # zero-sum: what the others leave
    return forms.IntegerField(
        required=False,
        min_value=-MOST_POINTS,
        max_value=MOST_POINTS,
        label=name,
        widget=forms.TextInput(attrs=attrs),
    )


class ScorepadDealForm(BaseDealForm):
    # Nothing in the form follows the game: after a recorded deal the browser clears it.
    keeps_between_deals = True

    # A refusal of the whole list (missing, or not adding up to 0) stands at the first number.
    FIELD_OF = {"points.*": "points_*", "points": "points_0", "last": "last"}

    last = forms.BooleanField(required=False, label=_("This was the last deal"))

    @classmethod
    def setup_fields(cls, setup: Setup, stage: str) -> dict[str, forms.Field]:
        """One number per seat, by name, in seat order."""
        last_seat = setup.seats - 1
        return {
            f"points_{seat}": points_field(name, setup.rules.zero_sum and seat == last_seat)
            for seat, name in enumerate(setup.players)
        }

    def point_fields(self) -> list[forms.BoundField]:
        return [self[f"points_{seat}"] for seat in range(self.setup.seats)]

    def deal_data(self) -> dict[str, Any]:
        """The deal in game-log form. Blanks stay blank (the core asks for them), except the
        last player's under `zero_sum` once every other number is in."""
        d = self.cleaned_data
        points = [d.get(f"points_{seat}") for seat in range(self.setup.seats)]
        if self.setup.rules.zero_sum and points[-1] is None and None not in points[:-1]:
            points[-1] = -sum(points[:-1])
        data: dict[str, Any] = {"points": points}
        if d.get("last"):
            data["last"] = True
        return data

    @classmethod
    def initial_from_facts(cls, facts: dict[str, Any]) -> dict[str, Any]:
        """Form values that show a recorded deal again (for edits and undone deals)."""
        initial: dict[str, Any] = {"last": bool(facts.get("last"))}
        for seat, n in enumerate(facts.get("points") or []):
            initial[f"points_{seat}"] = n
        return initial
