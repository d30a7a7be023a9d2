"""A deal form for the games that record a number per player: bids before the hand is played,
tricks when it ends (Spades, Pottle, Nigerian Thuni). Each number is a pad of taps in the
browser (static/js/number-pad.js), with a live total where the numbers must add up.

A game's form subclasses `SeatNumbersForm` and says which per-seat lists it records at each
stage (`OPENING`, `CLOSING`), their ranges, and what else it asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from .deal_forms import BaseDealForm
from .widgets import NumberPad, team


@dataclass(frozen=True)
class SeatNumbers:
    """One number per seat: `fact` is the deal field ("bids"), `prefix` the form fields' prefix
    ("bid" gives bid_0, bid_1 …). `total` is what they must add up to, if anything."""

    fact: str
    prefix: str
    label: str
    low: int
    high: int
    total: int | None = None
    optional: bool = False  # a blank means "none" (null in the log), e.g. a player who passed
    blank_label: str = ""  # with `optional`: a pad key that leaves the number blank ("Pass")
    missing: str = ""  # what to do when a number is left out, with {name}: "Tap {name}'s bid."


class SeatNumbersForm(BaseDealForm):
    OPENING: tuple[SeatNumbers, ...] = ()
    CLOSING: tuple[SeatNumbers, ...] = ()
    opening_label = _("Bids in: play the hand")  # the opening's button: the bids, then the play

    @classmethod
    def lists(cls, stage: str) -> tuple[SeatNumbers, ...]:
        by_stage = {"opening": cls.OPENING, "closing": cls.CLOSING}
        return by_stage.get(stage, cls.OPENING + cls.CLOSING)

    @classmethod
    def setup_fields(cls, setup: Any, stage: str) -> dict[str, forms.Field]:
        fields: dict[str, forms.Field] = {}
        for numbers in cls.lists(stage):
            # The box's attributes in this order (the field would add min and max after them).
            pad_attrs = {
                "inputmode": "numeric",
                "min": numbers.low,
                "max": numbers.high,
                "data-pad": numbers.prefix,
            }
            if numbers.blank_label:
                pad_attrs["data-pad-blank"] = numbers.blank_label
            for seat, name in enumerate(setup.players):
                fields[f"{numbers.prefix}_{seat}"] = forms.IntegerField(
                    min_value=numbers.low,
                    max_value=numbers.high,
                    required=not numbers.optional,
                    label=name,
                    error_messages={
                        "required": format_lazy(
                            numbers.missing or _("Tap a number for {name}."), name=name
                        )
                    },
                    widget=NumberPad(attrs=pad_attrs),
                )
            # Where a wrong total is said: next to the running total of the list.
            fields[f"{numbers.prefix}_total"] = forms.CharField(
                required=False, widget=forms.HiddenInput
            )
        return fields

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Each list's boxes in speaking order: what is still missing is said in that order too.
        order = self.speaking_order()
        first = [f"{n.prefix}_{seat}" for n in self.lists(self.stage) for seat in order]
        self.fields = {
            **{name: self.fields[name] for name in first if name in self.fields},
            **{name: field for name, field in self.fields.items() if name not in first},
        }

    @property
    def FIELD_OF(self) -> dict[str, str]:  # type: ignore[override]  # noqa: N802
        out = {}
        for numbers in self.lists(self.stage):
            out[f"{numbers.fact}.*"] = f"{numbers.prefix}_*"
            out[numbers.fact] = f"{numbers.prefix}_total"
        return out

    def number_groups(self) -> list[dict[str, Any]]:
        """For the template: each list with its rows (in speaking order), total and label."""
        seats = self.speaking_order()
        return [
            {
                "numbers": numbers,
                "rows": [
                    {"field": self[f"{numbers.prefix}_{seat}"], "seat": seat, "team": team(seat)}
                    for seat in seats
                ],
                "total": self[f"{numbers.prefix}_total"],
            }
            for numbers in self.lists(self.stage)
        ]

    def speaking_order(self) -> list[int]:
        """The seats as the table speaks: from the dealer's left (the seat after the dealer) to
        the dealer, so the scorekeeper enters bids and tricks in the order they are said. In
        seat order while the dealer is not known yet (a draw for the deal not yet recorded)."""
        count = len(self.setup.players)
        dealer = self.dealer_seat()
        if dealer is None:
            return list(range(count))
        return [(dealer + 1 + n) % count for n in range(count)]

    def dealer_seat(self) -> int | None:
        """Who deals this deal: the rules' next dealer in the state the form is for (the state
        before the deal, for an edit), else the form's own dealer field (a draw won)."""
        dealer = None
        if self.state is not None:
            dealer = self.rules.next_dealer(self.state)
        if dealer is None:
            name = self.rules.dealer_field
            if name in self.fields:
                dealer = self[name].value()
        try:
            seat = int(dealer)
        except (TypeError, ValueError):
            return None
        return seat if 0 <= seat < len(self.setup.players) else None

    def seat_list(self, numbers: SeatNumbers) -> list[int | None]:
        d = self.cleaned_data
        return [d.get(f"{numbers.prefix}_{seat}") for seat in range(len(self.setup.players))]

    def deal_data(self) -> dict[str, Any]:
        """The opening facts stored with the game, then this stage's lists."""
        data: dict[str, Any] = dict(self.opening) if self.stage == "closing" else {}
        for numbers in self.lists(self.stage):
            data[numbers.fact] = self.seat_list(numbers)
        return data

    @classmethod
    def initial_from_facts(cls, facts: dict[str, Any]) -> dict[str, Any]:
        initial: dict[str, Any] = {}
        for numbers in cls.OPENING + cls.CLOSING:
            for seat, value in enumerate(facts.get(numbers.fact) or []):
                initial[f"{numbers.prefix}_{seat}"] = value
        return initial
