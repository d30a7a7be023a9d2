"""Spades' deal form: the bids when they are made (blind nils under the house rule), the tricks
when the hand ends. Each number is one tap on a pad.

A blind nil is ticked at the player's own bid, and the rules' refusal of one is said there too:
each seat's bid and blind nil are one row (`bid_rows`). A blind nil ticked with no bid tapped is
the bid of 0 it stands for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.bid_forms import SeatNumbers, SeatNumbersForm, team
from scorekeeper.rules.spades import Setup

BIDS = SeatNumbers("bids", "bid", _("Bids"), 0, 13, missing=_("Tap {name}'s bid."))
TRICKS = SeatNumbers(
    "tricks", "trick", _("Tricks"), 0, 13, total=13, missing=_("Tap how many tricks {name} took.")
)


@dataclass(frozen=True)
class BidRow:
    """One seat's bid and its blind nil, shown (and refused) together."""

    bid: forms.BoundField
    blind: forms.BoundField
    team: str  # "a" or "b": the partnership the seat plays in


class SpadesDealForm(SeatNumbersForm):
    OPENING = (BIDS,)
    CLOSING = (TRICKS,)

    @classmethod
    def setup_fields(cls, setup: Setup, stage: str) -> dict[str, forms.Field]:
        fields = super().setup_fields(setup, stage)
        if stage != "closing" and setup.rules.blind_nil:
            for seat, name in enumerate(setup.players):
                fields[f"blind_{seat}"] = forms.BooleanField(
                    required=False, label=format_lazy(_("{name}: blind nil"), name=name)
                )
        return fields

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.is_bound:
            self._blind_nil_bids_0()

    def _blind_nil_bids_0(self) -> None:
        """A blind nil ticked with the bid left blank: the bid is 0 (what a blind nil is)."""
        filled = {}
        for name in self.fields:
            if not name.startswith("blind_"):
                continue
            bid = f"{BIDS.prefix}_{name.removeprefix('blind_')}"
            ticked = self.fields[name].widget.value_from_datadict(
                self.data, self.files, self.add_prefix(name)
            )
            if ticked and self.data.get(self.add_prefix(bid)) in (None, ""):
                filled[self.add_prefix(bid)] = "0"
        if filled:
            data = self.data.copy()
            for key, value in filled.items():
                data[key] = value
            self.data = data

    @property
    def FIELD_OF(self) -> dict[str, str]:  # type: ignore[override]  # noqa: N802
        return {**super().FIELD_OF, "blind_nil.*": "blind_*", "blind_nil": "bid_total"}

    def blind_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("blind_")]

    def bid_rows(self) -> list[BidRow]:
        """Each seat's bid with its blind nil, while blind nils are played and bids asked, in
        speaking order."""
        if not self.blind_fields():
            return []
        return [
            BidRow(self[f"{BIDS.prefix}_{seat}"], self[f"blind_{seat}"], team(seat))
            for seat in self.speaking_order()
        ]

    def bids_group(self) -> dict[str, Any] | None:
        """The bids, when they are shown with the blind nils (`bid_rows`); else None."""
        if not self.bid_rows():
            return None
        return next(g for g in super().number_groups() if g["numbers"] is BIDS)

    def other_groups(self) -> list[dict[str, Any]]:
        """The numbers the shared pads show as they are (all of them without blind nils)."""
        shown = self.bids_group()
        return [g for g in super().number_groups() if shown is None or g["numbers"] is not BIDS]

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
