"""Nigerian Thuni's deal form. Before the hand: who won the draw to deal (only when the last
deal left the deal to a draw), then either a team's concession or each player's highest bid
(a number, or Pass). When the hand ends: the tricks, eight in all. Bids and tricks are taps on
a pad; a concession needs no tricks."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.bid_forms import SeatNumbers, SeatNumbersForm
from scorekeeper.games.widgets import Chips
from scorekeeper.rules.nigerian_thuni import Setup
from scorekeeper.rules.nigerian_thuni.setup import HIGHEST_BID, TRICKS

from .board import and_list

BIDS = SeatNumbers("bids", "bid", _("Bids"), 1, HIGHEST_BID, optional=True, blank_label=_("Pass"))
TRICKS_WON = SeatNumbers(
    "tricks",
    "trick",
    _("Tricks"),
    0,
    TRICKS,
    total=TRICKS,
    missing=_("Tap how many tricks {name} took."),
)
TEAMS = ("0", "1")


class NigerianThuniDealForm(SeatNumbersForm):
    OPENING = (BIDS,)
    CLOSING = (TRICKS_WON,)

    @classmethod
    def setup_fields(cls, setup: Setup, stage: str) -> dict[str, forms.Field]:
        fields = super().setup_fields(setup, stage)
        seats = [(str(s), name) for s, name in enumerate(setup.players)]
        if stage != "closing":
            fields["dealer"] = forms.ChoiceField(
                choices=seats,
                required=False,  # asked only while the rules leave the deal to a draw
                label=_("Who won the draw to deal?"),
                widget=Chips,
            )
            fields["conceded"] = forms.ChoiceField(
                choices=[
                    ("", _("Nobody: bid")),
                    *(
                        (str(t), format_lazy(_("{team} concede"), team=setup.team_name(t)))
                        for t in (0, 1)
                    ),
                ],
                required=False,
                label=_("Concede before the bidding?"),
                widget=Chips,
                initial="",
            )
        if stage == "full":
            fields["next_dealer"] = forms.ChoiceField(
                choices=[("", _("No draw recorded")), *seats],
                required=False,
                label=_("Won a draw for the next deal"),
                widget=Chips,
                initial="",
            )
        return fields

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.conceded is not None:  # a conceded hand has no tricks
            for seat in range(len(self.setup.players)):
                name = f"{TRICKS_WON.prefix}_{seat}"
                if name in self.fields:
                    self.fields[name].required = False

    @property
    def conceded(self) -> int | None:
        """The team that conceded this hand, as recorded before the hand or in this form."""
        if self.stage == "closing":
            return self.opening.get("conceded")
        raw = self.data.get("conceded") if self.is_bound else self.initial.get("conceded")
        return int(raw) if str(raw) in TEAMS else None

    @property
    def awaiting_draw(self) -> bool:
        """The last deal left the deal to a draw: this form asks who won it."""
        state = self.state
        return (
            self.stage != "closing"
            and state is not None
            and state.dealer is None
            and bool(state.draw)
            and not state.finished
        )

    def draw_chips(self) -> list[Any]:
        """The choices for the draw: only the players who drew."""
        drew = {str(s) for s in self.state.draw}
        return [radio for radio in self["dealer"] if str(radio.data["value"]) in drew]

    def drawers(self) -> str:
        return str(and_list([self.setup.players[s] for s in self.state.draw]))

    @property
    def FIELD_OF(self) -> dict[str, str]:  # type: ignore[override]  # noqa: N802
        return {
            **super().FIELD_OF,
            "dealer": "dealer",
            "conceded": "conceded",
            "next_dealer": "next_dealer",
        }

    def number_groups(self) -> list[dict[str, Any]]:
        if self.stage == "closing" and self.conceded is not None:
            return []  # thrown in before the bidding: nothing to count
        return super().number_groups()

    def deal_data(self) -> dict[str, Any]:
        d = self.cleaned_data
        if self.stage == "closing":
            data = dict(self.opening)
            if self.conceded is None:
                data["tricks"] = self.seat_list(TRICKS_WON)
            return data
        data = {}
        if self.awaiting_draw and d.get("dealer") not in (None, ""):
            data["dealer"] = int(d["dealer"])
        if self.conceded is not None:
            data["conceded"] = self.conceded
        else:
            data["bids"] = self.seat_list(BIDS)
            if self.stage == "full":
                data["tricks"] = self.seat_list(TRICKS_WON)
        if self.stage == "full" and d.get("next_dealer") not in (None, ""):
            data["next_dealer"] = int(d["next_dealer"])
        return data

    @classmethod
    def initial_from_facts(cls, facts: dict[str, Any]) -> dict[str, Any]:
        initial = super().initial_from_facts(facts)
        for key in ("dealer", "conceded", "next_dealer"):
            if facts.get(key) is not None:
                initial[key] = str(facts[key])
        return initial
