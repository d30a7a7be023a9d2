"""Euchre's deal form, one step: who made trumps (a seat's chip), alone or not (a toggle), the
makers' tricks (chips 0 to 5). A plain hand is three taps and the button. A hand thrown in is
one chip instead (not offered under stick the dealer); a lone defender is asked only where the
house rule plays it, and only once the maker went alone.

Every rule stays in the core: the form turns taps into a hand in game-log form, and the core's
refusals come back at their fields (scorekeeper/games/refusals.py).
"""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.deal_forms import BaseDealForm
from scorekeeper.games.widgets import Chips, SeatChips, TeamChips
from scorekeeper.rules.euchre import Setup
from scorekeeper.rules.euchre.setup import TRICKS


class EuchreDealForm(BaseDealForm):
    # Nothing in the form follows the game: after a recorded hand the browser clears it.
    keeps_between_deals = True

    # The deal page already posts a hidden `maker` (whose phone made the entry), so the seat
    # that made trumps is `trump_maker` here and `maker` only in the game log.
    FIELD_OF = {
        "maker": "trump_maker",
        "alone": "alone",
        "defender_alone": "defender_alone",
        "tricks": "tricks",
    }

    trump_maker = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, widget=SeatChips
    )
    alone = forms.BooleanField(required=False, label=_("Went alone"))
    tricks = forms.TypedChoiceField(
        coerce=int,
        choices=[(n, str(n)) for n in range(TRICKS + 1)],
        required=False,
        empty_value=None,
        label=_("Tricks the makers won"),
        widget=Chips,
    )

    @classmethod
    def setup_fields(cls, setup: Setup, stage: str) -> dict[str, forms.Field]:
        """Seats by name; a hand thrown in unless the dealer is stuck; the lone defender only
        where the house rule plays it."""
        seats = list(enumerate(setup.players))
        fields: dict[str, forms.Field] = {}
        maker = copy.deepcopy(cls.base_fields["trump_maker"])
        maker.choices = seats
        fields["trump_maker"] = maker
        if not setup.rules.stick_the_dealer:
            fields["thrown_in"] = forms.BooleanField(
                required=False, label=_("Thrown in: all four passed twice")
            )
        if setup.rules.defend_alone:
            fields["defender_alone"] = forms.TypedChoiceField(
                coerce=int,
                choices=[("", _("Nobody")), *seats],
                required=False,
                empty_value=None,
                label=_("Defended alone against the lone maker"),
                widget=TeamChips,
            )
        return fields

    def deal_data(self) -> dict[str, Any]:
        """The hand in game-log form. What the page hides is left out: the rest of the hand
        once it is thrown in, a lone defender once the maker is not alone."""
        d = self.cleaned_data
        if d.get("thrown_in"):
            return {"maker": None}
        data: dict[str, Any] = {}
        if d.get("trump_maker") is not None:  # none tapped: the core asks who made trumps
            data["maker"] = d["trump_maker"]
        if d.get("alone"):
            data["alone"] = True
            if d.get("defender_alone") is not None:
                data["defender_alone"] = d["defender_alone"]
        if d.get("tricks") is not None:  # none tapped: the core asks for them
            data["tricks"] = d["tricks"]
        return data

    @classmethod
    def initial_from_facts(cls, facts: dict[str, Any]) -> dict[str, Any]:
        """Form values that show a recorded hand again (for edits and undone hands)."""
        if "maker" in facts and facts["maker"] is None:
            return {"thrown_in": True}
        initial: dict[str, Any] = {"alone": bool(facts.get("alone"))}
        for fact, field in (("maker", "trump_maker"), ("defender_alone", "defender_alone")):
            if facts.get(fact) is not None:
                initial[field] = facts[fact]
        if facts.get("tricks") is not None:
            initial["tricks"] = facts["tricks"]
        return initial
