"""Spades' deal form: the bids when they are made (blind nils under the house rule), the tricks
when the hand ends. Each number is one tap on a pad."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.bid_forms import SeatNumbers, SeatNumbersForm
from scorekeeper.rules.spades import Setup

BIDS = SeatNumbers("bids", "bid", _("Bids"), 0, 13)
TRICKS = SeatNumbers("tricks", "trick", _("Tricks"), 0, 13, total=13)


class SpadesDealForm(SeatNumbersForm):
    OPENING = (BIDS,)
    CLOSING = (TRICKS,)
    opening_label = _("Bids in: play the hand")

    @classmethod
    def setup_fields(cls, setup: Setup, stage: str) -> dict[str, forms.Field]:
        fields = super().setup_fields(setup, stage)
        if stage != "closing" and setup.rules.blind_nil:
            for seat, name in enumerate(setup.players):
                fields[f"blind_{seat}"] = forms.BooleanField(
                    required=False, label=format_lazy(_("{name}: blind nil"), name=name)
                )
        return fields

    @property
    def FIELD_OF(self) -> dict[str, str]:  # type: ignore[override]  # noqa: N802
        return {**super().FIELD_OF, "blind_nil.*": "blind_*", "blind_nil": "bid_total"}

    def blind_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("blind_")]

    def deal_data(self) -> dict[str, Any]:
        data = super().deal_data()
        blind = [bool(self.cleaned_data.get(f"blind_{s}")) for s in range(4)]
        if self.stage != "closing" and any(blind):
            data["blind_nil"] = blind
        return data

    @classmethod
    def initial_from_facts(cls, facts: dict[str, Any]) -> dict[str, Any]:
        initial = super().initial_from_facts(facts)
        for seat, blind in enumerate(facts.get("blind_nil") or []):
            initial[f"blind_{seat}"] = blind
        return initial
